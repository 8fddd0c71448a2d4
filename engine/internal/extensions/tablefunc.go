package extensions

import (
	"context"
	"math/rand/v2"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// tablefunc stands in for tablefunc 1.0 (PostgreSQL docs F.43):
// normal_rand, crosstab in its forms (one query; crosstabN with the
// tablefunc_crosstab_N types; the obsolete (text, int); two queries, the
// second naming the categories) and connectby with and without an
// ordering column and a branch. As PostgreSQL 15's module does, the
// functions read their queries' values as text and build the result row
// from text with the input functions of the columns the calling query's
// column definition list declares (routine.Expected).
func tablefunc() *Extension {
	return &Extension{
		Name:        "tablefunc",
		Version:     "1.0",
		Comment:     "functions that manipulate whole tables, including crosstab",
		Relocatable: true,
		Funcs: map[string]Func{
			"normal_rand":           Rows(normalRand),
			"crosstab":              Rows(crosstab),
			"crosstab_hash":         Rows(crosstabHash),
			"connectby_text":        Rows(connectby),
			"connectby_text_serial": Rows(connectby),
		},
		Script: `
CREATE FUNCTION normal_rand(int4, float8, float8) RETURNS setof float8 AS 'MODULE_PATHNAME', 'normal_rand' LANGUAGE c VOLATILE STRICT;
CREATE FUNCTION crosstab(text) RETURNS setof record AS 'MODULE_PATHNAME', 'crosstab' LANGUAGE c STABLE STRICT;
CREATE TYPE tablefunc_crosstab_2 AS (row_name text, category_1 text, category_2 text);
CREATE TYPE tablefunc_crosstab_3 AS (row_name text, category_1 text, category_2 text, category_3 text);
CREATE TYPE tablefunc_crosstab_4 AS (row_name text, category_1 text, category_2 text, category_3 text, category_4 text);
CREATE FUNCTION crosstab2(text) RETURNS setof tablefunc_crosstab_2 AS 'MODULE_PATHNAME', 'crosstab' LANGUAGE c STABLE STRICT;
CREATE FUNCTION crosstab3(text) RETURNS setof tablefunc_crosstab_3 AS 'MODULE_PATHNAME', 'crosstab' LANGUAGE c STABLE STRICT;
CREATE FUNCTION crosstab4(text) RETURNS setof tablefunc_crosstab_4 AS 'MODULE_PATHNAME', 'crosstab' LANGUAGE c STABLE STRICT;
CREATE FUNCTION crosstab(text, int) RETURNS setof record AS 'MODULE_PATHNAME', 'crosstab' LANGUAGE c STABLE STRICT;
CREATE FUNCTION crosstab(text, text) RETURNS setof record AS 'MODULE_PATHNAME', 'crosstab_hash' LANGUAGE c STABLE STRICT;
CREATE FUNCTION connectby(text, text, text, text, int, text) RETURNS setof record AS 'MODULE_PATHNAME', 'connectby_text' LANGUAGE c STABLE STRICT;
CREATE FUNCTION connectby(text, text, text, text, int) RETURNS setof record AS 'MODULE_PATHNAME', 'connectby_text' LANGUAGE c STABLE STRICT;
CREATE FUNCTION connectby(text, text, text, text, text, int, text) RETURNS setof record AS 'MODULE_PATHNAME', 'connectby_text_serial' LANGUAGE c STABLE STRICT;
CREATE FUNCTION connectby(text, text, text, text, text, int) RETURNS setof record AS 'MODULE_PATHNAME', 'connectby_text_serial' LANGUAGE c STABLE STRICT;
`,
	}
}

func normalRand(_ context.Context, _ routine.Caller, _ *catalog.Function, a []any) ([][]any, error) {
	n, mean, sd := a[0].(int32), a[1].(float64), a[2].(float64)
	if n < 0 {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "number of rows cannot be negative")
	}
	out := make([][]any, n)
	for i := range out {
		out[i] = []any{mean + sd*rand.NormFloat64()}
	}
	return out, nil
}

// resultColumns is the row a tablefunc function must build: the column
// definition list of the call, or the fields of its declared row type
// (crosstab2); nil when it has neither.
func resultColumns(ctx context.Context, fn *catalog.Function) []routine.Column {
	if cols := routine.Expected(ctx); cols != nil {
		return cols
	}
	if fn.Result != nil && len(fn.Result.Fields) > 0 {
		cols := make([]routine.Column, len(fn.Result.Fields))
		for i, f := range fn.Result.Fields {
			cols[i] = routine.Column{Name: f.Name, Type: f.Type}
		}
		return cols
	}
	return nil
}

