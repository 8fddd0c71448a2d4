package pgcatalog

import (
	"strconv"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgDescription is pg_catalog.pg_description: the comments of COMMENT ON.
var pgDescription = &def{
	cols: []column{{"objoid", types.Oid}, {"classoid", types.Oid}, {"objsubid", types.Int4}, {"description", types.Text}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, c := range s.Catalog.Comments() {
			k := c.Key
			var oid, class uint32
			sub := int32(0)
			switch k.Kind {
			case catalog.ObjRelation:
				oid, class = s.RelOID(k.Schema, k.Name), pgClassOID
			case catalog.ObjColumn:
				oid, class = s.RelOID(k.Schema, k.Name), pgClassOID
				if t, ok, err := s.DB.Table(s.Ctx, k.Schema, k.Name); err == nil && ok {
					sub = int32(t.Schema().IndexOfColName(k.Column) + 1)
				}
			case catalog.ObjType:
				if d, ok := s.Catalog.Type(catalog.QName{Schema: k.Schema, Name: k.Name}); ok {
					oid = d.Type.OID
				}
				class = pgTypeOID
			case catalog.ObjPolicy:
				p, ok := s.Catalog.Policy(catalog.QName{Schema: k.Schema, Name: k.Name}, k.Column)
				if !ok {
					continue
				}
				oid, class = p.OID, pgPolicyOID
			case catalog.ObjTrigger:
				t, ok := s.Catalog.Trigger(catalog.QName{Schema: k.Schema, Name: k.Name}, k.Column)
				if !ok {
					continue
				}
				oid, class = t.OID, pgTriggerOID
			case catalog.ObjConstraint:
				oid, class = stableOID("c:"+k.Schema+"."+k.Name+"."+k.Column), pgConstraintOID // as pg_constraint.go
			case catalog.ObjSchema:
				oid, class = NamespaceOID(k.Name), pgNamespaceOID
			case catalog.ObjExtension:
				oid, class = ExtensionOID(k.Name), pgExtensionOID
			case catalog.ObjFunction:
				oid, class = s.functionOID(k.Schema, k.Name), pgProcOID
				if oid == 0 {
					continue
				}
			case catalog.ObjCast:
				oid, class = parseOID(k.Name), pgCastOID
			case catalog.ObjLargeObject:
				oid, class = parseOID(k.Name), pgLargeobjectOID
			default:
				var ok bool
				if oid, class, ok = tsCommentObject(s, k); !ok { // pg_ts.go
					continue
				}
			}
			out = append(out, []any{oid, class, sub, c.Text})
		}
		return out, nil
	},
}

// TableObjectDescription is obj_description(oid, catalog) for a policy,
// trigger or constraint (catalog "pg_policy", "pg_trigger" or
// "pg_constraint").
func (s *State) TableObjectDescription(oid uint32, catalogName string) (string, bool, error) {
	class := map[string]uint32{"pg_policy": pgPolicyOID, "pg_trigger": pgTriggerOID, "pg_constraint": pgConstraintOID,
		"pg_ts_config": 3602, "pg_ts_dict": 3600, "pg_ts_template": 3764, "pg_cast": pgCastOID,
		"pg_largeobject": pgLargeobjectOID}[catalogName]
	rows, err := pgDescription.rows(s)
	if err != nil {
		return "", false, err
	}
	for _, r := range rows {
		if r[0] == oid && r[1] == class {
			return r[3].(string), true, nil
		}
	}
	return "", false, nil
}

// parseOID reads an OID kept as decimal text (a cast's comment key).
func parseOID(s string) uint32 {
	n, _ := strconv.ParseUint(s, 10, 32)
	return uint32(n)
}
