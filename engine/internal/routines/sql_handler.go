package routines

import (
	"context"
	"errors"
	"fmt"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"sync"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// BuiltinLanguages are the handlers every engine has: SQL (docs 38.5,
// "Query Language (SQL) Functions") and PL/pgSQL (chapter 43).
func BuiltinLanguages() map[string]routine.Handler {
	return map[string]routine.Handler{"sql": &sqlHandler{}, "plpgsql": &PLHandler{}, "internal": internalHandler{}}
}

// sqlHandler runs LANGUAGE sql routines: the body's statements run in
// order; the last one's result is the routine's.
type sqlHandler struct {
	mu    sync.Mutex
	cache map[fnKey]*sqlBody
}

// sqlBody is a routine's body prepared once.
type sqlBody struct {
	stmts []routine.Statement
	texts []string
	// inline: the planner would inline the call (inlinable), so it is no
	// frame of the error context
	inline bool
}

var _ routine.Handler = (*sqlHandler)(nil)

// sqlParams describes a routine's input parameters to its body.
func sqlParams(fn *catalog.Function) *routine.Params {
	p := &routine.Params{Qualifier: fn.Name}
	for _, a := range fn.InputArgs() {
		p.Types = append(p.Types, a.Type)
		p.Names = append(p.Names, a.Name)
	}
	return p
}

// bodyStatements splits a routine body into statement texts.
func bodyStatements(body string) ([]string, []int, error) {
	tree, err := pgtree.Parse(body)
	if err != nil {
		return nil, nil, err
	}
	var out []string
	var offs []int
	for _, st := range tree.Stmts {
		start := int(st.StmtLocation)
		end := len(body)
		if st.StmtLen > 0 {
			end = start + int(st.StmtLen)
		}
		out = append(out, body[start:end])
		offs = append(offs, start)
	}
	return out, offs, nil
}

// Validate parses the body and analyses each statement against the
// catalog (fmgr_sql_validator), and checks the final statement's result
// against the declared return type.
func (h *sqlHandler) Validate(ctx context.Context, v routine.Validator, fn *catalog.Function) error {
	src, bodyOff := v.SourceText()
	stmts, offs, err := bodyStatements(fn.Body)
	if err != nil {
		pe := pgtree.SyntaxError(err)
		if bodyOff >= 0 && pe.Position > 0 {
			pe.Position = len([]rune(src[:bodyOff])) + pe.Position
		} else {
			pe.Position = 0
		}
		return pe
	}
	if fn.IsPolymorphic() {
		// the parameters' types are known only per call: PostgreSQL's
		// validator only parses such a body
		return nil
	}
	params := sqlParams(fn)
	var last []routine.Column
	for i, st := range stmts {
		cols, err := v.Analyze(ctx, st, params)
		if errors.Is(err, errUnchecked) {
			if i == len(stmts)-1 {
				return nil
			}
			continue
		}
		if err != nil {
			if pe, ok := pgerror.As(err); ok {
				if pe.Position > 0 && bodyOff >= 0 {
					pe.Position = len([]rune(src[:bodyOff+offs[i]])) + pe.Position
				} else {
					pe.Position = 0
				}
			}
			return withSQLFunctionContext(fn, err)
		}
		last = cols
	}
	return withSQLFunctionContext(fn, checkSQLResult(v.Catalog(), fn, stmts, last))
}

// withSQLFunctionContext names the function in CONTEXT of an error its
// validation raised without a cursor position, as PostgreSQL's
// sql_function_parse_error_callback does (one with a position points into
// the CREATE FUNCTION text instead).
func withSQLFunctionContext(fn *catalog.Function, err error) error {
	if pe, ok := pgerror.As(err); ok && pe.Position <= 0 && pe.Where == "" {
		pe.Where = fmt.Sprintf("SQL function %q", fn.Name)
	}
	return err
}

// checkSQLResult is check_sql_fn_retval: a routine returning a value
// must end in a statement returning rows of a compatible type.
func checkSQLResult(cat *catalog.Catalog, fn *catalog.Function, stmts []string, last []routine.Column) error {
	if fn.Result == nil || fn.Result.Kind == types.KindVoid {
		return nil
	}
	rt := fn.Result.WithMod(-1).FormatType()
	mismatch := func(detail string, args ...any) error {
		return pgerror.New(pgerror.InvalidFunctionDefinition, "return type mismatch in function declared to return %s", rt).
			WithDetail(detail, args...)
	}
	if len(stmts) == 0 || last == nil {
		return mismatch("Function's final statement must be SELECT or INSERT/UPDATE/DELETE RETURNING.")
	}
	if fn.Result.Kind == types.KindRecord {
		return checkRowResult(cat, fn, last, mismatch)
	}
	if len(last) != 1 {
		return mismatch("Final statement must return exactly one column.")
	}
	if got := last[0].Type; !assignable(cat, got, fn.Result) {
		return mismatch("Actual return type is %s.", got.WithMod(-1).FormatType())
	}
	return nil
}

// checkRowResult checks a routine returning a row type: its OUT
// parameters' types, or a composite type's columns. One column that is a
// row itself is the result whole; otherwise the columns, in order, must
// assign to the row's. A plain record (no OUT parameters) takes any row.
func checkRowResult(cat *catalog.Catalog, fn *catalog.Function, last []routine.Column, mismatch func(string, ...any) error) error {
	var want []*types.Type
	if out := fn.OutputArgs(); len(out) > 0 {
		for _, a := range out {
			want = append(want, a.Type)
		}
	} else {
		for _, f := range fn.Result.Fields {
			want = append(want, f.Type)
		}
	}
	if len(want) == 0 {
		return nil
	}
	if len(last) == 1 && last[0].Type != nil && last[0].Type.Kind == types.KindRecord &&
		(last[0].Type.OID == fn.Result.OID || fn.Result.OID == types.Record.OID || len(last[0].Type.Fields) == 0) {
		return nil
	}
	for i, c := range last {
		if i >= len(want) {
			return mismatch("Final statement returns too many columns.")
		}
		if want[i] != nil && !assignable(cat, c.Type, want[i]) {
			return mismatch("Final statement returns %s instead of %s at column %d.",
				c.Type.WithMod(-1).FormatType(), want[i].WithMod(-1).FormatType(), i+1)
		}
	}
	if len(last) < len(want) {
		return mismatch("Final statement returns too few columns.")
	}
	return nil
}

// assignable reports a value of type got that stores into want: the
// same type, an untyped literal, or an assignment cast (CREATE CAST's
// decides alone for its pair).
func assignable(cat *catalog.Catalog, got, want *types.Type) bool {
	if got == nil || got.OID == want.OID || got.Kind == types.KindUnknown || want.Kind == types.KindPoly {
		return true
	}
	if k, ok := cat.Cast(got.Base().OID, want.Base().OID); ok && got.Base().OID != want.Base().OID {
		return k.Context != 'e'
	}
	return types.CastAllowed(got, want, types.CastAssignment)
}

func (h *sqlHandler) body(fn *catalog.Function, c routine.Caller, ctx context.Context) (*sqlBody, error) {
	h.mu.Lock()
	b, ok := h.cache[keyOf(fn)]
	h.mu.Unlock()
	if ok {
		return b, nil
	}
	texts, _, err := bodyStatements(fn.Body)
	if err != nil {
		return nil, pgtree.SyntaxError(err)
	}
	b = &sqlBody{texts: texts, inline: inlinable(fn, len(texts))}
	params := sqlParams(fn)
	for _, t := range texts {
		st, err := c.Prepare(ctx, t, params)
		if err != nil {
			if b.inline {
				return nil, err
			}
			// init_sql_fcache's failure, as sql_exec_error_callback names it
			return nil, sqlFunctionContext(err, fmt.Sprintf("SQL function %q during startup", fn.Name))
		}
		b.stmts = append(b.stmts, st)
	}
	h.mu.Lock()
	if h.cache == nil {
		h.cache = map[fnKey]*sqlBody{}
	}
	h.cache[keyOf(fn)] = b
	h.mu.Unlock()
	return b, nil
}

// Call runs the body's statements; the result is the first row of the
// last one (every row for SETOF).
func (h *sqlHandler) Call(ctx context.Context, c routine.Caller, fn *catalog.Function, args []any, tg *routine.TriggerData) (routine.Result, error) {
	if tg != nil {
		return routine.Result{}, pgerror.New(pgerror.FeatureNotSupported, "SQL functions cannot be trigger functions")
	}
	b, err := h.body(fn, c, ctx)
	if err != nil {
		return routine.Result{}, err
	}
	var last *routine.Rows
	cur := 0
	if hc, ok := c.(HostedCaller); ok && !b.inline {
		h, _ := hc.CallerHost()
		defer h.RoutineState().pushContext(b, func() string {
			return fmt.Sprintf("SQL function %q statement %d", fn.Name, cur)
		})()
	}
	for i, st := range b.stmts {
		cur = i + 1
		if last, err = st.Query(ctx, c, args); err != nil {
			if b.inline {
				return routine.Result{}, err
			}
			return routine.Result{}, sqlFunctionContext(err, fmt.Sprintf("SQL function %q statement %d", fn.Name, cur))
		}
	}
	if fn.Result == nil || fn.Result.Kind == types.KindVoid || last == nil {
		// A void function passes on its last SELECT's value only when
		// that is itself a void (SELECT other_void_fn()); otherwise, as
		// in PostgreSQL, it returns NULL.
		if fn.Result != nil && !fn.ReturnsSet && last != nil && len(last.Columns) == 1 && len(last.Rows) > 0 &&
			last.Columns[0].Type != nil && last.Columns[0].Type.OID == types.Void.OID {
			return routine.Result{Value: last.Rows[0][0], Null: last.Rows[0][0] == nil}, nil
		}
		return routine.Result{Null: true}, nil
	}
	whole := wholeRowResult(fn, last.Columns)
	if fn.ReturnsSet {
		var res routine.Result
		for _, r := range last.Rows {
			if whole {
				res.Rows = append(res.Rows, r)
				continue
			}
			row, err := castRow(c, r, last.Columns, fn)
			if err != nil {
				return routine.Result{}, err
			}
			res.Rows = append(res.Rows, row)
		}
		return res, nil
	}
	if len(last.Rows) == 0 {
		return routine.Result{Null: true}, nil
	}
	if whole {
		return wholeRowValue(c, last.Rows[0][0], last.Columns[0].Type, fn)
	}
	row, err := castRow(c, last.Rows[0], last.Columns, fn)
	if err != nil {
		return routine.Result{}, err
	}
	if fn.Result.Kind == types.KindRecord || len(row) != 1 {
		return routine.Result{Value: &types.RecordVal{Types: columnTypes(fn, last.Columns), Vals: row}}, nil
	}
	if row[0] == nil {
		return routine.Result{Null: true}, nil
	}
	return routine.Result{Value: row[0]}, nil
}

// wholeRowResult reports whether the final statement's single column is
// itself the routine's row (check_sql_fn_retval: "select row(...)::t" or
// "select t from t" in a function returning t, record or a table).
func wholeRowResult(fn *catalog.Function, cols []routine.Column) bool {
	if len(cols) != 1 || cols[0].Type.Base().Kind != types.KindRecord {
		return false
	}
	switch outs := fn.OutputArgs(); {
	case len(outs) > 1:
		return true
	case len(outs) == 1:
		return false
	case fn.Result.OID == types.Record.OID:
		return true
	default:
		oid := cols[0].Type.Base().OID
		return fn.Result.IsComposite() && (oid == fn.Result.Base().OID || oid == types.Record.OID)
	}
}

// wholeRowValue is the routine's composite result taken from a whole-row
// column: NULL stays NULL, anything else is cast to the declared type.
func wholeRowValue(c routine.Caller, v any, from *types.Type, fn *catalog.Function) (routine.Result, error) {
	if v == nil {
		return routine.Result{Null: true}, nil
	}
	if fn.Result.IsComposite() {
		cv, err := c.Cast(v, from, fn.Result)
		if err != nil {
			return routine.Result{}, err
		}
		v = cv
	}
	return routine.Result{Value: v}, nil
}

// columnTypes are the result column types: the OUT parameters' when
// declared, else the statement's.
func columnTypes(fn *catalog.Function, cols []routine.Column) []*types.Type {
	outs := fn.OutputArgs()
	ts := make([]*types.Type, len(cols))
	for i, c := range cols {
		ts[i] = c.Type
		if len(outs) == len(cols) {
			ts[i] = outs[i].Type
		}
	}
	return ts
}

// castRow converts a result row to the routine's declared result types.
func castRow(c routine.Caller, r []any, cols []routine.Column, fn *catalog.Function) ([]any, error) {
	out := make([]any, len(r))
	outs := fn.OutputArgs()
	for i, v := range r {
		to := cols[i].Type
		switch {
		case len(outs) == len(r):
			to = outs[i].Type
		case len(r) == 1 && fn.Result.Kind != types.KindRecord:
			to = fn.Result
		}
		cv, err := c.Cast(v, cols[i].Type, to)
		if err != nil {
			return nil, err
		}
		out[i] = cv
	}
	return out, nil
}

// inlinable approximates PostgreSQL's planner inlining a SQL function
// into the calling query (inline_function, inline_set_returning_function):
// an inlined call is no frame of the error context stack. Calls it does
// not inline run as their own executor and name their statement.
func inlinable(fn *catalog.Function, stmts int) bool {
	if stmts != 1 || fn.SecurityDefiner || len(fn.Config) > 0 {
		return false
	}
	if !fn.ReturnsSet {
		_, ok := translate.InlinableBody(fn) // a scalar body must be one FROM-less expression
		return ok
	}
	return fn.Volatility != catalog.Volatile
}

// sqlFunctionContext adds a SQL function's CONTEXT line to an error its
// body raised; the error value may be shared, so it is copied. Its
// position (in a body statement, not the caller's) is dropped.
func sqlFunctionContext(err error, line string) error {
	pe, ok := pgerror.As(err)
	if !ok {
		return err
	}
	e := pe.WithContext(line)
	e.Position, e.InternalPosition = 0, 0
	return e
}
