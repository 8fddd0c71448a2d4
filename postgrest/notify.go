package postgrest

import (
	"context"
	"strings"
	"sync/atomic"
	"time"
)

// pgxVersion counts schema reload notifications for a PgxExecutor.
type pgxVersion struct{ n atomic.Uint64 }

// SchemaVersion implements Versioned: it moves on NOTIFY pgrst, 'reload
// schema' (or an empty payload, as PostgREST accepts) once Listen runs.
func (x *PgxExecutor) SchemaVersion() uint64 { return x.version.n.Load() }

var _ Versioned = (*PgxExecutor)(nil)

// Listen holds a connection that LISTENs on the pgrst channel until ctx
// ends, moving SchemaVersion on each reload notification, as PostgREST's
// listener does. It reconnects after errors.
func (x *PgxExecutor) Listen(ctx context.Context) {
	for ctx.Err() == nil {
		if err := x.listenOnce(ctx); err != nil && ctx.Err() == nil {
			select {
			case <-ctx.Done():
			case <-time.After(time.Second):
			}
		}
	}
}

func (x *PgxExecutor) listenOnce(ctx context.Context) error {
	c, err := x.Pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer c.Release()
	if _, err := c.Exec(ctx, "listen pgrst"); err != nil {
		return err
	}
	x.version.n.Add(1) // anything may have changed while not listening
	for {
		n, err := c.Conn().WaitForNotification(ctx)
		if err != nil {
			_, _ = c.Conn().Exec(context.Background(), "unlisten pgrst")
			return err
		}
		switch strings.TrimSpace(n.Payload) {
		case "", "reload schema":
			x.version.n.Add(1)
		}
	}
}
