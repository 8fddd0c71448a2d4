package pgcatalog

import (
	"time"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// LockRow is one held or awaited lock as pg_locks shows it (PostgreSQL
// docs 54.12). An advisory lock's bigint key is split into ClassID (high
// word) and ObjID (low word) with ObjSubID 1; a pair of integer keys is
// ClassID, ObjID with ObjSubID 2. A relation lock sets Relation.
type LockRow struct {
	LockType       string // "advisory", "relation"
	Relation       uint32
	ClassID, ObjID uint32
	ObjSubID       int16
	VirtualXact    string
	PID            int32
	Mode           string
	Granted        bool
	WaitStart      time.Time // zero when granted
}

// ActivityRow is one session as pg_stat_activity shows it.
type ActivityRow struct {
	PID                      int32
	User, ApplicationName    string
	BackendStart             time.Time
	State                    string
	WaitEventType, WaitEvent string // empty when not waiting
	Query                    string // empty: unknown
	Self                     bool   // the reading session
}

// pgLocks is pg_catalog.pg_locks: the engine's advisory and table locks,
// held and awaited, from State.LoadLocks at each scan.
var pgLocks = &def{
	cols: []column{
		{"locktype", types.Text}, {"database", types.Oid}, {"relation", types.Oid}, {"page", types.Int4},
		{"tuple", types.Int2}, {"virtualxid", types.Text}, {"transactionid", types.Text}, {"classid", types.Oid},
		{"objid", types.Oid}, {"objsubid", types.Int2}, {"virtualtransaction", types.Text}, {"pid", types.Int4},
		{"mode", types.Text}, {"granted", types.Bool}, {"fastpath", types.Bool}, {"waitstart", types.Timestamptz},
	},
	rows: func(s *State) ([][]any, error) {
		if s.LoadLocks == nil {
			return nil, nil
		}
		var out [][]any
		for _, l := range s.LoadLocks() {
			var rel, class, obj, sub, wait any
			if l.LockType == "relation" {
				rel = l.Relation
			} else {
				class, obj, sub = l.ClassID, l.ObjID, l.ObjSubID
			}
			if !l.WaitStart.IsZero() {
				wait = l.WaitStart.UTC().Truncate(time.Microsecond)
			}
			out = append(out, []any{l.LockType, uint32(DatabaseOID), rel, nil, nil, nil, nil, class, obj, sub,
				l.VirtualXact, l.PID, l.Mode, l.Granted, false, wait})
		}
		return out, nil
	},
}

// activityRows is pg_stat_activity's rows from State.LoadActivity; without
// it, the reading session's own row.
func activityRows(s *State) [][]any {
	app := ""
	for _, st := range s.SettingRows() {
		if st.Name == "application_name" {
			app = st.Setting
		}
	}
	self := func(pid, query any) []any {
		return []any{uint32(DatabaseOID), s.Database, pid, nil, uint32(10), s.User, app, nil, nil, nil,
			nil, nil, nil, nil, nil, nil, "active", nil, nil, nil, query, "client backend"}
	}
	if s.LoadActivity == nil {
		return [][]any{self(nil, nil)}
	}
	text := func(q string) any {
		if q == "" {
			return nil
		}
		return q
	}
	// PostgreSQL's HAS_PGSTAT_PERMISSIONS: another role's session shows
	// only who and where, its query as "<insufficient privilege>", unless
	// the reader has that role's or pg_read_all_stats' privileges
	allStats := s.Catalog.HasPrivsOf(s.CurrentUser, "pg_read_all_stats")
	var out [][]any
	for _, a := range s.LoadActivity() {
		if a.Self {
			out = append(out, self(a.PID, text(a.Query)))
			continue
		}
		usesys := any(nil)
		if r, ok := s.Catalog.Role(a.User); ok {
			usesys = r.OID
		}
		if !allStats && !s.Catalog.HasPrivsOf(s.CurrentUser, a.User) {
			out = append(out, []any{uint32(DatabaseOID), s.Database, a.PID, nil, usesys, a.User, a.ApplicationName, nil, nil, nil,
				nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, "<insufficient privilege>", "client backend"})
			continue
		}
		var wt, we any
		if a.WaitEventType != "" {
			wt, we = a.WaitEventType, a.WaitEvent
		}
		out = append(out, []any{uint32(DatabaseOID), s.Database, a.PID, nil, usesys, a.User, a.ApplicationName, nil, nil, nil,
			a.BackendStart.UTC().Truncate(time.Microsecond), nil, nil, nil, wt, we, a.State, nil, nil, nil, text(a.Query), "client backend"})
	}
	return out
}
