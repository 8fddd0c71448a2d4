package session

// DDLVersion is a counter that moves whenever a transaction that ran DDL,
// COMMENT ON included, ends. Caches derived from the catalog (the
// PostgREST schema cache, with its descriptions) reload when it changes.
func (e *Engine) DDLVersion() uint64 { return e.ddlVersion.Load() + e.commentVersion.Load() }
