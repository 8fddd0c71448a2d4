package engine

import "github.com/tinybase/tinybase/engine/catalog"

// CatalogFunctions lists the user-defined functions and procedures the session's
// catalog holds (pg_proc's rows). The PostgREST schema cache reads them
// here until pg_proc is queryable.
func (s *Session) CatalogFunctions() []*catalog.Function { return s.catalog().AllFunctions() }
