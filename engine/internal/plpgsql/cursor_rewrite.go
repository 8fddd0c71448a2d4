package plpgsql

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// PL/pgSQL's cursor statements (PostgreSQL docs 43.7, "Cursors") reach
// the interpreter through a rewrite: pg_query's PL/pgSQL parser cannot
// type cursor variables (it has no catalog, so every OPEN, FETCH, MOVE,
// CLOSE and FOR over a cursor fails with "variable must be of type cursor
// or refcursor"). Before parsing, each such statement becomes an EXECUTE
// of a marker string, keeping its INTO target and its expressions as
// USING parameters so the parser resolves them; the builder turns the
// marker back into the cursor statement (cursorSpec, by number). Line
// numbers are kept.

// cursorSpec is one rewritten cursor statement.
type cursorSpec struct {
	Kind string // "open", "fetch", "move", "close", "loop"
	Var  string // the cursor variable, lower-cased unless quoted
	// Open: Query is the query of OPEN ... FOR query; Exec is set for OPEN
	// ... FOR EXECUTE (the first USING parameter is the query string);
	// Args says the USING parameters are a bound cursor's arguments.
	Query            string
	Exec             bool
	Args             bool
	Scroll, NoScroll bool
	// Fetch and move: the direction as FETCH spells it, and whether the
	// count is the first USING parameter (else Count).
	Dir       string
	CountExpr bool
	Count     string // "1", "-1", "ALL"
	// Loop: the bound cursor's arguments.
	ArgTexts []string
}

var cursorMarker = regexp.MustCompile(`^'tinybase\$cursor:(\d+)'$`)

// cursorMarkerSpec returns the spec a rewritten statement's query text
// names.
func cursorMarkerSpec(text string, specs []cursorSpec) (*cursorSpec, bool) {
	m := cursorMarker.FindStringSubmatch(strings.TrimSpace(text))
	if m == nil {
		return nil, false
	}
	n, _ := strconv.Atoi(m[1])
	if n >= len(specs) {
		return nil, false
	}
	return &specs[n], true
}

// RewriteCursors rewrites the cursor statements of the PL/pgSQL bodies
// (dollar-quoted) in a CREATE FUNCTION or DO source as described above.
func RewriteCursors(src string) string {
	out, _ := rewriteCursors(src)
	return out
}

func rewriteCursors(src string) (string, []cursorSpec) {
	if !mayUseCursors(src) {
		return src, nil
	}
	var specs []cursorSpec
	var b strings.Builder
	for i := 0; i < len(src); {
		switch c := src[i]; {
		case c == '\'' || c == '"':
			j := skipQuoted(src, i)
			b.WriteString(src[i:j])
			i = j
		case c == '-' && strings.HasPrefix(src[i:], "--"), c == '/' && strings.HasPrefix(src[i:], "/*"):
			j := skipComment(src, i)
			b.WriteString(src[i:j])
			i = j
		case c == '$' && dollarOpen(src, i) != "":
			tag := dollarOpen(src, i)
			end := strings.Index(src[i+len(tag):], tag)
			if end < 0 {
				b.WriteString(src[i:])
				i = len(src)
				continue
			}
			body := src[i+len(tag) : i+len(tag)+end]
			b.WriteString(tag + rewriteBody(body, &specs) + tag)
			i += 2*len(tag) + end
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), specs
}

var cursorWords = regexp.MustCompile(`(?i)\b(open|fetch|move|close|cursor|refcursor)\b`)

func mayUseCursors(src string) bool { return cursorWords.MatchString(src) }

// token is one lexical token of a body: a word (lower-cased in low), a
// quoted token or a punctuation byte.
type token struct {
	start, end int
	low        string
	word       bool
}

// bodyTokens splits a body into tokens, skipping white space and comments.
func bodyTokens(s string) []token {
	var out []token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '-' && strings.HasPrefix(s[i:], "--"), c == '/' && strings.HasPrefix(s[i:], "/*"):
			i = skipComment(s, i)
		case c == '\'' || c == '"':
			j := skipQuoted(s, i)
			if c == '"' {
				out = append(out, token{start: i, end: j, low: s[i:j], word: true})
			} else {
				out = append(out, token{start: i, end: j, low: s[i:j]})
			}
			i = j
		case c == '$' && dollarOpen(s, i) != "":
			tag := dollarOpen(s, i)
			end := strings.Index(s[i+len(tag):], tag)
			j := len(s)
			if end >= 0 {
				j = i + 2*len(tag) + end
			}
			out = append(out, token{start: i, end: j, low: s[i:j]})
			i = j
		case isWordByte(c):
			j := i
			for j < len(s) && (isWordByte(s[j]) || s[j] == '$') {
				j++
			}
			out = append(out, token{start: i, end: j, low: strings.ToLower(s[i:j]), word: true})
			i = j
		case c == '>' && strings.HasPrefix(s[i:], ">>"), c == '.' && strings.HasPrefix(s[i:], ".."), c == ':' && strings.HasPrefix(s[i:], ":="):
			out = append(out, token{start: i, end: i + 2, low: s[i : i+2]})
			i += 2
		default:
			out = append(out, token{start: i, end: i + 1, low: s[i : i+1]})
			i++
		}
	}
	return out
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// statementStart reports whether the token after prev starts a statement.
func statementStart(prev string) bool {
	switch prev {
	case "", ";", "begin", "loop", "then", "else", ">>":
		return true
	}
	return false
}

