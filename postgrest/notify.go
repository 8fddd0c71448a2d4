package postgrest

import (
	"context"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// pgxVersion counts schema and config reload notifications for a
// PgxExecutor.
type pgxVersion struct{ n, cfg atomic.Uint64 }

// SchemaVersion implements Versioned: it moves on NOTIFY pgrst, 'reload
// schema' (or an empty payload, as PostgREST accepts) once Listen runs.
func (x *PgxExecutor) SchemaVersion() uint64 { return x.version.n.Load() }

// ConfigVersion implements ConfigVersioned: it moves on NOTIFY pgrst,
// 'reload config' once Listen runs.
func (x *PgxExecutor) ConfigVersion() uint64 { return x.version.cfg.Load() }

var _ Versioned = (*PgxExecutor)(nil)
var _ ConfigVersioned = (*PgxExecutor)(nil)

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
	x.version.cfg.Add(1)
	for {
		n, err := c.Conn().WaitForNotification(ctx)
		if err != nil {
			_, _ = c.Conn().Exec(context.Background(), "unlisten pgrst")
			return err
		}
		if reloadsSchema(n.Payload) {
			x.version.n.Add(1)
		}
		if reloadsConfig(n.Payload) {
			x.version.cfg.Add(1)
		}
	}
}

// engineReload counts NOTIFY pgrst reloads committed on an engine. The
// subscription starts with the executor's first SchemaVersion call, which
// the server makes before it builds its first schema cache.
type engineReload struct {
	once   sync.Once
	n, cfg atomic.Uint64
	cancel func() // ends the subscription (Close)
}

func (x *EngineExecutor) reloads() uint64 {
	x.reload.once.Do(func() {
		x.reload.cancel = x.Engine.Subscribe(pgrstChannel, func(n engine.Notification) {
			if reloadsSchema(n.Payload) {
				x.reload.n.Add(1)
			}
			if reloadsConfig(n.Payload) {
				x.reload.cfg.Add(1)
			}
		})
	})
	return x.reload.n.Load()
}

// pgrstChannel is PostgREST's default db-channel.
const pgrstChannel = "pgrst"

// ConfigVersion implements ConfigVersioned: the 'reload config'
// notifications received on the pgrst channel.
func (x *EngineExecutor) ConfigVersion() uint64 {
	x.reloads() // subscribes
	return x.reload.cfg.Load()
}

var _ ConfigVersioned = (*EngineExecutor)(nil)

// reloadsConfig reports whether a pgrst payload re-reads the in-database
// configuration (PostgREST docs: Configuration Reloading).
func reloadsConfig(payload string) bool { return strings.TrimSpace(payload) == "reload config" }

// reloadsSchema reports whether a pgrst payload reloads the schema cache:
// 'reload schema' or an empty payload (PostgREST docs: Schema Cache
// Reloading). 'reload config' re-reads the in-database configuration
// (db_config.go), which reloads the schema cache after it.
func reloadsSchema(payload string) bool {
	switch strings.TrimSpace(payload) {
	case "", "reload schema":
		return true
	}
	return false
}

// Close ends the executor's NOTIFY pgrst subscription on the engine and
// closes its idle sessions; the engine itself stays open. After Close no
// new subscription is made, so reloads are no longer seen.
func (x *EngineExecutor) Close() error {
	x.reload.once.Do(func() {}) // never subscribe after Close
	if x.reload.cancel != nil {
		x.reload.cancel()
	}
	x.mu.Lock()
	idle := x.idle
	x.idle = nil
	x.mu.Unlock()
	for _, s := range idle {
		s.Close()
	}
	return nil
}

var _ io.Closer = (*EngineExecutor)(nil)
