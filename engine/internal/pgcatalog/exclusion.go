package pgcatalog

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// isExclusion reports whether index name of r backs an exclusion
// constraint (pg_index.indisexclusion).
func (s *State) isExclusion(r Relation, name string) bool {
	_, ok := s.Catalog.Exclusion(catalog.QName{Schema: r.Schema, Name: r.Name}, name)
	return ok
}

// exclusionDef is pg_get_constraintdef of an EXCLUDE constraint, as
// ruleutils prints it: the index's method, each column WITH its
// operator, the predicate in parentheses.
func (s *State) exclusionDef(r Relation, c constraint, pretty bool) string {
	ix := c.Index
	method := ix.AM.Method
	if method == "" {
		method = "btree"
	}
	parts, keyTypes, ok := s.indexKeys(r, *ix, pretty)
	if !ok || len(parts) != len(c.Excl.Ops) {
		parts = append([]string(nil), ix.Source...)
		keyTypes = make([]*types.Type, len(parts))
	}
	for i := range parts {
		if i < len(ix.AM.Opclass) && ix.AM.Opclass[i] != "" && !s.defaultOpclass(method, keyTypes[i], ix.AM.Opclass[i]) {
			parts[i] += " " + s.opclassName(method, ix.AM.Opclass[i])
		}
		parts[i] += " WITH " + c.Excl.Ops[i]
	}
	out := "EXCLUDE USING " + method + " (" + strings.Join(parts, ", ") + ")"
	if len(ix.AM.Include) > 0 {
		out += " INCLUDE (" + quoteIdents(ix.AM.Include) + ")"
	}
	if ix.WhereSource != "" {
		w, ok := s.DeparseStoredIn(ix.WhereSource, r.Schema, r.Name, r.Table.Schema(), pretty)
		if !ok {
			w = "(" + ix.WhereSource + ")"
		}
		out += " WHERE (" + w + ")"
	}
	return out
}
