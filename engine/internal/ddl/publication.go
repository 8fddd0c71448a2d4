package ddl

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Publication runs CREATE / ALTER / DROP PUBLICATION (PostgreSQL docs:
// CREATE PUBLICATION, ALTER PUBLICATION), with PostgreSQL's checks and
// errors. tinybase has no logical replication: a publication is the
// catalog rows Supabase Realtime and migrations read (pg_publication,
// pg_publication_rel, pg_publication_namespace, pg_publication_tables).
func Publication(h Host, c *translate.Publication) error {
	cat := h.Catalog()
	user := h.CurrentUser()
	super := false
	if r, ok := cat.Role(user); ok {
		super = r.Super
	}
	if c.Op == "drop_publication" {
		for _, name := range c.Names {
			p, ok := cat.Publication(name)
			if !ok {
				if c.IfExists {
					h.Notice("NOTICE", "00000", fmt.Sprintf("publication %q does not exist, skipping", name))
					continue
				}
				return pgerror.New(pgerror.UndefinedObject, "publication %q does not exist", name)
			}
			if !super && p.Owner != user {
				return pgerror.New(pgerror.InsufficientPrivilege, "must be owner of publication %s", name)
			}
			cat = cat.DropPublication(name)
		}
		h.SetCatalog(cat)
		return nil
	}
	if c.Op == "create" {
		if _, ok := cat.Publication(c.Name); ok {
			return pgerror.New(pgerror.DuplicateObject, "publication %q already exists", c.Name)
		}
		if c.AllTables && !super {
			return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to create FOR ALL TABLES publication")
		}
		if len(c.Schemas) > 0 && !super {
			return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to create FOR TABLES IN SCHEMA publication")
		}
		p := catalog.Publication{Name: c.Name, Owner: user, AllTables: c.AllTables, Insert: true, Update: true, Delete: true, Truncate: true}
		if err := publicationOptions(&p, c.Options); err != nil {
			return err
		}
		tables, opts, schemas, err := publicationMembers(h, c, user, super)
		if err != nil {
			return err
		}
		p.Tables, p.TableOpts, p.Schemas = tables, opts, dedupe(schemas)
		if err := checkPartitionedOpts(cat, &p, false); err != nil {
			return err
		}
		if err := checkSchemaColumnLists(&p, c); err != nil {
			return err
		}
		h.SetCatalog(cat.PutPublication(p))
		return nil
	}
	cur, ok := cat.Publication(c.Name)
	if !ok {
		return pgerror.New(pgerror.UndefinedObject, "publication %q does not exist", c.Name)
	}
	if !super && cur.Owner != user {
		return pgerror.New(pgerror.InsufficientPrivilege, "must be owner of publication %s", c.Name)
	}
	p := *cur
	p.Tables, p.RelOIDs = slices.Clone(cur.Tables), slices.Clone(cur.RelOIDs)
	p.TableOpts = make([]catalog.PublicationTableOpts, len(cur.Tables))
	for i := range cur.Tables {
		p.TableOpts[i] = cur.TableOpt(i)
	}
	p.Schemas, p.SchemaOIDs = slices.Clone(cur.Schemas), slices.Clone(cur.SchemaOIDs)
	switch c.Op {
	case "options":
		if err := publicationOptions(&p, c.Options); err != nil {
			return err
		}
		if err := checkPartitionedOpts(cat, &p, true); err != nil {
			return err
		}
	case "rename":
		if _, taken := cat.Publication(c.NewName); taken {
			return pgerror.New(pgerror.DuplicateObject, "publication %q already exists", c.NewName)
		}
		p.Name = c.NewName
		cat = cat.DropPublication(c.Name)
	case "owner":
		r, ok := cat.Role(c.NewName)
		if !ok {
			return pgerror.New(pgerror.UndefinedObject, "role %q does not exist", c.NewName)
		}
		if p.AllTables && !r.Super {
			return pgerror.New(pgerror.InsufficientPrivilege, "permission denied to change owner of publication %q", p.Name).
				WithHint("The owner of a FOR ALL TABLES publication must be a superuser.")
		}
		p.Owner = r.Name
	case "add", "drop", "set":
		if p.AllTables {
			return pgerror.New(pgerror.ObjectNotInPrerequisiteState, "publication %q is defined as FOR ALL TABLES", p.Name).
				WithDetail("Tables cannot be added to or dropped from FOR ALL TABLES publications.")
		}
		if len(c.Schemas) > 0 && !super {
			return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to add or set schemas")
		}
		tables, opts, schemas, err := publicationMembers(h, c, user, super)
		if err != nil {
			return err
		}
		if err := editMembers(&p, c.Op, tables, opts, schemas); err != nil {
			return err
		}
		if err := checkPartitionedOpts(cat, &p, false); err != nil {
			return err
		}
		if err := checkSchemaColumnLists(&p, c); err != nil {
			return err
		}
	}
	h.SetCatalog(cat.PutPublication(p))
	return nil
}

// editMembers applies ALTER PUBLICATION ADD / DROP / SET to p's lists,
// keeping the OIDs of the members that stay.
func editMembers(p *catalog.Publication, op string, tables []catalog.QName, opts []catalog.PublicationTableOpts, schemas []string) error {
	switch op {
	case "add":
		for i, t := range tables {
			if slices.Contains(p.Tables, t) {
				return pgerror.New(pgerror.DuplicateObject, "relation %q is already member of publication %q", t.Name, p.Name)
			}
			p.Tables, p.TableOpts = append(p.Tables, t), append(p.TableOpts, opts[i])
		}
		for _, s := range schemas {
			if slices.Contains(p.Schemas, s) {
				return pgerror.New(pgerror.DuplicateObject, "schema %q is already member of publication %q", s, p.Name)
			}
			p.Schemas = append(p.Schemas, s)
		}
	case "drop":
		for _, t := range tables {
			i := slices.Index(p.Tables, t)
			if i < 0 {
				return pgerror.New(pgerror.UndefinedObject, "relation %q is not part of the publication", t.Name)
			}
			p.Tables, p.RelOIDs = slices.Delete(p.Tables, i, i+1), slices.Delete(p.RelOIDs, i, i+1)
			p.TableOpts = slices.Delete(p.TableOpts, i, i+1)
		}
		for _, s := range schemas {
			i := slices.Index(p.Schemas, s)
			if i < 0 {
				return pgerror.New(pgerror.UndefinedObject, "tables from schema %q are not part of the publication", s)
			}
			p.Schemas, p.SchemaOIDs = slices.Delete(p.Schemas, i, i+1), slices.Delete(p.SchemaOIDs, i, i+1)
		}
	case "set":
		// a table that stays takes the statement's filter and columns
		keepT, keepTO, keepOpts := []catalog.QName{}, []uint32{}, []catalog.PublicationTableOpts{}
		for i, t := range p.Tables {
			if k := slices.Index(tables, t); k >= 0 {
				keepT, keepTO, keepOpts = append(keepT, t), append(keepTO, p.RelOIDs[i]), append(keepOpts, opts[k])
			}
		}
		for i, t := range tables {
			if !slices.Contains(keepT, t) {
				keepT, keepOpts = append(keepT, t), append(keepOpts, opts[i])
			}
		}
		p.TableOpts = keepOpts
		keepS, keepSO := []string{}, []uint32{}
		for i, s := range p.Schemas {
			if slices.Contains(schemas, s) {
				keepS, keepSO = append(keepS, s), append(keepSO, p.SchemaOIDs[i])
			}
		}
		for _, s := range dedupe(schemas) {
			if !slices.Contains(keepS, s) {
				keepS = append(keepS, s)
			}
		}
		p.Tables, p.RelOIDs, p.Schemas, p.SchemaOIDs = keepT, keepTO, keepS, keepSO
	}
	return nil
}

func dedupe[T comparable](xs []T) []T {
	var out []T
	for _, x := range xs {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

// publicationMembers resolves the tables and schemas a publication
// statement names, with PostgreSQL's checks on each.
func publicationMembers(h Host, c *translate.Publication, user string, super bool) ([]catalog.QName, []catalog.PublicationTableOpts, []string, error) {
	cat := h.Catalog()
	var tables []catalog.QName
	var opts []catalog.PublicationTableOpts
	withWhere, withCols := map[catalog.QName]bool{}, map[catalog.QName]bool{}
	for i, q := range c.Tables {
		t, ok := FindTable(h, q.Schema, q.Name)
		if !ok {
			for _, sc := range LookupSchemas(h, q.Schema) {
				n := catalog.QName{Schema: sc, Name: q.Name}
				if _, ok := cat.View(n); ok {
					return nil, nil, nil, notPublishable(q.Name, "views")
				}
				if _, ok := cat.Sequence(n); ok {
					return nil, nil, nil, notPublishable(q.Name, "sequences")
				}
			}
			return nil, nil, nil, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", q.Display())
		}
		tq := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
		if tq.Schema == "pg_catalog" || tq.Schema == "information_schema" {
			return nil, nil, nil, notPublishable(q.Name, "system tables")
		}
		if !super && cat.Owner(catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: tq.Schema, Name: tq.Name}) != user {
			return nil, nil, nil, pgerror.New(pgerror.InsufficientPrivilege, "must be owner of table %s", tq.Name)
		}
		var o catalog.PublicationTableOpts
		if i < len(c.TableOpts) {
			o = c.TableOpts[i]
		}
		if slices.Contains(tables, tq) {
			// a table named twice (OpenTableList)
			if o.Where != "" || withWhere[tq] {
				return nil, nil, nil, pgerror.New(pgerror.DuplicateObject, "conflicting or redundant WHERE clauses for table %q", tq.Name)
			}
			if o.Columns != nil || withCols[tq] {
				return nil, nil, nil, pgerror.New(pgerror.DuplicateObject, "conflicting or redundant column lists for table %q", tq.Name)
			}
			continue
		}
		withWhere[tq], withCols[tq] = o.Where != "", o.Columns != nil
		if err := checkColumnList(t, o.Columns); err != nil {
			return nil, nil, nil, err
		}
		tables, opts = append(tables, tq), append(opts, o)
	}
	var schemas []string
	for _, s := range c.Schemas {
		if s == "" {
			for _, sc := range h.SearchPath() {
				if sc != "pg_catalog" && h.StorageTxn().HasSchema(sc) {
					s = sc
					break
				}
			}
			if s == "" {
				return nil, nil, nil, pgerror.New(pgerror.UndefinedObject, "no schema has been selected for CURRENT_SCHEMA")
			}
		}
		if !h.StorageTxn().HasSchema(s) {
			return nil, nil, nil, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", s)
		}
		if s == "pg_catalog" || s == "information_schema" {
			return nil, nil, nil, pgerror.New(pgerror.InvalidParameterValue, "cannot add schema %q to publication", s).
				WithDetail("This operation is not supported for system schemas.")
		}
		schemas = append(schemas, s)
	}
	return tables, opts, schemas, nil
}

func notPublishable(name, what string) error {
	return pgerror.New(pgerror.InvalidParameterValue, "cannot add relation %q to publication", name).
		WithDetail("This operation is not supported for %s.", what)
}

// publicationOptions applies WITH (publish = '...',
// publish_via_partition_root = ...) to p.
func publicationOptions(p *catalog.Publication, opts []translate.PublicationOption) error {
	seen := map[string]bool{}
	for _, o := range opts {
		if seen[o.Name] {
			return pgerror.New(pgerror.SyntaxError, "conflicting or redundant options")
		}
		seen[o.Name] = true
		switch o.Name {
		case "publish":
			p.Insert, p.Update, p.Delete, p.Truncate = false, false, false, false
			for _, w := range strings.Split(o.Value, ",") {
				switch strings.TrimSpace(w) {
				case "insert":
					p.Insert = true
				case "update":
					p.Update = true
				case "delete":
					p.Delete = true
				case "truncate":
					p.Truncate = true
				case "":
				default:
					return pgerror.New(pgerror.SyntaxError, "unrecognized value for publication option %q: %q", "publish", strings.TrimSpace(w))
				}
			}
		case "publish_via_partition_root":
			v := true
			if o.HasValue {
				b, ok := catalog.ParseBoolOption(o.Value)
				if !ok {
					return pgerror.New(pgerror.InvalidParameterValue, "%s requires a Boolean value", o.Name)
				}
				v = b
			}
			p.ViaRoot = v
		default:
			return pgerror.New(pgerror.SyntaxError, "unrecognized publication parameter: %q", o.Name)
		}
	}
	return nil
}

// checkColumnList checks a publication column list against its table
// (PostgreSQL's publication_translate_columns).
func checkColumnList(t sql.Table, cols []string) error {
	seen := map[string]bool{}
	for _, name := range cols {
		i := t.Schema().IndexOfColName(name)
		switch {
		case i < 0 || t.Schema()[i].Name != name:
			if systemColumn(name) {
				return pgerror.New(pgerror.InvalidColumnReference, "cannot use system column %q in publication column list", name)
			}
			return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", name, t.Name())
		case t.Schema()[i].Generated != nil:
			return pgerror.New(pgerror.InvalidColumnReference, "cannot use generated column %q in publication column list", name)
		case seen[name]:
			return pgerror.New(pgerror.DuplicateObject, "duplicate column %q in publication column list", name)
		}
		seen[name] = true
	}
	return nil
}

func systemColumn(name string) bool {
	switch name {
	case "ctid", "xmin", "xmax", "cmin", "cmax", "tableoid":
		return true
	}
	return false
}

// checkSchemaColumnLists refuses column lists in a publication with FOR
// TABLES IN SCHEMA members (PostgreSQL 15).
func checkSchemaColumnLists(p *catalog.Publication, c *translate.Publication) error {
	if len(p.Schemas) == 0 {
		return nil
	}
	for i, t := range p.Tables {
		if p.TableOpt(i).Columns == nil {
			continue
		}
		if !slices.Contains(c.Tables, t) && !slices.Contains(c.Tables, catalog.QName{Name: t.Name}) && len(c.Schemas) > 0 {
			return pgerror.New(pgerror.InvalidParameterValue, "cannot add schema to publication %q", p.Name).
				WithDetail("Schemas cannot be added if any tables that specify a column list are already part of the publication.")
		}
		return pgerror.New(pgerror.InvalidParameterValue, "cannot use column list for relation \"%s.%s\" in publication %q", t.Schema, t.Name, p.Name).
			WithDetail("Column lists cannot be specified in publications containing FOR TABLES IN SCHEMA elements.")
	}
	return nil
}

// checkPartitionedOpts refuses a row filter or column list on a
// partitioned table of a publication not publishing through its root
// (publish_via_partition_root false): the partitions' changes would be
// published as theirs. setting is ALTER PUBLICATION ... SET (...), whose
// error names the parameter.
func checkPartitionedOpts(cat *catalog.Catalog, p *catalog.Publication, setting bool) error {
	if p.ViaRoot {
		return nil
	}
	for i, t := range p.Tables {
		o := p.TableOpt(i)
		if o.Where == "" && o.Columns == nil {
			continue
		}
		if _, parted := cat.Partitioned(t); !parted {
			continue
		}
		if setting {
			what := "WHERE clause"
			if o.Where == "" {
				what = "column list"
			}
			return pgerror.New(pgerror.InvalidParameterValue, "cannot set parameter %q to false for publication %q", "publish_via_partition_root", p.Name).
				WithDetail("The publication contains a %s for partitioned table %q, which is not allowed when %q is false.", what, t.Name, "publish_via_partition_root")
		}
		if o.Where != "" {
			return pgerror.New(pgerror.InvalidParameterValue, "cannot use publication WHERE clause for relation %q", t.Name).
				WithDetail("WHERE clause cannot be used for a partitioned table when %s is false.", "publish_via_partition_root")
		}
		return pgerror.New(pgerror.InvalidParameterValue, "cannot use column list for relation \"%s.%s\" in publication %q", t.Schema, t.Name, p.Name).
			WithDetail("Column lists cannot be specified for partitioned tables when %s is false.", "publish_via_partition_root")
	}
	return nil
}
