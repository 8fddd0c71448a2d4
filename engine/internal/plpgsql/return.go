package plpgsql

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func (f *Frame) execReturn(ctx context.Context, st *Return) (flow, error) {
	if st.Implicit {
		return flow{}, nil
	}
	switch {
	case f.RetSet:
	case st.RetVar >= 0:
		f.Ret, f.RetType = f.datumValue(st.RetVar)
	case st.Expr != nil:
		v, t, err := f.eval(ctx, st.Expr)
		if err != nil {
			return flow{}, err
		}
		f.Ret, f.RetType = v, t
	}
	return flow{c: cReturn}, nil
}

func (f *Frame) returnNext(ctx context.Context, st *ReturnNext) error {
	if !f.RetSet {
		return pgerror.New(pgerror.SyntaxError, "cannot use RETURN NEXT in a non-SETOF function")
	}
	var v any
	var t *types.Type
	switch {
	case st.RetVar >= 0:
		v, t = f.datumValue(st.RetVar)
	case st.Expr != nil:
		var err error
		if v, t, err = f.eval(ctx, st.Expr); err != nil {
			return err
		}
	default:
		if len(f.OutVars) > 0 {
			v, t = f.outValue()
			if len(f.OutVars) == 1 {
				return f.emit([]any{v}, []*types.Type{t})
			}
		}
	}
	if f.RetIsRow || len(f.RetTypes) > 1 {
		r, ok := v.(*types.RecordVal)
		if v == nil {
			return f.emit(make([]any, len(f.RetTypes)), nil)
		}
		if !ok {
			return pgerror.New(pgerror.DatatypeMismatch, "wrong record type supplied in RETURN NEXT")
		}
		return f.emit(r.Vals, r.Types)
	}
	return f.emit([]any{v}, []*types.Type{t})
}

// emit appends one result row of a set-returning function, cast to the
// declared column types.
func (f *Frame) emit(row []any, ts []*types.Type) error {
	out := make([]any, len(row))
	copy(out, row)
	if len(f.RetTypes) > 0 {
		if len(row) != len(f.RetTypes) {
			return pgerror.New(pgerror.DatatypeMismatch, "structure of query does not match function result type").
				WithDetail("Number of returned columns (%d) does not match expected column count (%d).", len(row), len(f.RetTypes))
		}
		for i := range out {
			var from *types.Type = types.Unknown
			if ts != nil && i < len(ts) && ts[i] != nil {
				from = ts[i]
			}
			cv, err := f.cast(out[i], from, f.RetTypes[i])
			if err != nil {
				return err
			}
			out[i] = cv
		}
	}
	f.out = append(f.out, out)
	return nil
}

// FindReturnWithValue returns the first RETURN with an expression in the
// body (PostgreSQL rejects one in void functions and functions with OUT
// parameters when the function is created).
func FindReturnWithValue(b *Block) *Return {
	var find func([]Stmt) *Return
	find = func(ss []Stmt) *Return {
		for _, s := range ss {
			var subs [][]Stmt
			switch st := s.(type) {
			case *Return:
				if st.Expr != nil {
					return st
				}
			case *Block:
				subs = append(subs, st.Body)
				for _, h := range st.Handlers {
					subs = append(subs, h.Body)
				}
			case *If:
				subs = append(append(subs, st.Bodies...), st.Else)
			case *Case:
				subs = append(append(subs, st.Bodies...), st.Else)
			case *Loop:
				subs = append(subs, st.Body)
			case *While:
				subs = append(subs, st.Body)
			case *ForInt:
				subs = append(subs, st.Body)
			case *ForQuery:
				subs = append(subs, st.Body)
			case *ForEach:
				subs = append(subs, st.Body)
			}
			for _, sub := range subs {
				if r := find(sub); r != nil {
					return r
				}
			}
		}
		return nil
	}
	return find(b.Body)
}
