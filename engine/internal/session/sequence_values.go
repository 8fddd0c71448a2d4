package session

import (
	"sync"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// sequenceValues holds every sequence's current value, by sequence OID.
// It lives beside the store, not in the catalog: nextval and setval are
// not transactional in PostgreSQL (a rolled-back nextval stays used).
type sequenceValues struct {
	mu sync.Mutex
	m  map[uint32]seqValue
	// dirty, when not nil, collects the sequences changed since the
	// data directory last logged them (durable.go).
	dirty map[uint32]bool
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

// peek returns seq's state without changing it: the last value and
// whether nextval returned it (pg_sequence_last_value, pg_sequences).
func (v *sequenceValues) peek(seq *catalog.Sequence) seqValue {
	v.mu.Lock()
	defer v.mu.Unlock()
	if cur, ok := v.m[seq.OID]; ok {
		return cur
	}
	return seqValue{last: seq.Start}
}

// reset starts a sequence over at value (not yet returned).
func (v *sequenceValues) reset(oid uint32, value int64) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.m[oid] = seqValue{last: value}
	v.changed(oid)
}

// next advances seq and returns the new value.
func (v *sequenceValues) next(seq *catalog.Sequence) (int64, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	cur, ok := v.m[seq.OID]
	if !ok {
		cur = seqValue{last: seq.Start}
	}
	nv, err := stepSequence(seq, cur)
	if err != nil {
		return 0, err
	}
	v.m[seq.OID] = nv
	v.changed(seq.OID)
	return nv.last, nil
}

// nextIn is next on overlay, a statement's private copy of the values
// taken from v on first use: while a statement is only being described
// (prepare.go) its nextval calls must not use up values.
func (v *sequenceValues) nextIn(overlay map[uint32]seqValue, seq *catalog.Sequence) (int64, error) {
	cur, ok := overlay[seq.OID]
	if !ok {
		v.mu.Lock()
		cur, ok = v.m[seq.OID]
		v.mu.Unlock()
		if !ok {
			cur = seqValue{last: seq.Start}
		}
	}
	nv, err := stepSequence(seq, cur)
	if err != nil {
		return 0, err
	}
	overlay[seq.OID] = nv
	return nv.last, nil
}

// stepSequence is the value after cur.
func stepSequence(seq *catalog.Sequence, cur seqValue) (seqValue, error) {
	if !cur.called {
		cur.called = true
		return cur, nil
	}
	n := cur.last + seq.Increment
	overflow := (seq.Increment > 0 && n < cur.last) || (seq.Increment < 0 && n > cur.last)
	switch {
	case seq.Increment > 0 && (overflow || n > seq.Max):
		if !seq.Cycle {
			return cur, pgerror.New(pgerror.SequenceGeneratorLimitExceeded, "nextval: reached maximum value of sequence %q (%d)", seq.Name, seq.Max)
		}
		n = seq.Min
	case seq.Increment < 0 && (overflow || n < seq.Min):
		if !seq.Cycle {
			return cur, pgerror.New(pgerror.SequenceGeneratorLimitExceeded, "nextval: reached minimum value of sequence %q (%d)", seq.Name, seq.Min)
		}
		n = seq.Max
	}
	return seqValue{last: n, called: true}, nil
}

// set is setval.
func (v *sequenceValues) set(seq *catalog.Sequence, value int64, called bool) error {
	if value < seq.Min || value > seq.Max {
		return pgerror.New(pgerror.NumericValueOutOfRange, "setval: value %d is out of bounds for sequence %q (%d..%d)", value, seq.Name, seq.Min, seq.Max)
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	v.m[seq.OID] = seqValue{last: value, called: called}
	v.changed(seq.OID)
	return nil
}
