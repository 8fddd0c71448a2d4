package pgcatalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// sequenceColumns are a sequence's columns (pg_attribute.go lists them).
var sequenceColumns = []column{{"last_value", types.Int8}, {"log_cnt", types.Int8}, {"is_called", types.Bool}}

// SequenceRelation is a sequence read as a relation (SELECT last_value,
// log_cnt, is_called FROM seq, as pg_dump reads a sequence's state): one
// row. log_cnt, the values PostgreSQL has WAL-logged ahead, is 0: tinybase
// logs each value it hands out.
func SequenceRelation(schema, name string, source Source) (*Table, bool) {
	d := &def{
		cols: sequenceColumns,
		rows: func(s *State) ([][]any, error) {
			q, ok := s.Catalog.Sequence(catalog.QName{Schema: schema, Name: name})
			if !ok {
				return nil, nil
			}
			last, called := q.Start, false
			if s.SequenceValue != nil {
				last, called = s.SequenceValue(q)
			}
			return [][]any{{last, int64(0), called}}, nil
		},
	}
	t := &Table{schema: schema, name: name, def: d, source: source}
	for _, c := range d.cols {
		t.sch = append(t.sch, &sql.Column{Name: c.name, Type: c.typ, Nullable: false, Source: name, DatabaseSource: schema})
	}
	t.full = t.sch
	return t, true
}
