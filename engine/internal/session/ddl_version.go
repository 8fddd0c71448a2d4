package session

// DDLVersion is a counter that moves whenever a transaction that ran DDL
// ends. Caches derived from the catalog (the PostgREST schema cache) reload
// when it changes.
func (e *Engine) DDLVersion() uint64 { return e.ddlVersion.Load() }
