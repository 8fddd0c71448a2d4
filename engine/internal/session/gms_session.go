package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/dml"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/gmsadapter"
	"github.com/tinybase/tinybase/engine/internal/routines"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// gmsSession is the sql.Session go-mysql-server sees for a Session: every
// sql.Context the session builds carries it, never the *Session. GMS's
// session API (session variables, warnings, locks, the current database)
// lives on its BaseSession, so it stays out of Session's method set; the
// hooks the engine's own packages look for on a context's session
// (storage.Session, expr.Env, dml.Hosted, gmsadapter.Host, the routine
// runners) are small forwarders to the Session. Connect builds one per
// Session, so contexts cost no allocation for it.
type gmsSession struct {
	*sql.BaseSession
	s *Session
}

// The adapter is GMS's session and carries every hook the concern packages
// assert on a context's session. *Session itself is not a sql.Session:
// `var _ sql.Session = (*Session)(nil)` does not compile.
var (
	_ sql.Session             = (*gmsSession)(nil)
	_ storage.Session         = (*gmsSession)(nil)
	_ storage.SystemSchemas   = (*gmsSession)(nil)
	_ storage.EphemeralTables = (*gmsSession)(nil)
	_ storage.CheckResolver   = (*gmsSession)(nil)
	_ storage.RowSecurity     = (*gmsSession)(nil)
	_ expr.Env                = (*gmsSession)(nil)
	_ expr.ErrorSink          = (*gmsSession)(nil)
	_ expr.Notifier           = (*gmsSession)(nil)
	_ dml.Hosted              = (*gmsSession)(nil)
	_ gmsadapter.Host         = (*gmsSession)(nil)
	_ translate.RoutineRunner = (*gmsSession)(nil)
	_ translate.RowSetRunner  = (*gmsSession)(nil)
	// routines' stateHolder is unexported; this is its method.
	_ interface{ RoutineState() *routines.State } = (*gmsSession)(nil)
)

// fromContext returns the Session behind ctx's GMS session, if it is one:
// the one way from a GMS context back to its *Session.
func fromContext(ctx *sql.Context) (*Session, bool) {
	if ctx == nil {
		return nil, false
	}
	g, ok := ctx.Session.(*gmsSession)
	if !ok {
		return nil, false
	}
	return g.s, true
}

// storage.Session, storage.SystemSchemas, storage.EphemeralTables,
// storage.CheckResolver, storage.RowSecurity and storage.ExclusionChecker.

func (g *gmsSession) StorageTxn() *storage.Txn { return g.s.StorageTxn() }

var _ gmsadapter.IndexScanSetting = (*gmsSession)(nil)

// GetSessionVariable is GMS's, except that foreign_key_checks is 0 while
// a replica-mode session plans a write (Session.replicaWrites).
func (g *gmsSession) GetSessionVariable(ctx *sql.Context, name string) (interface{}, error) {
	if g.s.fkChecksOff && name == "foreign_key_checks" {
		return int8(0), nil
	}
	return g.BaseSession.GetSessionVariable(ctx, name)
}

// EnableIndexScan implements gmsadapter.IndexScanSetting.
func (g *gmsSession) EnableIndexScan() bool {
	v, _ := g.s.Setting("enable_indexscan")
	return v != "off"
}
func (g *gmsSession) SearchPath() []string { return g.s.SearchPath() }
func (g *gmsSession) SystemTable(ctx *sql.Context, schema, name string) (sql.Table, bool) {
	return g.s.SystemTable(ctx, schema, name)
}
func (g *gmsSession) EphemeralTable(name string) (sql.Table, bool) { return g.s.EphemeralTable(name) }
func (g *gmsSession) ResolveChecks(checks []sql.CheckDefinition) ([]sql.CheckDefinition, error) {
	return g.s.ResolveChecks(checks)
}
func (g *gmsSession) CheckExclusion(ctx *sql.Context, t *storage.Table, row sql.Row) error {
	return g.s.CheckExclusion(ctx, t, row) // exclusion.go
}
func (g *gmsSession) RowSecurityChecks(schema, table string) []sql.CheckDefinition {
	return g.s.RowSecurityChecks(schema, table)
}

// expr.Env, expr.ErrorSink and expr.Notifier.

func (g *gmsSession) TypesEnv() *types.Env               { return g.s.TypesEnv() }
func (g *gmsSession) Setting(name string) (string, bool) { return g.s.Setting(name) }
func (g *gmsSession) SetSetting(name, value string, local bool) error {
	return g.s.SetSetting(name, value, local)
}
func (g *gmsSession) CurrentUser() string                   { return g.s.CurrentUser() }
func (g *gmsSession) SessionUser() string                   { return g.s.SessionUser() }
func (g *gmsSession) SchemasOnPath() []string               { return g.s.SchemasOnPath() }
func (g *gmsSession) Database() string                      { return g.s.Database() }
func (g *gmsSession) Notice(severity, code, message string) { g.s.Notice(severity, code, message) }
func (g *gmsSession) DeferError(err error)                  { g.s.DeferError(err) }
func (g *gmsSession) TakeDeferredError() error              { return g.s.takeDeferredError() }
func (g *gmsSession) Notify(channel, payload string) error  { return g.s.Notify(channel, payload) }

// dml.Hosted, gmsadapter.Host and routines' stateHolder.

func (g *gmsSession) DMLHost() dml.Host                      { return g.s.DMLHost() }
func (g *gmsSession) SignedOutput() *gmsadapter.SignedOutput { return g.s.SignedOutput() }
func (g *gmsSession) RoutineState() *routines.State          { return g.s.RoutineState() }

// translate.RoutineRunner and translate.RowSetRunner.

func (g *gmsSession) CallRoutine(ctx *sql.Context, fn *catalog.Function, args []any) (any, error) {
	return g.s.CallRoutine(ctx, fn, args)
}
func (g *gmsSession) CurrentRoutine(oid uint32) (*catalog.Function, bool) {
	return g.s.CurrentRoutine(oid)
}
func (g *gmsSession) CallRoutineRows(ctx *sql.Context, fn *catalog.Function, args []any) ([][]any, error) {
	return g.s.CallRoutineRows(ctx, fn, args)
}
