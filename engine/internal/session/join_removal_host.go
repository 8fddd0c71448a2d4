package session

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/gmsadapter"
)

var _ gmsadapter.DeferrableUniques = (*gmsSession)(nil)

// DeferrableUnique implements gmsadapter.DeferrableUniques: a unique
// index of a DEFERRABLE constraint may hold duplicate keys inside a
// transaction (storage's deferred_unique.go), so the planner does not
// take it as unique when it removes joins.
func (g *gmsSession) DeferrableUnique(schema, table, index string) bool {
	d, _ := catalog.Of(g.s.StorageTxn().Meta()).Deferrable(catalog.QName{Schema: schema, Name: table}, index)
	return d
}
