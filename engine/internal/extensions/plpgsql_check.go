package extensions

import (
	"context"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// plpgsqlCheck stands in for plpgsql_check 2.7's active mode:
// plpgsql_check_function and plpgsql_check_function_tb compile every
// statement and expression of a PL/pgSQL function with its variables as
// typed parameters, without running it (routine.PLChecker), and report
// missing relations, columns and functions, record fields, casts only
// text I/O can do, and unused or never-read variables and parameters.
// Functions are named by signature (regprocedure) or by name (text);
// the text, json and xml formats are rendered, and
// plpgsql_show_dependency_tb lists what a function uses. The profiler,
// tracer and the passive mode are not provided, and pragmas run
// (returning 1) but do not steer the check.
func plpgsqlCheck() *Extension {
	return &Extension{
		Name:    "plpgsql_check",
		Version: "2.7",
		Comment: "extended check for plpgsql functions",
		Funcs: map[string]Func{
			"plpgsql_check_function": Rows(func(ctx context.Context, c routine.Caller, _ *catalog.Function, a []any) ([][]any, error) {
				return plCheck(ctx, c, a, true)
			}),
			"plpgsql_check_function_tb": Rows(func(ctx context.Context, c routine.Caller, _ *catalog.Function, a []any) ([][]any, error) {
				return plCheck(ctx, c, a, false)
			}),
			"plpgsql_check_function_name": Rows(func(ctx context.Context, c routine.Caller, _ *catalog.Function, a []any) ([][]any, error) {
				return plCheck(ctx, c, a, true)
			}),
			"plpgsql_check_function_tb_name": Rows(func(ctx context.Context, c routine.Caller, _ *catalog.Function, a []any) ([][]any, error) {
				return plCheck(ctx, c, a, false)
			}),
			"plpgsql_show_dependency_tb": Rows(plDependencies),
			// At run time a pragma is a no-op returning 1; it speaks to the
			// checker only.
			"plpgsql_check_pragma": Scalar(func([]any) (any, error) { return int32(1), nil }),
		},
		Script: plpgsqlCheckScript(),
	}
}

// plCheckArgs are the parameters after funcoid and relid (and format,
// for the text form), as the extension declares them.
const plCheckArgs = `fatal_errors boolean DEFAULT true,
  other_warnings boolean DEFAULT true,
  performance_warnings boolean DEFAULT false,
  extra_warnings boolean DEFAULT true,
  security_warnings boolean DEFAULT false,
  compatibility_warnings boolean DEFAULT false,
  oldtable name DEFAULT NULL,
  newtable name DEFAULT NULL,
  anyelememttype regtype DEFAULT 'int',
  anyenumtype regtype DEFAULT '-',
  anyrangetype regtype DEFAULT 'int4range',
  anycompatibletype regtype DEFAULT 'int',
  anycompatiblerangetype regtype DEFAULT 'int4range',
  without_warnings boolean DEFAULT false,
  all_warnings boolean DEFAULT false,
  use_incomment_options boolean DEFAULT true,
  incomment_options_usage_warning boolean DEFAULT false,
  constant_tracing boolean DEFAULT true`

// plDepArgs are plpgsql_show_dependency_tb's parameters after relid.
const plDepArgs = `anyelememttype regtype DEFAULT 'int',
  anyenumtype regtype DEFAULT '-',
  anyrangetype regtype DEFAULT 'int4range',
  anycompatibletype regtype DEFAULT 'int',
  anycompatiblerangetype regtype DEFAULT 'int4range'`

// plDependencies is plpgsql_show_dependency_tb: the relations and user
// routines a function's statements use, each once, by type, schema and
// name.
func plDependencies(ctx context.Context, c routine.Caller, _ *catalog.Function, a []any) ([][]any, error) {
	checker, fn, rel, err := plCheckTarget(ctx, c, a)
	if err != nil || fn == nil {
		return nil, err
	}
	deps, err := checker.DependenciesPL(ctx, fn, rel)
	if err != nil {
		return nil, err
	}
	rows := make([][]any, len(deps))
	for i, d := range deps {
		var params any
		if d.Params != "" {
			params = d.Params
		}
		rows[i] = []any{d.Type, d.OID, d.Schema, d.Name, params}
	}
	return rows, nil
}

func plpgsqlCheckScript() string {
	return `CREATE FUNCTION plpgsql_check_function_tb(funcoid regprocedure, relid regclass DEFAULT 0, ` + plCheckArgs + `)
RETURNS TABLE(functionid regproc, lineno int, statement text, sqlstate text, message text, detail text, hint text, level text, "position" int, query text, context text)
AS 'MODULE_PATHNAME', 'plpgsql_check_function_tb' LANGUAGE c;
CREATE FUNCTION plpgsql_check_function(funcoid regprocedure, relid regclass DEFAULT 0, format text DEFAULT 'text', ` + plCheckArgs + `)
RETURNS SETOF text
AS 'MODULE_PATHNAME', 'plpgsql_check_function' LANGUAGE c;
CREATE FUNCTION plpgsql_check_function_tb(name text, relid regclass DEFAULT 0, ` + plCheckArgs + `)
RETURNS TABLE(functionid regproc, lineno int, statement text, sqlstate text, message text, detail text, hint text, level text, "position" int, query text, context text)
AS 'MODULE_PATHNAME', 'plpgsql_check_function_tb_name' LANGUAGE c;
CREATE FUNCTION plpgsql_check_function(name text, relid regclass DEFAULT 0, format text DEFAULT 'text', ` + plCheckArgs + `)
RETURNS SETOF text
AS 'MODULE_PATHNAME', 'plpgsql_check_function_name' LANGUAGE c;
CREATE FUNCTION plpgsql_show_dependency_tb(funcoid regprocedure, relid regclass DEFAULT 0, ` + plDepArgs + `)
RETURNS TABLE(type text, oid oid, schema text, name text, params text)
AS 'MODULE_PATHNAME', 'plpgsql_show_dependency_tb' LANGUAGE c;
CREATE FUNCTION plpgsql_show_dependency_tb(fnname text, relid regclass DEFAULT 0, ` + plDepArgs + `)
RETURNS TABLE(type text, oid oid, schema text, name text, params text)
AS 'MODULE_PATHNAME', 'plpgsql_show_dependency_tb' LANGUAGE c;
CREATE FUNCTION plpgsql_check_pragma(VARIADIC name text[])
RETURNS integer
AS 'MODULE_PATHNAME', 'plpgsql_check_pragma' LANGUAGE c VOLATILE;
`
}

// plCheck runs the check; text selects plpgsql_check_function's form
// (one text line per row) over plpgsql_check_function_tb's.
func plCheck(ctx context.Context, c routine.Caller, a []any, text bool) ([][]any, error) {
	checker, fn, rel, err := plCheckTarget(ctx, c, a)
	if err != nil || fn == nil {
		return nil, err
	}
	opt := routine.PLCheckOptions{FatalErrors: true, OtherWarnings: true, ExtraWarnings: true, RelID: rel}
	rest := a[2:]
	format := ""
	if text {
		f, _ := rest[0].(string)
		format = strings.ToLower(f)
		if format != "text" && format != "json" && format != "xml" {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "unrecognize format: \"%s\"", f).WithHint("Only \"text\", \"xml\" and \"json\" formats are supported.")
		}
		rest = rest[1:]
	}
	flag := func(i int, def bool) bool {
		if i < len(rest) {
			if b, ok := rest[i].(bool); ok {
				return b
			}
		}
		return def
	}
	opt.FatalErrors, opt.OtherWarnings, opt.ExtraWarnings = flag(0, true), flag(1, true), flag(3, true)
	if flag(13, false) { // without_warnings
		opt.OtherWarnings, opt.ExtraWarnings = false, false
	}
	if flag(14, false) { // all_warnings
		opt.OtherWarnings, opt.ExtraWarnings = true, true
	}
	fs, err := checker.CheckPL(ctx, fn, opt)
	if err != nil {
		return nil, err
	}
	var rows [][]any
	switch format {
	case "json":
		return [][]any{{plCheckJSON(fn.OID, fs)}}, nil
	case "xml":
		return [][]any{{plCheckXML(fn.OID, fs)}}, nil
	case "text":
		for _, l := range plCheckText(fs) {
			rows = append(rows, []any{l})
		}
		return rows, nil
	}
	name := a[0].(string)
	if i := strings.IndexByte(name, '('); i >= 0 {
		name = name[:i]
	}
	opt0 := func(s string) any {
		if s == "" {
			return nil
		}
		return s
	}
	for _, f := range fs {
		var line, pos any
		if f.Line > 0 {
			line = int32(f.Line)
		}
		if f.Position > 0 {
			pos = int32(f.Position)
		}
		rows = append(rows, []any{name, line, opt0(f.Statement), f.SQLState, f.Message, opt0(f.Detail), opt0(f.Hint), f.Level, pos, opt0(f.Query), opt0(f.Context)})
	}
	return rows, nil
}

