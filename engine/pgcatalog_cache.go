package engine

import "github.com/tinybase/tinybase/engine/pgcatalog"

// catalogRowCache keeps the rows of the structural system catalogs this
// session has read while nothing they derive from has changed
// (pgcatalog.RowCache); catalogState hands it to every catalog read.
type catalogRowCache = pgcatalog.RowCache
