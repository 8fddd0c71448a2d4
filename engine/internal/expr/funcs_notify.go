package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Notifier is implemented by the engine's session: pg_notify queues a
// notification for delivery when the transaction commits.
type Notifier interface {
	Notify(channel, payload string) error
}

// AddNotifyFuncs adds pg_notify.
// A family of session.Builtins.
func AddNotifyFuncs(r *Registry) {
	// pg_notify(channel, payload) (PostgreSQL docs: 9.27 System
	// Information Functions / NOTIFY): not strict, a NULL channel is an
	// empty one and a NULL payload an empty payload.
	r.Add("pg_notify", FuncImpl{Args: []*types.Type{types.Text, types.Text}, Result: Fixed(types.Void), Volatile: true, NonStrict: true,
		Fn: func(ctx *sql.Context, _ *types.Env, args []any) (any, error) {
			n, ok := ctx.Session.(Notifier)
			if !ok {
				return nil, pgerror.New(pgerror.FeatureNotSupported, "pg_notify is not supported outside a session")
			}
			ch, _ := args[0].(string)
			payload, _ := args[1].(string)
			return "", n.Notify(ch, payload) // void_out prints nothing
		}})
}
