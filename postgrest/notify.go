package postgrest

import (
	"context"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tinybase/tinybase/engine"
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
		if reloadsSchema(n.Payload) {
			x.version.n.Add(1)
		}
	}
}

// engineReload counts NOTIFY pgrst reloads committed on an engine. The
// subscription starts with the executor's first SchemaVersion call, which
// the server makes before it builds its first schema cache.
type engineReload struct {
	once sync.Once
	n    atomic.Uint64
}

func (x *EngineExecutor) reloads() uint64 {
	x.reload.once.Do(func() {
		x.Engine.Subscribe(pgrstChannel, func(n engine.Notification) {
			if reloadsSchema(n.Payload) {
				x.reload.n.Add(1)
			}
		})
	})
	return x.reload.n.Load()
}

// pgrstChannel is PostgREST's default db-channel.
const pgrstChannel = "pgrst"

// reloadsSchema reports whether a pgrst payload reloads the schema cache:
// 'reload schema' or an empty payload (PostgREST docs: Schema Cache
// Reloading). 'reload config' re-reads PostgREST's configuration, which
// here is the Go Config the server was built with: nothing to re-read.
func reloadsSchema(payload string) bool {
	switch strings.TrimSpace(payload) {
	case "", "reload schema":
		return true
	}
	return false
}
