package plpgsql

import (
	"context"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Call describes one invocation.
type Call struct {
	// Args are the IN parameters' values, in datum order.
	Args []Value
	// ParamTypes are the types of all parameter datums (IN and OUT).
	ParamTypes []*types.Type
	Trigger    *Trigger
	// RetType is the declared result type (nil for void / DO).
	RetType  *types.Type
	RetSet   bool
	RetTypes []*types.Type // columns of a composite / TABLE result
	RetNames []string
	// OutVars are the datums of OUT / INOUT / TABLE parameters.
	OutVars []int
}

// Trigger is the trigger context of a trigger function call.
type Trigger struct {
	New, Old *types.RecordVal
	RowType  *types.Type
	Name     string
	When     string // BEFORE, AFTER, INSTEAD OF
	Level    string // ROW, STATEMENT
	Op       string // INSERT, UPDATE, DELETE, TRUNCATE
	Table    string
	Schema   string
	RelID    uint32 // TG_RELID
	Args     []string
	// vars are the TG_* variables, built by Prepare.
	vars *[len(trigVarNames)]Var
}

// trigVarNames are the TG_* variables in datum order.
var trigVarNames = [...]string{"tg_op", "tg_name", "tg_when", "tg_level", "tg_table_name", "tg_relname", "tg_table_schema", "tg_nargs", "tg_argv", "tg_relid"}

// Prepare builds the TG_* variables' values once, so that a caller
// firing the same trigger for many rows can reuse t (copied, with New
// and Old replaced) without building them per call. t's fields other
// than New and Old must not change afterwards.
func (t *Trigger) Prepare() { t.vars = t.boxVars() }

func (t *Trigger) boxVars() *[len(trigVarNames)]Var {
	args := make([]any, len(t.Args))
	for i, a := range t.Args {
		args[i] = a
	}
	argv := types.NewArray(types.Text, args)
	if len(args) > 0 {
		argv = &types.Array{Elem: types.Text, Dims: []int{len(args)}, Lower: []int{0}, Values: args} // TG_ARGV is 0-based
	}
	return &[len(trigVarNames)]Var{
		{Type: types.Text, Value: t.Op},
		{Type: types.Name, Value: t.Name},
		{Type: types.Text, Value: t.When},
		{Type: types.Text, Value: t.Level},
		{Type: types.Name, Value: t.Table},
		{Type: types.Name, Value: t.Table},
		{Type: types.Name, Value: t.Schema},
		{Type: types.Int4, Value: int32(len(t.Args))},
		{Type: types.ArrayOf(types.Text), Value: argv},
		{Type: types.Oid, Value: t.RelID},
	}
}

type ctl uint8

const (
	cNone ctl = iota
	cExit
	cContinue
	cReturn
)

type flow struct {
	c     ctl
	label string
}

// Run executes fn. The returned Frame holds the result (Ret, or the rows
// of a set-returning function via Rows).
func Run(ctx context.Context, h Host, fn *Function, call Call) (*Frame, error) {
	fr := &Frame{Fn: fn, Vars: make([]Var, len(fn.Datums)), host: h, RetSet: call.RetSet, RetTypes: call.RetTypes, RetNames: call.RetNames, RetType: call.RetType, OutVars: call.OutVars}
	for i, t := range call.ParamTypes {
		if i >= len(fr.Vars) {
			break
		}
		fr.Vars[i].Type = t
		if t != nil && t.Base().Kind == types.KindRecord {
			fr.Vars[i].IsRec = true
		}
		if i < len(call.Args) {
			fr.Vars[i].Value = call.Args[i].V
		}
	}
	initImplicitVars(fr, fn)
	if tg := call.Trigger; tg != nil && fn.New >= 0 {
		fr.Vars[fn.New] = Var{Type: tg.RowType, IsRec: true}
		fr.Vars[fn.Old] = Var{Type: tg.RowType, IsRec: true}
		if tg.New != nil {
			fr.Vars[fn.New].Value = tg.New
		}
		if tg.Old != nil {
			fr.Vars[fn.Old].Value = tg.Old
		}
		vars := tg.vars
		if vars == nil {
			vars = tg.boxVars()
		}
		// the TG_* datums follow each other in trigVarNames order (build.go)
		copy(fr.Vars[fn.TrigVars[trigVarNames[0]]:], vars[:])
	}
	exit := h.Enter(fr)
	f, err := fr.block(ctx, fn.Body)
	exit()
	if err != nil {
		return nil, err
	}
	switch f.c {
	case cReturn, cNone:
	default:
		// EXIT / CONTINUE with a label that matched nothing is a parse error in PostgreSQL
	}
	if len(call.OutVars) > 0 && !call.RetSet {
		fr.Ret, fr.RetType = fr.outValue()
		return fr, nil
	}
	if f.c != cReturn && call.RetType != nil && !call.RetSet && call.Trigger == nil && call.RetType.Kind != types.KindVoid {
		return nil, pgerror.New("2F005", "control reached end of function without RETURN")
	}
	if f.c != cReturn && call.Trigger != nil && call.Trigger.Level == "ROW" {
		return nil, pgerror.New("2F005", "control reached end of trigger procedure without RETURN")
	}
	return fr, nil
}

// Rows returns the rows a set-returning function produced.
func (f *Frame) Rows() [][]any { return f.out }

func (f *Frame) check(ctx context.Context) error {
	f.iter++
	if f.iter&1023 == 0 {
		return f.host.Check(ctx)
	}
	return nil
}

func (f *Frame) block(ctx context.Context, b *Block) (flow, error) {
	for _, dno := range b.Decls {
		if err := f.initVar(ctx, dno); err != nil {
			line := f.Fn.Datums[dno].Line // the declaration's, as PostgreSQL reports it
			if line == 0 {
				line = b.Line
			}
			return flow{}, f.annotate(err, "during statement block local variable initialization", line)
		}
	}
	if len(b.Handlers) == 0 {
		fl, err := f.stmts(ctx, b.Body)
		return f.blockFlow(b, fl), err
	}
	mark := f.host.Savepoint()
	f.subxacts++
	fl, err := f.stmts(ctx, b.Body)
	f.subxacts--
	if err == nil {
		return f.blockFlow(b, fl), nil
	}
	pe, ok := pgerror.As(err)
	if !ok {
		return flow{}, err
	}
	for _, h := range b.Handlers {
		if !matches(h.Conds, pe.Code) {
			continue
		}
		f.host.RollbackTo(mark)
		for i, d := range f.Fn.Datums {
			if d.implicit && d.Name == "sqlstate" {
				f.Vars[i] = Var{Type: types.Text, Value: pe.Code}
			} else if d.implicit && d.Name == "sqlerrm" {
				f.Vars[i] = Var{Type: types.Text, Value: pe.Message}
			}
		}
		f.err = append(f.err, pe)
		// PostgreSQL's context lists every frame on the stack when the
		// error was raised, callers of this function included
		where := pe.Where
		if outer := f.host.OuterContext(f); outer != "" {
			if where != "" {
				where += "\n"
			}
			where += outer
		}
		f.errCtx = append(f.errCtx, where)
		fl, err := f.stmts(ctx, h.Body)
		f.err = f.err[:len(f.err)-1]
		f.errCtx = f.errCtx[:len(f.errCtx)-1]
		return f.blockFlow(b, fl), err
	}
	return flow{}, err
}

func (f *Frame) blockFlow(b *Block, fl flow) flow {
	if fl.c == cExit && fl.label != "" && fl.label == b.Label {
		return flow{}
	}
	return fl
}

// matches reports whether an exception handler's conditions catch code.
func matches(conds []string, code string) bool {
	for _, c := range conds {
		if strings.ToLower(c) == "others" {
			if code != pgerror.QueryCanceled && code != "P0004" {
				return true
			}
			continue
		}
		want, ok := conditionCode(c)
		if !ok {
			continue
		}
		if want == code {
			return true
		}
		if strings.HasSuffix(want, "000") && len(code) == 5 && code[:2] == want[:2] {
			return true
		}
	}
	return false
}

// conditionCode maps a condition name or a five-character SQLSTATE.
func conditionCode(c string) (string, bool) {
	if isSQLState(c) {
		return c, true
	}
	if code, ok := conditionNames[strings.ToLower(c)]; ok {
		return code, true
	}
	return "", false
}

func isSQLState(s string) bool {
	if len(s) != 5 {
		return false
	}
	for _, r := range s {
		if !(r >= '0' && r <= '9' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

func (f *Frame) initVar(ctx context.Context, dno int) (err error) {
	d := f.Fn.Datums[dno]
	v := &f.Vars[dno]
	if d.Kind == DRow || d.Kind == DRecField {
		return nil
	}
	var t *types.Type
	if j, ok := f.Fn.PctTypeVar(dno, d.TypeName); ok {
		t = f.Vars[j].Type
	} else if t, err = f.declType(ctx, d); err != nil {
		return err
	}
	*v = Var{Type: t}
	if t == nil || t.Base().Kind == types.KindRecord {
		v.IsRec = true
	}
	if d.Default != nil {
		val, vt, err := f.eval(ctx, d.Default)
		if err != nil {
			return err
		}
		return f.assign(dno, val, vt)
	}
	if d.NotNull {
		return pgerror.New(pgerror.NullValueNotAllowed, "variable \"%s\" must have a default value, since it's declared NOT NULL", d.Name)
	}
	return nil
}

func (f *Frame) declType(ctx context.Context, d *Datum) (*types.Type, error) {
	n := strings.ToLower(d.TypeName)
	switch n {
	case "record", "":
		return nil, nil
	case "int", "integer", "int4":
		return types.Int4, nil
	case "text":
		return types.Text, nil
	case "bigint", "int8":
		return types.Int8, nil
	case "boolean", "bool":
		return types.Bool, nil
	case "numeric":
		return types.Numeric, nil
	}
	return f.host.ResolveType(ctx, d.TypeName)
}

func (f *Frame) stmts(ctx context.Context, ss []Stmt) (flow, error) {
	for _, s := range ss {
		fl, err := f.stmt(ctx, s)
		if err != nil {
			return fl, f.withContext(s, err)
		}
		if fl.c != cNone {
			return fl, nil
		}
	}
	return flow{}, nil
}

func (f *Frame) evalBool(ctx context.Context, e *Expr) (bool, error) {
	v, t, err := f.eval(ctx, e)
	if err != nil || v == nil {
		return false, err
	}
	if b, ok := v.(bool); ok {
		return b, nil
	}
	cv, err := f.host.Cast(v, t, types.Bool)
	if err != nil {
		return false, err
	}
	b, _ := cv.(bool)
	return b, nil
}

func (f *Frame) evalInt(ctx context.Context, e *Expr, what string) (int64, error) {
	v, t, err := f.eval(ctx, e)
	if err != nil {
		return 0, err
	}
	if v == nil {
		return 0, pgerror.New(pgerror.NullValueNotAllowed, "%s of FOR loop cannot be null", what)
	}
	switch x := v.(type) {
	case int32:
		return int64(x), nil
	case int64:
		return x, nil
	case int16:
		return int64(x), nil
	}
	cv, err := f.host.Cast(v, t, types.Int4)
	if err != nil {
		return 0, err
	}
	return int64(cv.(int32)), nil
}

// loopFlow decides what a loop does with its body's flow: stop (true) or go on.
func loopFlow(label string, fl flow) (stop bool, out flow) {
	switch fl.c {
	case cExit:
		if fl.label == "" || fl.label == label {
			return true, flow{}
		}
		return true, fl
	case cContinue:
		if fl.label == "" || fl.label == label {
			return false, flow{}
		}
		return true, fl
	case cReturn:
		return true, fl
	}
	return false, flow{}
}

func (f *Frame) setFound(b bool) {
	if f.Fn.Found >= 0 {
		f.Vars[f.Fn.Found].Value = b
	}
}

func (f *Frame) stmt(ctx context.Context, s Stmt) (flow, error) {
	prev, prevSQL := f.cur, f.curSQL
	f.cur, f.curSQL = s, ""
	defer func() { f.cur, f.curSQL = prev, prevSQL }()
	switch st := s.(type) {
	case *Block:
		return f.block(ctx, st)
	case *Null:
		return flow{}, nil
	case *Assign:
		return flow{}, f.execAssign(ctx, st)
	case *If:
		for i, c := range st.Conds {
			ok, err := f.evalBool(ctx, c)
			if err != nil {
				return flow{}, err
			}
			if ok {
				return f.stmts(ctx, st.Bodies[i])
			}
		}
		return f.stmts(ctx, st.Else)
	case *Case:
		if st.TExpr != nil {
			v, t, err := f.eval(ctx, st.TExpr)
			if err != nil {
				return flow{}, err
			}
			f.Vars[st.TVar] = Var{Type: t, Value: v}
		}
		for i, w := range st.Whens {
			ok, err := f.evalBool(ctx, w)
			if err != nil {
				return flow{}, err
			}
			if ok {
				return f.stmts(ctx, st.Bodies[i])
			}
		}
		if !st.HasElse {
			return flow{}, pgerror.New("20000", "case not found").WithHint("CASE statement is missing ELSE part.")
		}
		return f.stmts(ctx, st.Else)
	case *Loop:
		for {
			if err := f.check(ctx); err != nil {
				return flow{}, err
			}
			fl, err := f.stmts(ctx, st.Body)
			if err != nil {
				return flow{}, err
			}
			if stop, out := loopFlow(st.Label, fl); stop {
				return out, nil
			}
		}
	case *While:
		for {
			if err := f.check(ctx); err != nil {
				return flow{}, err
			}
			ok, err := f.evalBool(ctx, st.Cond)
			if err != nil || !ok {
				return flow{}, err
			}
			fl, err := f.stmts(ctx, st.Body)
			if err != nil {
				return flow{}, err
			}
			if stop, out := loopFlow(st.Label, fl); stop {
				return out, nil
			}
		}
	case *ForInt:
		return f.forInt(ctx, st)
	case *ForQuery:
		return f.forQuery(ctx, st)
	case *CursorLoop:
		return f.cursorLoop(ctx, st) // cursor.go
	case *CursorOpen:
		return flow{}, f.cursorOpen(ctx, st)
	case *CursorFetch:
		return flow{}, f.cursorFetch(ctx, st)
	case *CursorClose:
		return flow{}, f.cursorClose(ctx, st)
	case *ForEach:
		return f.forEach(ctx, st)
	case *Exit:
		if st.Cond != nil {
			ok, err := f.evalBool(ctx, st.Cond)
			if err != nil || !ok {
				return flow{}, err
			}
		}
		if st.IsExit {
			return flow{c: cExit, label: st.Label}, nil
		}
		return flow{c: cContinue, label: st.Label}, nil
	case *Return:
		return f.execReturn(ctx, st)
	case *ReturnNext:
		return flow{}, f.returnNext(ctx, st)
	case *ReturnQuery:
		res, err := f.runQuery(ctx, st.Query, st.Dyn, st.Params)
		if err != nil {
			return flow{}, err
		}
		for _, r := range res.Rows {
			if err := f.emit(r, res.Types); err != nil {
				return flow{}, err
			}
		}
		f.RowCount = int64(len(res.Rows))
		f.setFound(len(res.Rows) > 0)
		return flow{}, nil
	case *Perform:
		done := f.running(st.Expr.Text)
		res, err := f.host.Query(ctx, f, st.Expr)
		done()
		if err != nil {
			return flow{}, sqlContext(err, st.Expr.Text)
		}
		f.RowCount = int64(len(res.Rows))
		f.setFound(len(res.Rows) > 0)
		return flow{}, nil
	case *CallProc:
		return flow{}, f.call(ctx, st) // call.go
	case *ExecSQL:
		done := f.running(st.SQL.Text)
		res, err := f.host.Query(ctx, f, st.SQL)
		done()
		if err != nil {
			return flow{}, sqlContext(err, st.SQL.Text)
		}
		return flow{}, f.into(res, st.Into, st.Strict, st.Target, st.SQL.Text, false)
	case *DynExecute:
		res, err := f.runQuery(ctx, nil, st.Query, st.Params)
		if err != nil {
			return flow{}, err
		}
		return flow{}, f.into(res, st.Into, st.Strict, st.Target, "", true)
	case *GetDiag:
		return flow{}, f.getDiag(st)
	case *Raise:
		return flow{}, f.raise(ctx, st)
	case *Assert:
		ok, err := f.evalBool(ctx, st.Cond)
		if err != nil || ok {
			return flow{}, err
		}
		msg := "assertion failed"
		if st.Message != nil {
			v, t, err := f.eval(ctx, st.Message)
			if err != nil {
				return flow{}, err
			}
			if v != nil {
				msg = f.host.Output(v, t)
			}
		}
		return flow{}, pgerror.New("P0004", "%s", msg)
	case *TxnEnd:
		if f.subxacts > 0 {
			return flow{}, pgerror.New("2D000", "cannot %s while a subtransaction is active", map[bool]string{true: "commit", false: "roll back"}[st.Commit])
		}
		return flow{}, f.host.EndTransaction(st.Commit)
	case *Unsupported:
		return flow{}, pgerror.New(pgerror.FeatureNotSupported, "PL/pgSQL statement %s is not supported yet", strings.ToUpper(strings.ReplaceAll(st.What, "_", " ")))
	}
	return flow{}, fmt.Errorf("plpgsql: unknown statement %T", s)
}

func (f *Frame) runQuery(ctx context.Context, q, dyn *Expr, params []*Expr) (*Result, error) {
	return f.runQueryAs(ctx, q, dyn, params, true)
}

// runQueryAs runs a query; stmtContext says whether its errors get the
// `SQL statement` context line, which PostgreSQL adds for statements SPI
// executes. A cursor-driven FOR loop gets it only for errors while its
// query is planned (here: errors not raised inside a routine it calls),
// not for those raised while its rows are fetched.
func (f *Frame) runQueryAs(ctx context.Context, q, dyn *Expr, params []*Expr, stmtContext bool) (*Result, error) {
	if q != nil {
		if stmtContext {
			defer f.running(q.Text)()
		}
		res, err := f.host.Query(ctx, f, q)
		if err != nil {
			if !stmtContext && fromRoutine(err) {
				return nil, err
			}
			return nil, sqlContext(err, q.Text)
		}
		return res, nil
	}
	v, t, err := f.eval(ctx, dyn)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return nil, pgerror.New(pgerror.NullValueNotAllowed, "query string argument of EXECUTE is null")
	}
	text := f.host.Output(v, t)
	var ps []Value
	for _, p := range params {
		pv, pt, err := f.eval(ctx, p)
		if err != nil {
			return nil, err
		}
		ps = append(ps, Value{pv, pt})
	}
	if stmtContext {
		defer f.running(text)()
	}
	res, err := f.host.Dynamic(ctx, text, ps)
	if err != nil {
		if !stmtContext && fromRoutine(err) {
			return nil, err
		}
		return nil, sqlContext(err, text)
	}
	return res, nil
}

// fromRoutine reports whether err was raised inside a routine (it has
// context lines already).
func fromRoutine(err error) bool {
	pe, ok := pgerror.As(err)
	return ok && pe.Where != ""
}

// running makes text the statement ContextLine reports until the
// returned function runs.
func (f *Frame) running(text string) func() {
	prev := f.curSQL
	f.curSQL = text
	return func() { f.curSQL = prev }
}

// into stores a statement's result in its INTO target and sets FOUND and ROW_COUNT.
func (f *Frame) into(res *Result, into, strict bool, target int, text string, dynamic bool) error {
	n := int64(len(res.Rows))
	if !res.Returns {
		n = res.Affected
	}
	f.RowCount = n
	if !into {
		if res.Returns && !dynamic {
			return pgerror.New(pgerror.SyntaxError, "query has no destination for result data").WithHint("If you want to discard the results of a SELECT, use PERFORM instead.")
		}
		if !dynamic {
			f.setFound(n > 0)
		}
		return nil
	}
	if !res.Returns {
		if dynamic {
			return nil
		}
		return pgerror.New(pgerror.SyntaxError, "INTO used with a command that cannot return data")
	}
	isDML := !strings.HasPrefix(strings.ToUpper(strings.TrimSpace(text)), "SELECT") && !strings.HasPrefix(strings.ToUpper(strings.TrimSpace(text)), "WITH") && !dynamic
	if len(res.Rows) == 0 {
		if strict {
			return pgerror.New("P0002", "query returned no rows")
		}
		if !dynamic {
			f.setFound(false)
		}
		return f.assignRow(target, nil, res)
	}
	if len(res.Rows) > 1 && (strict || isDML) {
		return pgerror.New("P0003", "query returned more than one row").WithHint("Make sure the query returns a single row, or use LIMIT 1.")
	}
	if !dynamic {
		f.setFound(true)
	}
	if !isDML {
		f.RowCount = 1
	}
	return f.assignRow(target, res.Rows[0], res)
}

// assignRow stores one result row (nil: no row) in a target datum.
func (f *Frame) assignRow(target int, row []any, res *Result) error {
	if target < 0 {
		return nil
	}
	d := f.Fn.Datums[target]
	if d.Kind == DRow {
		if len(d.Fields) == 1 && f.isRecord(d.Fields[0]) {
			return f.assignRow(d.Fields[0], row, res)
		}
		for i, dno := range d.Fields {
			var v any
			var t *types.Type = types.Unknown
			if row != nil && i < len(row) {
				v, t = row[i], res.Types[i]
			}
			if err := f.assign(dno, v, t); err != nil {
				return err
			}
		}
		return nil
	}
	if f.isRecord(target) {
		if row == nil && (res == nil || len(res.Types) == 0) {
			return f.assign(target, nil, f.Vars[target].Type)
		}
		if row == nil {
			// no row: the record is the result's shape, all nulls (docs
			// 43.5.3: "set ... to nulls if the command returned no rows")
			row = make([]any, len(res.Types))
		}
		rec := &types.RecordVal{Names: res.Names, Types: res.Types, Vals: append([]any(nil), row...)}
		return f.assign(target, rec, recordType(rec))
	}
	var v any
	var t *types.Type = types.Unknown
	if row != nil && len(row) > 0 {
		v, t = row[0], res.Types[0]
	}
	return f.assign(target, v, t)
}

func (f *Frame) isRecord(dno int) bool {
	d := f.Fn.Datums[dno]
	return d.Kind == DRec || f.Vars[dno].IsRec
}

// recordType is the anonymous composite type of a record value.
func recordType(r *types.RecordVal) *types.Type {
	fields := make([]types.Field, len(r.Names))
	for i := range r.Names {
		fields[i] = types.Field{Name: r.Names[i], Type: r.Types[i]}
	}
	return types.RowType("", "record", fields)
}

func (f *Frame) getDiag(st *GetDiag) error {
	var pe *pgerror.Error
	if st.Stacked {
		if len(f.err) == 0 {
			return pgerror.New("0Z002", "GET STACKED DIAGNOSTICS cannot be used outside an exception handler")
		}
		pe, _ = pgerror.As(f.err[len(f.err)-1])
	}
	for _, it := range st.Items {
		var v any
		t := types.Text
		switch strings.ToUpper(it.Kind) {
		case "ROW_COUNT":
			v, t = f.RowCount, types.Int8
		case "PG_CONTEXT":
			v = f.ContextLine()
			if outer := f.host.OuterContext(f); outer != "" {
				v = f.ContextLine() + "\n" + outer
			}
		case "PG_EXCEPTION_CONTEXT":
			v = f.errCtx[len(f.errCtx)-1]
		case "PG_ROUTINE_OID":
			v, t = int64(0), types.Int8
		case "RETURNED_SQLSTATE":
			v = pe.Code
		case "MESSAGE_TEXT":
			v = pe.Message
		case "PG_EXCEPTION_DETAIL":
			v = pe.Detail
		case "PG_EXCEPTION_HINT":
			v = pe.Hint
		case "COLUMN_NAME":
			v = pe.Column
		case "CONSTRAINT_NAME":
			v = pe.Constraint
		case "PG_DATATYPE_NAME":
			v = pe.DataType
		case "TABLE_NAME":
			v = pe.Table
		case "SCHEMA_NAME":
			v = pe.Schema
		default:
			return pgerror.New(pgerror.FeatureNotSupported, "GET DIAGNOSTICS item %s is not supported yet", it.Kind)
		}
		if err := f.assign(it.Target, v, t); err != nil {
			return err
		}
	}
	return nil
}

// outValue is the result made of OUT parameters: the value of a single
// one, or a record of all.
func (f *Frame) outValue() (any, *types.Type) {
	if len(f.OutVars) == 1 {
		return f.datumValue(f.OutVars[0])
	}
	rec := &types.RecordVal{}
	for _, dno := range f.OutVars {
		v, t := f.datumValue(dno)
		rec.Names = append(rec.Names, f.Fn.Datums[dno].Name)
		rec.Types = append(rec.Types, t)
		rec.Vals = append(rec.Vals, v)
	}
	return rec, recordType(rec)
}

// initImplicitVars types the variables a function has without declaring
// them: FOUND, record datums, SQLSTATE/SQLERRM in handlers and integer
// FOR loop variables.
func initImplicitVars(fr *Frame, fn *Function) {
	for i, d := range fn.Datums {
		switch {
		case i == fn.Found:
			fr.Vars[i] = Var{Type: types.Bool, Value: false}
		case d.Kind == DRec:
			fr.Vars[i].IsRec = true
		case d.implicit && (d.Name == "sqlstate" || d.Name == "sqlerrm"):
			fr.Vars[i].Type = types.Text
		case d.implicit && d.TypeName == "loopvar":
			fr.Vars[i].Type = types.Int4
		}
	}
}
