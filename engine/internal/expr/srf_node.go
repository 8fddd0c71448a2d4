package expr

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// SRFCarrier is the table-function name the translator gives a FROM-clause
// function call; GMS resolves it through FunctionProvider.TableFunction.
const SRFCarrier = "tinybase_srf"

// SRFSpec describes a FROM-clause function item (PostgreSQL docs 7.2.1.4):
// one or more function calls zipped side by side (ROWS FROM, multi-argument
// unnest), optionally WITH ORDINALITY, with the alias column names. The
// call arguments follow the spec among the table function's arguments.
type SRFSpec struct {
	base
	Funcs      []SRFFunc
	Ordinality bool
	// Alias is the table alias as written ("" when none); ColAliases
	// rename output columns in order.
	Alias      string
	ColAliases []string
	// ColDefs is the column definition list of a record-returning
	// function (AS t(id int, name text)).
	ColDefs []SRFColumn
	Env     *types.Env
	// Whole keeps a composite result as one column: the item holds
	// SELECT-list set-returning functions, whose value is the row.
	Whole bool
}

// SRFFunc is one function call of an SRFSpec.
type SRFFunc struct {
	Name  string
	NArgs int
	// Rows marks a call already built as a RowSource (one argument):
	// a user-defined function.
	Rows bool
}

// RowSource is an expression evaluating to a set of rows ([][]any): a
// user-defined function in FROM, built by the translator.
type RowSource interface {
	sql.Expression
	RowColumns() []SRFColumn
}

// ExpectingRowSource is a RowSource that can be told the column
// definition list its rows must fit (a C-language function returning
// record shapes its rows by it, as crosstab does).
type ExpectingRowSource interface {
	RowSource
	WithExpected(cols []SRFColumn) RowSource
}

// rowsSelfDescribed reports whether a record-returning source called in
// the SELECT list, without a column definition list, decides itself
// what that means (a C-language function: crosstab's 0A000).
func rowsSelfDescribed(rs RowSource) bool {
	sd, ok := rs.(interface{ SelfDescribed() bool })
	return ok && sd.SelfDescribed()
}

// NewSRFSpec builds the spec literal.
func NewSRFSpec(s SRFSpec) *SRFSpec {
	s.typ = types.Unknown
	return &s
}

func (s *SRFSpec) Eval(*sql.Context, sql.Row) (any, error)                { return nil, nil }
func (s *SRFSpec) Children() []sql.Expression                             { return nil }
func (s *SRFSpec) WithChildren(...sql.Expression) (sql.Expression, error) { return s, nil }
func (s *SRFSpec) String() string {
	names := make([]string, len(s.Funcs))
	for i, f := range s.Funcs {
		names[i] = f.Name
	}
	return "'" + strings.Join(names, ",") + "'"
}

// SRFTable is a FROM-clause function item: a GMS table function (the
// prototype the provider hands out) and, once instantiated, the row source.
type SRFTable struct {
	spec   *SRFSpec
	calls  []sql.Expression
	scalar []bool // call is an ordinary function: one row
	widths []int
	schema sql.Schema
	db     sql.Database
	record bool // rows are JSON objects spread over spec.ColDefs
	// recordRows marks a user function returning record whose rows are
	// spread over spec.ColDefs (recordrows.go)
	recordRows bool
	// collapse, per call, holds the column types of a SELECT-list call
	// whose columns become one record (nil for the others).
	collapse [][]*types.Type
	// spread marks, per call, a set-returning function whose one column
	// is a composite type: its rows become the type's fields, as
	// PostgreSQL expands unnest(array of rows) in FROM.
	spread []bool
}

var (
	_ sql.TableFunction = (*SRFTable)(nil)
	_ sql.ExecSourceRel = (*SRFTable)(nil)
)

// TableFunction implements sql.TableFunctionProvider.
func (FunctionProvider) TableFunction(_ *sql.Context, name string) (sql.TableFunction, bool) {
	switch {
	case strings.EqualFold(name, SRFCarrier):
		return &SRFTable{}, true
	case strings.EqualFold(name, CTECarrier):
		return &CTEScan{}, true // cte_scan.go
	}
	return nil, false
}