// spiSelect runs a function's query as SPI_execute(sql, read_only) does:
// every statement of the text in turn, the last one's rows returned;
// a statement that is not a plain SELECT fails before it runs, as in a
// function that is not VOLATILE. ok is false when the last statement
// returned no rows (or there was none).
func spiSelect(ctx context.Context, c routine.Caller, text string) (res *routine.Rows, ok bool, err error) {
	tree, err := pgtree.Parse(text)
	if err != nil {
		pe := pgtree.SyntaxError(err)
		pe.Position = 0 // a position in the argument, not in the statement
		return nil, false, pe
	}
	for _, raw := range tree.Stmts {
		if tag := writeCommand(raw.Stmt); tag != "" {
			return nil, false, pgerror.New(pgerror.FeatureNotSupported, "%s is not allowed in a non-volatile function", tag)
		}
		one := text
		if len(tree.Stmts) > 1 {
			end := int(raw.StmtLocation + raw.StmtLen)
			if raw.StmtLen == 0 {
				end = len(text)
			}
			one = text[raw.StmtLocation:end]
		}
		if res, err = c.Query(ctx, one, nil, nil); err != nil {
			return nil, false, withoutPosition(err)
		}
	}
	return res, res != nil && strings.HasPrefix(res.Tag, "SELECT") && len(res.Rows) > 0, nil
}

// withoutPosition drops an error's position: it points into a query or
// a value of the function's, not into the calling statement.
func withoutPosition(err error) error {
	if pe, ok := pgerror.As(err); ok && pe.Position != 0 {
		cp := *pe
		cp.Position = 0
		return &cp
	}
	return err
}

// writeCommand names the command of a statement a read-only SPI call
// refuses ("" for a query it runs).
func writeCommand(n *pg.Node) string {
	switch x := n.Node.(type) {
	case *pg.Node_SelectStmt:
		if x.SelectStmt.IntoClause != nil {
			return "SELECT INTO"
		}
		return ""
	case *pg.Node_InsertStmt:
		return "INSERT"
	case *pg.Node_UpdateStmt:
		return "UPDATE"
	case *pg.Node_DeleteStmt:
		return "DELETE"
	case *pg.Node_MergeStmt:
		return "MERGE"
	case *pg.Node_ExplainStmt, *pg.Node_VariableShowStmt:
		return ""
	}
	return "this command"
}

// cstring is a value as SPI_getvalue gives it: its text output, nil for
// NULL.
func cstring(c routine.Caller, t *types.Type, v any) *string {
	if v == nil {
		return nil
	}
	s := types.Output(t, v, c.Env())
	return &s
}

func sameText(a, b *string) bool {
	return a == nil && b == nil || a != nil && b != nil && *a == *b
}

// buildRow is BuildTupleFromCStrings: each text through its column's
// input function.
func buildRow(c routine.Caller, cols []routine.Column, vals []*string) ([]any, error) {
	out := make([]any, len(cols))
	ts := make([]*types.Type, len(cols))
	for i, col := range cols {
		ts[i] = col.Type
		if vals[i] == nil {
			continue
		}
		v, err := types.Input(col.Type, *vals[i], c.Env())
		if err != nil {
			return nil, withoutPosition(err)
		}
		out[i] = v
	}
	return []any{&types.RecordVal{Types: ts, Vals: out}}, nil
}