// plCheckTarget resolves the first two arguments every plpgsql_check
// function takes: the function (nil for a NULL one) and the trigger
// relation (0 for none).
func plCheckTarget(ctx context.Context, c routine.Caller, a []any) (routine.PLChecker, *catalog.Function, uint32, error) {
	checker, ok := c.(routine.PLChecker)
	if !ok {
		return nil, nil, 0, pgerror.New(pgerror.FeatureNotSupported, "plpgsql_check needs the engine's caller")
	}
	if a[0] == nil {
		return nil, nil, 0, nil
	}
	oid, err := plCheckFunc(ctx, c, a[0].(string))
	if err != nil {
		return nil, nil, 0, err
	}
	fn, found := c.Catalog().FunctionByOID(oid)
	if !found {
		return nil, nil, 0, pgerror.New(pgerror.UndefinedFunction, "function with OID %d does not exist", oid)
	}
	var rel uint32
	if r, _ := a[1].(string); r != "" && r != "-" && r != "0" {
		if rel, err = plCheckOID(ctx, c, r, "regclass"); err != nil {
			return nil, nil, 0, err
		}
	}
	return checker, fn, rel, nil
}

// plCheckFunc resolves the function argument: a signature ("f(int)") as
// regprocedure does, a bare name as regproc does (an error when it names
// none or several), as the extension's name-or-signature overloads do.
func plCheckFunc(ctx context.Context, c routine.Caller, name string) (uint32, error) {
	if strings.Contains(name, "(") {
		return plCheckOID(ctx, c, name, "regprocedure")
	}
	return plCheckOID(ctx, c, name, "regproc")
}

