package pgcatalog

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Relations psql's \d reads: extended statistics (pg_statistic_ext.go)
// and logical-replication publications (pg_publication.go).

var int2Array = types.ArrayOf(types.Int2)

// pgStatisticExt is pg_catalog.pg_statistic_ext (CREATE STATISTICS).
var pgStatisticExt = &def{
	cols: []column{
		{"oid", types.Oid}, {"stxrelid", types.Oid}, {"stxname", types.Name}, {"stxnamespace", types.Oid},
		{"stxowner", types.Oid}, {"stxstattarget", types.Int4}, {"stxkeys", int2Array}, {"stxkind", charArray},
		{"stxexprs", types.Text},
	},
	rows: statisticExtRows, // pg_statistic_ext.go
}

// addDescribeCatalogs registers this file's relations.
func addDescribeCatalogs(m map[string]*def) {
	m["pg_statistic_ext"] = pgStatisticExt
	m["pg_publication"] = pgPublication
	m["pg_publication_namespace"] = pgPublicationNamespace
	m["pg_publication_rel"] = pgPublicationRel
	m["pg_publication_tables"] = pgPublicationTables // pg_publication.go
	m["pg_stat_user_indexes"] = pgStatUserIndexes
	m["pg_stats"] = pgStats                         // pg_stats.go
	m["pg_statistic"] = pgStatistic                 // pg_stats.go
	m["pg_stat_user_tables"] = pgStatUserTables     // pg_stats.go
	m["pg_statio_all_tables"] = pgStatioAllTables   // pg_stats.go
	m["pg_statio_user_tables"] = pgStatioUserTables // pg_stats.go
	m["pg_stat_database"] = pgStatDatabase          // pg_stat_database.go
}

// TriggerDef is pg_get_triggerdef(oid, pretty): the CREATE TRIGGER
// statement, its table qualified unless pretty and visible.
func (s *State) TriggerDef(oid uint32, pretty bool) (string, bool) {
	var t *catalog.Trigger
	for _, x := range s.Catalog.AllTriggers() {
		if x.OID == oid {
			t = x
			break
		}
	}
	if t == nil {
		return "", false
	}
	var b strings.Builder
	if t.Constraint {
		b.WriteString("CREATE CONSTRAINT TRIGGER " + quoteIdent(t.Name) + " ")
	} else {
		b.WriteString("CREATE TRIGGER " + quoteIdent(t.Name) + " ")
	}
	switch t.Timing {
	case catalog.TimingBefore:
		b.WriteString("BEFORE")
	case catalog.TimingInstead:
		b.WriteString("INSTEAD OF")
	default:
		b.WriteString("AFTER")
	}
	var events []string
	if t.Events&catalog.EventInsert != 0 {
		events = append(events, "INSERT")
	}
	if t.Events&catalog.EventDelete != 0 {
		events = append(events, "DELETE")
	}
	if t.Events&catalog.EventUpdate != 0 {
		ev := "UPDATE"
		if len(t.Columns) > 0 {
			cols := make([]string, len(t.Columns))
			for i, c := range t.Columns {
				cols[i] = quoteIdent(c)
			}
			ev += " OF " + strings.Join(cols, ", ")
		}
		events = append(events, ev)
	}
	if t.Events&catalog.EventTruncate != 0 {
		events = append(events, "TRUNCATE")
	}
	b.WriteString(" " + strings.Join(events, " OR ") + " ON ")
	if pretty && s.visible(t.Table.Schema) {
		b.WriteString(quoteIdent(t.Table.Name))
	} else {
		b.WriteString(qualifiedRel(t.Table.Schema, t.Table.Name))
	}
	if t.Constraint {
		deferrable, initially := s.Catalog.Deferrable(t.Table, t.Name)
		b.WriteString(" ")
		if !deferrable {
			b.WriteString("NOT ")
		}
		b.WriteString("DEFERRABLE INITIALLY ")
		if initially {
			b.WriteString("DEFERRED")
		} else {
			b.WriteString("IMMEDIATE")
		}
	}
	if t.ForEachRow {
		b.WriteString(" FOR EACH ROW ")
	} else {
		b.WriteString(" FOR EACH STATEMENT ")
	}
	if t.When != "" {
		b.WriteString("WHEN (" + s.triggerWhen(t, pretty) + ") ")
	}
	b.WriteString("EXECUTE FUNCTION ")
	if fn, ok := s.Catalog.FunctionByOID(t.Function); ok {
		b.WriteString(s.routineName(fn))
	}
	b.WriteString("(" + triggerArgs(t.Args) + ")")
	return b.String(), true
}

// pgStatUserIndexes is pg_catalog.pg_stat_user_indexes: one row per index
// of a user table, with its scans and the entries they read (storage's
// counters.go; every entry read is a row fetched, as tinybase's indexes
// hold no dead entries). drizzle-kit's introspection reads it.
var pgStatUserIndexes = &def{
	cols: []column{
		{"relid", types.Oid}, {"indexrelid", types.Oid}, {"schemaname", types.Name}, {"relname", types.Name},
		{"indexrelname", types.Name}, {"idx_scan", types.Int8}, {"idx_tup_read", types.Int8}, {"idx_tup_fetch", types.Int8},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, r := range rels {
			idx, err := s.Indexes(r)
			if err != nil {
				return nil, err
			}
			var c storage.TableCounts
			if len(idx) > 0 {
				if c, err = r.Table.Counts(s.Ctx); err != nil {
					continue // changed under the read
				}
			}
			for _, ix := range idx {
				n := c.Indexes[ix.Name]
				out = append(out, []any{RelationOID(r.Schema, r.Name), RelationOID(r.Schema, ix.Name), r.Schema, r.Name,
					ix.Name, n.Scans, n.Read, n.Read})
			}
		}
		return out, nil
	},
}
