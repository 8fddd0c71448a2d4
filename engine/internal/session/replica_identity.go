package session

import (
	"fmt"
	"slices"

	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// checkReplicaIdentity refuses an UPDATE or DELETE (a writable CTE's
// too) of a table that a publication publishes updates or deletes of
// while the table has no replica identity to publish them with: REPLICA
// IDENTITY DEFAULT without a primary key, NOTHING, or USING INDEX of an
// index that is gone (PostgreSQL's CheckCmdReplicaIdentity; docs:
// Logical Replication, Publication). Supabase projects meet it when they
// add a table without a primary key to supabase_realtime.
func (s *Session) checkReplicaIdentity(n *pg.Node) error {
	cat := s.catalog()
	pubs := cat.Publications()
	busy := false
	for _, p := range pubs {
		if (p.Update || p.Delete) && (p.AllTables || len(p.Tables) > 0 || len(p.Schemas) > 0) {
			busy = true
			break
		}
	}
	if !busy {
		return nil // the common case: nothing published, no walk
	}
	var err error
	pgtree.Walk(n, func(m any) bool {
		var rv *pg.RangeVar
		update := false
		switch x := m.(type) {
		case *pg.UpdateStmt:
			rv, update = x.Relation, true
		case *pg.DeleteStmt:
			rv = x.Relation
		case *pg.MergeStmt:
			rv, update = mergeWrites(x)
		default:
			return true
		}
		if rv == nil {
			return true
		}
		q, kind, ok := s.lookupRelation(catalog.QName{Schema: rv.Schemaname, Name: rv.Relname})
		if !ok || kind != "table" || !publishes(pubs, q, update) {
			return true
		}
		if err = s.checkPublishedColumns(cat, pubs, q, update); err != nil {
			return false
		}
		if s.hasReplicaIdentity(cat, q) {
			return true
		}
		if update {
			err = pgerror.New(pgerror.ObjectNotInPrerequisiteState, "cannot update table %q because it does not have a replica identity and publishes updates", q.Name).
				WithHint("To enable updating the table, set REPLICA IDENTITY using ALTER TABLE.")
		} else {
			err = pgerror.New(pgerror.ObjectNotInPrerequisiteState, "cannot delete from table %q because it does not have a replica identity and publishes deletes", q.Name).
				WithHint("To enable deleting from the table, set REPLICA IDENTITY using ALTER TABLE.")
		}
		return false
	})
	return err
}

// publishes reports whether some publication publishes q's updates
// (update) or deletes.
func publishes(pubs []*catalog.Publication, q catalog.QName, update bool) bool {
	for _, p := range pubs {
		if update && !p.Update || !update && !p.Delete {
			continue
		}
		if p.AllTables {
			return true
		}
		for _, t := range p.Tables {
			if t == q {
				return true
			}
		}
		for _, sc := range p.Schemas {
			if sc == q.Schema {
				return true
			}
		}
	}
	return false
}

// hasReplicaIdentity reports whether q's changes can carry their old
// row's identity.
func (s *Session) hasReplicaIdentity(cat *catalog.Catalog, q catalog.QName) bool {
	rs := cat.RowSecurity(q)
	switch rs.ReplicaIdentity() {
	case 'f':
		return true
	case 'n':
		return false
	case 'i':
		return rs.ReplicaIndex != ""
	}
	t, ok := s.findTable(q.Schema, q.Name)
	if !ok {
		return true
	}
	for _, c := range t.Schema() {
		if c.PrimaryKey {
			return true
		}
	}
	return false
}

// mergeWrites is the target of a MERGE that updates (update) or deletes
// rows; nil when it only inserts.
func mergeWrites(m *pg.MergeStmt) (rv *pg.RangeVar, update bool) {
	for _, n := range m.MergeWhenClauses {
		switch n.GetMergeWhenClause().GetCommandType() {
		case pg.CmdType_CMD_UPDATE:
			return m.Relation, true
		case pg.CmdType_CMD_DELETE:
			rv = m.Relation
		}
	}
	return rv, false
}

// checkPublishedColumns refuses an UPDATE (update) or DELETE of q when a
// publication publishing it has a row filter using a column outside q's
// replica identity, or a column list not covering the replica identity:
// the old row sent could not be filtered or would lack its identity
// (PostgreSQL's CheckCmdReplicaIdentity, pub_rf_contains_invalid_column
// and pub_collist_contains_invalid_column).
func (s *Session) checkPublishedColumns(cat *catalog.Catalog, pubs []*catalog.Publication, q catalog.QName, update bool) error {
	var filtered, listed []catalog.PublicationTableOpts
	for _, p := range pubs {
		if update && !p.Update || !update && !p.Delete {
			continue
		}
		for i, t := range p.Tables {
			if t != q {
				continue
			}
			o := p.TableOpt(i)
			if o.Where != "" {
				filtered = append(filtered, o)
			}
			if o.Columns != nil {
				listed = append(listed, o)
			}
		}
	}
	if len(filtered)+len(listed) == 0 {
		return nil
	}
	t, ok := s.findTable(q.Schema, q.Name)
	if !ok {
		return nil
	}
	ident := s.replicaIdentityColumns(cat, q, t)
	refuse := func(detail string) error {
		msg := fmt.Sprintf("cannot delete from table %q", q.Name)
		if update {
			msg = fmt.Sprintf("cannot update table %q", q.Name)
		}
		return pgerror.New(pgerror.InvalidColumnReference, "%s", msg).WithDetail("%s", detail)
	}
	for _, o := range filtered {
		for _, col := range filterColumns(o.Where) {
			if !ident[col] {
				return refuse("Column used in the publication WHERE expression is not part of the replica identity.")
			}
		}
	}
	for _, o := range listed {
		for col := range ident {
			if !slices.Contains(o.Columns, col) {
				return refuse("Column list used by the publication does not cover the replica identity.")
			}
		}
	}
	return nil
}

// replicaIdentityColumns are the columns q's replica identity sends:
// all for FULL, the primary key's for DEFAULT, the index's for USING
// INDEX, none for NOTHING.
func (s *Session) replicaIdentityColumns(cat *catalog.Catalog, q catalog.QName, t *storage.Table) map[string]bool {
	out := map[string]bool{}
	rs := cat.RowSecurity(q)
	switch rs.ReplicaIdentity() {
	case 'f':
		for _, c := range t.Schema() {
			out[c.Name] = true
		}
	case 'i':
		ixs, err := t.Indexes(s.sqlContext())
		if err != nil {
			return out
		}
		for _, ix := range ixs {
			if ix.Name == rs.ReplicaIndex {
				for _, c := range ix.Columns {
					out[c] = true
				}
			}
		}
	case 'd':
		for _, c := range t.Schema() {
			if c.PrimaryKey {
				out[c.Name] = true
			}
		}
	}
	return out
}

// filterColumns are the columns a row filter's source text names.
func filterColumns(where string) []string {
	tree, err := pgtree.Parse("SELECT " + where)
	if err != nil || len(tree.Stmts) != 1 {
		return nil
	}
	var out []string
	pgtree.Walk(tree.Stmts[0].Stmt, func(m any) bool {
		if cr, ok := m.(*pg.ColumnRef); ok {
			if s := cr.Fields[len(cr.Fields)-1].GetString_(); s != nil {
				out = append(out, s.Sval)
			}
		}
		return true
	})
	return out
}
