package expr

import (
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// opByTypes finds the operator implementation registered for exactly
// these operand types.
func opByTypes(name string, l, r *types.Type) OpFunc {
	for _, o := range operators[name] {
		if o.Left == l && o.Right == r {
			return o.Fn
		}
	}
	panic("expr: no operator " + name) // a registration bug, found at engine start
}

// jsonPathIndex reads a path element addressing an array as PostgreSQL's
// strtoint does: leading white space, an optional sign, digits, nothing
// after them.
func jsonPathIndex(s string) (int, bool) {
	t := strings.TrimLeft(s, " \t\n\r\v\f")
	n, err := strconv.ParseInt(t, 10, 32)
	if err != nil {
		return 0, false
	}
	return int(n), true
}

// AddJSONOperatorFuncs adds the functions behind the json and jsonb
// operators, which PostgreSQL also offers by name (->, ->>, #>, #>>, ?,
// ?|, ?&, @>, <@, ||, - and #-; docs 9.16 and pg_operator.oprcode):
// PostgREST and Supabase code call some of them directly.
// A family of session.Builtins.
func AddJSONOperatorFuncs(r *Registry) {
	J, JS, T, I4 := types.JSONB, types.JSON, types.Text, types.Int4
	TA := types.ArrayOf(T)
	op := func(name, opName string, l, rt, res *types.Type) {
		fn := opByTypes(opName, l, rt)
		bfAddSimple(r, name, bfTt(l, rt), res, func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			v, err := fn(env, a[0], a[1])
			if s, ok := v.(*string); ok { // wrapNullable's JSON null as text
				if s == nil {
					return nil, err
				}
				return *s, err
			}
			return v, err
		})
	}
	op("json_object_field", "->", JS, T, JS)
	op("json_object_field_text", "->>", JS, T, T)
	op("json_array_element", "->", JS, I4, JS)
	op("json_array_element_text", "->>", JS, I4, T)
	op("jsonb_object_field", "->", J, T, J)
	op("jsonb_object_field_text", "->>", J, T, T)
	op("jsonb_array_element", "->", J, I4, J)
	op("jsonb_array_element_text", "->>", J, I4, T)
	op("jsonb_exists", "?", J, T, types.Bool)
	op("jsonb_exists_any", "?|", J, TA, types.Bool)
	op("jsonb_exists_all", "?&", J, TA, types.Bool)
	op("jsonb_contains", "@>", J, J, types.Bool)
	op("jsonb_contained", "<@", J, J, types.Bool)
	op("jsonb_concat", "||", J, J, J)
	op("jsonb_delete", "-", J, T, J)
	op("jsonb_delete", "-", J, I4, J)
	op("jsonb_delete_path", "#-", J, TA, J)

	// The VARIADIC text[] functions are strict on the array PostgreSQL
	// builds, not on its elements: a NULL path element makes the path
	// lead nowhere (extract) or is skipped (delete).
	variadic := func(name string, doc, res *types.Type, opName string) {
		fn := opByTypes(opName, doc, TA)
		r.Add(name, FuncImpl{Args: bfTt(doc), Variadic: T, NonStrict: true, Result: Fixed(res), Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			if a[0] == nil {
				return nil, nil
			}
			v, err := fn(env, a[0], types.NewArray(T, a[1:]))
			if s, ok := v.(*string); ok {
				if s == nil {
					return nil, err
				}
				return *s, err
			}
			return v, err
		}})
	}
	variadic("json_extract_path", JS, JS, "#>")
	variadic("json_extract_path_text", JS, T, "#>>")
	variadic("jsonb_delete", J, J, "-")
}
