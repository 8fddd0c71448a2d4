package testdb

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine"
)

// psqlScript reads a script as psql's lexer does (psqlscan.l, PostgreSQL
// docs: psql, "Meta-Commands" and "Variables"): SQL accumulates in a query
// buffer that is sent at a top-level semicolon; a backslash outside quotes
// starts a meta-command running to the end of the line; :name, :'name'
// and :"name" outside quotes are replaced by psql variables. The
// meta-commands pgTAP test files use run here: \set, \unset, \echo,
// \qecho, \i, \ir, \q, and ON_ERROR_STOP / ON_ERROR_ROLLBACK are
// honoured. Output-format commands (\pset, \t, \x, \a, \f,
// \timing, \o …) are ignored: pg_prove fixes psql's output (-A -t), and
// TAP is read from it as that fixed format prints it.
type psqlScript struct {
	ctx   context.Context
	s     *engine.Session
	out   *strings.Builder
	fr    *FileResult
	vars  map[string]string
	depth int // \i nesting
	quit  bool
}

// psqlMaxInclude bounds \i nesting (a file that includes itself).
const psqlMaxInclude = 32

// psqlIgnored are meta-commands that only change how psql formats or
// where it sends output, or talk to the terminal.
var psqlIgnored = map[string]bool{
	"pset": true, "t": true, "x": true, "a": true, "f": true, "H": true, "C": true, "T": true,
	"timing": true, "o": true, "out": true, "encoding": true, "pager": true, "conninfo": true,
	"warn": true, "prompt": true, "setenv": true, "errverbose": true,
}

// run runs text, the contents of file name (path on disk, for \ir),
// and reports whether the script should stop (an error under
// ON_ERROR_STOP, or \q).
func (p *psqlScript) run(name, path, text string) bool {
	var buf strings.Builder
	line, parens := 1, 0
	send := func() bool {
		q := buf.String()
		buf.Reset()
		parens = 0
		if strings.TrimSpace(q) == "" {
			return false
		}
		return p.statements(name, line, q)
	}
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\n':
			line++
			buf.WriteByte(c)
			i++
		case c == '-' && strings.HasPrefix(text[i:], "--"):
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				j = len(text) - i
			}
			buf.WriteString(text[i : i+j])
			i += j
		case c == '/' && strings.HasPrefix(text[i:], "/*"):
			j := blockCommentEnd(text, i)
			line += strings.Count(text[i:j], "\n")
			buf.WriteString(text[i:j])
			i = j
		case c == '\'':
			j := quoteEnd(text, i, isEString(text, i))
			line += strings.Count(text[i:j], "\n")
			buf.WriteString(text[i:j])
			i = j
		case c == '"':
			j := quoteEnd(text, i, false)
			line += strings.Count(text[i:j], "\n")
			buf.WriteString(text[i:j])
			i = j
		case c == '$' && dollarTag(text, i) != "":
			tag := dollarTag(text, i)
			j := strings.Index(text[i+len(tag):], tag)
			if j < 0 {
				j = len(text)
			} else {
				j += i + 2*len(tag)
			}
			line += strings.Count(text[i:j], "\n")
			buf.WriteString(text[i:j])
			i = j
		case c == ':':
			if strings.HasPrefix(text[i:], "::") {
				buf.WriteString("::")
				i += 2
				continue
			}
			v, n := p.interpolate(text[i:])
			buf.WriteString(v)
			i += n
		case c == '(':
			parens++
			buf.WriteByte(c)
			i++
		case c == ')':
			parens--
			buf.WriteByte(c)
			i++
		case c == ';' && parens <= 0:
			buf.WriteByte(c)
			i++
			if send() {
				return true
			}
		case c == '\\':
			j := strings.IndexByte(text[i:], '\n')
			if j < 0 {
				j = len(text) - i
			}
			cmd := text[i+1 : i+j]
			// "\\" ends a meta-command early; the rest of the line is SQL.
			rest := ""
			if k := strings.Index(cmd, `\\`); k >= 0 {
				cmd, rest = cmd[:k], cmd[k+2:]
			}
			i += j
			if rest != "" {
				text = text[:i] + rest + text[i:] // read the rest as SQL next
			}
			if p.meta(name, path, line, cmd, &buf, send) {
				return true
			}
		default:
			buf.WriteByte(c)
			i++
		}
	}
	// psql -f sends what is left in the buffer at the end of the file.
	return send()
}