// NewInstance implements sql.TableFunction.
func (t *SRFTable) NewInstance(_ *sql.Context, db sql.Database, args []sql.Expression) (sql.Node, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("expr: %s without a spec", SRFCarrier)
	}
	spec, ok := args[0].(*SRFSpec)
	if !ok {
		return nil, pgerror.New(pgerror.UndefinedFunction, "function %s does not exist", SRFCarrier)
	}
	env := spec.Env
	if env == nil {
		env = &types.Env{Loc: time.UTC, Now: time.Now()}
	}
	n := &SRFTable{spec: spec, db: db}
	rest := args[1:]
	var cols []SRFColumn
	for _, f := range spec.Funcs {
		fargs := rest[:f.NArgs]
		rest = rest[f.NArgs:]
		if rs, ok := firstRowSource(fargs); ok && f.Rows {
			fcols := rs.RowColumns()
			isRecord := len(fcols) == 1 && fcols[0].Type != nil && fcols[0].Type.Kind == types.KindRecord && len(fcols[0].Type.Fields) == 0
			switch {
			case len(spec.ColDefs) > 0 && !isRecord:
				return nil, pgerror.New(pgerror.SyntaxError, "a column definition list is only allowed for functions returning \"record\"")
			case len(spec.ColDefs) == 0 && isRecord && !(spec.Whole && rowsSelfDescribed(rs)):
				return nil, pgerror.New(pgerror.SyntaxError, "a column definition list is required for functions returning \"record\"")
			case len(spec.ColDefs) > 0:
				if len(spec.Funcs) > 1 {
					return nil, pgerror.New(pgerror.FeatureNotSupported, "column definition lists in ROWS FROM are not supported yet")
				}
				fcols = spec.ColDefs
				n.recordRows = true
				if ex, ok := rs.(ExpectingRowSource); ok {
					rs = ex.WithExpected(spec.ColDefs)
				}
			}
			if len(spec.Funcs) == 1 && len(fcols) == 1 && fcols[0].Name == f.Name && spec.Alias != "" {
				fcols = []SRFColumn{{spec.Alias, fcols[0].Type}}
			}
			n.spread, n.collapse = append(n.spread, false), append(n.collapse, nil)
			n.calls, n.scalar, n.widths = append(n.calls, rs), append(n.scalar, false), append(n.widths, len(fcols))
			cols = append(cols, fcols...)
			continue
		}
		if IsSRF(f.Name) {
			call, fcols, err := NewSRFCall(env, f.Name, fargs)
			if err != nil {
				return nil, err
			}
			if recordSRFs[f.Name] != (len(spec.ColDefs) > 0) {
				if len(spec.ColDefs) > 0 {
					return nil, pgerror.New(pgerror.SyntaxError, "a column definition list is only allowed for functions returning \"record\"")
				}
				return nil, pgerror.New(pgerror.SyntaxError, "a column definition list is required for functions returning \"record\"")
			}
			if len(spec.ColDefs) > 0 {
				if len(spec.Funcs) > 1 {
					return nil, pgerror.New(pgerror.FeatureNotSupported, "column definition lists in ROWS FROM are not supported yet")
				}
				fcols = spec.ColDefs
				n.record = true
			}
			spread := false
			if len(fcols) == 1 && !n.record && !spec.Whole && fcols[0].Type != nil && fcols[0].Type.Base().IsComposite() && len(fcols[0].Type.Base().Fields) > 0 {
				fs := fcols[0].Type.Base().Fields
				fcols = make([]SRFColumn, len(fs))
				for k, fd := range fs {
					fcols[k] = SRFColumn{fd.Name, fd.Type}
				}
				spread = true
			}
			// a SELECT-list call of an overload with several columns of
			// its own (unnest(tsvector)) yields one record, as in
			// PostgreSQL; the SELECT-list rewrite took it for one column
			var collapse []*types.Type
			if fc, ok := call.(*FuncCall); ok && spec.Whole && len(fc.impl.Columns) > 1 && !n.record {
				for _, c := range fcols {
					collapse = append(collapse, c.Type)
				}
				fcols = []SRFColumn{{f.Name, types.Record}}
			}
			if len(spec.Funcs) == 1 && len(fcols) == 1 && fcols[0].Name == f.Name && spec.Alias != "" {
				fcols = []SRFColumn{{spec.Alias, fcols[0].Type}}
			}
			n.spread = append(n.spread, spread)
			n.collapse = append(n.collapse, collapse)
			n.calls, n.scalar, n.widths = append(n.calls, call), append(n.scalar, false), append(n.widths, len(fcols))
			cols = append(cols, fcols...)
			continue
		}
		call, err := NewFuncCall(env, f.Name, fargs)
		if err != nil {
			return nil, err
		}
		name := f.Name
		if len(spec.Funcs) == 1 && spec.Alias != "" {
			name = spec.Alias
		}
		n.spread, n.collapse = append(n.spread, false), append(n.collapse, nil)
		n.calls, n.scalar, n.widths = append(n.calls, call), append(n.scalar, true), append(n.widths, 1)
		cols = append(cols, SRFColumn{name, TypeOf(call)})
	}
	if spec.Ordinality {
		cols = append(cols, SRFColumn{"ordinality", types.Int8})
	}
	if len(spec.ColAliases) > len(cols) {
		return nil, pgerror.New(pgerror.SyntaxError, "table \"%s\" has %d columns available but %d columns specified", spec.Alias, len(cols), len(spec.ColAliases))
	}
	for i, a := range spec.ColAliases {
		cols[i].Name = a
	}
	source := spec.Alias
	if source == "" {
		source = spec.Funcs[0].Name
	}
	for _, c := range cols {
		n.schema = append(n.schema, &sql.Column{Name: c.Name, Type: c.Type, Source: source, Nullable: true})
	}
	return n, nil
}

