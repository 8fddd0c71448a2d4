package testdb

import (
	"context"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// metaCommand matches a psql backslash command on a line of its own
// (\set ECHO none, \pset …, \i …): psql runs these itself, and they never
// print TAP.
var metaCommand = regexp.MustCompile(`(?m)^[ \t]*\\.*$`)

// runFile runs one test file as `psql -X -q -A -t -v ON_ERROR_STOP=1 -f`
// does (pg_prove's psql settings) on db: each statement's rows printed
// unaligned, fields separated by "|", nothing else; the first error
// printed to standard error and exit status 3.
func runFile(ctx context.Context, db *engine.Engine, name, script string, timeout time.Duration) (*FileResult, error) {
	start := time.Now()
	fr := &FileResult{File: name}
	s, err := db.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	clean := metaCommand.ReplaceAllStringFunc(script, func(m string) string { return strings.Repeat(" ", len(m)) })
	var out strings.Builder
	stmts, err := engine.SplitStatements(clean)
	if err != nil {
		fr.Errors = append(fr.Errors, psqlError(name, 1, err, "")...)
		fr.ExitStatus = 3
	}
	for _, st := range stmts {
		line := 1 + strings.Count(clean[:min(len(clean), st.Offset+len(st.SQL))], "\n")
		err := runStatement(ctx, s, st.SQL, &out)
		if err == nil {
			continue
		}
		if ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			fr.TimedOut = true
			err = &engine.Error{Code: "57014", Message: "canceling statement due to statement timeout"}
		}
		// psql shows the statement as sent, its semicolon included.
		sent := st.SQL
		if end := st.Offset + len(st.SQL); end < len(clean) && clean[end] == ';' {
			sent += ";"
		}
		fr.Errors = append(fr.Errors, psqlError(name, line, err, sent)...)
		fr.ExitStatus = 3
		break
	}
	fr.TAP = out.String()
	fr.Duration = time.Since(start)
	parseTAP(fr)
	return fr, nil
}

// runStatement runs one statement and prints its rows as psql's
// unaligned, tuples-only output does (NULL as an empty field).
func runStatement(ctx context.Context, s *engine.Session, sql string, out *strings.Builder) error {
	rows, err := s.Query(ctx, sql)
	if err != nil {
		return err
	}
	for rows.Next() {
		for i, v := range rows.Text() {
			if i > 0 {
				out.WriteByte('|')
			}
			if v != nil {
				out.WriteString(*v)
			}
		}
		out.WriteByte('\n')
	}
	return rows.Err()
}

// psqlError renders an error as psql -f prints it:
// "psql:FILE:LINE: ERROR:  message", then the statement line under a
// caret when the error has a position.
func psqlError(file string, line int, err error, sql string) []string {
	e, ok := err.(*engine.Error)
	if !ok {
		if !errors.As(err, &e) {
			return []string{"psql:" + file + ":" + strconv.Itoa(line) + ": ERROR:  " + err.Error()}
		}
	}
	sev := e.Severity
	if sev == "" {
		sev = "ERROR"
	}
	lines := []string{"psql:" + file + ":" + strconv.Itoa(line) + ": " + sev + ":  " + e.Message}
	if e.Position > 0 && e.Position <= len(sql)+1 {
		before := sql[:e.Position-1]
		n := 1 + strings.Count(before, "\n")
		col := len(before) - (strings.LastIndexByte(before, '\n') + 1)
		text := sql[strings.LastIndexByte(before, '\n')+1:]
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			text = text[:i]
		}
		prefix := "LINE " + strconv.Itoa(n) + ": "
		lines = append(lines, prefix+text, strings.Repeat(" ", len(prefix)+col)+"^")
	}
	if e.Detail != "" {
		lines = append(lines, "DETAIL:  "+e.Detail)
	}
	if e.Hint != "" {
		lines = append(lines, "HINT:  "+e.Hint)
	}
	return lines
}
