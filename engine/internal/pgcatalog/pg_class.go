package pgcatalog

import (
	"cmp"
	"slices"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// relOptionsCol is pg_class.reloptions' position, relReplIdentCol
// relreplident's.
const (
	relPersistCol   = 15
	relOptionsCol   = 28
	relReplIdentCol = 25
	// set by inheritance (pg_inherits.go) and rules
	relAmCol          = 6
	relFilenodeCol    = 7
	relKindCol        = 16
	relHasRulesCol    = 19
	relHasSubclassCol = 21
	relIsPartitionCol = 26
	relPartBoundCol   = 30
)

// pgClass is pg_catalog.pg_class: tables, their indexes, views and
// sequences.
var pgClass = &def{
	cols: []column{
		{"oid", types.Oid}, {"relname", types.Name}, {"relnamespace", types.Oid}, {"reltype", types.Oid},
		{"reloftype", types.Oid}, {"relowner", types.Oid}, {"relam", types.Oid}, {"relfilenode", types.Oid},
		{"reltablespace", types.Oid}, {"relpages", types.Int4}, {"reltuples", types.Float4},
		{"relallvisible", types.Int4}, {"reltoastrelid", types.Oid}, {"relhasindex", types.Bool},
		{"relisshared", types.Bool}, {"relpersistence", types.Char}, {"relkind", types.Char},
		{"relnatts", types.Int2}, {"relchecks", types.Int2}, {"relhasrules", types.Bool},
		{"relhastriggers", types.Bool}, {"relhassubclass", types.Bool}, {"relrowsecurity", types.Bool},
		{"relforcerowsecurity", types.Bool}, {"relispopulated", types.Bool}, {"relreplident", types.Char},
		{"relispartition", types.Bool}, {"relrewrite", types.Oid}, {"reloptions", types.ArrayOf(types.Text)},
		{"relacl", aclitemArray}, {"relpartbound", types.Text},
		// tinybase never freezes rows: no relation has a freeze horizon
		// (pg_dump reads both, using them only for binary upgrades)
		{"relfrozenxid", types.Xid}, {"relminmxid", types.Xid},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		var keys []uint64 // each row's catalog-order number (inCatalogOrder)
		// sec is what pg_class shows of a relation's security; system
		// relations belong to the bootstrap superuser with initdb's ACL.
		type sec struct {
			owner       uint32
			rls, force  bool
			acl         any
			userDefined bool
		}
		secOf := func(schema, name string) sec {
			if catalog.IsSystemSchema(schema) {
				var acl any
				if a := s.Catalog.SystemRelationACL(catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: schema, Name: name}); a != nil {
					acl = aclArray(s.aclStrings(a))
				}
				return sec{owner: 10, acl: acl}
			}
			owner, rls, force, acl := s.RelationSecurity(schema, name) // pg_roles.go
			return sec{owner, rls, force, aclArray(acl), true}
		}
		// row lists a relation; an index (kind i) takes its owner from its
		// table, without the table's row security or ACL.
		row := func(oid uint32, name, schema, kind string, am uint32, natts int, hasIndex bool, sc sec) []any {
			replident := "d"
			if kind != "r" && kind != "m" {
				replident = "n"
			}
			persistence := "p"
			if pgident.IsTempSchema(schema) {
				persistence = "t"
			}
			var reltype uint32
			if sc.userDefined {
				reltype = RowTypeOID(schema, name, kind[0]) // rowtypes.go
			}
			return []any{oid, name, NamespaceOID(schema), reltype, uint32(0), sc.owner, am, oid,
				uint32(0), int32(0), float32(-1), int32(0), uint32(0), hasIndex, false, persistence, kind,
				int16(natts), int16(0), false, false, false, sc.rls, sc.force, true, replident, false, uint32(0), nil,
				sc.acl, nil, uint32(0), uint32(0)}
		}
		checks, triggers, err := s.tableFlags(rels) // pg_class_flags.go
		if err != nil {
			return nil, err
		}
		attached, err := s.attachedIndexes() // index_inherits.go
		if err != nil {
			return nil, err
		}
		for _, r := range rels {
			idx, err := s.Indexes(r)
			if err != nil {
				return nil, err
			}
			sc := secOf(r.Schema, r.Name)
			kind, am := "r", uint32(2)
			if s.isForeign(r.Schema, r.Name) { // pg_foreign.go
				kind, am = "f", 0
			} else if _, ok := s.Catalog.Matview(catalog.QName{Schema: r.Schema, Name: r.Name}); ok {
				kind = "m" // a materialized view is stored as a table
			}
			tr := row(RelationOID(r.Schema, r.Name), r.Name, r.Schema, kind, am, len(r.Table.Schema()), len(idx) > 0, sc)
			unlogged := s.Catalog.RowSecurity(catalog.QName{Schema: r.Schema, Name: r.Name}).Unlogged
			if unlogged {
				tr[relPersistCol] = "u"
			}
			if sc.userDefined {
				flags := s.Catalog.RowSecurity(catalog.QName{Schema: r.Schema, Name: r.Name})
				if kind == "r" || kind == "m" {
					tr[relReplIdentCol] = string(flags.ReplicaIdentity())
				}
				if opts := flags.OptionList(); opts != nil {
					tr[relOptionsCol] = settingsArray(opts) // pg_roles.go
				}
			}
			key := r.Schema + "." + r.Name
			tr[relChecksCol], tr[relHasTriggersCol] = int16(checks[key]), triggers[key]
			s.inheritFlags(r.Schema, r.Name, tr) // pg_inherits.go
			tr[relHasRulesCol] = len(s.Catalog.Rules(catalog.QName{Schema: r.Schema, Name: r.Name})) > 0
			tuples, pages, ixTuples, ixPages := relSize(s, r) // pg_stats.go
			tr[relPagesCol], tr[relTuplesCol] = pages, tuples
			tableKey := s.Txn.TableOrder(r.Schema, r.Name)
			out, keys = append(out, tr), append(keys, tableKey)
			ixSec := sec{owner: sc.owner, userDefined: sc.userDefined}
			_, parted := s.Catalog.Partitioned(catalog.QName{Schema: r.Schema, Name: r.Name})
			for _, ix := range idx {
				ir := row(RelationOID(r.Schema, ix.Name), ix.Name, r.Schema, "i", indexAmOID(ix.AM.Method), max(len(ix.Columns), len(ix.Source), 1), false, ixSec)
				ir[relPagesCol], ir[relTuplesCol] = ixPages, ixTuples
				if parted {
					// a partitioned index has no storage of its own
					ir[relKindCol], ir[relPagesCol], ir[relTuplesCol], ir[relFilenodeCol] = "I", int32(0), float32(0), uint32(0)
				}
				ir[relIsPartitionCol] = attached[catalog.IndexKey(catalog.QName{Schema: r.Schema, Name: r.Name}, ix.Name)]
				if unlogged {
					ir[relPersistCol] = "u" // an unlogged table's indexes are too
				}
				if len(ix.AM.Options) > 0 {
					ir[relOptionsCol] = settingsArray(ix.AM.Options) // pg_roles.go
				}
				out, keys = append(out, ir), append(keys, s.relationKey(r.Schema, ix.Name, tableKey))
			}
		}
		for _, r := range systemRelations() {
			out = append(out, row(r.OID, r.Name, r.Schema, string(r.Kind), map[byte]uint32{'r': 2, 'v': 0}[r.Kind], r.Cols, r.Kind == 'r', secOf(r.Schema, r.Name)))
			keys = append(keys, 0) // initdb's rows come first
		}
		for _, v := range s.Catalog.Views() {
			r := row(v.OID, v.Name, v.Schema, "v", 0, len(v.Columns), false, secOf(v.Schema, v.Name))
			if opts := s.Catalog.ViewOptions(catalog.QName{Schema: v.Schema, Name: v.Name}); opts != nil {
				r[relOptionsCol] = settingsArray(opts) // pg_roles.go
			}
			out, keys = append(out, r), append(keys, s.relationKey(v.Schema, v.Name, unordered))
		}
		for _, q := range s.Catalog.Sequences() {
			r := row(q.OID, q.Name, q.Schema, "S", 0, 3, false, secOf(q.Schema, q.Name))
			// a serial or identity sequence follows its table's persistence
			if o := q.OwnedBy; o != nil && s.Catalog.RowSecurity(catalog.QName{Schema: o.Schema, Name: o.Table}).Unlogged {
				r[relPersistCol] = "u"
			}
			out, keys = append(out, r), append(keys, s.relationKey(q.Schema, q.Name, unordered))
		}
		for _, t := range s.Catalog.Composites() {
			r := row(t.RelOID, t.Name, t.Schema, "c", 0, len(t.Fields), false, secOf(t.Schema, t.Name))
			r[3] = t.OID // reltype
			out, keys = append(out, r), append(keys, s.relationKey(t.Schema, t.Name, unordered))
		}
		return inCatalogOrder(out, keys), nil
	},
}

// unordered is the catalog-order number of a relation the store has none
// for (one from an image written before it kept them): after the rest,
// in the order pg_class lists them otherwise.
const unordered = ^uint64(0)

// relationKey is a non-table relation's catalog-order number, or def.
func (s *State) relationKey(schema, name string, def uint64) uint64 {
	if n, ok := s.Txn.RelationOrder(schema, name); ok {
		return n
	}
	return def
}

// inCatalogOrder sorts pg_class's rows by their catalog-order numbers,
// stably: PostgreSQL appends a relation's row when it is created and
// its new version when it is updated (storage's catalog_order.go). An
// index without a number of its own follows its table.
func inCatalogOrder(rows [][]any, keys []uint64) [][]any {
	idx := make([]int, len(rows))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(keys[a], keys[b]) })
	out := make([][]any, len(rows))
	for i, j := range idx {
		out[i] = rows[j]
	}
	return out
}