// firstRowSource is a user function call's row source: the one argument
// the translator passes for it (a call without arguments has none).
func firstRowSource(fargs []sql.Expression) (RowSource, bool) {
	if len(fargs) == 0 {
		return nil, false
	}
	rs, ok := fargs[0].(RowSource)
	return rs, ok
}

func (t *SRFTable) Resolved() bool                { return true }
func (t *SRFTable) IsReadOnly() bool              { return true }
func (t *SRFTable) Schema() sql.Schema            { return t.schema }
func (t *SRFTable) Children() []sql.Node          { return nil }
func (t *SRFTable) Name() string                  { return SRFCarrier }
func (t *SRFTable) Database() sql.Database        { return t.db }
func (t *SRFTable) Expressions() []sql.Expression { return t.calls }
func (t *SRFTable) String() string {
	if t.spec == nil {
		return SRFCarrier
	}
	return t.spec.String()
}

func (t *SRFTable) WithChildren(...sql.Node) (sql.Node, error) { return t, nil }
func (t *SRFTable) WithDatabase(db sql.Database) (sql.Node, error) {
	n := *t
	n.db = db
	return &n, nil
}
func (t *SRFTable) WithExpressions(e ...sql.Expression) (sql.Node, error) {
	if len(e) != len(t.calls) {
		return nil, sql.ErrInvalidChildrenNumber.New(t, len(e), len(t.calls))
	}
	n := *t
	n.calls = e
	return &n, nil
}

// CollationCoercibility implements sql.CollationCoercible.
func (t *SRFTable) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

// RowIter implements sql.ExecSourceRel: it evaluates every call (with the
// outer row, for LATERAL references) and zips their rows, padding the
// shorter ones with NULLs.
func (t *SRFTable) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	sets := make([]srfRows, len(t.calls))
	var streams []srfStream // calls whose rows come one at a time
	n := 0
	for i, c := range t.calls {
		v, err := c.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		switch {
		case t.scalar[i]:
			sets[i] = srfRows{{v}}
		case v != nil:
			if st, ok := v.(srfStream); ok {
				if !t.recordRows && !t.record && !t.spread[i] && t.collapse[i] == nil {
					if streams == nil {
						streams = make([]srfStream, len(t.calls))
					}
					streams[i] = st
					continue
				}
				if v, err = drain(ctx, st); err != nil {
					return nil, err
				}
			}
			if rows, ok := v.([][]any); ok {
				v = srfRows(rows)
			}
			sets[i] = v.(srfRows)
		}
		if t.spread[i] {
			sets[i] = spreadComposites(sets[i], t.widths[i])
		}
		if ts := t.collapse[i]; ts != nil {
			for k, r := range sets[i] {
				sets[i][k] = []any{&types.RecordVal{Types: ts, Vals: r}}
			}
		}
		if t.recordRows {
			rows, err := t.spreadRecordVals(sets[i])
			if err != nil {
				return nil, err
			}
			sets[i] = rows
		}
		if t.record {
			rows, err := t.spreadRecords(ctx, sets[i])
			if err != nil {
				return nil, err
			}
			sets[i] = rows
		}
		if len(sets[i]) > n {
			n = len(sets[i])
		}
	}
	return &srfIter{t: t, sets: sets, streams: streams, n: n}, nil
}

