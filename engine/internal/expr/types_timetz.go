package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// AddTimeTZFuncs adds current_time.
// A family of session.Builtins.
//
// current_time (docs 9.9.5): the transaction's start time of day with the
// session TimeZone's offset, as time with time zone.
func AddTimeTZFuncs(r *Registry) {
	r.Add("current_time", FuncImpl{Result: Fixed(types.TimeTZType), Volatile: true, Fn: func(_ *sql.Context, env *types.Env, _ []any) (any, error) {
		t := bfEnvNow(env).In(bfEnvLoc(env))
		_, off := t.Zone()
		us := (int64(t.Hour())*3600+int64(t.Minute())*60+int64(t.Second()))*1e6 + int64(t.Nanosecond()/1000)
		return types.TimeTZ{Micros: us, Offset: int32(off)}, nil
	}})
}
