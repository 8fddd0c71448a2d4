package session

import (
	"math"
	"strings"
	"sync"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// sequenceValues holds every sequence's current value, by sequence OID.
// It lives beside the store, not in the catalog: nextval and setval are
// not transactional in PostgreSQL (a rolled-back nextval stays used).
type sequenceValues struct {
	mu sync.Mutex
	m  map[uint32]seqValue
}

type seqValue struct {
	last   int64
	called bool // last has been returned by nextval (is_called)
}

func newSequenceValues() *sequenceValues { return &sequenceValues{m: map[uint32]seqValue{}} }

// clone copies the values, for Engine.Snapshot.
func (v *sequenceValues) clone() *sequenceValues {
	v.mu.Lock()
	defer v.mu.Unlock()
	c := newSequenceValues()
	for k, x := range v.m {
		c.m[k] = x
	}
	return c
}

// reset starts a sequence over at value (not yet returned).
func (v *sequenceValues) reset(oid uint32, value int64) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.m[oid] = seqValue{last: value}
}

// next advances seq and returns the new value.
func (v *sequenceValues) next(seq *catalog.Sequence) (int64, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	cur, ok := v.m[seq.OID]
	if !ok {
		cur = seqValue{last: seq.Start}
	}
	if !cur.called {
		cur.called = true
		v.m[seq.OID] = cur
		return cur.last, nil
	}
	n := cur.last + seq.Increment
	overflow := (seq.Increment > 0 && n < cur.last) || (seq.Increment < 0 && n > cur.last)
	switch {
	case seq.Increment > 0 && (overflow || n > seq.Max):
		if !seq.Cycle {
			return 0, pgerror.New(pgerror.SequenceGeneratorLimitExceeded, "nextval: reached maximum value of sequence %q (%d)", seq.Name, seq.Max)
		}
		n = seq.Min
	case seq.Increment < 0 && (overflow || n < seq.Min):
		if !seq.Cycle {
			return 0, pgerror.New(pgerror.SequenceGeneratorLimitExceeded, "nextval: reached minimum value of sequence %q (%d)", seq.Name, seq.Min)
		}
		n = seq.Max
	}
	v.m[seq.OID] = seqValue{last: n, called: true}
	return n, nil
}

// set is setval.
func (v *sequenceValues) set(seq *catalog.Sequence, value int64, called bool) error {
	if value < seq.Min || value > seq.Max {
		return pgerror.New(pgerror.NumericValueOutOfRange, "setval: value %d is out of bounds for sequence %q (%d..%d)", value, seq.Name, seq.Min, seq.Max)
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.m[seq.OID] = seqValue{last: value, called: called}
	return nil
}

// sessionSequences is a session's currval / lastval state.
type sessionSequences struct {
	curr    map[uint32]int64
	lastOID uint32
}

func (s *Session) noteSequenceValue(oid uint32, v int64) {
	if s.seqState.curr == nil {
		s.seqState.curr = map[uint32]int64{}
	}
	s.seqState.curr[oid] = v
}

// parseRelName splits a relation name given as text ('public.Foo',
// '"Mixed"') the way regclass input does.
func parseRelName(text string) catalog.QName {
	parts := types.SplitQualifiedName(text)
	q := catalog.QName{Name: parts[len(parts)-1]}
	if len(parts) > 1 {
		q.Schema = parts[len(parts)-2]
	}
	return q
}

func (s *Session) sequenceByText(name string) (*catalog.Sequence, error) {
	return s.resolveSequence(s.catalog(), parseRelName(strings.TrimSpace(name)))
}

func (s *Session) nextval(name string) (int64, error) {
	seq, err := s.sequenceByText(name)
	if err != nil {
		return 0, err
	}
	if err := s.checkSequenceUse(seq, catalog.PrivUsage|catalog.PrivUpdate); err != nil { // acl_check.go
		return 0, err
	}
	v, err := s.eng.seqs.next(seq)
	if err != nil {
		return 0, err
	}
	s.noteSequenceValue(seq.OID, v)
	s.seqState.lastOID = seq.OID
	return v, nil
}

func (s *Session) currval(name string) (int64, error) {
	seq, err := s.sequenceByText(name)
	if err != nil {
		return 0, err
	}
	if err := s.checkSequenceUse(seq, catalog.PrivUsage|catalog.PrivSelect); err != nil { // acl_check.go
		return 0, err
	}
	v, ok := s.seqState.curr[seq.OID]
	if !ok {
		return 0, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "currval of sequence %q is not yet defined in this session", seq.Name)
	}
	return v, nil
}

