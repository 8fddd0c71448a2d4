package catalog

import (
	"math"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// Sequence is a sequence's definition (CREATE SEQUENCE). Its current value
// is kept by the engine, outside the catalog, because nextval is not
// transactional.
type Sequence struct {
	OID              uint32
	Schema, Name     string
	Type             *types.Type // int2, int4 or int8 (AS type)
	Start, Increment int64
	Min, Max         int64
	Cycle            bool
	OwnedBy          *ColumnRef // serial / identity column, dropped with it
	Identity         byte       // 'a' GENERATED ALWAYS, 'd' BY DEFAULT, 0 otherwise
}

// ColumnRef names a table column.
type ColumnRef struct{ Schema, Table, Column string }

// SequenceOptions are CREATE / ALTER SEQUENCE options; nil fields are not
// given.
type SequenceOptions struct {
	Type           *types.Type
	Start          *int64
	Increment      *int64
	Min, Max       *int64
	NoMin          bool
	NoMax          bool
	Cycle          *bool
	Restart        *int64 // ALTER ... RESTART [WITH]; RestartDefault restarts at Start
	RestartDefault bool
	// OwnedBy is OWNED BY [schema.]table.column as written (the DDL
	// resolves it); OwnedByNone is OWNED BY NONE.
	OwnedBy     []string
	OwnedByNone bool
}

// typeRange is the value range of a sequence's type.
func typeRange(t *types.Type) (int64, int64) {
	switch t.Kind {
	case types.KindInt2:
		return math.MinInt16, math.MaxInt16
	case types.KindInt4:
		return math.MinInt32, math.MaxInt32
	}
	return math.MinInt64, math.MaxInt64
}

// Apply returns seq with opts applied and the defaults PostgreSQL derives
// (min/max from the direction and type, start from min or max).
func (o SequenceOptions) Apply(seq Sequence, create bool) Sequence {
	if o.Type != nil {
		seq.Type = o.Type
	}
	if seq.Type == nil {
		seq.Type = types.Int8
	}
	if o.Increment != nil {
		seq.Increment = *o.Increment
	}
	if seq.Increment == 0 {
		seq.Increment = 1
	}
	lo, hi := typeRange(seq.Type)
	if o.Min != nil {
		seq.Min = *o.Min
	} else if create || o.NoMin {
		if seq.Increment > 0 {
			seq.Min = 1
		} else {
			seq.Min = lo
		}
	}
	if o.Max != nil {
		seq.Max = *o.Max
	} else if create || o.NoMax {
		if seq.Increment > 0 {
			seq.Max = hi
		} else {
			seq.Max = -1
		}
	}
	if o.Start != nil {
		seq.Start = *o.Start
	} else if create {
		if seq.Increment > 0 {
			seq.Start = seq.Min
		} else {
			seq.Start = seq.Max
		}
	}
	if o.Cycle != nil {
		seq.Cycle = *o.Cycle
	}
	return seq
}

// Sequence returns the sequence named q.
func (c *Catalog) Sequence(q QName) (*Sequence, bool) {
	if c == nil {
		return nil, false
	}
	s, ok := c.sequences[q]
	return s, ok
}

// Sequences returns every sequence, ordered by schema and name.
func (c *Catalog) Sequences() []*Sequence {
	if c == nil {
		return nil
	}
	out := make([]*Sequence, 0, len(c.sequences))
	for _, k := range sortedKeys(c.sequences) {
		out = append(out, c.sequences[k])
	}
	return out
}

// OwnedSequences returns the sequences owned by a table's columns.
func (c *Catalog) OwnedSequences(schema, table string) []*Sequence {
	var out []*Sequence
	for _, s := range c.Sequences() {
		if s.OwnedBy != nil && s.OwnedBy.Schema == schema && s.OwnedBy.Table == table {
			out = append(out, s)
		}
	}
	return out
}

// ColumnSequence returns the sequence owned by a column (serial or
// identity), as pg_get_serial_sequence finds it.
// It scans the map without sorting it (catalog scans call it per column);
// among several owned sequences it returns the first in name order, as
// Sequences() would list them.
func (c *Catalog) ColumnSequence(schema, table, column string) (*Sequence, bool) {
	if c == nil {
		return nil, false
	}
	var best *Sequence
	var bestKey QName
	for k, s := range c.sequences {
		if s.OwnedBy == nil || s.OwnedBy.Schema != schema || s.OwnedBy.Table != table || s.OwnedBy.Column != column {
			continue
		}
		if best == nil || k.Schema < bestKey.Schema || k.Schema == bestKey.Schema && k.Name < bestKey.Name {
			best, bestKey = s, k
		}
	}
	return best, best != nil
}

// PutSequence returns a catalog with seq added or replaced; a new sequence
// (OID 0) gets an OID. It returns the stored sequence.
func (c *Catalog) PutSequence(seq Sequence) (*Catalog, *Sequence) {
	n := c.clone()
	if seq.OID == 0 {
		seq.OID = n.allocOID()
	}
	n.sequences = copyMap(n.sequences)
	s := &seq
	n.sequences[QName{seq.Schema, seq.Name}] = s
	return n, s
}

// DropSequence returns a catalog without sequence q.
func (c *Catalog) DropSequence(q QName) *Catalog {
	n := c.clone()
	n.sequences = copyMap(n.sequences)
	delete(n.sequences, q)
	return n.withoutComments(func(k ObjectKey) bool {
		return k.Kind == ObjRelation && k.Schema == q.Schema && k.Name == q.Name
	})
}