// rewriteBody rewrites one PL/pgSQL body.
func rewriteBody(body string, specs *[]cursorSpec) string {
	toks := bodyTokens(body)
	var b strings.Builder
	last := 0
	prev := ""
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		start := statementStart(prev)
		prev = t.low
		if !start || !t.word {
			continue
		}
		var repl string
		var end int // body offset the replacement runs to
		var ok bool
		switch t.low {
		case "open", "fetch", "move", "close":
			stop := statementEnd(toks, i)
			if stop >= len(toks) {
				continue
			}
			repl, ok = cursorStatement(body, toks[i:stop], len(*specs), specs)
			end = toks[stop].start // the semicolon stays
			if ok {
				prev = ";"
				i = stop
			}
		case "for":
			var n int
			repl, n, ok = cursorLoop(body, toks[i:], len(*specs), specs)
			if ok {
				end = toks[i+n-1].end
				prev = "loop"
				i += n - 1
			}
		}
		if !ok {
			continue
		}
		b.WriteString(body[last:t.start])
		b.WriteString(repl)
		// keep the line count of what was replaced
		b.WriteString(strings.Repeat("\n", strings.Count(body[t.start:end], "\n")))
		last = end
	}
	b.WriteString(body[last:])
	return b.String()
}

// statementEnd returns the index of the token ending the statement at i
// (a semicolon outside parentheses), or len(toks).
func statementEnd(toks []token, i int) int {
	depth := 0
	for ; i < len(toks); i++ {
		switch toks[i].low {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		case ";":
			if depth <= 0 {
				return i
			}
		}
	}
	return len(toks)
}

// topWord returns the index of the first top-level token among words at
// or after from, or -1.
func topWord(toks []token, from int, words ...string) int {
	depth := 0
	for i := from; i < len(toks); i++ {
		switch toks[i].low {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		}
		if depth == 0 && toks[i].word {
			for _, w := range words {
				if toks[i].low == w {
					return i
				}
			}
		}
	}
	return -1
}

func text(body string, toks []token) string {
	if len(toks) == 0 {
		return ""
	}
	return body[toks[0].start:toks[len(toks)-1].end]
}

func varName(t token) string {
	if strings.HasPrefix(t.low, `"`) {
		return strings.ReplaceAll(t.low[1:len(t.low)-1], `""`, `"`)
	}
	return t.low
}

