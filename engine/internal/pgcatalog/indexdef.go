package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// indexDefOf is pg_get_indexdef of any index: plain-column ones from
// their columns, expression and partial ones from the key parts' and
// predicate's source text analyzed again over the table (deparse.go) and
// printed as ruleutils' pg_get_indexdef_worker does — a key part that
// looks like a function call bare, any other expression in parentheses
// of its own, the predicate after WHERE. ok is false when the source text
// is not kept (an index from before it was) or uses something deparse
// does not model. pretty is pg_get_indexdef's flag: fewer parentheses,
// and the table unqualified when its schema is on the search path.
func (s *State) indexDefOf(r Relation, ix storage.IndexInfo, pretty bool) (string, bool) {
	rel := qualifiedRel(r.Schema, r.Name)
	if pretty && s.visible(r.Schema) {
		rel = QuoteIdent(r.Name)
	}
	if _, ok := s.Catalog.Partitioned(catalog.QName{Schema: r.Schema, Name: r.Name}); ok {
		rel = "ONLY " + rel // a partitioned table's index: its partitions have their own
	}
	if !ix.Expression && !ix.Partial && ix.AM.Method == "" && allEmpty(ix.AM.Opclass) && allEmpty(ix.AM.Ordering) && len(ix.AM.Options) == 0 &&
		allEmpty(ix.AM.Collation) && len(ix.AM.Include) == 0 {
		return indexDef(rel, ix.Name, ix.Unique, ix.Columns), true
	}
	keys, keyTypes, ok := s.indexKeys(r, ix, pretty)
	if !ok {
		return "", false
	}
	method := ix.AM.Method
	if method == "" {
		method = "btree"
	}
	for i := range keys {
		if i < len(ix.AM.Collation) && ix.AM.Collation[i] != "" && collationOID(ix.AM.Collation[i]) != keyCollation(keyTypes[i]) {
			keys[i] += " COLLATE " + QuoteIdent(ix.AM.Collation[i])
		}
		if i < len(ix.AM.Opclass) && ix.AM.Opclass[i] != "" && !s.defaultOpclass(method, keyTypes[i], ix.AM.Opclass[i]) {
			keys[i] += " " + s.opclassName(method, ix.AM.Opclass[i])
		}
		if i < len(ix.AM.Ordering) && ix.AM.Ordering[i] != "" {
			keys[i] += " " + ix.AM.Ordering[i]
		}
	}
	var b strings.Builder
	b.WriteString("CREATE ")
	if ix.Unique {
		b.WriteString("UNIQUE ")
	}
	b.WriteString("INDEX " + QuoteIdent(ix.Name) + " ON " + rel + " USING " + method + " (")
	b.WriteString(strings.Join(keys, ", "))
	b.WriteString(")")
	if len(ix.AM.Include) > 0 {
		b.WriteString(" INCLUDE (" + quoteIdents(ix.AM.Include) + ")")
	}
	if len(ix.AM.Options) > 0 {
		b.WriteString(" WITH (" + flattenRelOptions(ix.AM.Options) + ")")
	}
	if ix.Partial {
		if ix.WhereSource == "" {
			return "", false
		}
		w, ok := s.DeparseStoredIn(ix.WhereSource, r.Schema, r.Name, r.Table.Schema(), pretty)
		if !ok {
			// not modelled: the predicate as written, rather than no
			// definition at all
			w = "(" + ix.WhereSource + ")"
		}
		b.WriteString(" WHERE " + w)
	}
	return b.String(), true
}

// flattenRelOptions prints reloptions as ruleutils does inside WITH
// (...): a value that is a plain identifier bare, any other quoted.
func flattenRelOptions(opts []string) string {
	parts := make([]string, len(opts))
	for i, o := range opts {
		name, val, _ := strings.Cut(o, "=")
		if QuoteIdent(val) != val {
			val = "'" + strings.ReplaceAll(val, "'", "''") + "'"
		}
		parts[i] = name + "=" + val
	}
	return strings.Join(parts, ", ")
}

// quoteIdents is a list of column names as ruleutils prints it.
func quoteIdents(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = QuoteIdent(n)
	}
	return strings.Join(q, ", ")
}

