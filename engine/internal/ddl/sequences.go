package ddl

import (
	"fmt"

	"maps"
	"math"
	"slices"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// SessionSequences is a session's currval / lastval state: the last
// value nextval or setval gave each sequence in this session.
type SessionSequences struct {
	curr    map[uint32]int64
	lastOID uint32
	// byText is the last name sequenceByText resolved: a column default
	// nextval('t_id_seq'::regclass) names its sequence as text on every
	// row, and resolving it (parsing the name, the search path) cost an
	// autocommit INSERT several allocations.
	byText resolvedSequence
}

// resolvedSequence is a sequence name resolved in one catalog version
// with one search path: the answer holds while both are the same (DDL
// makes a new catalog; a new search_path or role a new path slice).
type resolvedSequence struct {
	text string
	cat  *catalog.Catalog
	path []string
	seq  *catalog.Sequence
}

// Saved returns a copy of the session's sequence values, to assign back
// once a statement that must leave them alone has run.
func (s SessionSequences) Saved() SessionSequences {
	return SessionSequences{curr: maps.Clone(s.curr), lastOID: s.lastOID}
}

func noteSequenceValue(h Host, oid uint32, v int64) {
	st := h.Sequences()
	if st.curr == nil {
		st.curr = map[uint32]int64{}
	}
	st.curr[oid] = v
}

// ParseRelName splits a relation name given as text ('public.Foo',
// '"Mixed"') the way regclass input does.
func ParseRelName(text string) catalog.QName {
	parts := types.SplitQualifiedName(text)
	q := catalog.QName{Name: parts[len(parts)-1]}
	if len(parts) > 1 {
		q.Schema = parts[len(parts)-2]
	}
	return q
}

func sequenceByText(h Host, name string) (*catalog.Sequence, error) {
	cat, path := h.Catalog(), h.SearchPath()
	memo := &h.Sequences().byText
	if memo.seq != nil && memo.text == name && memo.cat == cat && sameStrings(memo.path, path) {
		return memo.seq, nil
	}
	q := ParseRelName(strings.TrimSpace(name))
	// as regclass input does, a missing schema is reported before the
	// relation
	if q.Schema != "" && !h.StorageTxn().HasSchema(LookupSchemas(h, q.Schema)[0]) {
		return nil, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", q.Schema)
	}
	seq, err := ResolveSequence(h, cat, q)
	if err != nil {
		return nil, err
	}
	*memo = resolvedSequence{text: name, cat: cat, path: path, seq: seq}
	return seq, nil
}

// sameStrings reports whether a and b are one slice (the session's search
// path is kept parsed while its setting, role and temporary schema stay).
func sameStrings(a, b []string) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// Nextval is nextval(regclass) (PostgreSQL docs 9.17): it advances the
// sequence engine-wide, outside any transaction.
func Nextval(h Host, name string) (int64, error) {
	seq, err := sequenceByText(h, name)
	if err != nil {
		return 0, err
	}
	if err := h.CheckSequenceUse(seq, catalog.PrivUsage|catalog.PrivUpdate); err != nil {
		return 0, err
	}
	v, err := h.NextSequenceValue(seq)
	if err != nil {
		return 0, err
	}
	noteSequenceValue(h, seq.OID, v)
	h.Sequences().lastOID = seq.OID
	return v, nil
}

// Currval is currval(regclass): the value nextval last gave the sequence
// in this session.
func Currval(h Host, name string) (int64, error) {
	seq, err := sequenceByText(h, name)
	if err != nil {
		return 0, err
	}
	if err := h.CheckSequenceUse(seq, catalog.PrivUsage|catalog.PrivSelect); err != nil {
		return 0, err
	}
	v, ok := h.Sequences().curr[seq.OID]
	if !ok {
		return 0, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "currval of sequence %q is not yet defined in this session", seq.Name)
	}
	return v, nil
}

// SequenceLastValue is pg_sequence_last_value(regclass): the value
// nextval last returned from the sequence in any session, NULL before
// the first (or after setval(..., false)).
func SequenceLastValue(h Host, name string) (any, error) {
	seq, err := sequenceByText(h, name)
	if err != nil {
		return nil, err
	}
	if err := h.CheckSequenceUse(seq, catalog.PrivUsage|catalog.PrivSelect); err != nil {
		return nil, err
	}
	last, called := h.SequenceValue(seq)
	if !called {
		return nil, nil
	}
	return last, nil
}

// Lastval is lastval(): the value nextval last returned in this session.
func Lastval(h Host) (int64, error) {
	st := h.Sequences()
	v, ok := st.curr[st.lastOID]
	if st.lastOID == 0 || !ok {
		return 0, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "lastval is not yet defined in this session")
	}
	return v, nil
}

// Setval is setval(regclass, bigint [, boolean]).
func Setval(h Host, name string, v int64, called bool) (int64, error) {
	seq, err := sequenceByText(h, name)
	if err != nil {
		return 0, err
	}
	if err := h.SetSequenceValue(seq, v, called); err != nil {
		return 0, err
	}
	if called {
		noteSequenceValue(h, seq.OID, v)
	}
	return v, nil
}

