package pgcatalog

import (
	"time"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgTimezoneNames is pg_timezone_names (PostgreSQL docs 54.32): every tz
// database zone with its abbreviation, offset from UTC and daylight
// saving as of the current statement. PostgreSQL lists the zone files of
// its time zone directory; tinybase lists the zones Go's time package
// ships (types.ZoneNames).
var pgTimezoneNames = &def{
	cols: []column{{"name", types.Text}, {"abbrev", types.Text}, {"utc_offset", types.Interval}, {"is_dst", types.Bool}},
	rows: func(s *State) ([][]any, error) {
		now := time.Now()
		if s.Ctx != nil && !s.Ctx.QueryTime().IsZero() {
			now = s.Ctx.QueryTime()
		}
		var out [][]any
		for _, name := range types.ZoneNames() {
			loc, err := time.LoadLocation(name)
			if err != nil {
				continue // not in this system's zone files
			}
			t := now.In(loc)
			abbrev, off := t.Zone()
			out = append(out, []any{name, abbrev, types.IntervalVal{Micros: int64(off) * 1e6}, t.IsDST()})
		}
		return out, nil
	},
}
