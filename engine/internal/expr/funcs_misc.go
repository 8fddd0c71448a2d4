package expr

import (
	"crypto/rand"
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// AddMiscFuncs adds gen_random_uuid, pg_typeof and other functions of no family.
// A family of session.Builtins.
func AddMiscFuncs(r *Registry) {
	r.Add("gen_random_uuid", FuncImpl{Result: Fixed(types.UUID), Volatile: true, Fn: func(_ *sql.Context, _ *types.Env, _ []any) (any, error) {
		var b [16]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, err
		}
		b[6] = b[6]&0x0f | 0x40
		b[8] = b[8]&0x3f | 0x80
		return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16]), nil
	}})
	// pg_typeof reports the argument's resolved type, user types included.
	r.Add("pg_typeof", FuncImpl{Args: []*types.Type{nil}, NonStrict: true, KeepUnknown: true, Result: Fixed(types.Regtype),
		Typed: func(_ *sql.Context, ats []*types.Type, _ []any) (any, error) {
			return ats[0].FormatTypeNoMod(), nil // regtype has no typmod
		}})
	r.Add("version", FuncImpl{Result: Fixed(types.Text), Fn: func(_ *sql.Context, _ *types.Env, _ []any) (any, error) {
		return "PostgreSQL 15.8 (tinybase)", nil
	}})
	r.Add("num_nulls", FuncImpl{VarAny: true, NonStrict: true, Result: Fixed(types.Int4), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		n := int32(0)
		for _, v := range a {
			if v == nil {
				n++
			}
		}
		return n, nil
	}})
	r.Add("num_nonnulls", FuncImpl{VarAny: true, NonStrict: true, Result: Fixed(types.Int4), Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
		n := int32(0)
		for _, v := range a {
			if v != nil {
				n++
			}
		}
		return n, nil
	}})
}