type srfIter struct {
	t       *SRFTable
	sets    []srfRows
	streams []srfStream // nil, or per call its stream (nil once ended)
	n, i    int
}

func (it *srfIter) Next(ctx *sql.Context) (sql.Row, error) {
	out := make(sql.Row, 0, len(it.t.schema))
	more := it.i < it.n
	for k, set := range it.sets {
		if it.streams != nil && it.streams[k] != nil {
			r, ok, err := it.streams[k].next(ctx)
			if err != nil {
				return nil, err
			}
			if ok {
				out = append(out, r...)
				more = true
				continue
			}
			it.streams[k] = nil
		}
		if it.i < len(set) {
			out = append(out, set[it.i]...)
		} else {
			out = append(out, make([]any, it.t.widths[k])...)
		}
	}
	if !more {
		return nil, io.EOF
	}
	it.i++
	if it.t.spec.Ordinality {
		out = append(out, int64(it.i))
	}
	return out, nil
}

func (it *srfIter) Close(*sql.Context) error { return nil }

// WithTableFunctions implements sql.TableFunctionProvider; tinybase's
// table functions are fixed.
func (p FunctionProvider) WithTableFunctions(...sql.TableFunction) (sql.TableFunctionProvider, error) {
	return p, nil
}

// spreadRecords turns JSON objects into rows of the column definition list.
func (t *SRFTable) spreadRecords(ctx *sql.Context, objs srfRows) (srfRows, error) {
	env := EnvOf(ctx)
	out := make(srfRows, len(objs))
	for i, o := range objs {
		obj := o[0].(*types.JSONObject)
		row := make([]any, len(t.spec.ColDefs))
		for k, c := range t.spec.ColDefs {
			v, _ := obj.Get(c.Name)
			cv, err := jsonToColumn(v, c.Type, env)
			if err != nil {
				return nil, err
			}
			row[k] = cv
		}
		out[i] = row
	}
	return out, nil
}

// spreadRecordVals turns the records a user function returned into rows
// of the column definition list; like PostgreSQL, the record's column
// count and types must match the list.
func (t *SRFTable) spreadRecordVals(recs srfRows) (srfRows, error) {
	out := make(srfRows, len(recs))
	defs := t.spec.ColDefs
	for i, r := range recs {
		row := make([]any, len(defs))
		var rv *types.RecordVal
		if len(r) > 0 {
			rv, _ = r[0].(*types.RecordVal)
		}
		if rv == nil && len(r) > 1 {
			rv = &types.RecordVal{Vals: r}
		}
		if rv != nil {
			if len(rv.Vals) != len(defs) {
				return nil, pgerror.New(pgerror.DatatypeMismatch, "function return row and query-specified return row do not match").
					WithDetail("Returned row contains %d attributes, but query expects %d.", len(rv.Vals), len(defs))
			}
			for k, d := range defs {
				if k < len(rv.Types) && rv.Types[k] != nil && rv.Vals[k] != nil && rv.Types[k].OID != d.Type.OID {
					return nil, pgerror.New(pgerror.DatatypeMismatch, "function return row and query-specified return row do not match").
						WithDetail("Returned type %s does not match expected type %s in column %d.", rv.Types[k].FormatType(), d.Type.FormatType(), k+1)
				}
				row[k] = rv.Vals[k]
			}
		}
		out[i] = row
	}
	return out, nil
}

// spreadComposites turns rows of one composite value into rows of its
// fields; a NULL composite gives NULL fields.
func spreadComposites(rows srfRows, width int) srfRows {
	out := make(srfRows, len(rows))
	for i, r := range rows {
		if rec, ok := r[0].(*types.RecordVal); ok && len(rec.Vals) == width {
			out[i] = rec.Vals
			continue
		}
		out[i] = make([]any, width)
	}
	return out
}
