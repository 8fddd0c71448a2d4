// Package session is the engine behind the façade: an Engine (committed
// storage, the go-mysql-server engine built for it, sequence counters,
// the notification hub, the engine-wide caches) and a Session (one
// connection's settings, role, transaction and statement caches), and the
// statement pipeline that joins the concern packages:
//
//	text ──parse (internal/pgtree)──► parse tree ──secure (security)──►
//	translate (translate) ──► command (this package's dispatch, ddl,
//	security, routines, dml) or vitess AST ──plan (gmsadapter, GMS)──►
//	execute over storage ──► Rows (rows.go), errors mapped to *pgerror.Error
//
// session.go holds Query and the pipeline, commands.go the table of every
// command the engine runs itself and its handler, txn_end.go the rule for
// ending a statement's transaction, prepare.go the extended
// protocol's Prepare / Bind, copy.go COPY (its formats are copycodec's),
// settings.go and guc.go SET / SHOW and transactions, cursor.go DECLARE /
// FETCH / MOVE / CLOSE and the cursors PL/pgSQL opens, notify.go LISTEN /
// NOTIFY, changes.go committed row changes for Realtime
// (Engine.SubscribeChanges), errors.go and errpos.go the mapping of GMS's errors to
// PostgreSQL's with cursor positions, bootstrap*.go the Supabase template
// every Open snapshots, durable.go the data directory an Engine opened
// with Options.DataDir keeps (checkpoints as images, a log record per
// commit; the files are engine/internal/durable's), autoanalyze.go the
// background ANALYZE of tables past autovacuum's threshold, and the *_host.go files the narrow interfaces
// through which each concern package (ddl, dml, security, routines,
// gmsadapter, cache) reaches the session; gms_session.go holds the adapter
// that is go-mysql-server's sql.Session for a Session, so GMS's session API
// stays off Session and the hosts are found through it. The caches it keeps, and when
// they go stale, are described in package cache.
//
// builtins.go is the composition root of the built-in function registry
// (Builtins): it lists every family of built-in functions in order —
// engine/internal/expr's, then this package's catalog, privilege and
// sequence functions — and builds the expr.Registry once. It lives here
// because this is the one package that can reach both sides (expr cannot
// import the session-aware families, which need the session). Those
// families reach the session only through funcSession
// (builtin_session.go), got from the GMS context by funcSessionOf.
//
// Nothing outside engine/ imports this package: the engine package
// wraps Engine and Session in its façade.
package session
