package security

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// require checks the role holds priv on relation q, on the whole table or
// (for SELECT) on every column of q that sel refers to.
func (w *secWalker) require(q catalog.QName, kind RelKind, priv catalog.Priv, sel *pg.SelectStmt) {
	if w.cat.HasPrivilege(w.role, RelKey(q), relClass(kind), priv) {
		return
	}
	if sel != nil && priv == catalog.PrivSelect && w.columnsGranted(q, priv, referencedColumns(sel)) {
		return
	}
	w.fail(permissionDenied(string(kind), q.Name))
}

// requireCols checks priv on the table or on each of cols.
func (w *secWalker) requireCols(q catalog.QName, kind RelKind, priv catalog.Priv, cols []string) {
	if w.cat.HasPrivilege(w.role, RelKey(q), relClass(kind), priv) {
		return
	}
	if len(cols) > 0 && w.columnsGranted(q, priv, cols) {
		return
	}
	w.fail(permissionDenied(string(kind), q.Name))
}

// columnsGranted reports whether every name in cols that is a column of q
// carries priv for the role through a column grant. A nil cols (SELECT *)
// is never enough.
func (w *secWalker) columnsGranted(q catalog.QName, priv catalog.Priv, cols []string) bool {
	if cols == nil {
		return false
	}
	acls := w.cat.ColumnACLs(q)
	if len(acls) == 0 {
		return false
	}
	for _, c := range cols {
		if !columnExists(w.h, q, c) {
			continue
		}
		k := catalog.ObjectKey{Kind: catalog.ObjColumn, Schema: q.Schema, Name: q.Name, Column: c}
		if w.cat.Privileges(w.role, k, catalog.ClassColumn)&priv == 0 {
			return false
		}
	}
	return true
}

// nodeColumns lists the column names an expression refers to ("*" for a
// star).
func nodeColumns(n *pg.Node) []string {
	var out []string
	visitNodes(n, func(x *pg.Node) {
		if cr := x.GetColumnRef(); cr != nil {
			last := cr.Fields[len(cr.Fields)-1]
			if last.GetAStar() != nil {
				out = append(out, "*")
			} else {
				out = append(out, last.GetString_().GetSval())
			}
		}
	})
	return out
}

// referencedColumns lists the last name of every column reference in a
// query; nil when it uses * (every column).
func referencedColumns(sel *pg.SelectStmt) []string {
	out := []string{}
	star := false
	var walk func(n *pg.Node)
	walk = func(n *pg.Node) {
		if n == nil {
			return
		}
		if cr := n.GetColumnRef(); cr != nil {
			last := cr.Fields[len(cr.Fields)-1]
			if last.GetAStar() != nil {
				star = true
			} else {
				out = append(out, last.GetString_().GetSval())
			}
		}
	}
	visitNodes(sel, walk)
	if star {
		return nil
	}
	return out
}

// ddlOwnership checks that DDL on existing relations, schemas, types and
// functions is run by their owner ("must be owner of table t").
func (w *secWalker) ddlOwnership(n *pg.Node) {
	switch s := n.Node.(type) {
	case *pg.Node_DropStmt:
		ds := s.DropStmt
		for _, o := range ds.Objects {
			switch ds.RemoveType {
			case pg.ObjectType_OBJECT_TABLE, pg.ObjectType_OBJECT_VIEW, pg.ObjectType_OBJECT_SEQUENCE, pg.ObjectType_OBJECT_MATVIEW:
				parts := pgtree.Names(o.GetList().GetItems())
				if len(parts) == 0 {
					continue
				}
				rq := catalog.QName{Name: parts[len(parts)-1]}
				if len(parts) > 1 {
					rq.Schema = parts[len(parts)-2]
				}
				if q, kind, ok := w.h.LookupRelation(rq); ok {
					w.owner(RelKey(q), string(kind), q.Name)
				}
			case pg.ObjectType_OBJECT_SCHEMA:
				name := o.GetString_().GetSval()
				if w.h.HasSchema(name) {
					w.owner(schemaKey(name), "schema", name)
				}
			case pg.ObjectType_OBJECT_FUNCTION, pg.ObjectType_OBJECT_PROCEDURE, pg.ObjectType_OBJECT_ROUTINE:
				if owa := o.GetObjectWithArgs(); owa != nil {
					if ref, ok := w.h.Translator().FuncRefOf(owa); ok {
						if t, err := resolveFunctionTarget(w.h, ref, "function"); err == nil {
							w.owner(t.key, t.word, t.name)
						}
					}
				}
			}
		}
	case *pg.Node_AlterTableStmt:
		if q, kind, ok := w.h.LookupRelation(catalog.QName{Schema: s.AlterTableStmt.Relation.Schemaname, Name: s.AlterTableStmt.Relation.Relname}); ok {
			w.owner(RelKey(q), string(kind), q.Name)
		}
	case *pg.Node_IndexStmt:
		rv := s.IndexStmt.Relation
		if q, kind, ok := w.h.LookupRelation(catalog.QName{Schema: rv.Schemaname, Name: rv.Relname}); ok {
			w.owner(RelKey(q), string(kind), q.Name)
		}
	case *pg.Node_RenameStmt:
		if rv := s.RenameStmt.Relation; rv != nil {
			if q, kind, ok := w.h.LookupRelation(catalog.QName{Schema: rv.Schemaname, Name: rv.Relname}); ok {
				w.owner(RelKey(q), string(kind), q.Name)
			}
		}
	case *pg.Node_CreateTrigStmt:
		rv := s.CreateTrigStmt.Relation
		if q, kind, ok := w.h.LookupRelation(catalog.QName{Schema: rv.Schemaname, Name: rv.Relname}); ok {
			w.require(q, kind, catalog.PrivTrigger, nil)
		}
	}
}

func (w *secWalker) owner(k catalog.ObjectKey, word, name string) {
	if !w.cat.HasPrivsOf(w.role, w.cat.Owner(k)) {
		w.fail(mustBeOwner(word, name))
	}
}

// visitNodes calls fn on every Node inside a parse tree message.
func visitNodes(m any, fn func(*pg.Node)) {
	pgtree.Walk(m, func(m any) bool {
		if n, ok := m.(*pg.Node); ok {
			fn(n)
		}
		return true
	})
}

// CheckSequenceUse checks that the current role holds one of privs on a
// sequence (nextval: USAGE or UPDATE; currval: USAGE or SELECT).
func CheckSequenceUse(h Host, seq *catalog.Sequence, privs catalog.Priv) error {
	cat := h.Catalog()
	if r, ok := cat.Role(h.CurrentUser()); (ok && r.Super) || seq.Identity != 0 {
		return nil // identity columns' sequences need no privileges
	}
	k := RelKey(catalog.QName{Schema: seq.Schema, Name: seq.Name})
	if cat.Privileges(h.CurrentUser(), k, catalog.ClassSequence)&privs != 0 {
		return nil
	}
	return permissionDenied("sequence", seq.Name)
}
