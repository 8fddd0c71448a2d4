package routines

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"

	pg "github.com/pganalyze/pg_query_go/v5"
	pgparser "github.com/pganalyze/pg_query_go/v5/parser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/plpgsql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// A PL/pgSQL body is parsed by PostgreSQL's own PL/pgSQL grammar (through
// pg_query), inside a CREATE FUNCTION text that carries what the grammar
// needs of the signature (docs 43.2, "Structure of PL/pgSQL").

// plSource is the CREATE FUNCTION text PostgreSQL's PL/pgSQL parser
// needs: parameter names and modes, and whether the function returns a
// set, a trigger or void, decide what the body may say.
func plSource(fn *catalog.Function) string {
	var b strings.Builder
	b.WriteString("CREATE FUNCTION tinybase_fn(")
	if fn.Result == types.EventTrigger {
		// an event trigger function's TG_EVENT and TG_TAG: its two
		// datums, set by the call (the parser declares no variables for
		// event triggers)
		b.WriteString("tg_event text, tg_tag text")
	}
	for i, a := range fn.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		switch a.Mode {
		case catalog.ModeOut, catalog.ModeTable:
			b.WriteString("OUT ")
		case catalog.ModeInOut:
			b.WriteString("INOUT ")
		case catalog.ModeVariadic:
			b.WriteString("VARIADIC ")
		}
		// unnamed parameters get a datum too, read through $n
		name := a.Name
		if name == "" {
			name = fmt.Sprintf("$%d", i+1)
		}
		b.WriteString(`"` + strings.ReplaceAll(name, `"`, `""`) + `" `)
		b.WriteString(plTypeName(a.Type))
	}
	b.WriteString(") RETURNS ")
	if fn.ReturnsSet {
		b.WriteString("SETOF ")
	}
	hasOut := len(fn.OutputArgs()) > 0
	switch {
	case hasOut && fn.ReturnsSet:
		b.WriteString("record")
	case hasOut || fn.Result == nil:
		b.WriteString("void")
	case fn.Result == types.Trigger:
		b.WriteString("trigger")
	case fn.Result == types.EventTrigger:
		b.WriteString("void")
	default:
		b.WriteString(plTypeName(fn.Result))
	}
	b.WriteString(" LANGUAGE plpgsql AS ")
	body := fn.Body
	if hasOut {
		// pg_query's PL/pgSQL parser does not know OUT parameters, so a
		// bare RETURN NEXT is marked for the interpreter instead
		body = bareReturnNext().ReplaceAllString(body, "${1} "+strings.ReplaceAll(plpgsql.OutRowMarker, "$", "$$")+";")
	} else if fn.ReturnsSet {
		// pg_query's JSON drops the variable of RETURN NEXT var (its
		// retvarno); as an expression it survives
		body = returnNextVar().ReplaceAllString(body, "${1} (${2});")
	}
	body = declareResultVar(fn, body)
	b.WriteString(dollarQuote(body))
	return plpgsql.PrepareSource(b.String())
}

// resultVar is $0, the variable PL/pgSQL declares for a polymorphic
// function's result (docs 43.3.1): of the call's actual result type,
// initially NULL.
const resultVar = "$0"

// declareResultVar declares $0 for a body that uses it, in a block
// around the body on its first line (line numbers stay the body's own):
// pg_query's parser does not declare it.
func declareResultVar(fn *catalog.Function, body string) string {
	d := fn.Declared()
	if !d.Result.IsPolymorphic() || d.ReturnsSet || len(d.OutputArgs()) > 0 || !resultVarRef().MatchString(body) {
		return body
	}
	end := strings.TrimRightFunc(body, unicode.IsSpace)
	if !strings.HasSuffix(end, ";") {
		end += ";"
	}
	return `DECLARE "` + resultVar + `" ` + fn.Result.FormatType() + "; BEGIN " + end + "\nEND"
}