// cursorStatement rewrites OPEN, FETCH, MOVE or CLOSE (toks: the statement
// without its semicolon).
func cursorStatement(body string, toks []token, n int, specs *[]cursorSpec) (string, bool) {
	if len(toks) < 2 || toks[1].low == ":=" || toks[1].low == "=" {
		return "", false
	}
	marker := fmt.Sprintf("EXECUTE 'tinybase$cursor:%d'", n)
	sp := cursorSpec{Kind: toks[0].low}
	switch sp.Kind {
	case "close":
		if len(toks) != 2 || !toks[1].word {
			return "", false
		}
		sp.Var = varName(toks[1])
		*specs = append(*specs, sp)
		return marker, true
	case "open":
		if !toks[1].word {
			return "", false
		}
		sp.Var = varName(toks[1])
		rest := toks[2:]
		if len(rest) > 0 && rest[0].low == "(" {
			// OPEN bound_cursor(args)
			closeAt := matchParen(rest)
			if closeAt < 0 || closeAt != len(rest)-1 {
				return "", false
			}
			sp.Args = true
			*specs = append(*specs, sp)
			return marker + " USING " + text(body, rest[1:closeAt]), true
		}
		if len(rest) == 0 {
			*specs = append(*specs, sp)
			return marker, true
		}
		if rest[0].low == "no" && len(rest) > 1 && rest[1].low == "scroll" {
			sp.NoScroll, rest = true, rest[2:]
		} else if rest[0].low == "scroll" {
			sp.Scroll, rest = true, rest[1:]
		}
		if len(rest) < 2 || rest[0].low != "for" {
			return "", false
		}
		rest = rest[1:]
		if rest[0].low == "execute" {
			sp.Exec = true
			rest = rest[1:]
			using := topWord(rest, 0, "using")
			q, params := rest, []token(nil)
			if using >= 0 {
				q, params = rest[:using], rest[using+1:]
			}
			if len(q) == 0 {
				return "", false
			}
			*specs = append(*specs, sp)
			out := marker + " USING (" + text(body, q) + ")"
			if len(params) > 0 {
				out += ", " + text(body, params)
			}
			return out, true
		}
		sp.Query = text(body, rest)
		*specs = append(*specs, sp)
		return marker, true
	}
	// FETCH / MOVE [direction [FROM | IN]] cursor [INTO target]
	toks = toks[1:]
	var into []token
	if sp.Kind == "fetch" {
		at := topWord(toks, 0, "into")
		if at < 0 {
			return "", false
		}
		toks, into = toks[:at], toks[at+1:]
		if len(into) == 0 {
			return "", false
		}
	}
	if len(toks) == 0 {
		return "", false
	}
	name := toks[len(toks)-1]
	dir := toks[:len(toks)-1]
	if at := topWord(toks, 0, "from", "in"); at >= 0 {
		if at != len(toks)-2 {
			return "", false
		}
		dir = toks[:at]
	}
	if !name.word {
		return "", false
	}
	sp.Var = varName(name)
	sp.Dir, sp.Count = "FORWARD", "1"
	var count []token
	if len(dir) > 0 {
		switch dir[0].low {
		case "next":
		case "prior":
			sp.Dir = "BACKWARD"
		case "first":
			sp.Dir = "ABSOLUTE"
		case "last":
			sp.Dir, sp.Count = "ABSOLUTE", "-1"
		case "absolute", "relative", "forward", "backward":
			sp.Dir = strings.ToUpper(dir[0].low)
			count = dir[1:]
		default:
			count = dir // FETCH count cursor
		}
		if len(dir) > 1 && count == nil {
			return "", false
		}
	}
	out := marker
	if len(into) > 0 {
		out += " INTO " + text(body, into)
	}
	switch {
	case len(count) == 1 && count[0].low == "all":
		sp.Count = "ALL"
	case len(count) > 0:
		sp.CountExpr = true
		out += " USING (" + text(body, count) + ")"
	}
	*specs = append(*specs, sp)
	return out, true
}

