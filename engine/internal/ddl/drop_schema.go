package ddl

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// DROP SCHEMA drops the schema's objects and, under CASCADE, what other
// schemas hold that depends on them: PostgreSQL's findDependentObjects
// walks pg_depend from the schema outwards. The functions below find
// those outside dependents for each kind of member — columns of the
// schema's types, routines taking or returning them, defaults and other
// stored expressions naming its sequences and tables, foreign keys and
// views on its tables, triggers running its functions — for the 2BP01
// DETAIL of a DROP without CASCADE and for the drops under it.

// schemaMember is one object of a schema and the lines of PostgreSQL's
// DETAIL for it: its own ("table s.t depends on schema s") and its
// dependents' outside the schema.
type schemaMember struct {
	oid   uint32 // creation order of catalog objects; tables come first
	lines []string
}

// schemaDependencyDetail is the DETAIL of DROP SCHEMA without CASCADE:
// each member with the outside objects depending on it, members in
// creation order (tables, which tinybase does not number, first by name).
func schemaDependencyDetail(h Host, cat *catalog.Catalog, schema string, tables []string) []string {
	inSchema := schemaRelations(h, cat, schema, tables)
	dep := func(desc string) string { return desc + " depends on schema " + schema }
	var members []schemaMember
	for _, t := range tables {
		q := catalog.QName{Schema: schema, Name: t}
		on := relationDesc(h, "table", schema, t)
		lines := []string{dep(on)}
		lines = append(lines, relationUsers(h, cat, q, "table", on, inSchema)...)
		members = append(members, schemaMember{lines: lines})
	}
	var rest []schemaMember
	for _, d := range cat.Types() {
		if d.Type.Schema != schema || d.Type.Elem != nil && d.Type.Domain == nil {
			continue
		}
		name := visibleName(h, schema, d.Type.Name)
		lines := []string{dep("type " + name)}
		for _, u := range typeUsers(h, d.Type.OID) {
			if u.table.SchemaName() != schema {
				col := columnDesc(h, u.table.SchemaName(), u.table.Name(), u.column)
				lines = append(lines, col+" depends on type "+name)
				for _, v := range columnViews(cat, u, inSchema) {
					lines = append(lines, relationDesc(h, "view", v.Schema, v.Name)+" depends on "+col)
				}
			}
		}
		for _, u := range outsideTypeRoutines(h, cat, schema, d.Type.Name) {
			lines = append(lines, fmt.Sprintf("function %s depends on type %s", u.desc, u.typ))
		}
		rest = append(rest, schemaMember{oid: d.Type.OID, lines: lines})
	}
	for _, v := range cat.Views() {
		if v.Schema != schema {
			continue
		}
		on := relationDesc(h, "view", schema, v.Name)
		lines := append([]string{dep(on)}, relationUsers(h, cat, catalog.QName{Schema: schema, Name: v.Name}, "view", on, inSchema)...)
		rest = append(rest, schemaMember{oid: v.OID, lines: lines})
	}
	for _, s := range cat.Sequences() {
		if s.Schema != schema || s.OwnedBy != nil {
			continue
		}
		on := relationDesc(h, "sequence", schema, s.Name)
		lines := append([]string{dep(on)}, relationUsers(h, cat, catalog.QName{Schema: schema, Name: s.Name}, "sequence", on, inSchema)...)
		rest = append(rest, schemaMember{oid: s.OID, lines: lines})
	}
	for _, f := range cat.AllFunctions() {
		if f.Schema != schema {
			continue
		}
		on := "function " + functionDesc(h, f)
		lines := []string{dep(on)}
		for _, tg := range outsideTriggers(cat, schema, f.OID) {
			lines = append(lines, triggerDesc(h, tg)+" depends on "+on)
		}
		rest = append(rest, schemaMember{oid: f.OID, lines: lines})
	}
	sort.SliceStable(rest, func(i, j int) bool { return rest[i].oid < rest[j].oid })
	var out []string
	for _, m := range append(members, rest...) {
		out = append(out, m.lines...)
	}
	return out
}

// schemaRelations are the relations of a schema (tables, views,
// sequences), whose own stored expressions go with it.
func schemaRelations(h Host, cat *catalog.Catalog, schema string, tables []string) map[catalog.QName]bool {
	out := map[catalog.QName]bool{}
	for _, t := range tables {
		out[catalog.QName{Schema: schema, Name: t}] = true
	}
	for _, v := range cat.Views() {
		if v.Schema == schema {
			out[catalog.QName{Schema: schema, Name: v.Name}] = true
		}
	}
	for _, s := range cat.Sequences() {
		if s.Schema == schema {
			out[catalog.QName{Schema: schema, Name: s.Name}] = true
		}
	}
	return out
}

