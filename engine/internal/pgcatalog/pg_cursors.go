package pgcatalog

import (
	"time"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// CursorRow is one open cursor of the session (pg_cursors).
type CursorRow struct {
	Name, Statement              string
	Holdable, Binary, Scrollable bool
	Created                      time.Time
}

// pgCursors is pg_cursors (PostgreSQL docs 54.6): the session's open
// cursors, from State.LoadCursors at each scan.
var pgCursors = &def{
	cols: []column{
		{"name", types.Text}, {"statement", types.Text}, {"is_holdable", types.Bool},
		{"is_binary", types.Bool}, {"is_scrollable", types.Bool}, {"creation_time", types.Timestamptz},
	},
	rows: func(s *State) ([][]any, error) {
		if s.LoadCursors == nil {
			return nil, nil
		}
		var out [][]any
		for _, c := range s.LoadCursors() {
			out = append(out, []any{c.Name, c.Statement, c.Holdable, c.Binary, c.Scrollable, c.Created.UTC().Truncate(time.Microsecond)})
		}
		return out, nil
	},
}
