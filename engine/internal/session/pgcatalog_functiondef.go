package session

import (
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// pg_get_functiondef(oid): the CREATE OR REPLACE statement of a routine,
// laid out as PostgreSQL's ruleutils (pg_get_functiondef_worker) prints
// it — psql's \sf and pg_dump-based tools read it.
func addFunctionDefFuncs(r *expr.Registry) {
	r.Add("pg_get_functiondef", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Text), Volatile: true,
		Fn: func(ctx *sql.Context, _ *types.Env, a []any) (any, error) {
			s, err := funcSessionOf(ctx)
			if err != nil {
				return nil, err
			}
			oid := a[0].(uint32)
			if fn, ok := s.Catalog().FunctionByOID(oid); ok {
				st, err := s.catalogState(ctx)
				if err != nil {
					return nil, err
				}
				return functionDef(fn, st)
			}
			if p, ok := pgcatalog.BuiltinByOID(oid); ok {
				return builtinFunctionDef(p)
			}
			return nil, nil
		}})
}

// functionDef prints a user routine.
func functionDef(fn *catalog.Function, st *pgcatalog.State) (any, error) {
	if fn.Kind == catalog.KindAggregate {
		return nil, pgerror.New(pgerror.WrongObjectType, "%q is an aggregate function", fn.Name)
	}
	isFunc := fn.Kind != catalog.KindProcedure
	var b strings.Builder
	word := "FUNCTION"
	if !isFunc {
		word = "PROCEDURE"
	}
	b.WriteString("CREATE OR REPLACE " + word + " " + quoteIdentPart(fn.Schema) + "." + quoteIdentPart(fn.Name) + "(")
	b.WriteString(functionArgs(fn, st))
	b.WriteString(")\n")
	if isFunc {
		b.WriteString(" RETURNS " + functionResult(fn) + "\n")
	}
	b.WriteString(" LANGUAGE " + quoteIdentPart(fn.Language) + "\n")
	var opts strings.Builder
	switch fn.Volatility {
	case catalog.Immutable:
		opts.WriteString(" IMMUTABLE")
	case catalog.Stable:
		opts.WriteString(" STABLE")
	}
	switch fn.Parallel {
	case 's':
		opts.WriteString(" PARALLEL SAFE")
	case 'r':
		opts.WriteString(" PARALLEL RESTRICTED")
	}
	if fn.Strict {
		opts.WriteString(" STRICT")
	}
	if fn.SecurityDefiner {
		opts.WriteString(" SECURITY DEFINER")
	}
	if fn.Leakproof {
		opts.WriteString(" LEAKPROOF")
	}
	defCost := 100.0
	if fn.Language == "c" || fn.Language == "internal" {
		defCost = 1
	}
	if fn.Cost != 0 && fn.Cost != defCost {
		opts.WriteString(" COST " + formatG(fn.Cost))
	}
	if fn.ReturnsSet && fn.Rows > 0 && fn.Rows != 1000 {
		opts.WriteString(" ROWS " + formatG(fn.Rows))
	}
	if opts.Len() > 0 {
		b.WriteString(opts.String() + "\n")
	}
	for _, c := range fn.Config {
		name, value, _ := strings.Cut(c, "=")
		b.WriteString(" SET " + quoteIdentPart(name) + " TO " + configValue(name, value) + "\n")
	}
	if fn.SQLBody {
		// RETURN expr / BEGIN ATOMIC: Body holds the statement text
		// PostgreSQL prints
		b.WriteString(fn.Body)
	} else {
		b.WriteString("AS ")
		if fn.Module != "" {
			b.WriteString(quoteLiteral(fn.Module) + ", ")
		}
		b.WriteString(dollarQuote(fn.Body, strings.ToLower(word)))
	}
	b.WriteString("\n")
	return b.String(), nil
}

// functionResult is print_function_rettype: TABLE(...) for RETURNS TABLE,
// else the result type, SETOF when it returns a set.
func functionResult(fn *catalog.Function) string {
	var table []string
	for _, a := range fn.Args {
		if a.Mode == catalog.ModeTable {
			table = append(table, argName(a.Name)+a.Type.WithMod(-1).FormatType())
		}
	}
	if len(table) > 0 {
		return "TABLE(" + strings.Join(table, ", ") + ")"
	}
	res := "void"
	if fn.Result != nil {
		res = fn.Result.WithMod(-1).FormatType()
	}
	if fn.ReturnsSet {
		res = "SETOF " + res
	}
	return res
}