// statements runs the query buffer q, sent at line.
func (p *psqlScript) statements(name string, line int, q string) bool {
	stmts, err := engine.SplitStatements(q)
	if err != nil {
		return p.failed(name, line, err, "")
	}
	for _, st := range stmts {
		// ON_ERROR_ROLLBACK: inside a transaction block each statement
		// runs in a savepoint, rolled back to when it fails.
		guard := psqlBool(p.vars["ON_ERROR_ROLLBACK"]) && p.vars["ON_ERROR_ROLLBACK"] != "interactive" && p.s.TxStatus() == 'T'
		if guard {
			_ = runStatement(p.ctx, p.s, "SAVEPOINT pg_psql_temporary_savepoint", &strings.Builder{})
		}
		err := runStatement(p.ctx, p.s, st.SQL, p.out)
		if guard {
			end := "RELEASE pg_psql_temporary_savepoint"
			if err != nil {
				end = "ROLLBACK TO pg_psql_temporary_savepoint"
			}
			if p.s.TxStatus() != 'I' {
				_ = runStatement(p.ctx, p.s, end, &strings.Builder{})
			}
		}
		if err == nil {
			continue
		}
		if p.ctx.Err() != nil && errors.Is(p.ctx.Err(), context.DeadlineExceeded) {
			p.fr.TimedOut = true
			err = &engine.Error{Code: "57014", Message: "canceling statement due to statement timeout"}
		}
		// psql shows the statement as sent, its semicolon included.
		sent := st.SQL
		if end := st.Offset + len(st.SQL); end < len(q) && q[end] == ';' {
			sent += ";"
		}
		if p.failed(name, line, err, sent) {
			return true
		}
	}
	return false
}

// failed reports an error as psql does and says whether to stop
// (ON_ERROR_STOP): psql then exits with status 3.
func (p *psqlScript) failed(name string, line int, err error, sent string) bool {
	p.fr.Errors = append(p.fr.Errors, psqlError(name, line, err, sent)...)
	if p.fr.TimedOut || psqlBool(p.vars["ON_ERROR_STOP"]) {
		p.fr.ExitStatus = 3
		return true
	}
	return false
}

// interpolate reads a variable reference at the start of s (":name",
// ":'name'", ":\"name\"") and returns its replacement and length; an
// undefined variable is left as written, as psql leaves it.
func (p *psqlScript) interpolate(s string) (string, int) {
	if len(s) > 1 && (s[1] == '\'' || s[1] == '"') {
		q := s[1]
		end := strings.IndexByte(s[2:], q)
		if end < 0 {
			return ":", 1
		}
		name := s[2 : 2+end]
		v, ok := p.vars[name]
		if !ok || !isPsqlName(name) {
			return ":", 1
		}
		if q == '\'' {
			return quoteLiteral(v), end + 3
		}
		return `"` + strings.ReplaceAll(v, `"`, `""`) + `"`, end + 3
	}
	n := 1
	for n < len(s) && isPsqlNameByte(s[n]) {
		n++
	}
	if n == 1 {
		return ":", 1
	}
	v, ok := p.vars[s[1:n]]
	if !ok {
		return s[:n], n
	}
	return v, n
}

// meta runs one meta-command (its text after the backslash).
func (p *psqlScript) meta(name, path string, line int, cmd string, buf *strings.Builder, send func() bool) bool {
	word, argText, _ := strings.Cut(strings.TrimLeft(cmd, " \t"), " ")
	if i := strings.IndexAny(word, "\t\r"); i >= 0 {
		word, argText = word[:i], word[i:]+" "+argText
	}
	args := p.metaArgs(argText)
	switch word {
	case "set":
		if len(args) == 0 {
			return false // lists the variables: nothing pg_prove reads
		}
		p.vars[args[0]] = strings.Join(args[1:], "")
	case "unset":
		if len(args) > 0 {
			delete(p.vars, args[0])
		}
	case "echo", "qecho":
		nl := "\n"
		if len(args) > 0 && args[0] == "-n" {
			args, nl = args[1:], ""
		}
		p.out.WriteString(strings.Join(args, " ") + nl)
	case "i", "include", "ir", "include_relative":
		if len(args) == 0 {
			return p.failed(name, line, errors.New("\\"+word+": missing required argument"), "")
		}
		file := args[0]
		if (word == "ir" || word == "include_relative") && !filepath.IsAbs(file) && path != "" {
			file = filepath.Join(filepath.Dir(path), file)
		}
		if p.depth >= psqlMaxInclude {
			return p.failed(name, line, errors.New(file+": too many nested includes"), "")
		}
		b, err := os.ReadFile(file)
		if err != nil {
			return p.failed(name, line, errors.New(file+": No such file or directory"), "")
		}
		p.depth++
		stop := p.run(args[0], file, string(b))
		p.depth--
		return stop
	case "g", "gx":
		return send()
	case "r", "reset":
		buf.Reset()
	case "q", "quit":
		p.quit = true
		return true
	default:
		if psqlIgnored[word] {
			return false
		}
		return p.failed(name, line, errors.New("invalid command \\"+word), "")
	}
	return false
}