func (s *Session) lastval() (int64, error) {
	v, ok := s.seqState.curr[s.seqState.lastOID]
	if s.seqState.lastOID == 0 || !ok {
		return 0, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "lastval is not yet defined in this session")
	}
	return v, nil
}

func (s *Session) setval(name string, v int64, called bool) (int64, error) {
	seq, err := s.sequenceByText(name)
	if err != nil {
		return 0, err
	}
	if err := s.eng.seqs.set(seq, v, called); err != nil {
		return 0, err
	}
	if called {
		s.noteSequenceValue(seq.OID, v)
	}
	return v, nil
}

func (s *Session) createSequence(c *translate.CreateSequence) error {
	cat := s.catalog()
	schema, err := s.creationSchema(c.Name.Schema)
	if err != nil {
		return err
	}
	q := catalog.QName{Schema: schema, Name: c.Name.Name}
	if c.OwnedBy != nil {
		if _, exists := s.findTable(schema, c.OwnedBy.Table); exists {
			return nil // the CREATE TABLE this belongs to fails, or is skipped (IF NOT EXISTS)
		}
	}
	if s.relationExists(cat, q) {
		if c.IfNotExists {
			return nil
		}
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", q.Name)
	}
	seq := c.Options.Apply(catalog.Sequence{Schema: schema, Name: q.Name}, true)
	if err := validateSequence(&seq); err != nil {
		return err
	}
	if c.OwnedBy != nil {
		o := *c.OwnedBy
		o.Schema = schema
		seq.OwnedBy = &o
		seq.Identity = c.Identity
	}
	cat, stored := cat.PutSequence(seq)
	s.setCatalog(cat)
	s.eng.seqs.reset(stored.OID, stored.Start)
	return nil
}

func validateSequence(seq *catalog.Sequence) error {
	if seq.Min >= seq.Max {
		return pgerror.New(pgerror.InvalidParameterValue, "MINVALUE (%d) must be less than MAXVALUE (%d)", seq.Min, seq.Max)
	}
	if seq.Start < seq.Min {
		return pgerror.New(pgerror.InvalidParameterValue, "START value (%d) cannot be less than MINVALUE (%d)", seq.Start, seq.Min)
	}
	if seq.Start > seq.Max {
		return pgerror.New(pgerror.InvalidParameterValue, "START value (%d) cannot be greater than MAXVALUE (%d)", seq.Start, seq.Max)
	}
	if seq.Type != nil && seq.Type.Kind != 0 {
		lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
		switch seq.Type.Name {
		case "int2":
			lo, hi = math.MinInt16, math.MaxInt16
		case "int4":
			lo, hi = math.MinInt32, math.MaxInt32
		}
		if seq.Max > hi || seq.Min < lo {
			return pgerror.New(pgerror.InvalidParameterValue, "MAXVALUE (%d) is out of range for sequence data type %s", seq.Max, seq.Type.FormatType())
		}
	}
	return nil
}

func (s *Session) alterSequence(c *translate.AlterSequence) error {
	cat := s.catalog()
	var seq *catalog.Sequence
	if c.Column != "" {
		t, ok := s.findTable(c.Name.Schema, c.Name.Name)
		if !ok {
			return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Name.Name)
		}
		sq, ok := cat.ColumnSequence(t.SchemaName(), t.Name(), c.Column)
		if !ok || sq.Identity == 0 {
			return pgerror.New(pgerror.ObjectNotInPrerequisiteState, "column %q of relation %q is not an identity column", c.Column, c.Name.Name)
		}
		seq = sq
	} else {
		sq, err := s.resolveSequence(cat, c.Name)
		if err != nil {
			if c.IfExists {
				return nil
			}
			return err
		}
		seq = sq
	}
	next := c.Options.Apply(*seq, false)
	if err := validateSequence(&next); err != nil {
		return err
	}
	cat, stored := cat.PutSequence(next)
	s.setCatalog(cat)
	switch {
	case c.Options.Restart != nil:
		s.eng.seqs.reset(stored.OID, *c.Options.Restart)
	case c.Options.RestartDefault:
		s.eng.seqs.reset(stored.OID, stored.Start)
	}
	return nil
}

// RestartIdentity restarts the sequences owned by a table's columns, for
// TRUNCATE ... RESTART IDENTITY.
func (s *Session) RestartIdentity(schema, table string) {
	for _, seq := range s.catalog().OwnedSequences(schema, table) {
		s.eng.seqs.reset(seq.OID, seq.Start)
	}
}
