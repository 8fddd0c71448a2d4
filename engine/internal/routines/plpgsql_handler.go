package routines

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/plpgsql"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// PLHandler is LANGUAGE plpgsql (docs chapter 43): bodies are parsed
// once per catalog version of the function and interpreted by
// engine/internal/plpgsql with the calling session as its Host.
type PLHandler struct {
	mu    sync.Mutex
	cache map[fnKey]*plpgsql.Function
}

var _ routine.Handler = (*PLHandler)(nil)

func (h *PLHandler) function(fn *catalog.Function) (*plpgsql.Function, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if f, ok := h.cache[keyOf(fn)]; ok {
		return f, nil
	}
	f, err := plpgsql.Parse(plSource(fn))
	if err != nil {
		return nil, err
	}
	f.Name = strings.ToLower(fn.Name)
	f.Signature = strings.ReplaceAll(fn.Signature(), ", ", ",") // as regprocedure prints it
	f.Schema = fn.Schema
	if h.cache == nil {
		h.cache = map[fnKey]*plpgsql.Function{}
	}
	h.cache[keyOf(fn)] = f
	return f, nil
}

// Validate implements routine.Handler: the body parses with the
// function's real signature (RETURN NEXT needs SETOF, RETURN in a void
// function takes no value, ...). Names are resolved only when it runs.
func (h *PLHandler) Validate(ctx context.Context, v routine.Validator, fn *catalog.Function) error {
	pf, err := h.function(fn)
	if err != nil {
		return err
	}
	if dno, err := validateDeclTypes(ctx, v, pf); err != nil {
		return declTypePosition(err, v, fn.Body, pf.Datums[dno])
	}
	if fn.ReturnsSet || fn.Result == types.Trigger {
		return nil
	}
	void := fn.Result == nil || fn.Result.Kind == types.KindVoid
	hasOut := len(fn.OutputArgs()) > 0
	if !void && !hasOut {
		return nil
	}
	if r := plpgsql.FindReturnWithValue(pf.Body); r != nil {
		msg := "RETURN cannot have a parameter in function returning void"
		switch {
		case fn.Kind == catalog.KindProcedure:
			msg = "RETURN cannot have a parameter in a procedure"
		case hasOut:
			msg = "RETURN cannot have a parameter in function with OUT parameters"
		}
		pe := pgerror.New(pgerror.DatatypeMismatch, "%s", msg)
		if text, off := v.SourceText(); off >= 0 {
			if pos := exprPosition(fn.Body, r.Line, r.Expr.Text); pos >= 0 {
				pe.Position = len([]rune(text[:off+pos])) + 1
			}
		}
		return pe
	}
	return nil
}

// validateDeclTypes resolves the declared types of the body's variables,
// as PostgreSQL's validator compiles the function at CREATE: a missing
// type is 42704, a missing relation in %ROWTYPE 42P01, and a %TYPE that
// does not resolve a syntax error at the "%" (PostgreSQL parses it as a
// type name once the column lookup fails). Other failures wait for a call.
// dno is the datum whose type failed.
func validateDeclTypes(ctx context.Context, v routine.Validator, pf *plpgsql.Function) (dno int, err error) {
	vv, ok := v.(*validator)
	if !ok {
		return 0, nil
	}
	host := &plHost{s: vv.h}
	for i, d := range pf.Datums {
		if i < pf.NParams || i == pf.Found || i == pf.New || i == pf.Old {
			continue
		}
		if d == nil || d.Implicit() || d.TypeName == "" || (d.Kind != plpgsql.DVar && d.Kind != plpgsql.DRec) {
			continue
		}
		lower := strings.ToLower(d.TypeName)
		if lower == "record" || lower == "unknown" || d.Name == resultVar {
			continue // pg_query's parse leaves some implicit datums untyped ("UNKNOWN")
		}
		if _, ok := pf.PctTypeVar(i, d.TypeName); ok {
			continue
		}
		if p, ok := types.PolyByName(strings.Trim(lower, `"`)); ok {
			return i, pgerror.New(pgerror.FeatureNotSupported, "variable %q has pseudo-type %s", d.Name, p.SQLName)
		}
		_, err := host.ResolveType(ctx, d.TypeName)
		if err == nil {
			continue
		}
		if strings.HasSuffix(lower, "%type") {
			return i, pgerror.New(pgerror.SyntaxError, "syntax error at or near \"%%\"")
		}
		if pe, ok := pgerror.As(err); ok && (pe.Code == pgerror.UndefinedObject || pe.Code == pgerror.UndefinedTable || pe.Code == pgerror.InvalidSchemaName) {
			return i, pe
		}
	}
	return 0, nil
}

