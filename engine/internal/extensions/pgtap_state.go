package extensions

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// pgTAP keeps a test run's state in temporary objects plan() creates: the
// table __tcache__, one row per label (plan, failed, curr_test, and one
// per open TODO block whose value is the tests it has left, -1 until
// todo_end(), and whose note is its reason), and the sequence
// __tresults___numb_seq that numbers the tests. tinybase keeps them the
// same way, in the session's pg_temp schema, so a test file can read and
// change them as pgTAP's own tests do (moretap deletes the plan row to
// plan again), a ROLLBACK undoes them, and another session never sees
// them. The names are unqualified, as pgTAP writes them: pg_temp comes
// first on the search path for relations.

// tapCacheRow is one row of __tcache__.
type tapCacheRow struct {
	id, value   int
	label, note string
}

// tapState is __tcache__ as one read found it; exists is false before
// plan() created it, and missing is the error reading it gave then.
type tapState struct {
	exists  bool
	missing error
	rows    []tapCacheRow
}

// tapLoad reads __tcache__.
func tapLoad(ctx context.Context, c routine.Caller) (*tapState, error) {
	res, err := c.Query(ctx, "SELECT id, label, value, note FROM __tcache__ ORDER BY id", nil, nil)
	if err != nil {
		if pe, ok := pgerror.As(err); ok && pe.Code == pgerror.UndefinedTable {
			return &tapState{missing: err}, nil
		}
		return nil, err
	}
	s := &tapState{exists: true, rows: make([]tapCacheRow, 0, len(res.Rows))}
	for _, r := range res.Rows {
		row := tapCacheRow{id: tapInt(r[0]), value: tapInt(r[2])}
		row.label, _ = r[1].(string)
		row.note, _ = r[3].(string)
		s.rows = append(s.rows, row)
	}
	return s, nil
}

func tapInt(v any) int {
	switch n := v.(type) {
	case int32:
		return int(n)
	case int64:
		return int(n)
	case int16:
		return int(n)
	}
	return 0
}

// get is pgTAP's _get(label): the value of the label's first row.
func (s *tapState) get(label string) (int, bool) {
	for _, r := range s.rows {
		if r.label == label {
			return r.value, true
		}
	}
	return 0, false
}

// getOr is get with def for a missing label, as COALESCE(_get(..), def).
func (s *tapState) getOr(label string, def int) int {
	if v, ok := s.get(label); ok {
		return v
	}
	return def
}

// latest is pgTAP's _get_latest(label): the label's newest row; with
// value set, the newest row holding that value.
func (s *tapState) latest(label string, value *int) (tapCacheRow, bool) {
	for i := len(s.rows) - 1; i >= 0; i-- {
		r := s.rows[i]
		if r.label == label && (value == nil || r.value == *value) {
			return r, true
		}
	}
	return tapCacheRow{}, false
}

// set is pgTAP's _set(label, value): every row of the label gets value,
// or a row is added when there is none.
func (s *tapState) set(ctx context.Context, c routine.Caller, label string, value int) error {
	if _, ok := s.get(label); !ok {
		return s.add(ctx, c, label, value, "")
	}
	if _, err := c.Query(ctx, "UPDATE __tcache__ SET value = $2 WHERE label = $1",
		&routine.Params{Types: []*types.Type{types.Text, types.Int4}}, []any{label, int32(value)}); err != nil {
		return err
	}
	for i := range s.rows {
		if s.rows[i].label == label {
			s.rows[i].value = value
		}
	}
	return nil
}

// setID is pgTAP's _set(id, value).
func (s *tapState) setID(ctx context.Context, c routine.Caller, id, value int) error {
	if _, err := c.Query(ctx, "UPDATE __tcache__ SET value = $2 WHERE id = $1",
		&routine.Params{Types: []*types.Type{types.Int4, types.Int4}}, []any{int32(id), int32(value)}); err != nil {
		return err
	}
	for i := range s.rows {
		if s.rows[i].id == id {
			s.rows[i].value = value
		}
	}
	return nil
}

// add is pgTAP's _add(label, value, note): a new row.
func (s *tapState) add(ctx context.Context, c routine.Caller, label string, value int, note string) error {
	res, err := c.Query(ctx, "INSERT INTO __tcache__ (label, value, note) VALUES ($1, $2, $3) RETURNING id",
		&routine.Params{Types: []*types.Type{types.Text, types.Int4, types.Text}}, []any{label, int32(value), note})
	if err != nil {
		return err
	}
	id := 0
	if len(res.Rows) == 1 {
		id = tapInt(res.Rows[0][0])
	}
	s.rows = append(s.rows, tapCacheRow{id: id, label: label, value: value, note: note})
	return nil
}

