package testdb

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// runFile runs one test file as `psql -X -q -A -t -v ON_ERROR_STOP=1 -f`
// does (pg_prove's psql settings) on db: each statement's rows printed
// unaligned, fields separated by "|", nothing else; meta-commands as psql
// runs them (psql_script.go); the first error printed to standard error
// and exit status 3. path is the file on disk (for \ir).
func runFile(ctx context.Context, db *engine.Engine, name, path, script string, timeout time.Duration) (*FileResult, error) {
	start := time.Now()
	fr := &FileResult{File: name}
	s, err := db.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()

	var out strings.Builder
	p := &psqlScript{ctx: ctx, s: s, out: &out, fr: fr, vars: map[string]string{"ON_ERROR_STOP": "1"}}
	p.run(name, path, script)
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