// crosstab is crosstab(text), crosstab(text, int) and crosstabN(text):
// the source rows (row_name, category, value), ordered by row_name, fill
// the value columns of their row in order; the category is not looked at.
func crosstab(ctx context.Context, c routine.Caller, fn *catalog.Function, a []any) ([][]any, error) {
	res, ok, err := spiSelect(ctx, c, a[0].(string))
	if err != nil || !ok {
		return nil, err
	}
	if len(res.Columns) != 3 {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid source data SQL statement").
			WithDetail("The provided SQL must return 3 columns: rowid, category, and values.")
	}
	cols := resultColumns(ctx, fn)
	if cols == nil {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "function returning record called in context that cannot accept type record")
	}
	incompatible := pgerror.New(pgerror.SyntaxError, "return and sql tuple descriptions are incompatible")
	if len(cols) < 2 {
		return nil, incompatible
	}
	if cols[0].Type.OID != res.Columns[0].Type.OID {
		return nil, pgerror.New(pgerror.DatatypeMismatch, "invalid return type").
			WithDetail("SQL rowid datatype does not match return rowid datatype.")
	}
	for _, col := range cols[1:] {
		if col.Type.OID != res.Columns[2].Type.OID {
			return nil, incompatible
		}
	}
	ncat := len(cols) - 1
	src := res.Rows
	rowid := func(i int) *string { return cstring(c, res.Columns[0].Type, src[i][0]) }
	var out [][]any
	var last *string
	first := true
	for i := 0; i < len(src); i++ {
		vals := make([]*string, ncat+1)
		skip := false
		for k := 0; k < ncat && i < len(src); k++ {
			id := rowid(i)
			if k == 0 {
				vals[0] = id
				// more values than categories: the rest of the row's go
				if !first && sameText(last, id) {
					skip = true
					break
				}
			}
			if !sameText(id, vals[0]) {
				i-- // the next row's first value
				break
			}
			vals[1+k] = cstring(c, res.Columns[2].Type, src[i][2])
			if k < ncat-1 {
				i++
			}
		}
		if !skip {
			row, err := buildRow(c, cols, vals)
			if err != nil {
				return nil, err
			}
			out = append(out, row)
		}
		last, first = vals[0], false
	}
	return out, nil
}

// maxCategoryLen is the length crosstab's category hash keys are cut to
// (NAMEDATALEN - 1 bytes).
const maxCategoryLen = 63

func categoryKey(s string) string {
	if len(s) > maxCategoryLen {
		return s[:maxCategoryLen]
	}
	return s
}

// crosstabHash is crosstab(source_sql, category_sql): each source row's
// value goes to the column of its category (of category_sql's rows, in
// order); columns between row_name and category are copied from a
// row_name's first row.
func crosstabHash(ctx context.Context, c routine.Caller, _ *catalog.Function, a []any) ([][]any, error) {
	cols := routine.Expected(ctx)
	if cols == nil {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "materialize mode required, but it is not allowed in this context")
	}
	if len(cols) < 2 {
		return nil, pgerror.New(pgerror.SyntaxError, "query-specified return tuple and crosstab function are not compatible")
	}
	noCategories := pgerror.New(pgerror.SyntaxError, `provided "categories" SQL must return 1 column of at least one row`)
	cats, ok, err := spiSelect(ctx, c, a[1].(string))
	if err != nil {
		return nil, err
	}
	index := map[string]int{}
	if ok {
		if len(cats.Columns) != 1 {
			return nil, noCategories
		}
		for i, r := range cats.Rows {
			name := cstring(c, cats.Columns[0].Type, r[0])
			if name == nil {
				return nil, pgerror.New(pgerror.SyntaxError, `provided "categories" SQL must not return NULL values`)
			}
			key := categoryKey(*name)
			if _, dup := index[key]; dup {
				return nil, pgerror.New(pgerror.DuplicateObject, "duplicate category name")
			}
			index[key] = i
		}
	}
	res, ok, err := spiSelect(ctx, c, a[0].(string))
	if err != nil || !ok {
		return nil, err
	}
	if len(index) == 0 {
		return nil, noCategories
	}
	ncols := len(res.Columns)
	if ncols < 3 {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid source data SQL statement").
			WithDetail("The provided SQL must return 3  columns; rowid, category, and values.")
	}
	width := ncols - 2 + len(index)
	if len(cols) != width {
		return nil, pgerror.New(pgerror.SyntaxError, "invalid return type").
			WithDetail("Query-specified return tuple has %d columns but crosstab returns %d.", len(cols), width)
	}
	text := func(r []any, i int) *string { return cstring(c, res.Columns[i].Type, r[i]) }
	var out [][]any
	var vals []*string
	var last *string
	flush := func() error {
		row, err := buildRow(c, cols, vals)
		out = append(out, row)
		return err
	}
	for i, r := range res.Rows {
		id := text(r, 0)
		if i == 0 || !sameText(last, id) {
			if i > 0 {
				if err := flush(); err != nil {
					return nil, err
				}
			}
			vals = make([]*string, width)
			vals[0] = id
			for j := 1; j < ncols-2; j++ {
				vals[j] = text(r, j)
			}
		}
		if cat := text(r, ncols-2); cat != nil {
			if k, ok := index[categoryKey(*cat)]; ok {
				vals[k+ncols-2] = text(r, ncols-1)
			}
		}
		last = id
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return out, nil
}