// collationOID is the OID of a collation an index key part names
// (translate accepts only these).
func collationOID(name string) uint32 {
	switch name {
	case "default":
		return 100
	case "C":
		return 950
	case "POSIX":
		return 951
	case "ucs_basic":
		return 12340 // made by initdb: PostgreSQL 15's OID
	}
	return 0
}

// keyCollation is the collation of a key of type t (0 for an
// uncollatable or unknown type).
func keyCollation(t *types.Type) uint32 {
	if t == nil {
		return 0
	}
	return typCollation(t) // pg_type.go
}

func allEmpty(ss []string) bool {
	for _, s := range ss {
		if s != "" {
			return false
		}
	}
	return true
}

// opclassName is operator class name as pg_get_indexdef prints it: an
// extension's qualified by its schema when that is off the search path
// (pg_dump sets it empty).
func (s *State) opclassName(method, name string) string {
	if _, schema, ok := extensions.InstalledOpClass(s.Catalog, method, name); ok && schema != "pg_catalog" && !s.SchemaVisible(schema) {
		return pgident.QuoteIfNeeded(schema) + "." + name
	}
	return name
}

// defaultOpclass reports whether opclass is the default operator class
// of method for key type t, which pg_get_indexdef leaves out: an
// extension's declared default, else one of PostgreSQL's defaults
// taking t (or a polymorphic type t fits).
func (s *State) defaultOpclass(method string, t *types.Type, opclass string) bool {
	if oc, _, ok := extensions.InstalledOpClass(s.Catalog, method, opclass); ok {
		return oc.Default
	}
	if oid := userOpclassOID(s.Catalog, method, opclass); oid != 0 {
		for _, o := range s.Catalog.OpClasses() {
			if o.OID == oid {
				return o.Default && t != nil && o.InType == t.OID
			}
		}
	}
	if t == nil {
		return false
	}
	am := extAmOID(method)
	for _, o := range opclasses {
		if o.method == am && o.name == opclass {
			return o.def && opclassAccepts(o.intype, t) // index_attributes.go
		}
	}
	return false
}

// deparseNode analyzes a parsed stored expression over relation rel
// (DeparseStored without the printing).
func (s *State) deparseNode(n *pg.Node, schema, rel string, cols sql.Schema) (d dnode, ok bool) {
	defer func() {
		if recover() != nil {
			d, ok = nil, false
		}
	}()
	sc := s.newDeparseScope(rel, cols)
	sc.relSchema = schema
	return sc.analyze(n)
}

// indexKeys are an index's key parts as pg_get_indexdef prints them,
// without opclass or ordering (its form for one column), with their types;
// pretty is pg_get_indexdef's pretty-print flag.
func (s *State) indexKeys(r Relation, ix storage.IndexInfo, pretty bool) ([]string, []*types.Type, bool) {
	var keys []string
	var keyTypes []*types.Type
	cols := r.Table.Schema()
	if ix.Expression {
		if len(ix.Source) == 0 {
			return nil, nil, false
		}
		for _, src := range ix.Source {
			if src == "" {
				return nil, nil, false
			}
			n, err := s.parseExpr(src)
			if err != nil {
				return nil, nil, false
			}
			d, ok := s.deparseNode(n, r.Schema, r.Name, cols)
			if !ok {
				return nil, nil, false
			}
			keyTypes = append(keyTypes, d.dtype())
			if c := n.GetColumnRef(); c != nil && len(c.Fields) == 1 && c.Fields[0].GetString_() != nil {
				keys = append(keys, QuoteIdent(c.Fields[0].GetString_().Sval))
				continue
			}
			text := printExpr(d, pretty)
			switch d.(type) {
			case *dFunc, *dCoalesce, *dSQLFunc:
				keys = append(keys, text)
			default:
				keys = append(keys, "("+text+")")
			}
		}
	} else {
		for _, c := range ix.Columns {
			keys = append(keys, QuoteIdent(c))
			var t *types.Type
			if i := cols.IndexOfColName(c); i >= 0 {
				t, _ = cols[i].Type.(*types.Type)
			}
			keyTypes = append(keyTypes, t)
		}
	}
	return keys, keyTypes, true
}
