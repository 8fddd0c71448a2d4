package pgcatalog

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// statisticExtRows are pg_statistic_ext's rows: the extended statistics
// objects CREATE STATISTICS made. stxexprs holds the expressions' source
// text where PostgreSQL keeps their node trees.
func statisticExtRows(s *State) ([][]any, error) {
	objs := s.Catalog.StatisticsObjects()
	if len(objs) == 0 {
		return nil, nil
	}
	ords, err := s.columnOrdinals()
	if err != nil {
		return nil, err
	}
	var out [][]any
	for _, o := range objs {
		var keys, kinds []any
		for _, c := range o.Columns {
			keys = append(keys, ords[o.Table][c])
		}
		for _, k := range o.Kinds {
			kinds = append(kinds, string(k))
		}
		var exprs any
		if len(o.Exprs) > 0 {
			exprs = strings.Join(o.Exprs, ", ")
		}
		out = append(out, []any{o.OID, RelationOID(o.Table.Schema, o.Table.Name), o.Name, NamespaceOID(o.Schema), s.roleOID(o.Owner),
			o.Target, vector(types.Int2, keys), types.NewArray(types.Char, kinds), exprs})
	}
	return out, nil
}

// columnOrdinals maps each table's columns to their attnums.
func (s *State) columnOrdinals() (map[catalog.QName]map[string]int16, error) {
	rels, err := s.Tables()
	if err != nil {
		return nil, err
	}
	out := map[catalog.QName]map[string]int16{}
	for _, r := range rels {
		m := map[string]int16{}
		for i, c := range r.Table.Schema() {
			m[c.Name] = int16(i + 1)
		}
		out[catalog.QName{Schema: r.Schema, Name: r.Name}] = m
	}
	return out, nil
}

// StatisticsDef is pg_get_statisticsobjdef: the CREATE STATISTICS
// statement, the object's name qualified, the table's only when the
// search path does not find it, the kinds listed when not all of them
// were asked for, columns in the table's order before expressions.
func (s *State) StatisticsDef(oid uint32) (string, bool) {
	for _, o := range s.Catalog.StatisticsObjects() {
		if o.OID != oid {
			continue
		}
		var b strings.Builder
		b.WriteString("CREATE STATISTICS " + pgident.QuoteIfNeeded(o.Schema) + "." + pgident.QuoteIfNeeded(o.Name))
		if o.Explicit {
			var kinds []string
			for _, k := range statisticsKindNames {
				if strings.ContainsRune(o.Kinds, k.letter) {
					kinds = append(kinds, k.name)
				}
			}
			b.WriteString(" (" + strings.Join(kinds, ", ") + ")")
		}
		var parts []string
		for _, c := range o.Columns {
			parts = append(parts, pgident.QuoteIfNeeded(c))
		}
		for _, e := range o.Exprs {
			parts = append(parts, "("+e+")")
		}
		b.WriteString(" ON " + strings.Join(parts, ", ") + " FROM ")
		if s.tableVisibleAs(o.Table.Schema, o.Table.Name) {
			b.WriteString(pgident.QuoteIfNeeded(o.Table.Name))
		} else {
			b.WriteString(pgident.QuoteIfNeeded(o.Table.Schema) + "." + pgident.QuoteIfNeeded(o.Table.Name))
		}
		return b.String(), true
	}
	return "", false
}

var statisticsKindNames = []struct {
	letter rune
	name   string
}{{'d', "ndistinct"}, {'f', "dependencies"}, {'m', "mcv"}}