var resultVarRef = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$0\b`) })

var bareReturnNext = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)(\bRETURN\s+NEXT)\s*;`) })
var returnNextVar = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)(\bRETURN\s+NEXT)\s+([A-Za-z_][A-Za-z0-9_$]*)\s*;`)
})

func plTypeName(t *types.Type) string {
	if t == nil {
		return "void"
	}
	if t.Kind == types.KindArray {
		return "int[]"
	}
	switch t.Kind {
	case types.KindVoid:
		return "void"
	case types.KindRecord:
		return "record"
	}
	return "int"
}

// checkPlpgsqlSyntax parses a PL/pgSQL body (of function name) with
// PostgreSQL's own grammar. pg_query reports the line of the error within
// the body; the position is found from the offending token on that line.
func checkPlpgsqlSyntax(stmtText, body, src, name string) error {
	_, err := pg.ParsePlPgSqlToJSON(plpgsql.RewriteCursors(src)) // cursor statements parse as EXECUTE
	if err == nil {
		return nil
	}
	if e := plpgsql.CursorsUnsupported(body, err); e != nil {
		return e
	}
	perr, ok := err.(*pgparser.Error)
	if !ok {
		return pgerror.New(pgerror.SyntaxError, "%s", err.Error())
	}
	code := pgerror.SyntaxError
	if !strings.Contains(perr.Message, "syntax error") {
		code = plpgsqlErrorCode(perr.Message)
	}
	pe := pgerror.New(code, "%s", perr.Message)
	off := strings.Index(stmtText, body)
	if off >= 0 && code == pgerror.DatatypeMismatch {
		// errors PL/pgSQL's grammar reports at a statement's first keyword
		if loc := returnSetKeyword().FindStringIndex(body); loc != nil {
			pe.Position = len([]rune(stmtText[:off+loc[0]])) + 1
		}
		return pe
	}
	line := 1
	fmt.Sscanf(perr.Context[strings.LastIndex(perr.Context, "near line ")+len("near line "):], "%d", &line)
	if strings.HasSuffix(perr.Message, "parameters specified for RAISE") {
		// check_raise_parameters reports no position: the compile
		// callback names the function and line instead
		pe.Where = fmt.Sprintf("compilation of PL/pgSQL function %q near line %d", name, line)
		return pe
	}
	if off >= 0 {
		if pos := compileErrorOffset(perr.Message, body, line); pos >= 0 {
			pe.Position = len([]rune(stmtText[:off+pos])) + 1
			return pe
		}
	}
	if off < 0 || code != pgerror.SyntaxError {
		return pe
	}
	pos := len(body)
	if tok, found := strings.CutPrefix(perr.Message, `syntax error at or near "`); found {
		tok = strings.TrimSuffix(tok, `"`)
		lines := strings.SplitAfter(body, "\n")
		start := 0
		for i := 0; i < line-1 && i < len(lines); i++ {
			start += len(lines[i])
		}
		if i := strings.Index(body[start:], tok); i >= 0 {
			pos = start + i
		} else if i := strings.Index(body, tok); i >= 0 {
			pos = i
		}
	}
	pe.Position = len([]rune(stmtText[:off+pos])) + 1
	return pe
}

// compileErrorOffset is the byte offset in body of the word a PL/pgSQL
// compile error points at (pl_gram.y's parser_errposition), which
// pg_query does not report: an unknown variable, a missing label, EXIT or
// CONTINUE outside a loop. line is pg_query's "near line"; -1 when the
// message is none of these or the word is not found.
func compileErrorOffset(msg, body string, line int) int {
	lineStart := func() int {
		start := 0
		for i := 1; i < line; i++ {
			j := strings.IndexByte(body[start:], '\n')
			if j < 0 {
				return 0
			}
			start += j + 1
		}
		return start
	}
	find := func(word string, from int) int {
		re, err := regexp.Compile(`(?i)(^|[^\w$])(` + regexp.QuoteMeta(word) + `)($|[^\w$])`)
		if err != nil {
			return -1
		}
		if loc := re.FindStringSubmatchIndex(body[from:]); loc != nil {
			return from + loc[4]
		}
		return -1
	}
	switch {
	case strings.HasSuffix(msg, `" is not a known variable`) && strings.HasPrefix(msg, `"`):
		// pg_query's line is the block's: look for the word after BEGIN
		from := 0
		if i := find("begin", 0); i >= 0 {
			from = i
		}
		return find(msg[1:len(msg)-len(`" is not a known variable`)], from)
	case strings.HasPrefix(msg, `there is no label "`):
		label, _, _ := strings.Cut(msg[len(`there is no label "`):], `"`)
		if i := find(label, lineStart()); i >= 0 {
			return i
		}
		return find(label, 0)
	case strings.HasPrefix(msg, "EXIT cannot be used outside a loop"), strings.HasPrefix(msg, "CONTINUE cannot be used outside a loop"):
		kw, _, _ := strings.Cut(msg, " ")
		return find(kw, lineStart())
	}
	return -1
}

// plpgsqlErrorCode maps PL/pgSQL compile errors that are not syntax
// errors to their SQLSTATE.
func plpgsqlErrorCode(msg string) string {
	switch {
	case strings.Contains(msg, "does not exist"):
		return pgerror.UndefinedObject
	case strings.HasPrefix(msg, "cannot use RETURN NEXT in a non-SETOF function"),
		strings.HasPrefix(msg, "cannot use RETURN QUERY in a non-SETOF function"):
		return pgerror.DatatypeMismatch
	}
	return pgerror.SyntaxError
}

// returnSetKeyword finds RETURN NEXT / RETURN QUERY in a body.
var returnSetKeyword = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?i)\bRETURN\s+(NEXT|QUERY)\b`) })

func dollarQuote(body string) string {
	tag := "$tb$"
	for strings.Contains(body, tag) {
		tag = "$tb" + tag[1:]
	}
	return tag + body + tag
}
