package plpgsql

import (
	"context"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// datumValue reads a datum as a value: rows become records.
func (f *Frame) datumValue(dno int) (any, *types.Type) {
	d := f.Fn.Datums[dno]
	switch d.Kind {
	case DRow:
		rec := &types.RecordVal{}
		for _, fno := range d.Fields {
			v, t := f.datumValue(fno)
			rec.Names = append(rec.Names, f.Fn.Datums[fno].Name)
			rec.Types = append(rec.Types, t)
			rec.Vals = append(rec.Vals, v)
		}
		return rec, recordType(rec)
	case DRecField:
		r, _ := f.Vars[d.Parent].Value.(*types.RecordVal)
		if r == nil {
			return nil, types.Unknown
		}
		for i, n := range r.Names {
			if n == d.Field {
				return r.Vals[i], r.Types[i]
			}
		}
		return nil, types.Unknown
	}
	v := f.Vars[dno]
	t := v.Type
	if t == nil {
		if r, ok := v.Value.(*types.RecordVal); ok {
			t = recordType(r)
		} else {
			t = types.Record
		}
	}
	return v.Value, t
}

// assign stores v (of type t) in a datum, with PostgreSQL's assignment
// cast to the variable's type.
func (f *Frame) assign(dno int, v any, t *types.Type) error {
	d := f.Fn.Datums[dno]
	switch d.Kind {
	case DRow:
		r, _ := v.(*types.RecordVal)
		for i, fno := range d.Fields {
			var fv any
			var ft *types.Type = types.Unknown
			if r != nil && i < len(r.Vals) {
				fv, ft = r.Vals[i], r.Types[i]
			}
			if err := f.assign(fno, fv, ft); err != nil {
				return err
			}
		}
		return nil
	case DRecField:
		return f.assignField(d.Parent, d.Field, v, t)
	}
	vr := &f.Vars[dno]
	if vr.IsRec || d.Kind == DRec {
		if v == nil {
			if vr.Type != nil && len(vr.Type.Fields) > 0 {
				vr.Value = nil
				return nil
			}
			vr.Value = nil
			return nil
		}
		r, ok := v.(*types.RecordVal)
		if !ok {
			return pgerror.New(pgerror.DatatypeMismatch, "cannot assign non-composite value to a record variable")
		}
		// a typed row variable keeps its field names and types
		if vr.Type != nil && len(vr.Type.Fields) > 0 {
			out := &types.RecordVal{}
			for i, fl := range vr.Type.Fields {
				var fv any
				ft := types.Unknown
				if i < len(r.Vals) {
					fv, ft = r.Vals[i], r.Types[i]
				}
				cv, err := f.cast(fv, ft, fl.Type)
				if err != nil {
					return err
				}
				out.Names = append(out.Names, fl.Name)
				out.Types = append(out.Types, fl.Type)
				out.Vals = append(out.Vals, cv)
			}
			vr.Value = out
			return nil
		}
		cp := &types.RecordVal{Names: append([]string(nil), r.Names...), Types: append([]*types.Type(nil), r.Types...), Vals: append([]any(nil), r.Vals...)}
		vr.Value = cp
		return nil
	}
	if v == nil && d.NotNull {
		return pgerror.New(pgerror.NullValueNotAllowed, "null value cannot be assigned to variable \"%s\" declared NOT NULL", d.Name)
	}
	if vr.Type == nil {
		vr.Type = t
		vr.Value = v
		return nil
	}
	cv, err := f.cast(v, t, vr.Type)
	if err != nil {
		return err
	}
	vr.Value = cv
	return nil
}

func (f *Frame) cast(v any, from, to *types.Type) (any, error) {
	if v == nil || to == nil || from == to {
		return v, nil
	}
	return f.host.Cast(v, from, to)
}

func (f *Frame) assignField(parent int, field string, v any, t *types.Type) error {
	pv := &f.Vars[parent]
	r, _ := pv.Value.(*types.RecordVal)
	name := f.Fn.Datums[parent].Name
	if r == nil {
		if pv.Type != nil && len(pv.Type.Fields) > 0 {
			r = &types.RecordVal{}
			for _, fl := range pv.Type.Fields {
				r.Names = append(r.Names, fl.Name)
				r.Types = append(r.Types, fl.Type)
				r.Vals = append(r.Vals, nil)
			}
		} else {
			return pgerror.New("55000", "record \"%s\" is not assigned yet", name).WithDetail("The tuple structure of a not-yet-assigned record is indeterminate.")
		}
	}
	// records held by variables are the frame's own copies (assign copies
	// on the way in), so fields are updated in place
	for i, n := range r.Names {
		if n == field {
			cv, err := f.cast(v, t, r.Types[i])
			if err != nil {
				return err
			}
			r.Vals[i] = cv
			pv.Value = r
			return nil
		}
	}
	return pgerror.New(pgerror.UndefinedColumn, "record \"%s\" has no field \"%s\"", name, field)
}

// AssignEvaluator is an optional Host extension: EvalAssign evaluates e
// and applies the assignment cast to `to` (as Cast would), returning the
// cast value with type `to`. A host may fold the result of a constant
// expression once per compiled plan instead of casting it on every call.
type AssignEvaluator interface {
	EvalAssign(ctx context.Context, fr *Frame, e *Expr, to *types.Type) (any, *types.Type, error)
}

// assignTarget is the type an assignment to datum dno casts to, or nil
// when that is not known before the value is (records, rows, untyped
// variables).
func (f *Frame) assignTarget(dno int) *types.Type {
	d := f.Fn.Datums[dno]
	switch d.Kind {
	case DRow, DRec:
		return nil
	case DRecField:
		pv := &f.Vars[d.Parent]
		if r, _ := pv.Value.(*types.RecordVal); r != nil {
			for i, n := range r.Names {
				if n == d.Field {
					return r.Types[i]
				}
			}
			return nil
		}
		if pv.Type != nil {
			for _, fl := range pv.Type.Fields {
				if fl.Name == d.Field {
					return fl.Type
				}
			}
		}
		return nil
	}
	vr := &f.Vars[dno]
	if vr.IsRec {
		return nil
	}
	return vr.Type
}

func (f *Frame) execAssign(ctx context.Context, st *Assign) error {
	var v any
	var t *types.Type
	var err error
	to := (*types.Type)(nil)
	ae, canFold := f.host.(AssignEvaluator)
	if canFold && !f.Fn.Datums[st.Var].Const && strings.IndexByte(st.Target, '[') < 0 {
		to = f.assignTarget(st.Var)
	}
	if to != nil {
		v, t, err = ae.EvalAssign(ctx, f, st.Expr, to)
		err = exprContext(err, st.Expr)
	} else {
		v, t, err = f.eval(ctx, st.Expr)
	}
	if err != nil {
		return err
	}
	if f.Fn.Datums[st.Var].Const {
		return pgerror.New(pgerror.SyntaxError, "variable \"%s\" is declared CONSTANT", f.Fn.Datums[st.Var].Name)
	}
	if i := strings.IndexByte(st.Target, '['); i >= 0 && f.Fn.Datums[st.Var].Kind == DVar {
		return f.assignElement(ctx, st, st.Target[i:], v, t)
	}
	return f.assign(st.Var, v, t)
}

// assignElement handles arr[i] := v (one dimension).
func (f *Frame) assignElement(ctx context.Context, st *Assign, sub string, v any, t *types.Type) error {
	inner := strings.TrimSpace(sub)
	if !strings.HasPrefix(inner, "[") || !strings.HasSuffix(inner, "]") || strings.Count(inner, "[") != 1 {
		return pgerror.New(pgerror.FeatureNotSupported, "assignment to %s is not supported yet", st.Target)
	}
	idxExpr := &Expr{Text: inner[1 : len(inner)-1], Scope: st.Expr.Scope}
	iv, it, err := f.eval(ctx, idxExpr)
	if err != nil {
		return err
	}
	if iv == nil {
		return pgerror.New(pgerror.NullValueNotAllowed, "array subscript in assignment must not be null")
	}
	ic, err := f.cast(iv, it, types.Int4)
	if err != nil {
		return err
	}
	idx := int(ic.(int32))
	vr := &f.Vars[st.Var]
	if vr.Type == nil || vr.Type.Elem == nil {
		return pgerror.New(pgerror.DatatypeMismatch, "subscripted object is not an array")
	}
	ev, err := f.cast(v, t, vr.Type.Elem)
	if err != nil {
		return err
	}
	old, _ := vr.Value.(*types.Array)
	if old == nil || len(old.Values) == 0 {
		vr.Value = &types.Array{Elem: vr.Type.Elem, Dims: []int{1}, Lower: []int{idx}, Values: []any{ev}}
		return nil
	}
	if len(old.Dims) != 1 {
		return pgerror.New(pgerror.FeatureNotSupported, "assignment to an element of a multidimensional array is not supported yet")
	}
	lo, n := old.Lower[0], old.Dims[0]
	vals := append([]any(nil), old.Values...)
	switch {
	case idx >= lo && idx < lo+n:
		vals[idx-lo] = ev
	case idx >= lo+n:
		for len(vals) < idx-lo {
			vals = append(vals, nil)
		}
		vals = append(vals, ev)
	default:
		pre := make([]any, lo-idx)
		pre[0] = ev
		vals = append(pre, vals...)
		lo = idx
	}
	vr.Value = &types.Array{Elem: vr.Type.Elem, Dims: []int{len(vals)}, Lower: []int{lo}, Values: vals}
	return nil
}
