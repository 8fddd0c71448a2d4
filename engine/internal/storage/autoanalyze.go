package storage

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql"
)

// Automatic ANALYZE (PostgreSQL docs 25.1.6, "The Autovacuum Daemon"):
// every table version counts the rows inserted, updated and deleted since
// its statistics were last computed (tableData.mods, which is
// pg_stat_user_tables.n_mod_since_analyze); a table whose count passes
// autovacuum_analyze_threshold + autovacuum_analyze_scale_factor ×
// reltuples is analyzed by a background worker (the session package's
// autoanalyze.go). The worker computes the statistics from the committed
// state without the writer lock, as PostgreSQL's ANALYZE reads a
// snapshot, and takes the lock only to install them.

// ModsSinceAnalyze returns the rows inserted, updated or deleted in the
// table since its last ANALYZE, as the version in ctx's transaction
// counts them, and its statistics (nil when never analyzed).
func (h *Table) ModsSinceAnalyze(ctx *sql.Context) (int64, *TableStats, error) {
	t, td, err := h.current(ctx)
	if err != nil {
		return 0, nil, err
	}
	defer t.mu.Unlock()
	return td.mods, td.stats, nil
}

// AutoAnalyze is the automatic ANALYZE of every column: the statistics
// are computed from the table's version in ctx's transaction, which has
// not written yet, then installed on the latest committed version under
// the writer lock. The rows modified after the read stay counted.
func (h *Table) AutoAnalyze(ctx *sql.Context, now time.Time) error {
	t, td, err := h.current(ctx)
	if err != nil {
		return err
	}
	st := computeStats(ctx, td, nil)
	seen := td.mods
	t.mu.Unlock()
	return h.alter(ctx, func(t *Txn, td *tableData) error {
		if td.stats != nil { // an ANALYZE that committed meanwhile counts too
			st.Analyzed, st.AutoAnalyzed = td.stats.Analyzed, td.stats.AutoAnalyzed
			st.LastAnalyze = td.stats.LastAnalyze
		}
		st.AutoAnalyzed++
		st.LastAutoanalyze = now
		td.stats = st
		td.mods = max(0, td.mods-seen)
		return nil
	})
}