// relationUsers are the DETAIL lines of the objects outside skip that
// depend on relation q: stored expressions naming it, foreign keys
// referencing it, views reading it, in the order PostgreSQL finds them
// (defaults, constraints and indexes, foreign keys, views, then
// policies and triggers).
func relationUsers(h Host, cat *catalog.Catalog, q catalog.QName, kind, on string, skip map[catalog.QName]bool) []string {
	uses := findRegclassUses(h, cat, q, kind, skip)
	var exprs, others []string
	for _, l := range uses.detail {
		switch {
		case strings.HasPrefix(l, "default value "), strings.HasPrefix(l, "constraint "), strings.HasPrefix(l, "index "):
			exprs = append(exprs, l)
		case strings.HasPrefix(l, "view "):
			// listed below with the views reading q
		default:
			others = append(others, l)
		}
	}
	lines := exprs
	if kind == "table" {
		ctx := h.SQLContext()
		for _, t := range allTables(h, ctx, h.StorageTxn()) {
			tq := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
			if skip[tq] {
				continue
			}
			fks, err := t.GetDeclaredForeignKeys(ctx)
			if err != nil {
				continue
			}
			for _, fk := range fks {
				if fk.ParentSchema == q.Schema && fk.ParentTable == q.Name {
					lines = append(lines, "constraint "+fk.Name+" on "+relationDesc(h, "table", tq.Schema, tq.Name)+" depends on "+on)
				}
			}
		}
	}
	// the views reading q or naming it, in creation order, each followed
	// by the views reading it
	seen := map[catalog.QName]bool{}
	for k := range skip {
		seen[k] = true
	}
	tops := slices.Clone(uses.views)
	for _, d := range cat.Dependents(q) {
		if dq := (catalog.QName{Schema: d.Schema, Name: d.Name}); !seen[dq] && !slices.Contains(tops, dq) {
			tops = append(tops, dq)
		}
	}
	viewOID := func(v catalog.QName) uint32 {
		if w, ok := cat.View(v); ok {
			return w.OID
		}
		return 0
	}
	slices.SortStableFunc(tops, func(a, b catalog.QName) int { return cmp.Compare(viewOID(a), viewOID(b)) })
	for _, v := range tops {
		if seen[v] {
			continue
		}
		seen[v] = true
		lines = append(lines, relationDesc(h, "view", v.Schema, v.Name)+" depends on "+on)
		viewDependents(h, cat, v, "view", seen, &lines)
	}
	lines = append(lines, others...)
	return lines
}

// outsideTypeRoutines are the routines of other schemas taking or
// returning type schema.name (or an array of it).
func outsideTypeRoutines(h Host, cat *catalog.Catalog, schema, name string) []typeUser {
	members := map[uint32]bool{}
	for _, f := range cat.AllFunctions() {
		if f.Schema == schema {
			members[f.OID] = true
		}
	}
	return routineTypeUsers(h, cat, map[[2]string]bool{{schema, name}: true}, members) // extension.go
}

// outsideTriggers are the triggers on tables of other schemas that run
// function oid.
func outsideTriggers(cat *catalog.Catalog, schema string, oid uint32) []*catalog.Trigger {
	var out []*catalog.Trigger
	for _, tg := range cat.AllTriggers() {
		if tg.Function == oid && tg.Table.Schema != schema {
			out = append(out, tg)
		}
	}
	slices.SortFunc(out, func(a, b *catalog.Trigger) int { return int(a.OID) - int(b.OID) })
	return out
}

// columnViews are the views outside skip reading column u (of a type the
// statement drops), which go with it.
func columnViews(cat *catalog.Catalog, u tableColumn, skip map[catalog.QName]bool) []catalog.QName {
	t := catalog.QName{Schema: u.table.SchemaName(), Name: u.table.Name()}
	var out []catalog.QName
	for _, v := range cat.Dependents(t) {
		vq := catalog.QName{Schema: v.Schema, Name: v.Name}
		if !skip[vq] && translate.ViewReadsColumn(v, t.Name, u.column) {
			out = append(out, vq)
		}
	}
	return out
}

