package session

import (
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
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
		if !ok || kind != "table" || !publishes(pubs, q, update) || s.hasReplicaIdentity(cat, q) {
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
