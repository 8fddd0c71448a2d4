package plpgsql

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func (f *Frame) forInt(ctx context.Context, st *ForInt) (flow, error) {
	lo, err := f.evalInt(ctx, st.Lower, "lower bound")
	if err != nil {
		return flow{}, err
	}
	hi, err := f.evalInt(ctx, st.Upper, "upper bound")
	if err != nil {
		return flow{}, err
	}
	step := int64(1)
	if st.Step != nil {
		if step, err = f.evalInt(ctx, st.Step, "BY value"); err != nil {
			return flow{}, err
		}
		if step <= 0 {
			return flow{}, pgerror.New(pgerror.InvalidParameterValue, "BY value of FOR loop must be greater than zero")
		}
	}
	found := false
	v := &f.Vars[st.Var]
	v.Type = types.Int4
	for i := lo; (!st.Reverse && i <= hi) || (st.Reverse && i >= hi); {
		found = true
		f.Vars[st.Var].Value = int32(i)
		if err := f.check(ctx); err != nil {
			return flow{}, err
		}
		fl, err := f.stmts(ctx, st.Body)
		if err != nil {
			return flow{}, err
		}
		if stop, out := loopFlow(st.Label, fl); stop {
			f.setFound(true)
			return out, nil
		}
		if st.Reverse {
			i -= step
		} else {
			i += step
		}
	}
	f.setFound(found)
	return flow{}, nil
}

func (f *Frame) forQuery(ctx context.Context, st *ForQuery) (flow, error) {
	res, err := f.runQueryAs(ctx, st.Query, st.Dyn, st.Params, false)
	if err != nil {
		return flow{}, err
	}
	for _, row := range res.Rows {
		if err := f.check(ctx); err != nil {
			return flow{}, err
		}
		if err := f.assignRow(st.Target, row, res); err != nil {
			return flow{}, err
		}
		fl, err := f.stmts(ctx, st.Body)
		if err != nil {
			return flow{}, err
		}
		if stop, out := loopFlow(st.Label, fl); stop {
			f.setFound(true)
			return out, nil
		}
	}
	f.setFound(len(res.Rows) > 0)
	return flow{}, nil
}

func (f *Frame) forEach(ctx context.Context, st *ForEach) (flow, error) {
	v, _, err := f.eval(ctx, st.Expr)
	if err != nil {
		return flow{}, err
	}
	if v == nil {
		return flow{}, pgerror.New(pgerror.NullValueNotAllowed, "FOREACH expression must not be null")
	}
	arr, ok := v.(*types.Array)
	if !ok {
		return flow{}, pgerror.New(pgerror.DatatypeMismatch, "FOREACH expression must yield an array, not type %T", v)
	}
	if st.Slice > 0 {
		return flow{}, pgerror.New(pgerror.FeatureNotSupported, "FOREACH ... SLICE is not supported yet")
	}
	found := false
	for _, e := range arr.Values {
		found = true
		if err := f.check(ctx); err != nil {
			return flow{}, err
		}
		if err := f.assign(st.Var, e, arr.Elem); err != nil {
			return flow{}, err
		}
		fl, err := f.stmts(ctx, st.Body)
		if err != nil {
			return flow{}, err
		}
		if stop, out := loopFlow(st.Label, fl); stop {
			f.setFound(true)
			return out, nil
		}
	}
	f.setFound(found)
	return flow{}, nil
}