// functionDesc is a routine as PostgreSQL's DETAIL names it: s.f(args),
// qualified when its schema is off the search path.
func functionDesc(h Host, f *catalog.Function) string {
	sig := f.DescribedSignature()
	if visibleName(h, f.Schema, "x") != "x" {
		sig = pgident.QuoteIfNeeded(f.Schema) + "." + sig
	}
	return sig
}

// dropSchemaRoutines is DROP SCHEMA ... CASCADE's first step: the
// routines of other schemas taking or returning the schema's types go,
// by a script whose statements report their own cascades, so this runs
// before the statement reports any; it returns the routines' lines.
func dropSchemaRoutines(h Host, schema string) ([]string, error) {
	var script strings.Builder
	var lines []string
	for _, d := range h.Catalog().Types() {
		if d.Type.Schema != schema || d.Type.Elem != nil && d.Type.Domain == nil {
			continue
		}
		for _, u := range outsideTypeRoutines(h, h.Catalog(), schema, d.Type.Name) {
			fmt.Fprintf(&script, "DROP %s IF EXISTS %s CASCADE;\n", u.word, u.drop)
			lines = append(lines, "function "+u.desc)
		}
	}
	if len(lines) == 0 {
		return nil, nil
	}
	xh, ok := h.(ExtensionHost)
	if !ok {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "DROP SCHEMA %s CASCADE cannot drop the routines using its types here", schema)
	}
	return lines, xh.RunExtensionScript(script.String(), schema)
}

// dropSchemaOutsiders is DROP SCHEMA ... CASCADE's next step: the
// objects of other schemas that depend on the schema's types, sequences
// and functions go (the tables' and views' go with them, DropTableDeps).
func dropSchemaOutsiders(h Host, schema string, tables []string) error {
	cat := h.Catalog()
	inSchema := schemaRelations(h, cat, schema, tables)
	for _, f := range cat.AllFunctions() {
		if f.Schema != schema {
			continue
		}
		for _, tg := range outsideTriggers(cat, schema, f.OID) {
			h.DropCascades(triggerDesc(h, tg))
			cat = cat.DropTrigger(tg.Table, tg.Name)
		}
	}
	h.SetCatalog(cat)
	for _, d := range cat.Types() {
		if d.Type.Schema != schema || d.Type.Elem != nil && d.Type.Domain == nil {
			continue
		}
		ctx := h.SQLContext()
		for _, u := range typeUsers(h, d.Type.OID) {
			if u.table.SchemaName() == schema {
				continue
			}
			h.DropCascades(columnDesc(h, u.table.SchemaName(), u.table.Name(), u.column))
			next := h.Catalog()
			for _, v := range columnViews(next, u, inSchema) {
				if _, ok := next.View(v); !ok {
					continue // dropped with a view it reads
				}
				h.DropCascades(relationDesc(h, "view", v.Schema, v.Name))
				var err error
				if next, err = dropRelationCascade(h, next, v, "view", true); err != nil {
					return err
				}
				next = next.DropView(v)
			}
			h.SetCatalog(next)
			if err := u.table.DropColumn(ctx, u.column); err != nil {
				return h.MapError(err)
			}
		}
	}
	for _, s := range h.Catalog().Sequences() {
		if s.Schema != schema || s.OwnedBy != nil {
			continue
		}
		next, err := dropRegclassUsers(h, h.Catalog(), catalog.QName{Schema: schema, Name: s.Name}, "sequence", true, inSchema)
		if err != nil {
			return err
		}
		h.SetCatalog(next)
	}
	for _, v := range h.Catalog().Views() {
		if v.Schema != schema {
			continue
		}
		q := catalog.QName{Schema: schema, Name: v.Name}
		next, err := dropRegclassUsers(h, h.Catalog(), q, "view", true, inSchema)
		if err != nil {
			return err
		}
		// the views of other schemas reading it (its own schema's go
		// with the schema, listed once)
		for _, d := range next.Dependents(q) {
			dq := catalog.QName{Schema: d.Schema, Name: d.Name}
			if _, ok := next.View(dq); !ok || inSchema[dq] {
				continue
			}
			h.DropCascades(relationDesc(h, "view", d.Schema, d.Name))
			if next, err = dropRelationCascade(h, next, dq, "view", true); err != nil {
				return err
			}
			next = next.DropView(dq)
		}
		h.SetCatalog(next)
	}
	return nil
}
