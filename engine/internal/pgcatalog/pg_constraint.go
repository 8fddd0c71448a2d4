package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgConstraint is pg_catalog.pg_constraint: primary key, unique, foreign
// key, check and exclusion constraints of tables, and domains' check constraints. conbin is left out (pg_node_tree).
var pgConstraint = &def{
	cols: []column{
		{"oid", types.Oid}, {"conname", types.Name}, {"connamespace", types.Oid}, {"contype", types.Char},
		{"condeferrable", types.Bool}, {"condeferred", types.Bool}, {"convalidated", types.Bool},
		{"conrelid", types.Oid}, {"contypid", types.Oid}, {"conindid", types.Oid}, {"conparentid", types.Oid},
		{"confrelid", types.Oid}, {"confupdtype", types.Char}, {"confdeltype", types.Char},
		{"confmatchtype", types.Char}, {"conislocal", types.Bool}, {"coninhcount", types.Int4},
		{"connoinherit", types.Bool}, {"conkey", types.ArrayOf(types.Int2)}, {"confkey", types.ArrayOf(types.Int2)},
		{"conexclop", types.ArrayOf(types.Oid)}, {"conbin", types.Text},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		links, err := s.indexLinks() // index_inherits.go
		if err != nil {
			return nil, err
		}
		parentOf := map[catalog.ObjectKey]catalog.ObjectKey{}
		for _, l := range links {
			parentOf[l.Child] = l.Parent
		}
		var out [][]any
		for _, r := range rels {
			cons, err := s.constraints(r)
			if err != nil {
				return nil, err
			}
			relOID := RelationOID(r.Schema, r.Name)
			for _, c := range cons {
				var contype string
				var indid, frel uint32
				var upd, del, match any = " ", " ", " "
				var fkey any
				switch c.Kind {
				case "PRIMARY KEY":
					contype, indid = "p", RelationOID(r.Schema, c.Name)
				case "UNIQUE":
					contype, indid = "u", RelationOID(r.Schema, c.Name)
				case "FOREIGN KEY":
					contype, frel = "f", RelationOID(c.FK.ParentSchema, c.FK.ParentTable)
					upd, del, match = fkAction(string(c.FK.OnUpdate)), fkAction(string(c.FK.OnDelete)), "s"
					parent, ok, err := s.DB.Table(s.Ctx, c.FK.ParentSchema, c.FK.ParentTable)
					if err != nil {
						return nil, err
					}
					if ok {
						fkey = attnums(parent.Schema().IndexOfColName, c.FK.ParentColumns)
					}
				case "CHECK":
					contype = "c"
				case "EXCLUDE":
					contype, indid = "x", RelationOID(r.Schema, c.Name)
				}
				var exclop any
				if c.Excl != nil {
					ops := make([]any, len(c.Excl.OpOIDs))
					for i, o := range c.Excl.OpOIDs {
						ops[i] = o
					}
					exclop = types.NewArray(types.Oid, ops)
				}
				var key, bin any
				cols := c.Columns
				if c.Kind == "CHECK" {
					cols = s.checkColumns(c.Check, r.Table.Schema())
					bin = s.checkBin(r, c)
				}
				if len(cols) > 0 {
					key = attnums(r.Table.Schema().IndexOfColName, cols)
				}
				deferrable, initially := s.Catalog.Deferrable(catalog.QName{Schema: r.Schema, Name: r.Name}, c.Name)
				local, inhcount := true, int32(0)
				if c.Kind == "CHECK" && s.partitionCheck(r, c.Name) {
					local, inhcount = false, 1
				}
				// a partition's key constraint whose index is attached is
				// its partitioned table's constraint's child
				var parentCon uint32
				if p, ok := parentOf[catalog.IndexKey(catalog.QName{Schema: r.Schema, Name: r.Name}, c.Name)]; ok && indid != 0 {
					local, inhcount, parentCon = false, 1, stableOID("c:"+p.Schema+"."+p.Name+"."+p.Column)
				}
				out = append(out, []any{stableOID("c:" + r.Schema + "." + r.Name + "." + c.Name), c.Name,
					NamespaceOID(r.Schema), contype, deferrable, initially, !c.NotValid, relOID, uint32(0), indid, parentCon,
					frel, upd, del, match, local, inhcount, false, key, fkey, exclop, bin})
			}
		}
		// a constraint trigger has a pg_constraint row of its name
		// (contype t), which pg_trigger.tgconstraint points to
		for _, t := range s.Catalog.AllTriggers() {
			if !t.Constraint {
				continue
			}
			deferrable, initially := s.Catalog.Deferrable(t.Table, t.Name)
			out = append(out, []any{stableOID("c:" + t.Table.Schema + "." + t.Table.Name + "." + t.Name), t.Name,
				NamespaceOID(t.Table.Schema), "t", deferrable, initially, true, s.RelOID(t.Table.Schema, t.Table.Name), uint32(0),
				uint32(0), uint32(0), uint32(0), " ", " ", " ", true, int32(0), true, nil, nil, nil, nil})
		}
		for _, d := range s.Catalog.Types() {
			for _, c := range d.Checks {
				bin, ok := s.DeparseDomainCheck(c.Expr, d.Type.Domain, false)
				if !ok {
					bin = c.Expr
				}
				out = append(out, []any{domainConstraintOID(d.Type, c.Name), c.Name, NamespaceOID(schemaOf(d.Type)), "c",
					false, false, !c.NotValid, uint32(0), d.Type.OID, uint32(0), uint32(0),
					uint32(0), " ", " ", " ", true, int32(0), false, nil, nil, nil, bin})
			}
		}
		return out, nil
	},
}

// domainConstraintOID is a domain CHECK constraint's pg_constraint oid.
func domainConstraintOID(t *types.Type, name string) uint32 {
	return stableOID("c:domain:" + schemaOf(t) + "." + t.Name + "." + name)
}

func attnums(index func(string) int, cols []string) *types.Array {
	vals := make([]any, len(cols))
	for i, c := range cols {
		vals[i] = int16(index(c) + 1)
	}
	return types.NewArray(types.Int2, vals)
}

// fkAction is pg_constraint's code for a referential action.
func fkAction(a string) string {
	switch strings.ToUpper(strings.ReplaceAll(a, "_", " ")) {
	case "CASCADE":
		return "c"
	case "SET NULL":
		return "n"
	case "SET DEFAULT":
		return "d"
	case "RESTRICT":
		return "r"
	}
	return "a"
}

// partitionCheck reports a CHECK constraint a partition has from its
// partitioned table (conislocal false, coninhcount 1).
func (s *State) partitionCheck(r Relation, name string) bool {
	pq, ok := s.Catalog.PartitionParent(catalog.QName{Schema: r.Schema, Name: r.Name})
	if !ok {
		return false
	}
	p, ok, err := s.DB.Table(s.Ctx, pq.Schema, pq.Name)
	if err != nil || !ok {
		return false
	}
	checks, err := p.StoredChecks(s.Ctx)
	if err != nil {
		return false
	}
	for _, c := range checks {
		if c.Name == name {
			return true
		}
	}
	return false
}