// metaArgs splits a meta-command's arguments as psql does: by white space,
// with 'quoted' parts (backslash escapes, a doubled quote for one) and variables
// (:name, :'name', :"name") read in place; adjacent parts join.
func (p *psqlScript) metaArgs(s string) []string {
	var args []string
	var cur strings.Builder
	in := false
	flush := func() {
		if in {
			args = append(args, cur.String())
			cur.Reset()
			in = false
		}
	}
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
			flush()
			i++
		case c == '\'':
			in = true
			i++
			for i < len(s) {
				if s[i] == '\'' {
					if i+1 < len(s) && s[i+1] == '\'' {
						cur.WriteByte('\'')
						i += 2
						continue
					}
					i++
					break
				}
				if s[i] == '\\' && i+1 < len(s) {
					i++
					switch s[i] {
					case 'n':
						cur.WriteByte('\n')
					case 't':
						cur.WriteByte('\t')
					case 'r':
						cur.WriteByte('\r')
					default:
						cur.WriteByte(s[i])
					}
					i++
					continue
				}
				cur.WriteByte(s[i])
				i++
			}
		case c == ':' && i+1 < len(s) && s[i+1] != ':':
			v, n := p.interpolate(s[i:])
			in = true
			cur.WriteString(v)
			i += n
		default:
			in = true
			cur.WriteByte(c)
			i++
		}
	}
	flush()
	return args
}

// psqlBool reads a psql boolean variable (on/off, true/false, 1/0, …,
// any unambiguous prefix); unset is off.
func psqlBool(v string) bool {
	v = strings.ToLower(strings.TrimSpace(v))
	if v == "" {
		return false
	}
	for _, no := range []string{"off", "false", "no", "0"} {
		if v == no || len(v) > 1 && strings.HasPrefix(no, v) {
			return false
		}
	}
	if n, err := strconv.Atoi(v); err == nil {
		return n != 0
	}
	return true
}

func isPsqlNameByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isPsqlName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isPsqlNameByte(s[i]) {
			return false
		}
	}
	return s != ""
}

// isEString reports whether the quote at i opens an E'...' string (its
// backslashes escape).
func isEString(text string, i int) bool {
	if i == 0 || (text[i-1] != 'E' && text[i-1] != 'e') {
		return false
	}
	return i < 2 || !isPsqlNameByte(text[i-2])
}

// quoteEnd returns the index just past the quoted token opening at i.
func quoteEnd(text string, i int, escapes bool) int {
	q := text[i]
	for j := i + 1; j < len(text); j++ {
		switch {
		case escapes && text[j] == '\\':
			j++
		case text[j] == q:
			if j+1 < len(text) && text[j+1] == q {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(text)
}

// blockCommentEnd returns the index just past the (nested) comment at i.
func blockCommentEnd(text string, i int) int {
	depth := 0
	for j := i; j < len(text)-1; j++ {
		switch {
		case text[j] == '/' && text[j+1] == '*':
			depth++
			j++
		case text[j] == '*' && text[j+1] == '/':
			depth--
			j++
			if depth == 0 {
				return j + 1
			}
		}
	}
	return len(text)
}

// dollarTag returns the dollar-quote opening at i ("$$", "$tag$"), or "".
func dollarTag(text string, i int) string {
	if i > 0 && isPsqlNameByte(text[i-1]) {
		return "" // part of an identifier, or $1
	}
	j := i + 1
	for j < len(text) && (text[j] == '_' || text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] >= 0x80 || j > i+1 && text[j] >= '0' && text[j] <= '9') {
		j++
	}
	if j < len(text) && text[j] == '$' {
		return text[i : j+1]
	}
	return ""
}

// quoteLiteral quotes s as psql's :'name' does.
func quoteLiteral(s string) string {
	q := "'" + strings.ReplaceAll(s, "'", "''") + "'"
	if strings.Contains(s, `\`) {
		return "E" + strings.ReplaceAll(q, `\`, `\\`)
	}
	return q
}
