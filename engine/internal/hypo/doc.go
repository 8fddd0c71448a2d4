// Package hypo holds a session's hypothetical indexes (the hypopg
// extension, https://hypopg.readthedocs.io): index definitions that exist
// only in one session's memory — never in the catalog, never in storage,
// not transactional (a ROLLBACK keeps them), gone with the session — and
// that only a plain EXPLAIN plans with. It also holds the session's list of
// hidden indexes (hypopg_hide_index), which EXPLAIN plans without.
//
// The extension's functions (engine/internal/extensions, hypopg.go and
// index_advisor.go) parse and resolve CREATE INDEX statements and fill a
// Set; the session owns the Set and hands its plain-column B-tree indexes
// to the access-path rule for EXPLAIN (gmsadapter.WithHypothetical).
//
// It imports only engine/internal/pgident: it is data and its naming
// rules.
package hypo