// plCheckOID resolves a reg* value (its text form) to an OID.
func plCheckOID(ctx context.Context, c routine.Caller, name, typ string) (uint32, error) {
	r, err := c.Query(ctx, "SELECT "+quoteLiteral(name)+"::"+typ+"::oid::int8", nil, nil)
	if err != nil {
		return 0, err
	}
	if len(r.Rows) != 1 {
		return 0, pgerror.New(pgerror.UndefinedObject, "%s \"%s\" does not exist", typ, name)
	}
	n, _ := r.Rows[0][0].(int64)
	return uint32(n), nil
}

// plCheckText renders findings as plpgsql_check_function's 'text' format:
// a "level:sqlstate:line:statement:message" line per finding, then its
// query with a caret under the position, detail, hint and context.
func plCheckText(fs []routine.PLFinding) []string {
	var out []string
	for _, f := range fs {
		head := f.Level + ":" + f.SQLState + ":"
		if f.Line > 0 || f.Statement != "" {
			head += strconv.Itoa(f.Line) + ":" + f.Statement + ":"
		}
		out = append(out, head+f.Message)
		if f.Query != "" {
			lines := strings.Split(f.Query, "\n")
			caretLine, caretCol := -1, 0
			if f.Position > 0 {
				pos := f.Position - 1
				for i, l := range lines {
					n := len([]rune(l))
					if pos <= n {
						caretLine, caretCol = i, pos
						break
					}
					pos -= n + 1
				}
			}
			for i, l := range lines {
				if i == 0 {
					out = append(out, "Query: "+l)
				} else {
					out = append(out, "       "+l)
				}
				if i == caretLine {
					out = append(out, "--"+strings.Repeat(" ", 5+caretCol)+"^")
				}
			}
		}
		if f.Detail != "" {
			out = append(out, "Detail: "+f.Detail)
		}
		if f.Hint != "" {
			out = append(out, "Hint: "+f.Hint)
		}
		if f.Context != "" {
			out = append(out, "Context: "+f.Context)
		}
	}
	return out
}
