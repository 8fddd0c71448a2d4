package ddl

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// DropObjects runs DROP of the catalog objects this package owns (types, domains, sequences, views, extensions), with CASCADE.
func DropObjects(h Host, c *translate.DropObjects) error {
	for _, n := range c.Names {
		var err error
		switch c.Kind {
		case "sequence":
			err = dropSequence(h, n, c)
		case "view":
			err = dropView(h, n, c)
		case "type", "domain":
			err = dropType(h, n, c)
		case "extension":
			err = DropExtension(h, n.Name, c.Cascade, c.IfExists) // extension.go
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func dropSequence(h Host, n catalog.QName, c *translate.DropObjects) error {
	cat := h.Catalog()
	seq, err := ResolveSequence(h, cat, n)
	if err != nil {
		if c.IfExists && codeOf(err) == pgerror.UndefinedTable {
			skipping(h, "sequence", n)
			return nil
		}
		if codeOf(err) == pgerror.UndefinedTable {
			return pgerror.New(pgerror.UndefinedTable, "sequence %q does not exist", n.Name)
		}
		return err
	}
	// CASCADE drops the column defaults that call nextval on it, and the
	// other expressions naming it as a regclass constant
	q := catalog.QName{Schema: seq.Schema, Name: seq.Name}
	if cat, err = dropRegclassUsers(h, cat, q, "sequence", c.Cascade, nil); err != nil {
		return err
	}
	h.SetCatalog(cat.DropSequence(q))
	return nil
}

// dropRegclassUsers refuses to drop relation q while stored expressions
// name it in a regclass constant (2BP01 with PostgreSQL's DETAIL), or
// under CASCADE drops them first (regclass_refs.go).
func dropRegclassUsers(h Host, cat *catalog.Catalog, q catalog.QName, kind string, cascade bool, skip map[catalog.QName]bool) (*catalog.Catalog, error) {
	uses := findRegclassUses(h, cat, q, kind, skip)
	if uses.empty() {
		return cat, nil
	}
	if !cascade {
		var detail []string
		viewDependents(h, cat, q, kind, map[catalog.QName]bool{}, &detail)
		return nil, dependError(kind, visibleName(h, q.Schema, q.Name)).(*pgerror.Error).WithDetail("%s", joinDetail(append(uses.detail, detail...)))
	}
	return dropRegclassUses(h, cat, uses)
}

type columnUse struct {
	table interface {
		ModifyColumn(*sql.Context, string, *sql.Column, *sql.ColumnOrder) error
		SchemaName() string
		Name() string
	}
	col *sql.Column
}

func dropView(h Host, n catalog.QName, c *translate.DropObjects) error {
	cat := h.Catalog()
	v, isTable := FindView(h, cat, n)
	if isTable {
		return pgerror.New(pgerror.WrongObjectType, "%q is not a view", n.Name).WithHint("Use DROP TABLE to remove a table.")
	}
	if v == nil {
		if c.IfExists {
			skipping(h, "view", n)
			return nil
		}
		return pgerror.New(pgerror.UndefinedTable, "view %q does not exist", n.Name)
	}
	if err := MemberDropError(cat, "view", v.Schema, v.Name, 0, v.Name); err != nil { // extension.go
		return err
	}
	cat, err := dropRegclassUsers(h, cat, catalog.QName{Schema: v.Schema, Name: v.Name}, "view", c.Cascade, nil)
	if err != nil {
		return err
	}
	if cat, err = dropRelationCascade(h, cat, catalog.QName{Schema: v.Schema, Name: v.Name}, "view", c.Cascade); err != nil {
		return err
	}
	if cat, err = dropMatviewCascade(h, cat, catalog.QName{Schema: v.Schema, Name: v.Name}, "view", c.Cascade, nil); err != nil {
		return err
	}
	h.SetCatalog(cat.DropView(catalog.QName{Schema: v.Schema, Name: v.Name}))
	return nil
}

// dropRelationCascade removes the views that depend on relation q, or
// fails with 2BP01 without CASCADE.
func dropRelationCascade(h Host, cat *catalog.Catalog, q catalog.QName, kind string, cascade bool) (*catalog.Catalog, error) {
	deps := cat.Dependents(q)
	if len(deps) > 0 && !cascade {
		var detail []string
		viewDependents(h, cat, q, kind, map[catalog.QName]bool{}, &detail)
		return nil, dependError(kind, visibleName(h, q.Schema, q.Name)).(*pgerror.Error).WithDetail("%s", strings.Join(detail, "\n"))
	}
	for _, d := range deps {
		dq := catalog.QName{Schema: d.Schema, Name: d.Name}
		if _, ok := cat.View(dq); !ok {
			continue // dropped already, with another view it reads
		}
		h.DropCascades(relationDesc(h, "view", d.Schema, d.Name))
		var err error
		if cat, err = dropRelationCascade(h, cat, dq, "view", true); err != nil {
			return nil, err
		}
		cat = cat.DropView(dq)
	}
	return cat, nil
}

// viewDependents lists the views that read relation q, and the views
// that read those, as PostgreSQL's DETAIL of a refused DROP does ("view
// v depends on table t").
func viewDependents(h Host, cat *catalog.Catalog, q catalog.QName, kind string, seen map[catalog.QName]bool, out *[]string) {
	for _, d := range cat.Dependents(q) {
		dq := catalog.QName{Schema: d.Schema, Name: d.Name}
		if seen[dq] {
			continue
		}
		seen[dq] = true
		*out = append(*out, relationDesc(h, "view", d.Schema, d.Name)+" depends on "+relationDesc(h, kind, q.Schema, q.Name))
		viewDependents(h, cat, dq, "view", seen, out)
	}
}

// dropMatviewCascade drops the materialized views whose query reads
// relation q (with what depends on them), or fails with 2BP01 without
// CASCADE; skip are relations the statement drops itself.
func dropMatviewCascade(h Host, cat *catalog.Catalog, q catalog.QName, kind string, cascade bool, skip map[catalog.QName]bool) (*catalog.Catalog, error) {
	for _, m := range cat.Matviews() {
		if m.Table == q || skip[m.Table] || !slices.Contains(queryRelations(h, m.Text), q) {
			continue
		}
		if !cascade {
			return nil, dependError(kind, visibleName(h, q.Schema, q.Name))
		}
		h.DropCascades(relationDesc(h, "materialized view", m.Table.Schema, m.Table.Name))
		var err error
		if cat, err = dropRelationCascade(h, cat, m.Table, "materialized view", true); err != nil {
			return nil, err
		}
		if cat, err = dropMatviewCascade(h, cat, m.Table, "materialized view", true, skip); err != nil {
			return nil, err
		}
		if err := h.Database().Schema(m.Table.Schema).DropTable(h.SQLContext(), m.Table.Name); err != nil {
			return nil, h.MapError(err)
		}
		cat = cat.DropMatview(m.Table).DropRelationComments(m.Table).DropTableTriggers(m.Table)
	}
	return cat, nil
}

func dropType(h Host, n catalog.QName, c *translate.DropObjects) error {
	cat := h.Catalog()
	q, d, ok := FindType(h, cat, n)
	if !ok {
		if c.IfExists {
			skipping(h, c.Kind, n)
			return nil
		}
		return pgerror.New(pgerror.UndefinedObject, "type %q does not exist", n.Name)
	}
	if c.Kind == "domain" && !d.IsDomain() {
		return pgerror.New(pgerror.WrongObjectType, "%q is not a domain", n.Name)
	}
	if err := MemberDropError(cat, "type", q.Schema, q.Name, 0, q.Name); err != nil { // extension.go
		return err
	}
	if err := compositeDependents(cat, d.Type, q.Name, c.Cascade); err != nil { // composite.go
		return err
	}
	users := typeUsers(h, d.Type.OID)
	for _, other := range cat.Types() {
		if other.Type.Domain != nil && other.Type.Domain.OID == d.Type.OID {
			return pgerror.New(pgerror.FeatureNotSupported, "DROP TYPE of a type with domains over it is not supported yet")
		}
	}
	// routines taking or returning the type (or an array of it)
	routines := routineTypeUsers(h, cat, map[[2]string]bool{{q.Schema, q.Name}: true}, nil)
	textDeps := findTypeTextDependents(h, cat, q, d.Type.OID, users, routines) // type_refs.go
	if (len(users) > 0 || len(routines) > 0 || len(textDeps.detail) > 0) && !c.Cascade {
		var lines []string
		for _, u := range routines {
			lines = append(lines, fmt.Sprintf("function %s depends on type %s", u.desc, u.typ))
		}
		for _, u := range users {
			lines = append(lines, columnDesc(h, u.table.SchemaName(), u.table.Name(), u.column)+" depends on type "+q.Name)
		}
		return dependError("type", q.Name).(*pgerror.Error).WithDetail("%s", joinDetail(append(lines, textDeps.detail...)))
	}
	if len(routines) > 0 {
		xh, ok := h.(ExtensionHost)
		if !ok {
			return pgerror.New(pgerror.FeatureNotSupported, "DROP TYPE ... CASCADE cannot drop the routines using %s here", q.Name)
		}
		var script strings.Builder
		for _, u := range routines {
			h.DropCascades("function " + u.desc)
			fmt.Fprintf(&script, "DROP %s IF EXISTS %s CASCADE;\n", u.word, u.drop)
		}
		if err := xh.RunExtensionScript(script.String(), q.Schema); err != nil {
			return err
		}
	}
	next, err := dropTypeCasts(h, h.Catalog(), d.Type, q.Name, c.Cascade) // cast.go
	if err != nil {
		return err
	}
	h.SetCatalog(next)
	// CASCADE drops the columns of the type, as PostgreSQL does, and the
	// policies and views using them or naming the type
	for _, u := range users {
		h.DropCascades(columnDesc(h, u.table.SchemaName(), u.table.Name(), u.column))
	}
	next, err = dropTypeTextDependents(h, h.Catalog(), textDeps)
	if err != nil {
		return err
	}
	h.SetCatalog(next)
	ctx := h.SQLContext()
	for _, u := range users {
		if err := u.table.DropColumn(ctx, u.column); err != nil {
			return h.MapError(err)
		}
	}
	h.SetCatalog(h.Catalog().DropType(q))
	return nil
}

// DropTableDeps runs before DROP TABLE: dependent views (CASCADE),
// owned sequences and comments go with the table.
func DropTableDeps(h Host, c *translate.DropTableDeps) error {
	named := map[catalog.QName]bool{}
	for _, n := range c.Tables {
		if t, ok := FindTable(h, n.Schema, n.Name); ok {
			named[catalog.QName{Schema: t.SchemaName(), Name: t.Name()}] = true
		}
	}
	if err := dropRowTypeRoutines(h, named, c.Cascade); err != nil {
		return err
	}
	cat := h.Catalog()
	for _, n := range c.Tables {
		t, ok := FindTable(h, n.Schema, n.Name)
		if !ok {
			if c.IfExists {
				word := c.Word
				if word == "" {
					word = "table"
				}
				skipping(h, word, n)
			}
			continue // GMS reports the missing table (or skips it with IF EXISTS)
		}
		q := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
		word := "table"
		if _, ok := cat.Matview(q); ok {
			word = "materialized view"
		}
		var err error
		if cat, err = dropRegclassUsers(h, cat, q, word, c.Cascade, named); err != nil {
			return err
		}
		if cat, err = dropRelationCascade(h, cat, q, "table", c.Cascade); err != nil {
			return err
		}
		if cat, err = dropMatviewCascade(h, cat, q, word, c.Cascade, named); err != nil {
			return err
		}
		for _, seq := range cat.OwnedSequences(q.Schema, q.Name) {
			cat = cat.DropSequence(catalog.QName{Schema: seq.Schema, Name: seq.Name})
		}
		cat = cat.DropRelationComments(q)
		if ixs, err := t.Indexes(h.SQLContext()); err == nil {
			for _, ix := range ixs { // COMMENT ON INDEX
				k := catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: q.Schema, Name: ix.Name}
				if _, ok := cat.Comment(k); ok {
					cat = cat.SetComment(k, nil)
				}
			}
		}
		cat = cat.DropTableTriggers(q).DropRules(q).DropTableStatistics(q)
	}
	h.SetCatalog(cat)
	return nil
}

// dropRowTypeRoutines refuses to drop tables whose row type a routine
// takes or returns (`code(org_invite)`, `RETURNS SETOF org_invite`), as
// PostgreSQL's pg_depend on the type does, or under CASCADE drops the
// routines first.
func dropRowTypeRoutines(h Host, tables map[catalog.QName]bool, cascade bool) error {
	qs := slices.SortedFunc(maps.Keys(tables), func(a, b catalog.QName) int {
		return cmp.Or(cmp.Compare(a.Schema, b.Schema), cmp.Compare(a.Name, b.Name))
	})
	for _, q := range qs {
		routines := routineTypeUsers(h, h.Catalog(), map[[2]string]bool{{q.Schema, q.Name}: true}, nil) // extension.go
		if len(routines) == 0 {
			continue
		}
		if !cascade {
			var lines []string
			for _, u := range routines {
				lines = append(lines, fmt.Sprintf("function %s depends on type %s", u.desc, u.typ))
			}
			return dependError("table", visibleName(h, q.Schema, q.Name)).(*pgerror.Error).WithDetail("%s", joinDetail(lines))
		}
		xh, ok := h.(ExtensionHost)
		if !ok {
			return pgerror.New(pgerror.FeatureNotSupported, "DROP TABLE ... CASCADE cannot drop the routines using %s here", q.Name)
		}
		var script strings.Builder
		for _, u := range routines {
			fmt.Fprintf(&script, "DROP %s IF EXISTS %s CASCADE;\n", u.word, u.drop)
		}
		if err := xh.RunExtensionScript(script.String(), q.Schema); err != nil {
			return err
		}
		// after the script, whose statements report their own cascades:
		// these join the DROP TABLE's one NOTICE
		for _, u := range routines {
			h.DropCascades("function " + u.desc)
		}
	}
	return nil
}

// DropColumnDeps runs before ALTER TABLE ... DROP COLUMN: the sequences
// the column owns, and with CASCADE the views, policies and triggers
// using it, are dropped with it.
func DropColumnDeps(h Host, c *translate.DropColumnDeps) error {
	cat := h.Catalog()
	for _, v := range c.Views {
		if _, ok := cat.View(v); !ok {
			continue // already dropped with a view it depends on
		}
		var err error
		h.DropCascades(relationDesc(h, "view", v.Schema, v.Name))
		if cat, err = dropRelationCascade(h, cat, v, "view", true); err != nil {
			return err
		}
		cat = cat.DropView(v)
	}
	for _, p := range c.Policies {
		cat = cat.DropPolicy(c.Table, p)
	}
	for _, tg := range c.Triggers {
		cat = cat.DropTrigger(c.Table, tg)
	}
	for _, p := range c.Publications {
		h.DropCascades("publication of " + relationDesc(h, "table", c.Table.Schema, c.Table.Name) + " in publication " + p)
		cat = cat.DropPublicationMember(p, c.Table)
	}
	for _, sq := range c.Sequences {
		cat = cat.DropSequence(sq)
	}
	drop := map[uint32]bool{}
	for _, oid := range c.Statistics {
		drop[oid] = true
	}
	cat = cat.DropStatisticsWhere(func(o catalog.StatisticsObject) bool { return drop[o.OID] })
	for _, col := range c.Settings {
		cat = cat.DropColumnSettings(c.Table, col) // column_stats.go
	}
	h.SetCatalog(cat)
	return nil
}

// skipping sends the NOTICE PostgreSQL sends for DROP ... IF EXISTS of a
// missing object (SQLSTATE 00000): of its schema when that is what is
// missing.
func skipping(h Host, kind string, n catalog.QName) {
	if n.Schema != "" && n.Schema != "pg_catalog" && !h.StorageTxn().HasSchema(n.Schema) {
		h.Notice("NOTICE", "00000", fmt.Sprintf("schema %q does not exist, skipping", n.Schema))
		return
	}
	h.Notice("NOTICE", "00000", fmt.Sprintf("%s %q does not exist, skipping", kind, n.Name))
}
