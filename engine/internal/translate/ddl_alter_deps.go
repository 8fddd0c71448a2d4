package translate

import (
	"sort"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// columnDependent is an object whose definition uses a table column: a
// view reading it, a policy expression, a trigger (UPDATE OF, WHEN) or
// a publication's member (its column list or row filter).
type columnDependent struct {
	oid  uint32
	kind string // "view", "policy", "trigger", "publication"
	// desc is PostgreSQL's getObjectDescription of the object.
	desc string
	// name is the view's qualified name, or the policy's, trigger's or
	// publication's name.
	name catalog.QName
}

// DropColumnDeps runs with ALTER TABLE ... DROP COLUMN ... CASCADE: the
// views (and views on them), policies and triggers using the column go
// with it, as PostgreSQL's dependency walk drops them.
type DropColumnDeps struct {
	Table    catalog.QName
	Views    []catalog.QName
	Policies []string
	Triggers []string
	// Publications are the publications whose member (the table, with a
	// column list or row filter using the column) goes.
	Publications []string
	// Sequences are owned by the column (serial, identity, OWNED BY):
	// they go with it, CASCADE or not.
	Sequences []catalog.QName
	// Statistics are the extended statistics objects on the column: they
	// go with it too.
	Statistics []uint32
	// Settings are the column's statistics target and options
	// (ALTER COLUMN ... SET STATISTICS, SET (...)): they go with it.
	Settings []string
}

func (*DropColumnDeps) command()        {}
func (*DropColumnDeps) catalogCommand() {}

func withColumnDeps(res Result, deps *DropColumnDeps) Result {
	if deps != nil {
		res.Catalog = append(res.Catalog, deps)
	}
	return res
}

// dropColumnDeps collects what DROP COLUMN ... CASCADE of col removes.
func (t *Translator) dropColumnDeps(ti *TableInfo, col string, into **DropColumnDeps) {
	r := t.reader()
	if r == nil {
		return
	}
	for _, d := range columnDependents(r, ti.Schema, ti.Name, col) {
		if *into == nil {
			*into = &DropColumnDeps{Table: catalog.QName{Schema: ti.Schema, Name: ti.Name}}
		}
		switch d.kind {
		case "view":
			(*into).Views = append((*into).Views, d.name)
		case "policy":
			(*into).Policies = append((*into).Policies, d.name.Name)
		case "publication":
			(*into).Publications = append((*into).Publications, d.name.Name)
		default:
			(*into).Triggers = append((*into).Triggers, d.name.Name)
		}
	}
}

// ownedSequenceDeps adds the sequence col owns, which DROP COLUMN drops.
func (t *Translator) ownedSequenceDeps(ti *TableInfo, col string, into **DropColumnDeps) {
	r := t.reader()
	if r == nil {
		return
	}
	seq, ok := r.Current().ColumnSequence(ti.Schema, ti.Name, col)
	if !ok {
		return
	}
	if *into == nil {
		*into = &DropColumnDeps{Table: catalog.QName{Schema: ti.Schema, Name: ti.Name}}
	}
	(*into).Sequences = append((*into).Sequences, catalog.QName{Schema: seq.Schema, Name: seq.Name})
}

// columnDependents lists the objects using column col of table
// schema.table, oldest first (PostgreSQL meets them in pg_depend in
// creation order, which OIDs follow).
func columnDependents(r CatalogReader, schema, table, col string) []columnDependent {
	cat := r.Current()
	q := catalog.QName{Schema: schema, Name: table}
	rel := relationDescription(r, schema, table)
	var out []columnDependent
	for _, v := range cat.Dependents(q) {
		if viewReadsColumn(v, table, col) {
			out = append(out, columnDependent{v.OID, "view", "view " + relationDescription(r, v.Schema, v.Name), catalog.QName{Schema: v.Schema, Name: v.Name}})
		}
	}
	for _, p := range cat.Policies(q) {
		if (p.Using != "" && contains(exprColumnsOf(p.Using), col)) || (p.Check != "" && contains(exprColumnsOf(p.Check), col)) {
			out = append(out, columnDependent{p.OID, "policy", "policy " + p.Name + " on table " + rel, catalog.QName{Name: p.Name}})
		}
	}
	for _, tg := range cat.Triggers(q) {
		if contains(tg.Columns, col) || (tg.When != "" && contains(exprColumnsOf(tg.When), col)) {
			out = append(out, columnDependent{tg.OID, "trigger", "trigger " + tg.Name + " on table " + rel, catalog.QName{Name: tg.Name}})
		}
	}
	for _, p := range cat.Publications() {
		for i, tq := range p.Tables {
			o := p.TableOpt(i)
			if tq == q && (contains(o.Columns, col) || o.Where != "" && contains(exprColumnsOf(o.Where), col)) {
				out = append(out, columnDependent{p.RelOIDs[i], "publication", "publication of table " + rel + " in publication " + p.Name, catalog.QName{Name: p.Name}})
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].oid < out[j].oid })
	return out
}

// checkRetypeDependents rejects ALTER COLUMN TYPE of a column that a view
// reads, a policy expression uses or a trigger names, as PostgreSQL's
// ATExecAlterColumnType does (0A000, after the cast checks of the
// preparation phase and before any row is converted), naming the first
// dependent it meets.
func (t *Translator) checkRetypeDependents(ti *TableInfo, col string) {
	r := t.reader()
	if r == nil {
		return
	}
	deps := columnDependents(r, ti.Schema, ti.Name, col)
	if len(deps) == 0 {
		return
	}
	d := deps[0]
	switch d.kind {
	case "view":
		fail(pgerror.New(pgerror.FeatureNotSupported, "cannot alter type of a column used by a view or rule").
			WithDetail("rule _RETURN on %s depends on column \"%s\"", d.desc, col))
	case "policy":
		fail(pgerror.New(pgerror.FeatureNotSupported, "cannot alter type of a column used in a policy definition").
			WithDetail("%s depends on column \"%s\"", d.desc, col))
	case "publication":
		// PostgreSQL 15 says WHERE clause for a column list too
		fail(pgerror.New(pgerror.FeatureNotSupported, "cannot alter type of a column used by a publication WHERE clause").
			WithDetail("%s depends on column \"%s\"", d.desc, col))
	default:
		fail(pgerror.New(pgerror.FeatureNotSupported, "cannot alter type of a column used in a trigger definition").
			WithDetail("%s depends on column \"%s\"", d.desc, col))
	}
}

// checkDropColumn rejects ALTER TABLE ... DROP COLUMN (without CASCADE)
// of a column a view, policy or trigger uses (2BP01), listing every
// dependent as PostgreSQL's reportDependentObjects does.
func (t *Translator) checkDropColumn(s *pg.AlterTableStmt) {
	r := t.reader()
	if r == nil {
		return
	}
	for _, cn := range s.Cmds {
		c := cn.GetAlterTableCmd()
		if c == nil || c.Subtype != pg.AlterTableType_AT_DropColumn || c.Behavior == pg.DropBehavior_DROP_CASCADE {
			continue
		}
		schema, _, ok := r.Table(s.Relation.Schemaname, s.Relation.Relname)
		if !ok {
			return
		}
		deps := columnDependents(r, schema, s.Relation.Relname, c.Name)
		if len(deps) == 0 {
			continue
		}
		of := " depends on column " + c.Name + " of table " + relationDescription(r, schema, s.Relation.Relname)
		lines := make([]string, len(deps))
		for i, d := range deps {
			lines[i] = d.desc + of
		}
		fail(pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop column %s of table %s because other objects depend on it", c.Name, s.Relation.Relname).
			WithDetail("%s", strings.Join(lines, "\n")).
			WithHint("Use DROP ... CASCADE to drop the dependent objects too."))
	}
}

// relationDescription names a relation as PostgreSQL's
// getRelationDescription does: qualified unless its schema is on the
// search path.
func relationDescription(r CatalogReader, schema, name string) string {
	if schema == "pg_catalog" || contains(r.SearchPath(), schema) {
		return name
	}
	return schema + "." + name
}
