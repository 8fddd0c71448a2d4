package session

import (
	"net/netip"

	"github.com/tinybase/tinybase/engine/internal/expr"
)

var (
	_ expr.ConnEnv      = (*gmsSession)(nil)
	_ expr.WaitReporter = (*gmsSession)(nil)
)

// ReportWait shows what the running statement waits for in
// pg_stat_activity (activity.go).
func (g *gmsSession) ReportWait(typ, event string) func() { return g.s.reportWait(typ, event) }

// The connection's ends and the client's query text, for the session
// information functions (expr.ConnEnv).

// ClientAddr is the client's end of the session's connection (zero when
// it has none).
func (g *gmsSession) ClientAddr() netip.AddrPort { return g.s.clientAddr }

// ServerAddr is the server's end of the session's connection.
func (g *gmsSession) ServerAddr() netip.AddrPort { return g.s.serverAddr }

// CurrentQuery is the text the client sent that is running.
func (g *gmsSession) CurrentQuery() string { return g.s.clientQuery }
