package plpgsql

import (
	"context"
	"regexp"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Finding is one result of a static check (plpgsql_check's row:
// plpgsql_check_function_tb's columns).
type Finding struct {
	Line      int // 0 when the finding has no statement (parameters)
	Statement string
	SQLState  string
	Message   string
	Detail    string
	Hint      string
	Level     string // "error", "warning", "warning extra"
	Position  int    // 1-based in Query; 0 when none
	Query     string
	Context   string
}

// Describer is what Check needs from the engine: compiling an Expr as
// Eval or Query would (the frame's variables as parameters of their
// types) without running it.
type Describer interface {
	// Describe returns the result columns of e and the datums it reads.
	Describe(ctx context.Context, fr *Frame, e *Expr) (names []string, typs []*types.Type, reads []int, err error)
	ResolveType(ctx context.Context, name string) (*types.Type, error)
}

// CheckOptions are plpgsql_check_function's switches that Check honours.
type CheckOptions struct {
	// FatalErrors stops at the first error.
	FatalErrors bool
	// OtherWarnings reports unused variables and casts without an
	// assignment cast; ExtraWarnings never-read variables and unused
	// parameters.
	OtherWarnings, ExtraWarnings bool
}

// checker walks a body once, compiling every expression and statement
// with the variable types known at that point, as plpgsql_check's
// static pass does; nothing is executed.
type checker struct {
	h        Describer
	fr       *Frame
	opt      CheckOptions
	read     []bool
	written  []bool
	out      []Finding
	stop     bool
	resolved []bool
}

// Check statically checks fn as called with call's parameter types and
// trigger (Args are ignored). Errors of the engine itself (not of the
// body) are returned as err.
func Check(ctx context.Context, h Describer, fn *Function, call Call, opt CheckOptions) ([]Finding, error) {
	fr := &Frame{Fn: fn, Vars: make([]Var, len(fn.Datums)), RetSet: call.RetSet, RetTypes: call.RetTypes, RetNames: call.RetNames, RetType: call.RetType, OutVars: call.OutVars}
	for i, t := range call.ParamTypes {
		if i >= len(fr.Vars) {
			break
		}
		fr.Vars[i].Type = t
		if t != nil && t.Base().Kind == types.KindRecord {
			fr.Vars[i].IsRec = true
		}
	}
	initImplicitVars(fr, fn)
	if tg := call.Trigger; tg != nil && fn.New >= 0 {
		empty := func() *types.RecordVal {
			r := &types.RecordVal{Vals: make([]any, len(tg.RowType.Fields))}
			for _, f := range tg.RowType.Fields {
				r.Names = append(r.Names, f.Name)
				r.Types = append(r.Types, f.Type)
			}
			return r
		}
		fr.Vars[fn.New] = Var{Type: tg.RowType, IsRec: true, Value: empty()}
		fr.Vars[fn.Old] = Var{Type: tg.RowType, IsRec: true, Value: empty()}
		copy(fr.Vars[fn.TrigVars[trigVarNames[0]]:], tg.boxVars()[:])
	}
	c := &checker{h: h, fr: fr, opt: opt, read: make([]bool, len(fn.Datums)), written: make([]bool, len(fn.Datums)), resolved: make([]bool, len(fn.Datums))}
	if err := c.block(ctx, fn.Body); err != nil {
		return nil, err
	}
	c.unused(call)
	return c.out, nil
}

// unused reports variables and parameters nothing reads.
func (c *checker) unused(call Call) {
	if c.stop {
		return
	}
	fn := c.fr.Fn
	out := map[int]bool{}
	for _, v := range call.OutVars {
		out[v] = true
	}
	for i, d := range fn.Datums {
		if d == nil || d.implicit || i == fn.Found || i == fn.New || i == fn.Old || (d.Kind != DVar && d.Kind != DRec) {
			continue
		}
		if _, trig := fn.TrigVars[d.Name]; trig && i >= fn.NParams {
			continue
		}
		if strings.HasPrefix(d.Name, "$") {
			continue
		}
		switch {
		case i < fn.NParams && out[i]:
			if !c.written[i] && c.opt.ExtraWarnings {
				c.out = append(c.out, Finding{SQLState: "00000", Level: "warning extra", Message: `unmodified OUT variable "` + d.Name + `"`})
			}
		case i < fn.NParams:
			if !c.read[i] && !c.written[i] && c.opt.ExtraWarnings {
				c.out = append(c.out, Finding{SQLState: "00000", Level: "warning extra", Message: `unused parameter "` + d.Name + `"`})
			}
		case !c.read[i] && !c.written[i]:
			if c.opt.OtherWarnings {
				c.out = append(c.out, Finding{Line: d.Line, Statement: "DECLARE", SQLState: "00000", Level: "warning", Message: `unused variable "` + d.Name + `"`})
			}
		case !c.read[i]:
			if c.opt.ExtraWarnings {
				c.out = append(c.out, Finding{Line: d.Line, Statement: "DECLARE", SQLState: "00000", Level: "warning extra", Message: `never read variable "` + d.Name + `"`})
			}
		}
	}
}

// report records err as an error of statement s; query and off say
// where the failing text is (off: the characters the engine's text had
// before query's).
func (c *checker) report(s Stmt, err error, query string, off int, context string) {
	pe, ok := pgerror.As(err)
	if !ok {
		pe = pgerror.New(pgerror.InternalError, "%s", err.Error())
	}
	f := Finding{Line: s.line(), Statement: stmtKind(s), SQLState: string(pe.Code), Message: pe.Message, Detail: pe.Detail, Hint: pe.Hint, Level: "error", Query: query, Context: context}
	if pe.Position > 0 && pe.Position-off >= 1 {
		f.Position = pe.Position - off
	} else if pe.Position == 0 {
		f.Position = namePosition(pe.Message, query)
	}
	if strings.HasPrefix(pe.Message, `record "`) && strings.Contains(pe.Message, `" has no field "`) || strings.HasSuffix(pe.Message, `" is not assigned yet`) {
		// field access of a record variable: no position in the query
		if context == "" {
			f.Context = `SQL expression "` + query + `"`
		}
		f.Query, f.Position = "", 0
	}
	c.out = append(c.out, f)
	if c.opt.FatalErrors {
		c.stop = true
	}
}

// describe compiles e; on failure the error is reported and ok is false.
func (c *checker) describe(ctx context.Context, s Stmt, e *Expr) (names []string, typs []*types.Type, ok bool, err error) {
	if e == nil || c.stop {
		return nil, nil, false, nil
	}
	names, typs, reads, derr := c.h.Describe(ctx, c.fr, e)
	for _, d := range reads {
		c.markRead(d)
	}
	if derr != nil {
		if _, isPG := pgerror.As(derr); !isPG {
			return nil, nil, false, derr
		}
		off := 0
		if !e.Query {
			off = len("SELECT ")
		}
		c.report(s, derr, e.Text, off, "")
		return nil, nil, false, nil
	}
	return names, typs, true, nil
}

func (c *checker) markRead(d int) {
	if d < 0 || d >= len(c.read) {
		return
	}
	c.read[d] = true
	if dd := c.fr.Fn.Datums[d]; dd != nil && dd.Kind == DRecField {
		c.markRead(dd.Parent)
	}
}

// assigned marks a target written and, for a record, gives it the shape
// of the row assigned.
func (c *checker) assigned(dno int, names []string, typs []*types.Type) {
	if dno < 0 || dno >= len(c.written) {
		return
	}
	c.written[dno] = true
	d := c.fr.Fn.Datums[dno]
	switch d.Kind {
	case DRow:
		if len(d.Fields) == 1 && c.fr.isRecord(d.Fields[0]) {
			c.assigned(d.Fields[0], names, typs)
			return
		}
		for _, f := range d.Fields {
			c.assigned(f, nil, nil)
		}
	case DRecField:
		c.written[d.Parent] = true
	default:
		if !c.fr.isRecord(dno) {
			return
		}
		v := &c.fr.Vars[dno]
		if len(typs) == 1 && typs[0] != nil && len(typs[0].Fields) > 0 {
			// a composite value assigned whole
			fields := typs[0].Fields
			names, typs = nil, nil
			for _, f := range fields {
				names = append(names, f.Name)
				typs = append(typs, f.Type)
			}
		}
		if names != nil {
			rec := &types.RecordVal{Names: append([]string(nil), names...), Types: append([]*types.Type(nil), typs...), Vals: make([]any, len(names))}
			v.Value, v.Type = rec, recordType(rec)
		}
	}
}

func (c *checker) block(ctx context.Context, b *Block) error {
	for _, dno := range b.Decls {
		if c.stop {
			return nil
		}
		if err := c.declare(ctx, b, dno); err != nil {
			return err
		}
	}
	if err := c.stmts(ctx, b.Body); err != nil {
		return err
	}
	for _, h := range b.Handlers {
		if err := c.stmts(ctx, h.Body); err != nil {
			return err
		}
	}
	return nil
}

// declare resolves a declared variable's type and checks its default.
func (c *checker) declare(ctx context.Context, b *Block, dno int) error {
	d := c.fr.Fn.Datums[dno]
	if d.Kind == DRow || d.Kind == DRecField || c.resolved[dno] {
		return nil
	}
	c.resolved[dno] = true
	v := &c.fr.Vars[dno]
	if n := strings.ToLower(d.TypeName); n == "" || n == "record" {
		v.IsRec = true
	} else if n != "unknown" {
		t, err := c.h.ResolveType(ctx, d.TypeName)
		if err != nil {
			if _, ok := pgerror.As(err); !ok {
				return err
			}
			c.report(b, err, "", 0, "")
			return nil
		}
		*v = Var{Type: t}
		if t == nil || t.Base().Kind == types.KindRecord {
			v.IsRec = true
		}
	}
	if d.Default != nil {
		c.written[dno] = true
		_, typs, ok, err := c.describe(ctx, b, d.Default)
		if err != nil || !ok {
			return err
		}
		c.castCheck(b, dno, typs, d.Default.Text, "")
	}
	return nil
}

// castCheck warns when a value of the expression's type can reach the
// variable only through text I/O (no assignment cast), as PL/pgSQL then
// converts at run time and may fail.
func (c *checker) castCheck(s Stmt, dno int, typs []*types.Type, query, context string) {
	if !c.opt.OtherWarnings || len(typs) != 1 || dno < 0 || c.stop {
		return
	}
	from, to := typs[0], c.fr.Vars[dno].Type
	if from == nil || to == nil || from.Kind == types.KindUnknown || from.OID == to.OID {
		return
	}
	if len(to.Fields) > 0 || len(from.Fields) > 0 || to.Base().Kind == types.KindRecord {
		return
	}
	if types.CastAllowed(from, to, types.CastAssignment) {
		return
	}
	c.out = append(c.out, Finding{Line: s.line(), Statement: stmtKind(s), SQLState: string(pgerror.DatatypeMismatch), Level: "warning",
		Message: "target type is different type than source type",
		Detail:  `cast "` + from.Name + `" value to "` + to.Name + `" type`,
		Hint:    "The input expression type does not have an assignment cast to the target type.",
		Query:   query, Context: context})
}

func (c *checker) stmts(ctx context.Context, ss []Stmt) error {
	for _, s := range ss {
		if c.stop {
			return nil
		}
		if err := c.stmt(ctx, s); err != nil {
			return err
		}
	}
	return nil
}

func (c *checker) exprs(ctx context.Context, s Stmt, es ...*Expr) error {
	for _, e := range es {
		if _, _, _, err := c.describe(ctx, s, e); err != nil {
			return err
		}
	}
	return nil
}

func (c *checker) stmt(ctx context.Context, s Stmt) error {
	switch st := s.(type) {
	case *Block:
		return c.block(ctx, st)
	case *Assign:
		c.written[st.Var] = true
		if d := c.fr.Fn.Datums[st.Var]; d.Kind == DRecField {
			c.written[d.Parent] = true
		}
		target := st.Target
		if target == "" {
			target = c.fr.Fn.Datums[st.Var].Name
		}
		d := c.fr.Fn.Datums[st.Var]
		var context string
		if d.Kind == DRecField {
			pd := c.fr.Fn.Datums[d.Parent]
			context = `at assignment to field "` + d.Field + `" of variable "` + pd.Name + `" declared on line ` + itoa(pd.Line)
		} else {
			context = `at assignment to variable "` + d.Name + `" declared on line ` + itoa(d.Line)
		}
		query := target + " := " + st.Expr.Text
		names, typs, reads, err := c.h.Describe(ctx, c.fr, st.Expr)
		for _, r := range reads {
			c.markRead(r)
		}
		if err != nil {
			if _, ok := pgerror.As(err); !ok {
				return err
			}
			c.report(s, err, query, len("SELECT ")-len(target)-len(" := "), context)
			return nil
		}
		if d.Kind == DRecField {
			parent := &c.fr.Vars[d.Parent]
			if r, ok := parent.Value.(*types.RecordVal); ok {
				found := false
				for _, n := range r.Names {
					found = found || n == d.Field
				}
				if !found {
					c.report(s, pgerror.New(pgerror.UndefinedColumn, "record \"%s\" has no field \"%s\"", c.fr.Fn.Datums[d.Parent].Name, d.Field), "", 0, context)
					c.out[len(c.out)-1].Context = context
				}
			}
			return nil
		}
		if st.Target != "" && strings.ContainsAny(st.Target, "[.") {
			return nil // element or field of the variable
		}
		if c.fr.Vars[st.Var].IsRec || d.Kind == DRec {
			c.assigned(st.Var, names, typs)
			return nil
		}
		c.castCheck(s, st.Var, typs, query, context)
	case *If:
		for i, e := range st.Conds {
			if err := c.exprs(ctx, s, e); err != nil {
				return err
			}
			if err := c.stmts(ctx, st.Bodies[i]); err != nil {
				return err
			}
		}
		return c.stmts(ctx, st.Else)
	case *Case:
		if err := c.exprs(ctx, s, st.TExpr); err != nil {
			return err
		}
		if st.TExpr != nil && st.TVar >= 0 && st.TVar < len(c.fr.Vars) {
			if _, typs, _, err := c.h.Describe(ctx, c.fr, st.TExpr); err == nil && len(typs) == 1 {
				c.fr.Vars[st.TVar].Type = typs[0]
			}
		}
		for i, e := range st.Whens {
			if err := c.exprs(ctx, s, e); err != nil {
				return err
			}
			if err := c.stmts(ctx, st.Bodies[i]); err != nil {
				return err
			}
		}
		return c.stmts(ctx, st.Else)
	case *Loop:
		return c.stmts(ctx, st.Body)
	case *While:
		if err := c.exprs(ctx, s, st.Cond); err != nil {
			return err
		}
		return c.stmts(ctx, st.Body)
	case *ForInt:
		if err := c.exprs(ctx, s, st.Lower, st.Upper, st.Step); err != nil {
			return err
		}
		c.written[st.Var] = true
		return c.stmts(ctx, st.Body)
	case *ForQuery:
		if err := c.forQuery(ctx, s, st); err != nil {
			return err
		}
	case *CursorLoop:
		if err := c.exprs(ctx, s, st.Args...); err != nil {
			return err
		}
		c.markRead(st.Var)
		return c.forQuery(ctx, s, st.Loop)
	case *ForEach:
		if err := c.exprs(ctx, s, st.Expr); err != nil {
			return err
		}
		c.written[st.Var] = true
		return c.stmts(ctx, st.Body)
	case *Exit:
		return c.exprs(ctx, s, st.Cond)
	case *Return:
		if st.RetVar >= 0 {
			c.markRead(st.RetVar)
		}
		return c.exprs(ctx, s, st.Expr)
	case *ReturnNext:
		if st.RetVar >= 0 {
			c.markRead(st.RetVar)
		}
		if st.Expr != nil && st.Expr.Text == OutRowMarker {
			for _, v := range c.fr.OutVars {
				c.markRead(v)
			}
			return nil
		}
		return c.exprs(ctx, s, st.Expr)
	case *ReturnQuery:
		if err := c.exprs(ctx, s, st.Query, st.Dyn); err != nil {
			return err
		}
		return c.exprs(ctx, s, st.Params...)
	case *Perform:
		return c.exprs(ctx, s, st.Expr)
	case *CallProc:
		_, _, _, err := c.describe(ctx, s, st.SQL)
		return err
	case *ExecSQL:
		names, typs, ok, err := c.describe(ctx, s, st.SQL)
		if err != nil {
			return err
		}
		if st.Into {
			if !ok {
				names, typs = nil, nil
			}
			c.assigned(st.Target, names, typs)
		}
	case *DynExecute:
		if err := c.exprs(ctx, s, st.Query); err != nil {
			return err
		}
		if err := c.exprs(ctx, s, st.Params...); err != nil {
			return err
		}
		if st.Into {
			c.assigned(st.Target, nil, nil)
		}
	case *GetDiag:
		for _, it := range st.Items {
			c.assigned(it.Target, nil, nil)
		}
	case *Raise:
		if err := c.exprs(ctx, s, st.Params...); err != nil {
			return err
		}
		for _, o := range st.Options {
			if err := c.exprs(ctx, s, o.Expr); err != nil {
				return err
			}
		}
	case *Assert:
		return c.exprs(ctx, s, st.Cond, st.Message)
	case *CursorOpen:
		c.written[st.Var] = true
		if d := c.fr.Fn.Datums[st.Var]; d.Cursor != nil && st.Query == nil && st.Dyn == nil {
			for _, a := range d.CursorArgs {
				c.written[a] = true
			}
			if err := c.exprs(ctx, s, st.Params...); err != nil {
				return err
			}
			return c.exprs(ctx, s, d.Cursor)
		}
		if err := c.exprs(ctx, s, st.Query, st.Dyn); err != nil {
			return err
		}
		return c.exprs(ctx, s, st.Params...)
	case *CursorFetch:
		c.markRead(st.Var)
		if err := c.exprs(ctx, s, st.CountE); err != nil {
			return err
		}
		if !st.Move {
			c.assigned(st.Target, nil, nil)
		}
	case *CursorClose:
		c.markRead(st.Var)
	}
	return nil
}

func (c *checker) forQuery(ctx context.Context, s Stmt, st *ForQuery) error {
	var names []string
	var typs []*types.Type
	if st.Dyn != nil {
		if err := c.exprs(ctx, s, st.Dyn); err != nil {
			return err
		}
		if err := c.exprs(ctx, s, st.Params...); err != nil {
			return err
		}
	} else {
		n, t, ok, err := c.describe(ctx, s, st.Query)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		names, typs = n, t
	}
	c.assigned(st.Target, names, typs)
	return c.stmts(ctx, st.Body)
}

func itoa(n int) string { return strconv.Itoa(n) }

// nameRe finds the object an undefined-object message names.
var nameRe = regexp.MustCompile(`^(?:relation|column) "([^"]+)"`)

// namePosition places the caret for an error the engine reports without
// a position (a missing relation or column): at the first occurrence of
// the name as a word of the query, as PostgreSQL's parser would point
// at the reference.
func namePosition(msg, query string) int {
	m := nameRe.FindStringSubmatch(msg)
	if m == nil {
		return 0
	}
	name := m[1]
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:]
	}
	lq, ln := strings.ToLower(query), strings.ToLower(name)
	for from := 0; ; {
		k := strings.Index(lq[from:], ln)
		if k < 0 {
			return 0
		}
		k += from
		end := k + len(ln)
		if (k == 0 || !isWordByte(lq[k-1])) && (end == len(lq) || !isWordByte(lq[end])) {
			return len([]rune(query[:k])) + 1
		}
		from = k + 1
	}
}