// deleteID deletes the row id.
func (s *tapState) deleteID(ctx context.Context, c routine.Caller, id int) error {
	if _, err := c.Query(ctx, "DELETE FROM __tcache__ WHERE id = $1",
		&routine.Params{Types: []*types.Type{types.Int4}}, []any{int32(id)}); err != nil {
		return err
	}
	kept := s.rows[:0]
	for _, r := range s.rows {
		if r.id != id {
			kept = append(kept, r)
		}
	}
	s.rows = kept
	return nil
}

// tapNextTest is the next test's number (pgTAP's add_result).
func tapNextTest(ctx context.Context, c routine.Caller) (int, error) {
	res, err := c.Query(ctx, "SELECT pg_catalog.nextval('__tresults___numb_seq')", nil, nil)
	if err != nil {
		return 0, err
	}
	return tapInt(res.Rows[0][0]), nil
}

// tapRestartTests makes n the next test's number, as pgTAP's ALTER
// SEQUENCE __tresults___numb_seq RESTART WITH n does.
func tapRestartTests(ctx context.Context, c routine.Caller, n int) error {
	if n < 1 {
		n = 1
	}
	_, err := c.Query(ctx, "SELECT pg_catalog.setval('__tresults___numb_seq', $1, false)",
		&routine.Params{Types: []*types.Type{types.Int8}}, []any{int64(n)})
	return err
}

// tapStateDDL creates pgTAP's temporary objects, open to every role so
// that tests run after SET ROLE still record their results.
var tapStateDDL = []string{
	"CREATE TEMP SEQUENCE __tcache___id_seq",
	"CREATE TEMP TABLE __tcache__ (id integer NOT NULL DEFAULT pg_catalog.nextval('__tcache___id_seq'), " +
		"label text NOT NULL, value integer NOT NULL, note text NOT NULL DEFAULT '')",
	"CREATE UNIQUE INDEX __tcache___key ON __tcache__(id)",
	"GRANT ALL ON TABLE __tcache__ TO PUBLIC",
	"GRANT ALL ON TABLE __tcache___id_seq TO PUBLIC",
	"CREATE TEMP SEQUENCE __tresults___numb_seq",
	"GRANT ALL ON TABLE __tresults___numb_seq TO PUBLIC",
}

// tapCreateState creates the objects.
func tapCreateState(ctx context.Context, c routine.Caller) error {
	for _, q := range tapStateDDL {
		if _, err := c.Query(ctx, q, nil, nil); err != nil {
			return err
		}
	}
	return nil
}

// tapDropState drops them, as pgTAP's _cleanup() does after runtests().
func tapDropState(ctx context.Context, c routine.Caller) error {
	for _, q := range []string{"DROP SEQUENCE __tresults___numb_seq", "DROP TABLE __tcache__", "DROP SEQUENCE __tcache___id_seq"} {
		if _, err := c.Query(ctx, q, nil, nil); err != nil {
			return err
		}
	}
	return nil
}

// tapPlanState is plan(n) on s: the objects are created on the first
// plan; a plan already recorded is an error; the plan is recorded and
// the failures counted from zero. The test numbers go on: a file that
// deletes the plan row and plans again keeps counting its tests.
func tapPlanState(ctx context.Context, c routine.Caller, n int) (*tapState, error) {
	s, err := tapLoad(ctx, c)
	if err != nil {
		return nil, err
	}
	if !s.exists {
		if err := tapCreateState(ctx, c); err != nil {
			return nil, err
		}
		s = &tapState{exists: true}
	} else if _, ok := s.get("plan"); ok {
		return nil, tapRaise("You tried to plan twice!")
	}
	if err := s.set(ctx, c, "plan", n); err != nil {
		return nil, err
	}
	if err := s.set(ctx, c, "failed", 0); err != nil {
		return nil, err
	}
	return s, nil
}

// tapTodoWhy is pgTAP's _todo(): the reason of the innermost TODO block
// the next test belongs to (nil: none), using up one of its tests.
func (s *tapState) todoWhy(ctx context.Context, c routine.Caller) (*string, error) {
	t, ok := s.latest("todo", nil)
	if !ok {
		return nil, nil
	}
	if t.value == 0 {
		return nil, s.deleteID(ctx, c, t.id)
	}
	if t.value != -1 {
		if err := s.setID(ctx, c, t.id, t.value-1); err != nil {
			return nil, err
		}
	}
	why := t.note
	if t.value == 1 {
		if err := s.deleteID(ctx, c, t.id); err != nil {
			return nil, err
		}
	}
	return &why, nil
}

// tapCounterValue is a label's value as _get returns it.
func tapCounterValue(v int, ok bool) any {
	if !ok {
		return nil
	}
	return int32(v)
}
