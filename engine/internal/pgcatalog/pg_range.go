package pgcatalog

import "github.com/tinybase/tinybase/engine/internal/types"

// pgRange is pg_catalog.pg_range: the built-in range types with their
// element and multirange types, btree operator class, canonical and
// subtype-difference functions, as PostgreSQL 15's catalog has them.
var pgRange = &def{
	cols: []column{
		{"rngtypid", types.Oid}, {"rngsubtype", types.Oid}, {"rngmultitypid", types.Oid},
		{"rngcollation", types.Oid}, {"rngsubopc", types.Oid}, {"rngcanonical", types.Regproc}, {"rngsubdiff", types.Regproc},
	},
	rows: func(*State) ([][]any, error) {
		// the element type's default btree operator class (pg_opclass)
		subopc := map[uint32]uint32{types.Int4.OID: 1978, types.Numeric.OID: 3125, types.Timestamp.OID: 3128,
			types.Timestamptz.OID: 3127, types.Date.OID: 3122, types.Int8.OID: 3124}
		var out [][]any
		for _, rt := range types.RangeTypes {
			canonical := "-"
			switch rt.RangeSub.Kind {
			case types.KindInt4, types.KindInt8, types.KindDate:
				canonical = rt.Name + "_canonical"
			}
			out = append(out, []any{rt.OID, rt.RangeSub.OID, types.MultirangeOf(rt).OID, uint32(0),
				subopc[rt.RangeSub.OID], canonical, rt.Name + "_subdiff"})
		}
		return out, nil
	},
}
