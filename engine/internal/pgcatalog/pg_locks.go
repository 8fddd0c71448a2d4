package pgcatalog

import (
	"net/netip"
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
	PID                   int32
	User, ApplicationName string
	ClientAddr            netip.AddrPort // zero: no TCP connection
	// BackendStart is when the session opened; XactStart, QueryStart
	// and StateChange are zero when unknown (NULL).
	BackendStart, XactStart, QueryStart, StateChange time.Time
	State                                            string
	WaitEventType, WaitEvent                         string // empty when not waiting
	Query                                            string
	Self                                             bool // the reading session
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
	if s.LoadActivity == nil {
		app := ""
		for _, st := range s.SettingRows() {
			if st.Name == "application_name" {
				app = st.Setting
			}
		}
		return [][]any{{uint32(DatabaseOID), s.Database, nil, nil, uint32(10), s.User, app, nil, nil, nil,
			nil, nil, nil, nil, nil, nil, "active", nil, nil, nil, nil, "client backend"}}
	}
	ts := func(t time.Time) any {
		if t.IsZero() {
			return nil
		}
		return t.UTC().Truncate(time.Microsecond)
	}
	text := func(v string) any {
		if v == "" {
			return nil
		}
		return v
	}
	// PostgreSQL's HAS_PGSTAT_PERMISSIONS: another role's session shows
	// only who and where (not even its backend_type), its query as
	// "<insufficient privilege>", unless
	// the reader has that role's or pg_read_all_stats' privileges
	allStats := s.Catalog.HasPrivsOf(s.CurrentUser, "pg_read_all_stats")
	var out [][]any
	for _, a := range s.LoadActivity() {
		usesys := any(nil)
		if r, ok := s.Catalog.Role(a.User); ok {
			usesys = r.OID
		}
		var addr, port any
		if a.ClientAddr.IsValid() {
			addr, port = a.ClientAddr.Addr().Unmap().WithZone("").String(), int32(a.ClientAddr.Port())
		}
		if !a.Self && !allStats && !s.Catalog.HasPrivsOf(s.CurrentUser, a.User) {
			out = append(out, []any{uint32(DatabaseOID), s.Database, a.PID, nil, usesys, a.User, a.ApplicationName, nil, nil, nil,
				nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, "<insufficient privilege>", nil})
			continue
		}
		out = append(out, []any{uint32(DatabaseOID), s.Database, a.PID, nil, usesys, a.User, a.ApplicationName, addr, nil, port,
			ts(a.BackendStart), ts(a.XactStart), ts(a.QueryStart), ts(a.StateChange), text(a.WaitEventType), text(a.WaitEvent),
			a.State, nil, nil, nil, a.Query, "client backend"})
	}
	return out
}
