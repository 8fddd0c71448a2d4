package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/types"
)

// DatabaseStats are the database-wide counters pg_stat_database shows
// besides the sums of its tables' (the engine's, from State.LoadDatabaseStats).
type DatabaseStats struct {
	Backends                                int32
	Commits, Rollbacks, Sessions, Deadlocks int64
}

// pgStatDatabase is pg_catalog.pg_stat_database (docs 28.2.16): a row for
// shared objects (datid 0) and one per database. The engine's database
// has its sessions, transactions, deadlocks and its tables' row counters
// summed (tup_returned: rows read by sequential scans and index entries
// read; tup_fetched: rows fetched by index scans); tinybase reads no
// blocks through a buffer cache, writes no temporary files and has no
// replicas (0), and keeps no session times (0). The other databases are
// templates no session can connect to, so all is 0 there.
var pgStatDatabase = &def{
	cols: []column{
		{"datid", types.Oid}, {"datname", types.Name}, {"numbackends", types.Int4}, {"xact_commit", types.Int8},
		{"xact_rollback", types.Int8}, {"blks_read", types.Int8}, {"blks_hit", types.Int8}, {"tup_returned", types.Int8},
		{"tup_fetched", types.Int8}, {"tup_inserted", types.Int8}, {"tup_updated", types.Int8}, {"tup_deleted", types.Int8},
		{"conflicts", types.Int8}, {"temp_files", types.Int8}, {"temp_bytes", types.Int8}, {"deadlocks", types.Int8},
		{"checksum_failures", types.Int8}, {"checksum_last_failure", types.Timestamptz}, {"blk_read_time", types.Float8},
		{"blk_write_time", types.Float8}, {"session_time", types.Float8}, {"active_time", types.Float8},
		{"idle_in_transaction_time", types.Float8}, {"sessions", types.Int8}, {"sessions_abandoned", types.Int8},
		{"sessions_fatal", types.Int8}, {"sessions_killed", types.Int8}, {"stats_reset", types.Timestamptz},
	},
	rows: func(s *State) ([][]any, error) {
		z, zf := int64(0), float64(0)
		row := func(oid uint32, name any, st DatabaseStats, ret, fetched, ins, upd, del int64) []any {
			return []any{oid, name, st.Backends, st.Commits, st.Rollbacks, z, z, ret, fetched, ins, upd, del,
				z, z, z, st.Deadlocks, nil, nil, zf, zf, zf, zf, zf, st.Sessions, z, z, z, nil}
		}
		var st DatabaseStats
		if s.LoadDatabaseStats != nil {
			st = s.LoadDatabaseStats()
		}
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var ret, fetched, ins, upd, del int64
		for _, r := range rels {
			c, err := r.Table.Counts(s.Ctx)
			if err != nil {
				continue // changed under the read
			}
			ret += c.SeqTupRead
			for _, ix := range c.Indexes {
				ret += ix.Read
			}
			fetched += c.IdxTupFetch
			ins, upd, del = ins+c.Inserted, upd+c.Updated, del+c.Deleted
		}
		out := [][]any{row(0, nil, DatabaseStats{}, 0, 0, 0, 0, 0)}
		for _, d := range []struct {
			oid  uint32
			name string
		}{{DatabaseOID, s.Database}, {1, "template1"}, {4, "template0"}} {
			if d.oid == DatabaseOID {
				out = append(out, row(d.oid, d.name, st, ret, fetched, ins, upd, del))
				continue
			}
			out = append(out, row(d.oid, d.name, DatabaseStats{}, 0, 0, 0, 0, 0))
		}
		return out, nil
	},
}