// splitArgs splits an argument list at its top-level commas.
func splitArgs(body string, toks []token) []string {
	var out []string
	depth, from := 0, 0
	for i, t := range toks {
		switch t.low {
		case "(", "[":
			depth++
		case ")", "]":
			depth--
		case ",":
			if depth == 0 {
				out = append(out, text(body, toks[from:i]))
				from = i + 1
			}
		}
	}
	if from < len(toks) {
		out = append(out, text(body, toks[from:]))
	}
	return out
}

// matchParen returns the index of the parenthesis closing toks[0].
func matchParen(toks []token) int {
	depth := 0
	for i, t := range toks {
		switch t.low {
		case "(":
			depth++
		case ")":
			depth--
			if depth == 0 {
				return i
			}
		}
	}
	return -1
}

// cursorLoop rewrites FOR target IN cursor [(args)] LOOP; it returns the
// replacement and the number of tokens it covers (through LOOP).
func cursorLoop(body string, toks []token, n int, specs *[]cursorSpec) (string, int, bool) {
	if len(toks) < 5 || !toks[1].word || toks[2].low != "in" || !toks[3].word {
		return "", 0, false
	}
	switch toks[3].low {
	case "select", "with", "values", "execute", "table", "reverse":
		return "", 0, false
	}
	sp := cursorSpec{Kind: "loop", Var: varName(toks[3])}
	// An integer loop: its variable is declared by the loop, as a cursor
	// loop's record is; the builder makes it a record.
	head := fmt.Sprintf("FOR %s IN 'tinybase$cursor:%d' .. 0 LOOP", text(body, toks[1:2]), n)
	switch {
	case toks[4].low == "loop":
		*specs = append(*specs, sp)
		return head, 5, true
	case toks[4].low == "(":
		closeAt := matchParen(toks[4:])
		if closeAt < 0 || 4+closeAt+1 >= len(toks) || toks[4+closeAt+1].low != "loop" {
			return "", 0, false
		}
		sp.Args = true
		sp.ArgTexts = splitArgs(body, toks[5:4+closeAt])
		*specs = append(*specs, sp)
		return head, 4 + closeAt + 2, true
	}
	return "", 0, false
}

// skipQuoted returns the index past the quoted token at i ('...', E'...'
// handled as plain: a body's backslashes only matter inside E strings,
// whose closing quote a backslash may escape).
func skipQuoted(s string, i int) int {
	q := s[i]
	esc := q == '\'' && i > 0 && (s[i-1] == 'E' || s[i-1] == 'e') && (i < 2 || !isWordByte(s[i-2]))
	for j := i + 1; j < len(s); j++ {
		switch {
		case esc && s[j] == '\\':
			j++
		case s[j] == q:
			if j+1 < len(s) && s[j+1] == q {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(s)
}

// skipComment returns the index past the comment at i.
func skipComment(s string, i int) int {
	if s[i] == '-' {
		if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
			return i + j
		}
		return len(s)
	}
	depth := 0
	for j := i; j+1 < len(s); j++ {
		switch {
		case s[j] == '/' && s[j+1] == '*':
			depth++
			j++
		case s[j] == '*' && s[j+1] == '/':
			depth--
			j++
			if depth == 0 {
				return j + 1
			}
		}
	}
	return len(s)
}

// dollarOpen returns the dollar quote opening at i, or "".
func dollarOpen(s string, i int) string {
	if i > 0 && isWordByte(s[i-1]) {
		return ""
	}
	j := i + 1
	for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || s[j] >= 0x80 || j > i+1 && s[j] >= '0' && s[j] <= '9') {
		j++
	}
	if j < len(s) && s[j] == '$' {
		return s[i : j+1]
	}
	return ""
}
