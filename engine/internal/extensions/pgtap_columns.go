package extensions

import (
	"context"
	"regexp"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// tapDefKeywords are the SQL value functions a column default can be
// (CURRENT_USER…): pg_get_expr prints them bare, and col_default_is
// compares them, like calls and casts, as text.
var tapDefKeywords = map[string]bool{
	"CURRENT_CATALOG": true, "CURRENT_ROLE": true, "CURRENT_SCHEMA": true, "CURRENT_USER": true,
	"SESSION_USER": true, "USER": true, "CURRENT_DATE": true, "CURRENT_TIME": true,
	"CURRENT_TIMESTAMP": true, "LOCALTIME": true, "LOCALTIMESTAMP": true,
}

var (
	tapDefCall = regexp.MustCompile(`^[^']+[(]`)
	tapDefCast = regexp.MustCompile(`[)]::[^']+$`)
)

// tapDefIs is _def_is(default expression, column type, want, description),
// col_default_is's comparison. A default that is a call, a cast or an SQL
// keyword is compared with want as text (evaluating now() would never
// match); any other default is evaluated and compared with want, both as
// values of the column's type, as pgTAP does.
func tapDefIs(ctx context.Context, c routine.Caller, a []any) (any, error) {
	exp, typ, want, descr := optText(a[0]), a[1].(string), optText(a[2]), optText(a[3])
	show := func(v *string) string {
		if v == nil {
			return "NULL"
		}
		return *v
	}
	var ok bool
	have, wantShown := exp, want
	if exp != nil && (tapDefCall.MatchString(*exp) || tapDefCast.MatchString(*exp) || tapDefKeywords[*exp]) {
		ok = want != nil && *exp == *want
	} else {
		e := "NULL::" + typ
		if exp != nil {
			e = *exp
		}
		w := "NULL"
		if want != nil {
			w = quoteLiteral(*want)
		}
		r, err := c.Query(ctx, "SELECT x IS NOT DISTINCT FROM y, x::text, y::text FROM (SELECT ("+e+")::"+typ+" AS x, "+w+"::"+typ+" AS y) v", nil, nil)
		if err != nil {
			return nil, err
		}
		if len(r.Rows) != 1 {
			return nil, nil
		}
		ok = r.Rows[0][0] == true
		have, wantShown = optText(r.Rows[0][1]), optText(r.Rows[0][2])
	}
	if ok {
		return tapResult(ctx, c, &ok, descr, nil)
	}
	d := "        have: " + show(have) + "\n        want: " + show(wantShown)
	return tapResult(ctx, c, &ok, descr, &d)
}

// pgtapDefaultOverloads declares col_default_is for each type pgTAP's
// anyelement form is used with, the wanted default passed on as text.
func pgtapDefaultOverloads(def func(sig, ret, body string)) {
	for _, t := range pgtapTypes {
		def("col_default_is(name, name, name, "+t+", text)", "text", "SELECT @extschema@._cdi($1, $2, $3, $4::text, $5)")
		def("col_default_is(name, name, "+t+", text)", "text", "SELECT @extschema@._cdi(NULL, $1, $2, $3::text, $4)")
		def("col_default_is(name, name, "+t+")", "text",
			"SELECT @extschema@._cdi(NULL, $1, $2, $3::text, 'Column ' || quote_ident($1) || '.' || quote_ident($2) || ' should default to ' || coalesce(quote_literal($3::text), 'NULL'))")
	}
}

// tapTempTable is _temptable(query, name), the pgTAP internal its own
// tests call: a temporary table holding what the query (or prepared
// statement) returns. A prepared statement's rows are copied in as
// literals of their columns' types, CREATE TABLE AS EXECUTE being one
// form the engine does not run.
func tapTempTable(ctx context.Context, c routine.Caller, a []any) (any, error) {
	if a[0] == nil || a[1] == nil {
		return nil, nil
	}
	q, name := tapQuery(a[0].(string)), a[1].(string)
	if !strings.HasPrefix(q, "EXECUTE ") {
		if _, err := c.Query(ctx, "CREATE TEMP TABLE "+name+" AS "+q, nil, nil); err != nil {
			return nil, err
		}
		return name, nil
	}
	r, err := c.Query(ctx, q, nil, nil)
	if err != nil {
		return nil, err
	}
	cols := make([]string, len(r.Columns))
	for i, col := range r.Columns {
		cols[i] = pgident.QuoteIfNeeded(col.Name) + " " + col.Type.FormatType()
	}
	if _, err := c.Query(ctx, "CREATE TEMP TABLE "+name+" ("+strings.Join(cols, ", ")+")", nil, nil); err != nil {
		return nil, err
	}
	env := c.Env()
	for _, row := range r.Rows {
		vals := make([]string, len(row))
		for i, v := range row {
			t := r.Columns[i].Type
			if v == nil {
				vals[i] = "NULL::" + t.FormatType()
			} else {
				vals[i] = quoteLiteral(types.Output(t, v, env)) + "::" + t.FormatType()
			}
		}
		if _, err := c.Query(ctx, "INSERT INTO "+name+" VALUES ("+strings.Join(vals, ", ")+")", nil, nil); err != nil {
			return nil, err
		}
	}
	return name, nil
}