// declTypePosition points a declared type's error at the type name in
// the CREATE FUNCTION text, as PostgreSQL's compiler reports it (at the
// "%" of a %TYPE that does not resolve, with the type name as context).
func declTypePosition(err error, v routine.Validator, body string, d *plpgsql.Datum) error {
	pe, ok := pgerror.As(err)
	if !ok {
		return err
	}
	text, off := v.SourceText()
	pos := exprPosition(body, d.Line, d.TypeName)
	if off < 0 || pos < 0 || off+pos > len(text) {
		return err
	}
	cp := *pe
	if i := strings.Index(d.TypeName, "%"); i >= 0 && cp.Code == pgerror.SyntaxError {
		pos += i
		cp.Where = fmt.Sprintf("invalid type name %q", d.TypeName)
	}
	cp.Position = len([]rune(text[:off+pos])) + 1
	return &cp
}

// exprPosition finds expression text on or after a body line.
func exprPosition(body string, line int, text string) int {
	start := 0
	for i := 1; i < line; i++ {
		j := strings.IndexByte(body[start:], '\n')
		if j < 0 {
			return -1
		}
		start += j + 1
	}
	if k := strings.Index(body[start:], text); k >= 0 {
		return start + k
	}
	return -1
}

// Call implements routine.Handler.
func (h *PLHandler) Call(ctx context.Context, c routine.Caller, fn *catalog.Function, args []any, tg *routine.TriggerData) (routine.Result, error) {
	rc, ok := c.(HostedCaller)
	if !ok {
		return routine.Result{}, fmt.Errorf("engine: plpgsql needs the engine's caller, got %T", c)
	}
	s, _ := rc.CallerHost()
	ps := &s.RoutineState().pl
	pf, err := h.function(fn)
	if err != nil {
		return routine.Result{}, err
	}
	call := plpgsql.Call{RetSet: fn.ReturnsSet}
	if fn.Result == types.EventTrigger {
		if tg == nil || tg.Event == "" {
			return routine.Result{}, pgerror.New(pgerror.FeatureNotSupported, "trigger functions can only be called as triggers")
		}
		call.ParamTypes = []*types.Type{types.Text, types.Text}
		call.Args = []plpgsql.Value{{V: tg.Event, T: types.Text}, {V: tg.Op, T: types.Text}}
		call.RetType = types.Void
		tg = nil
	}
	ai := 0
	for i, a := range fn.Args {
		if a.Mode.IsOutput() {
			call.OutVars = append(call.OutVars, i)
		}
		call.ParamTypes = append(call.ParamTypes, a.Type)
		var v any
		if a.Mode.IsInput() && ai < len(args) {
			v = args[ai]
			ai++
		}
		call.Args = append(call.Args, plpgsql.Value{V: v, T: a.Type})
	}
	outs := fn.OutputArgs()
	switch {
	case fn.Result == types.Trigger:
	case fn.Result == nil || fn.Result.Kind == types.KindVoid:
		call.RetType = types.Void
	default:
		call.RetType = fn.Result
	}
	if fn.ReturnsSet {
		switch {
		case len(outs) > 0:
			for _, a := range outs {
				call.RetTypes = append(call.RetTypes, a.Type)
				call.RetNames = append(call.RetNames, a.Name)
			}
		case fn.Result != nil && len(fn.Result.Base().Fields) > 0:
			for _, f := range fn.Result.Base().Fields {
				call.RetTypes = append(call.RetTypes, f.Type)
				call.RetNames = append(call.RetNames, f.Name)
			}
		case fn.Result != nil && fn.Result.Kind != types.KindRecord:
			call.RetTypes = []*types.Type{fn.Result}
		}
	}
	if tg != nil {
		call.Trigger = ps.triggerFor(tg)
	}
	var fr *plpgsql.Frame
	err = InPL(ctx, s, func(ctx context.Context) error {
		var rerr error
		fr, rerr = plpgsql.Run(ctx, &plHost{s: s}, pf, call)
		return rerr
	})
	if err != nil {
		return routine.Result{}, err
	}
	return h.result(rc, fn, call, fr, tg)
}

func (h *PLHandler) result(rc routine.Caller, fn *catalog.Function, call plpgsql.Call, fr *plpgsql.Frame, tg *routine.TriggerData) (routine.Result, error) {
	if tg != nil {
		r, _ := fr.Ret.(*types.RecordVal)
		if r == nil {
			return routine.Result{Null: true}, nil
		}
		if len(r.Vals) != len(tg.Columns) {
			return routine.Result{}, pgerror.New(pgerror.DatatypeMismatch, "returned row structure does not match the structure of the triggering table").
				WithDetail("Number of returned columns (%d) does not match expected column count (%d).", len(r.Vals), len(tg.Columns))
		}
		// NEW and OLD are this call's own copies (triggerFor): cast in place
		row := r.Vals
		if call.Trigger == nil || (r != call.Trigger.New && r != call.Trigger.Old) {
			row = make([]any, len(r.Vals))
		}
		for i, v := range r.Vals {
			cv, err := rc.Cast(v, r.Types[i], tg.Columns[i].Type)
			if err != nil {
				return routine.Result{}, err
			}
			row[i] = cv
		}
		return routine.Result{Row: row}, nil
	}
	if fn.ReturnsSet {
		return routine.Result{Rows: fr.Rows()}, nil
	}
	if call.RetType == types.Void {
		return routine.Result{Value: ""}, nil // void_out prints nothing
	}
	if fr.Ret == nil {
		return routine.Result{Null: true}, nil
	}
	if r, ok := fr.Ret.(*types.RecordVal); ok {
		if fields := fn.Result.Base().Fields; len(fields) == len(r.Vals) {
			out := &types.RecordVal{}
			for i, f := range fields {
				cv, err := rc.Cast(r.Vals[i], r.Types[i], f.Type)
				if err != nil {
					return routine.Result{}, fr.ReturnCastError(err)
				}
				out.Names = append(out.Names, f.Name)
				out.Types = append(out.Types, f.Type)
				out.Vals = append(out.Vals, cv)
			}
			return routine.Result{Value: out}, nil
		}
		return routine.Result{Value: r}, nil
	}
	t := fr.RetType
	if t == nil {
		t = types.Unknown
	}
	v, err := rc.Cast(fr.Ret, t, fn.Result)
	if err != nil {
		return routine.Result{}, fr.ReturnCastError(err)
	}
	return routine.Result{Value: v}, nil
}

