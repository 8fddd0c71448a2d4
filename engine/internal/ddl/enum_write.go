package ddl

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// UpdateEnumRows applies a superuser's UPDATE of pg_enum rows (each old
// row with its new values): new sort orders reorder the labels as
// enum_range and pg_enum list them (not as they compare:
// types/enum_order.go), and a changed label renames it as ALTER TYPE ...
// RENAME VALUE does. A row's oid and enumtypid are
// not the catalog's to change.
func UpdateEnumRows(h Host, changes [][2]pgcatalog.EnumRow) error {
	if r, ok := h.Catalog().Role(h.CurrentUser()); !ok || !r.Super {
		return pgerror.New(pgerror.InsufficientPrivilege, "permission denied for table pg_enum")
	}
	byType := map[uint32][][2]pgcatalog.EnumRow{}
	var order []uint32
	for _, c := range changes {
		old, nw := c[0], c[1]
		if nw.OID != old.OID || nw.TypeOID != old.TypeOID {
			return pgerror.New(pgerror.FeatureNotSupported, "tinybase applies UPDATE of pg_enum to enumsortorder and enumlabel only")
		}
		if _, seen := byType[old.TypeOID]; !seen {
			order = append(order, old.TypeOID)
		}
		byType[old.TypeOID] = append(byType[old.TypeOID], c)
	}
	for _, oid := range order {
		if err := updateEnumType(h, oid, byType[oid]); err != nil {
			return err
		}
	}
	return nil
}

func updateEnumType(h Host, oid uint32, changes [][2]pgcatalog.EnumRow) error {
	cat := h.Catalog()
	var q catalog.QName
	var d *catalog.TypeDef
	for _, td := range cat.Types() {
		if td.Type.OID == oid {
			q, d = catalog.QName{Schema: td.Type.Schema, Name: td.Type.Name}, td
		}
	}
	if d == nil || d.Type.Kind != types.KindEnum {
		return nil // the row's type went away in this statement
	}
	labels := append([]string(nil), d.Type.Labels...)
	orders := append([]float32(nil), d.Type.SortOrders()...)
	var renames [][2]string
	for _, c := range changes {
		at := -1
		for i, l := range labels {
			if l == c[0].Label {
				at = i
			}
		}
		if at < 0 {
			continue
		}
		orders[at] = c[1].SortOrder
		if c[1].Label != c[0].Label {
			labels[at] = c[1].Label
			renames = append(renames, [2]string{c[0].Label, c[1].Label})
		}
	}
	// pg_enum's unique indexes on (enumtypid, enumlabel) and
	// (enumtypid, enumsortorder)
	seenL, seenO := map[string]bool{}, map[float32]bool{}
	for i, l := range labels {
		if seenL[l] {
			return pgerror.New(pgerror.UniqueViolation, "duplicate key value violates unique constraint \"pg_enum_typid_label_index\"").
				WithDetail("Key (enumtypid, enumlabel)=(%d, %s) already exists.", oid, l)
		}
		if seenO[orders[i]] {
			return pgerror.New(pgerror.UniqueViolation, "duplicate key value violates unique constraint \"pg_enum_typid_sortorder_index\"").
				WithDetail("Key (enumtypid, enumsortorder)=(%d, %s) already exists.", oid, types.Output(types.Float4, orders[i], h.Env()))
		}
		seenL[l], seenO[orders[i]] = true, true
	}
	// a rename first, under the old order, so the stored values follow
	for _, r := range renames {
		if err := renameEnumLabel(h, q, d, r[0], r[1]); err != nil {
			return err
		}
		d, _ = h.Catalog().Type(q)
	}
	nt := *d.Type
	nt.Labels = labels
	nt.EnumOrders = types.PlainOrders(orders)
	nd := *d
	nd.Type = &nt
	h.SetCatalog(h.Catalog().ReplaceType(q, &nd))
	return retypeColumns(h, oid, &nt)
}
