package plpgsql

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Cursor statements (PostgreSQL docs 43.7): a cursor variable holds the
// name of a session cursor (a refcursor); OPEN runs its query and opens
// the cursor under that name (a new "<unnamed portal n>" when the
// variable is NULL), FETCH and MOVE run the SQL commands on it, CLOSE
// closes it. Bound cursors (c CURSOR [(args)] FOR query) keep their query
// on the variable's datum.
type (
	// CursorOpen is OPEN var [[NO] SCROLL] FOR query | FOR EXECUTE text
	// [USING ...], or OPEN bound_var [(args)].
	CursorOpen struct {
		stmtBase
		Var              int
		Query            *Expr   // FOR query
		Dyn              *Expr   // FOR EXECUTE
		Params           []*Expr // EXECUTE's USING, or a bound cursor's arguments
		Scroll, NoScroll bool
	}
	// CursorFetch is FETCH [direction] var INTO target, or MOVE.
	CursorFetch struct {
		stmtBase
		Var    int
		Move   bool
		Dir    string // FORWARD, BACKWARD, ABSOLUTE, RELATIVE
		Count  string // when CountE is nil: a number or ALL
		CountE *Expr
		Target int
	}
	// CursorClose is CLOSE var.
	CursorClose struct {
		stmtBase
		Var int
	}
	// CursorLoop is FOR target IN bound_var [(args)] LOOP: the loop over
	// the cursor's query.
	CursorLoop struct {
		stmtBase
		Var  int
		Args []*Expr
		Loop *ForQuery
	}
)

// PostgreSQL's CURSOR_OPT_SCROLL and CURSOR_OPT_NO_SCROLL.
const (
	cursorOptScroll   = 0x2
	cursorOptNoScroll = 0x4
)

// cursorStmt builds the statement a rewritten EXECUTE stands for.
func (b *builder) cursorStmt(base stmtBase, sp *cursorSpec, params []*Expr, target int) (Stmt, error) {
	v, ok := b.scope()[sp.Var]
	if !ok {
		return nil, pgerror.New(pgerror.SyntaxError, "\"%s\" is not a known variable", sp.Var)
	}
	switch sp.Kind {
	case "close":
		return &CursorClose{stmtBase: base, Var: v}, nil
	case "open":
		st := &CursorOpen{stmtBase: base, Var: v, Scroll: sp.Scroll, NoScroll: sp.NoScroll}
		switch {
		case sp.Exec:
			st.Dyn, st.Params = params[0], params[1:]
		case sp.Query != "":
			st.Query = &Expr{Text: sp.Query, Query: true, Scope: b.scope()}
		default:
			d := b.f.Datums[v]
			if d.Cursor == nil {
				return nil, pgerror.New(pgerror.SyntaxError, "cursor \"%s\" has no argument list or query", sp.Var)
			}
			if d.Cursor.Scope == nil {
				saved := b.line
				b.line = d.Line
				d.Cursor.Scope = b.scope()
				b.line = saved
			}
			st.Params = params
		}
		return st, nil
	}
	st := &CursorFetch{stmtBase: base, Var: v, Move: sp.Kind == "move", Dir: sp.Dir, Count: sp.Count, Target: target}
	if sp.CountExpr {
		st.CountE = params[0]
	}
	return st, nil
}

// cursorName is the cursor a variable names; NULL is PostgreSQL's 22004.
func (f *Frame) cursorName(v int) (string, error) {
	val := f.Vars[v].Value
	if val == nil {
		return "", pgerror.New(pgerror.NullValueNotAllowed, "cursor variable \"%s\" is null", f.Fn.Datums[v].Name)
	}
	if s, ok := val.(string); ok {
		return s, nil
	}
	return f.host.Output(val, f.Vars[v].Type), nil
}