// listQuoted are the settings whose values are lists of quoted elements
// (GUC_LIST_QUOTE).
var listQuoted = map[string]bool{"search_path": true, "temp_tablespaces": true, "session_preload_libraries": true,
	"shared_preload_libraries": true, "local_preload_libraries": true}

// configValue prints a proconfig value as ruleutils does: a list
// setting's elements each as a literal, others as one literal.
func configValue(name, value string) string {
	if !listQuoted[name] {
		return quoteLiteral(value)
	}
	var out []string
	for _, e := range splitIdentList(value) {
		out = append(out, quoteLiteral(e))
	}
	return strings.Join(out, ", ")
}

// splitIdentList splits a list setting into its elements, unquoting
// double-quoted ones (SplitIdentifierString without down-casing).
func splitIdentList(v string) []string {
	var out []string
	for {
		v = strings.TrimLeft(v, " ")
		if strings.HasPrefix(v, `"`) {
			var b strings.Builder
			i := 1
			for i < len(v) {
				if v[i] == '"' {
					if i+1 < len(v) && v[i+1] == '"' {
						b.WriteByte('"')
						i += 2
						continue
					}
					i++
					break
				}
				b.WriteByte(v[i])
				i++
			}
			out = append(out, b.String())
			v = v[i:]
		} else {
			j := strings.IndexByte(v, ',')
			if j < 0 {
				out = append(out, strings.TrimRight(v, " "))
				return out
			}
			out = append(out, strings.TrimRight(v[:j], " "))
			v = v[j:]
		}
		v = strings.TrimLeft(v, " ")
		if !strings.HasPrefix(v, ",") {
			return out
		}
		v = v[1:]
	}
}

func quoteLiteral(s string) string {
	if strings.Contains(s, `\`) {
		return "E'" + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), "'", "''") + "'"
	}
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// dollarQuote quotes a body with $function$ (or $procedure$), extended
// with x's until the body does not contain the delimiter.
func dollarQuote(body, word string) string {
	tag := "$" + word
	for strings.Contains(body, tag+"$") {
		tag += "x"
	}
	tag += "$"
	return tag + body + tag
}

// formatG prints a float as C's %g does for the costs and row counts
// routines declare.
func formatG(f float64) string {
	return strconv.FormatFloat(f, 'g', 6, 64)
}

// builtinFunctionDef prints a built-in function as PostgreSQL does.
func builtinFunctionDef(p *pgcatalog.BuiltinProc) (any, error) {
	if p.Kind == 'a' {
		return nil, pgerror.New(pgerror.WrongObjectType, "%q is an aggregate function", p.Name)
	}
	var b strings.Builder
	b.WriteString("CREATE OR REPLACE FUNCTION pg_catalog." + quoteIdentPart(p.Name) + "(" + p.Arguments + ")\n")
	b.WriteString(" RETURNS " + p.Result + "\n")
	lang := "internal"
	if p.Lang == 14 {
		lang = "sql"
	}
	b.WriteString(" LANGUAGE " + lang + "\n")
	var opts strings.Builder
	if p.Kind == 'w' {
		opts.WriteString(" WINDOW")
	}
	switch p.Volatile {
	case 'i':
		opts.WriteString(" IMMUTABLE")
	case 's':
		opts.WriteString(" STABLE")
	}
	switch p.Parallel {
	case 's':
		opts.WriteString(" PARALLEL SAFE")
	case 'r':
		opts.WriteString(" PARALLEL RESTRICTED")
	}
	if p.Strict {
		opts.WriteString(" STRICT")
	}
	if p.Leakproof {
		opts.WriteString(" LEAKPROOF")
	}
	defCost := float32(100)
	if p.Lang == 12 || p.Lang == 13 {
		defCost = 1
	}
	if p.Cost != defCost {
		opts.WriteString(" COST " + formatG(float64(p.Cost)))
	}
	if p.Rows > 0 && p.Rows != 1000 {
		opts.WriteString(" ROWS " + formatG(float64(p.Rows)))
	}
	if opts.Len() > 0 {
		b.WriteString(opts.String() + "\n")
	}
	b.WriteString("AS " + dollarQuote(p.Src, "function") + "\n")
	return b.String(), nil
}
