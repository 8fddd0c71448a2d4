package engine

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/tinybase/tinybase/engine/catalog"
	"github.com/tinybase/tinybase/engine/pgerror"
	"github.com/tinybase/tinybase/engine/plpgsql"
	"github.com/tinybase/tinybase/engine/routine"
	"github.com/tinybase/tinybase/engine/types"
)

// plpgsqlHandler is LANGUAGE plpgsql (docs chapter 43): bodies are parsed
// once per catalog version of the function and interpreted by
// engine/plpgsql with the calling session as Host.
type plpgsqlHandler struct {
	mu    sync.Mutex
	cache map[*catalog.Function]*plpgsql.Function
}

var _ routine.Handler = (*plpgsqlHandler)(nil)

// plSource is the CREATE FUNCTION text PostgreSQL's PL/pgSQL parser
// needs: parameter names and modes, and whether the function returns a
// set, a trigger or void, decide what the body may say.
func plSource(fn *catalog.Function) string {
	var b strings.Builder
	b.WriteString("CREATE FUNCTION tinybase_fn(")
	for i, a := range fn.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		switch a.Mode {
		case catalog.ModeOut, catalog.ModeTable:
			b.WriteString("OUT ")
		case catalog.ModeInOut:
			b.WriteString("INOUT ")
		case catalog.ModeVariadic:
			b.WriteString("VARIADIC ")
		}
		// unnamed parameters get a datum too, read through $n
		name := a.Name
		if name == "" {
			name = fmt.Sprintf("$%d", i+1)
		}
		b.WriteString(`"` + strings.ReplaceAll(name, `"`, `""`) + `" `)
		b.WriteString(plTypeName(a.Type))
	}
	b.WriteString(") RETURNS ")
	if fn.ReturnsSet {
		b.WriteString("SETOF ")
	}
	hasOut := len(fn.OutputArgs()) > 0
	switch {
	case hasOut && fn.ReturnsSet:
		b.WriteString("record")
	case hasOut || fn.Result == nil:
		b.WriteString("void")
	case fn.Result == catalog.TriggerType:
		b.WriteString("trigger")
	default:
		b.WriteString(plTypeName(fn.Result))
	}
	b.WriteString(" LANGUAGE plpgsql AS ")
	body := fn.Body
	if hasOut {
		// pg_query's PL/pgSQL parser does not know OUT parameters, so a
		// bare RETURN NEXT is marked for the interpreter instead
		body = bareReturnNext.ReplaceAllString(body, "${1} "+plpgsql.OutRowMarker+";")
	}
	b.WriteString(dollarQuote(body))
	return plpgsql.PrepareSource(b.String())
}

var bareReturnNext = regexp.MustCompile(`(?i)(\bRETURN\s+NEXT)\s*;`)

func plTypeName(t *types.Type) string {
	if t == nil {
		return "void"
	}
	if t.Kind == types.KindArray {
		return "int[]"
	}
	switch t.Kind {
	case types.KindVoid:
		return "void"
	case types.KindRecord:
		return "record"
	}
	return "int"
}

func (h *plpgsqlHandler) function(fn *catalog.Function) (*plpgsql.Function, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if f, ok := h.cache[fn]; ok {
		return f, nil
	}
	f, err := plpgsql.Parse(plSource(fn))
	if err != nil {
		return nil, err
	}
	if h.cache == nil {
		h.cache = map[*catalog.Function]*plpgsql.Function{}
	}
	h.cache[fn] = f
	return f, nil
}

// Validate implements routine.Handler: the body parses with the
// function's real signature (RETURN NEXT needs SETOF, RETURN in a void
// function takes no value, ...). Names are resolved only when it runs.
func (h *plpgsqlHandler) Validate(ctx context.Context, v routine.Validator, fn *catalog.Function) error {
	_, err := h.function(fn)
	if pe, ok := pgerror.As(err); ok && strings.Contains(pe.Message, "RETURN cannot have a parameter") {
		pe.Code = pgerror.DatatypeMismatch
	}
	return err
}

// Call implements routine.Handler.
func (h *plpgsqlHandler) Call(ctx context.Context, c routine.Caller, fn *catalog.Function, args []any, tg *routine.TriggerData) (routine.Result, error) {
	rc, ok := c.(*routineCaller)
	if !ok {
		return routine.Result{}, fmt.Errorf("engine: plpgsql needs the engine's caller, got %T", c)
	}
	s := rc.s
	pf, err := h.function(fn)
	if err != nil {
		return routine.Result{}, err
	}
	call := plpgsql.Call{RetSet: fn.ReturnsSet}
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
	case fn.Result == catalog.TriggerType:
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
		call.Trigger = triggerFor(tg)
	}
	var fr *plpgsql.Frame
	err = s.inPL(ctx, func(ctx context.Context) error {
		var rerr error
		fr, rerr = plpgsql.Run(ctx, &plHost{s: s}, pf, call)
		return rerr
	})
	if err != nil {
		return routine.Result{}, err
	}
	return h.result(rc, fn, call, fr, tg)
}

func (h *plpgsqlHandler) result(rc *routineCaller, fn *catalog.Function, call plpgsql.Call, fr *plpgsql.Frame, tg *routine.TriggerData) (routine.Result, error) {
	if tg != nil {
		r, _ := fr.Ret.(*types.RecordVal)
		if r == nil {
			return routine.Result{Null: true}, nil
		}
		if len(r.Vals) != len(tg.Columns) {
			return routine.Result{}, pgerror.New(pgerror.DatatypeMismatch, "returned row structure does not match the structure of the triggering table").
				WithDetail("Number of returned columns (%d) does not match expected column count (%d).", len(r.Vals), len(tg.Columns))
		}
		row := make([]any, len(r.Vals))
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
					return routine.Result{}, err
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
		return routine.Result{}, err
	}
	return routine.Result{Value: v}, nil
}

func triggerFor(tg *routine.TriggerData) *plpgsql.Trigger {
	t := &plpgsql.Trigger{Name: tg.Name, When: tg.When, Level: tg.Level, Op: tg.Op, Table: tg.TableName, Schema: tg.Schema, Args: tg.Args}
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