func quoteCursor(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

func (f *Frame) cursorOpen(ctx context.Context, st *CursorOpen) error {
	name := ""
	if f.Vars[st.Var].Value != nil {
		n, err := f.cursorName(st.Var)
		if err != nil {
			return err
		}
		name = n
	}
	d := f.Fn.Datums[st.Var]
	scroll, noScroll := st.Scroll, st.NoScroll
	var res *Result
	var err error
	switch {
	case st.Query != nil:
		res, err = f.host.Query(ctx, f, st.Query)
	case st.Dyn != nil:
		res, err = f.runQuery(ctx, nil, st.Dyn, st.Params)
	default:
		// A bound cursor: its arguments are variables its query reads.
		if len(st.Params) != len(d.CursorArgs) {
			what := "not enough"
			if len(st.Params) > len(d.CursorArgs) {
				what = "too many"
			}
			if len(d.CursorArgs) == 0 {
				return pgerror.New(pgerror.SyntaxError, "cursor \"%s\" has no arguments", d.Name)
			}
			return pgerror.New(pgerror.SyntaxError, "%s arguments for cursor \"%s\"", what, d.Name)
		}
		for i, p := range st.Params {
			v, t, err := f.eval(ctx, p)
			if err != nil {
				return err
			}
			if err := f.assign(d.CursorArgs[i], v, t); err != nil {
				return err
			}
		}
		scroll, noScroll = d.CursorOpts&cursorOptScroll != 0, d.CursorOpts&cursorOptNoScroll != 0
		res, err = f.host.Query(ctx, f, d.Cursor)
	}
	if err != nil {
		return err
	}
	_ = scroll // a cursor without NO SCROLL scrolls: its rows are kept
	opened, err := f.host.OpenCursor(name, res, !noScroll)
	if err != nil {
		return err
	}
	return f.assign(st.Var, opened, types.RefCursor)
}

func (f *Frame) cursorFetch(ctx context.Context, st *CursorFetch) error {
	name, err := f.cursorName(st.Var)
	if err != nil {
		return err
	}
	count := st.Count
	if st.CountE != nil {
		v, t, err := f.eval(ctx, st.CountE)
		if err != nil {
			return err
		}
		if v == nil {
			return pgerror.New(pgerror.NullValueNotAllowed, "relative or absolute cursor position is null")
		}
		n, err := f.host.Cast(v, t, types.Int8)
		if err != nil {
			return err
		}
		count = strconv.FormatInt(n.(int64), 10)
	}
	verb := "FETCH "
	if st.Move {
		verb = "MOVE "
	}
	res, err := f.host.Dynamic(ctx, verb+st.Dir+" "+count+" FROM "+quoteCursor(name), nil)
	if err != nil {
		return err
	}
	if st.Move {
		f.RowCount = res.Affected
		f.setFound(res.Affected > 0)
		return nil
	}
	if err := f.into(res, true, false, st.Target, "", true); err != nil {
		return err
	}
	// unlike EXECUTE, FETCH sets FOUND
	f.setFound(len(res.Rows) > 0)
	return nil
}

func (f *Frame) cursorClose(ctx context.Context, st *CursorClose) error {
	name, err := f.cursorName(st.Var)
	if err != nil {
		return err
	}
	_, err = f.host.Dynamic(ctx, "CLOSE "+quoteCursor(name), nil)
	return err
}

func (f *Frame) cursorLoop(ctx context.Context, st *CursorLoop) (flow, error) {
	d := f.Fn.Datums[st.Var]
	if d.Cursor == nil {
		return flow{}, pgerror.New(pgerror.SyntaxError, "cursor FOR loop must use a bound cursor variable")
	}
	if len(st.Args) != len(d.CursorArgs) {
		return flow{}, pgerror.New(pgerror.SyntaxError, "wrong number of arguments for cursor \"%s\"", d.Name)
	}
	for i, p := range st.Args {
		v, t, err := f.eval(ctx, p)
		if err != nil {
			return flow{}, err
		}
		if err := f.assign(d.CursorArgs[i], v, t); err != nil {
			return flow{}, err
		}
	}
	return f.forQuery(ctx, st.Loop)
}

// cursorSpecOf returns the cursor statement a rewritten EXECUTE's query
// text marks (cursor_rewrite.go).
func (b *builder) cursorSpecOf(dynamic bool, q *jexprWrap) (*cursorSpec, bool) {
	if !dynamic || q == nil || len(b.cursors) == 0 {
		return nil, false
	}
	return cursorMarkerSpec(q.E.Query, b.cursors)
}

// cursorLoopStmt builds FOR target IN bound_cursor [(args)] LOOP.
func (b *builder) cursorLoopStmt(base stmtBase, sp *cursorSpec, s *jstmt) (Stmt, error) {
	v, ok := b.scope()[sp.Var]
	if !ok || b.f.Datums[v].Cursor == nil {
		return nil, pgerror.New(pgerror.SyntaxError, "cursor FOR loop must use a bound cursor variable")
	}
	d := b.f.Datums[v]
	if d.Cursor.Scope == nil {
		saved := b.line
		b.line = d.Line
		d.Cursor.Scope = b.scope()
		b.line = saved
	}
	// the loop's variable, declared by the integer loop it was rewritten
	// to, is a record
	var vd jdatum
	_ = json.Unmarshal(s.Var["PLpgSQL_var"], &vd)
	target := b.loopVar(vd)
	b.f.Datums[target].Kind, b.f.Datums[target].TypeName = DRec, "record"
	loop := &ForQuery{stmtBase: base, Label: s.Label, Target: target, Query: d.Cursor}
	st := &CursorLoop{stmtBase: base, Var: v, Loop: loop}
	for _, a := range sp.ArgTexts {
		st.Args = append(st.Args, &Expr{Text: a, Scope: b.scope()})
	}
	b.loopVars = append(b.loopVars, target)
	body, err := b.stmts(s.Body)
	b.loopVars = b.loopVars[:len(b.loopVars)-1]
	loop.Body = body
	return st, err
}

// quoteLiteral quotes s as an SQL string literal.
func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }
