package expr

import (
	"math"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// WaitReporter is a session that shows what its statement waits for (its
// wait_event_type and wait_event in pg_stat_activity) until the returned
// function is called.
type WaitReporter interface {
	ReportWait(typ, event string) (done func())
}

// AddSleepFuncs adds pg_sleep (PostgreSQL docs 9.9.6, Delaying
// Execution). The wait ends early when the statement is cancelled or
// times out, and the context's error becomes PostgreSQL's 57014.
// A family of session.Builtins.
func AddSleepFuncs(r *Registry) {
	r.Add("pg_sleep", FuncImpl{Args: []*types.Type{types.Float8}, Result: Fixed(types.Void), Volatile: true,
		Fn: func(ctx *sql.Context, _ *types.Env, args []any) (any, error) {
			secs, _ := args[0].(float64)
			if !(secs > 0) {
				return "", nil // negative, zero and NaN do not wait; +Inf waits for cancellation
			}
			d := time.Duration(math.MaxInt64)
			if secs < d.Seconds() {
				d = time.Duration(secs * float64(time.Second))
			}
			if w, ok := ctx.Session.(WaitReporter); ok {
				defer w.ReportWait("Timeout", "PgSleep")()
			}
			t := time.NewTimer(d)
			defer t.Stop()
			select {
			case <-t.C:
				return "", nil // void_out prints nothing
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}})
}