// triggerFor is the interpreter's trigger context for one firing. The
// row type and TG_* values depend only on the trigger and its table, so
// the session keeps the last few and a firing per row copies just NEW and OLD.
func (ps *plState) triggerFor(tg *routine.TriggerData) *plpgsql.Trigger {
	var c *trigCache
	for i := range ps.trigs {
		if ps.trigs[i].matches(tg) {
			c = &ps.trigs[i]
			break
		}
	}
	if c == nil {
		tmpl := triggerFor(&routine.TriggerData{Name: tg.Name, When: tg.When, Level: tg.Level, Op: tg.Op,
			TableOID: tg.TableOID, TableName: tg.TableName, Schema: tg.Schema, Args: tg.Args, Columns: tg.Columns})
		tmpl.Prepare()
		nc := trigCache{data: *tg, tmpl: tmpl}
		nc.data.New, nc.data.Old = nil, nil
		nc.data.Args = append([]string(nil), tg.Args...)
		nc.data.Columns = append([]routine.Column(nil), tg.Columns...)
		nc.names = make([]string, len(tg.Columns))
		nc.typs = make([]*types.Type, len(tg.Columns))
		for i, col := range tg.Columns {
			nc.names[i], nc.typs[i] = col.Name, col.Type
		}
		if len(ps.trigs) >= maxTrigCache {
			ps.trigs = ps.trigs[1:]
		}
		ps.trigs = append(ps.trigs, nc)
		c = &ps.trigs[len(ps.trigs)-1]
	}
	t := *c.tmpl
	// records held by variables are the frame's own: the row values are
	// copied, the names and types (never modified in place) are shared
	if tg.New != nil {
		t.New = &types.RecordVal{Names: c.names, Types: c.typs, Vals: append([]any(nil), tg.New...)}
	}
	if tg.Old != nil {
		t.Old = &types.RecordVal{Names: c.names, Types: c.typs, Vals: append([]any(nil), tg.Old...)}
	}
	return &t
}

// maxTrigCache bounds the trigger contexts a session keeps.
const maxTrigCache = 8

// trigCache is one trigger context kept by a session: the firing data it
// was built from (without rows), the prepared template (New and Old nil)
// and NEW/OLD's field names and types.
type trigCache struct {
	data  routine.TriggerData
	tmpl  *plpgsql.Trigger
	names []string
	typs  []*types.Type
}

func (c *trigCache) matches(tg *routine.TriggerData) bool {
	d := &c.data
	if d.Name != tg.Name || d.When != tg.When || d.Level != tg.Level || d.Op != tg.Op || d.TableOID != tg.TableOID ||
		d.TableName != tg.TableName || d.Schema != tg.Schema || len(d.Args) != len(tg.Args) || len(d.Columns) != len(tg.Columns) {
		return false
	}
	for i := range d.Args {
		if d.Args[i] != tg.Args[i] {
			return false
		}
	}
	for i := range d.Columns {
		if d.Columns[i].Name != tg.Columns[i].Name || d.Columns[i].Type != tg.Columns[i].Type {
			return false
		}
	}
	return true
}

func triggerFor(tg *routine.TriggerData) *plpgsql.Trigger {
	t := &plpgsql.Trigger{Name: tg.Name, When: tg.When, Level: tg.Level, Op: tg.Op, Table: tg.TableName, Schema: tg.Schema, RelID: tg.TableOID, Args: tg.Args}
	fields := make([]types.Field, len(tg.Columns))
	names := make([]string, len(tg.Columns))
	typs := make([]*types.Type, len(tg.Columns))
	for i, c := range tg.Columns {
		fields[i] = types.Field{Name: c.Name, Type: c.Type}
		names[i], typs[i] = c.Name, c.Type
	}
	t.RowType = types.RowType(tg.Schema, tg.TableName, fields)
	if tg.New != nil {
		t.New = &types.RecordVal{Names: names, Types: typs, Vals: append([]any(nil), tg.New...)}
	}
	if tg.Old != nil {
		t.Old = &types.RecordVal{Names: names, Types: typs, Vals: append([]any(nil), tg.Old...)}
	}
	return t
}