// CreateSequence runs CREATE SEQUENCE, also made for serial and identity columns.
func CreateSequence(h Host, c *translate.CreateSequence) error {
	cat := h.Catalog()
	schema, err := CreationSchema(h, c.Name.Schema)
	if err != nil {
		return err
	}
	q := catalog.QName{Schema: schema, Name: c.Name.Name}
	if c.OwnedBy != nil && !c.AddIdentity {
		if _, exists := FindTable(h, schema, c.OwnedBy.Table); exists {
			return nil // the CREATE TABLE this belongs to fails, or is skipped (IF NOT EXISTS)
		}
	}
	if RelationExists(h, cat, q) {
		if c.IfNotExists {
			h.Notice("NOTICE", pgerror.DuplicateTable, fmt.Sprintf("relation %q already exists, skipping", q.Name))
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
	} else if err := ownSequence(h, &seq, c.Options); err != nil {
		return err
	}
	cat, stored := cat.PutSequence(seq)
	h.SetCatalog(cat)
	h.ResetSequence(stored.OID, stored.Start)
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

// AlterSequence runs ALTER SEQUENCE.
func AlterSequence(h Host, c *translate.AlterSequence) error {
	cat := h.Catalog()
	var seq *catalog.Sequence
	if c.Column != "" {
		t, ok := FindTable(h, c.Name.Schema, c.Name.Name)
		if !ok {
			return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Name.Name)
		}
		sq, ok := cat.ColumnSequence(t.SchemaName(), t.Name(), c.Column)
		if !ok || sq.Identity == 0 {
			return pgerror.New(pgerror.ObjectNotInPrerequisiteState, "column %q of relation %q is not an identity column", c.Column, c.Name.Name)
		}
		seq = sq
	} else {
		sq, err := ResolveSequence(h, cat, c.Name)
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
	if err := ownSequence(h, &next, c.Options); err != nil {
		return err
	}
	cat, stored := cat.PutSequence(next)
	h.SetCatalog(cat)
	switch {
	case c.Options.Restart != nil:
		h.ResetSequence(stored.OID, *c.Options.Restart)
	case c.Options.RestartDefault:
		h.ResetSequence(stored.OID, stored.Start)
	}
	return nil
}

// ownSequence applies OWNED BY: the sequence goes with that column (DROP
// TABLE or DROP COLUMN drops it; pg_get_serial_sequence names it), or
// with nothing for OWNED BY NONE, as PostgreSQL's process_owned_by.
func ownSequence(h Host, seq *catalog.Sequence, o catalog.SequenceOptions) error {
	if o.OwnedByNone {
		if seq.Identity != 0 {
			return pgerror.New(pgerror.FeatureNotSupported, "cannot change ownership of identity sequence")
		}
		seq.OwnedBy = nil
		return nil
	}
	if o.OwnedBy == nil {
		return nil
	}
	if seq.Identity != 0 {
		return pgerror.New(pgerror.FeatureNotSupported, "cannot change ownership of identity sequence")
	}
	n := len(o.OwnedBy)
	rel := catalog.QName{Name: o.OwnedBy[n-2]}
	if n == 3 {
		rel.Schema = o.OwnedBy[0]
	}
	t, ok := FindTable(h, rel.Schema, rel.Name)
	if !ok {
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", rel.Display())
	}
	col := o.OwnedBy[n-1]
	if t.Schema().IndexOfColName(col) < 0 {
		return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", col, t.Name())
	}
	if t.SchemaName() != seq.Schema {
		return pgerror.New(pgerror.ObjectNotInPrerequisiteState, "sequence must be in same schema as table it is linked to")
	}
	seq.OwnedBy = &catalog.ColumnRef{Schema: t.SchemaName(), Table: t.Name(), Column: col}
	return nil
}

// RestartIdentity restarts the sequences owned by a table's columns, for
// TRUNCATE ... RESTART IDENTITY.
func RestartIdentity(h Host, schema, table string) {
	for _, seq := range h.Catalog().OwnedSequences(schema, table) {
		h.ResetSequence(seq.OID, seq.Start)
	}
}

// SerialSequence is pg_get_serial_sequence(table, column): the owned
// sequence of a serial or identity column, as a quoted qualified name.
func SerialSequence(h Host, table, column string) (any, error) {
	// any relation resolves, as its regclass input does: a view's
	// columns own no sequence (tools such as Kysely ask for every column
	// of every table and view)
	rel, err := resolveRelation(h, ParseRelName(table)) // comment.go
	if err != nil {
		return nil, err
	}
	if cols := relationColumns(h, rel); cols != nil && !slices.Contains(cols, column) {
		return nil, pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", column, rel.Name)
	}
	seq, ok := h.Catalog().ColumnSequence(rel.Schema, rel.Name, column)
	if !ok {
		return nil, nil
	}
	return QuoteIdentPart(seq.Schema) + "." + QuoteIdentPart(seq.Name), nil
}

// QuoteIdentPart quotes an identifier that needs it, as quote_ident does
// for lower-case names.
func QuoteIdentPart(s string) string { return pgident.QuoteIfNeeded(s) }
