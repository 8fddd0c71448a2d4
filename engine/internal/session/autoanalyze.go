package session

import (
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
)

// Automatic ANALYZE, as PostgreSQL's autovacuum launcher runs it (docs
// 25.1.6, "The Autovacuum Daemon"): after a commit that wrote, a
// background worker wakes once per naptime while writes continue, and
// analyzes every table whose rows modified since its last ANALYZE
// (n_mod_since_analyze) exceed autovacuum_analyze_threshold +
// autovacuum_analyze_scale_factor × reltuples. The writer's commit only
// sets a flag; the statistics are computed from a snapshot outside the
// writer lock (storage's autoanalyze.go), each table in its own
// transaction. Per-table reloptions autovacuum_enabled,
// autovacuum_analyze_threshold and autovacuum_analyze_scale_factor
// override the server defaults, which are PostgreSQL's.

// DefaultAutoanalyzeNaptime is autovacuum_naptime's default.
const DefaultAutoanalyzeNaptime = time.Minute

const (
	// autovacuum_analyze_threshold and autovacuum_analyze_scale_factor.
	defaultAnalyzeThreshold   = 50
	defaultAnalyzeScaleFactor = 0.1
)

// autoanalyzer is an engine's autoanalyze worker state.
type autoanalyzer struct {
	mu      sync.Mutex
	enabled bool // set by Open (Options.AutoanalyzeNaptime), never for the bootstrap template
	naptime time.Duration
	// running is set while the worker goroutine lives; pending when a
	// commit wrote since its last round began.
	running, pending, closed bool
	stop                     chan struct{}
	wg                       sync.WaitGroup
}

// noteWrite is called after a commit that wrote: it starts the worker
// unless it runs.
func (e *Engine) noteWrite() {
	a := &e.autoanalyze
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed || !a.enabled {
		return
	}
	a.pending = true
	if a.running {
		return
	}
	if a.stop == nil {
		a.stop = make(chan struct{})
	}
	a.running = true
	a.wg.Add(1)
	go e.autoanalyzeLoop()
}

// stopAutoanalyze stops the worker and waits for it (Engine.Close).
func (e *Engine) stopAutoanalyze() {
	a := &e.autoanalyze
	a.mu.Lock()
	if !a.closed {
		a.closed = true
		if a.stop != nil {
			close(a.stop)
		}
	}
	a.mu.Unlock()
	a.wg.Wait()
}

// autoanalyzeLoop sleeps a naptime, runs a round, and goes on while
// commits keep writing.
func (e *Engine) autoanalyzeLoop() {
	a := &e.autoanalyze
	defer a.wg.Done()
	nap := a.naptime
	timer := time.NewTimer(nap)
	defer timer.Stop()
	for {
		select {
		case <-timer.C:
		case <-a.stop:
			return
		}
		a.mu.Lock()
		a.pending = false
		a.mu.Unlock()
		if err := e.autoanalyzeRound(a.stop); err != nil && e.logger != nil {
			e.logger.Warn("tinybase: automatic analyze failed", "err", err)
		}
		a.mu.Lock()
		if !a.pending || a.closed {
			a.running = false
			a.mu.Unlock()
			return
		}
		a.mu.Unlock()
		timer.Reset(nap)
	}
}

// autoanalyzeRound analyzes the tables past their threshold.
func (e *Engine) autoanalyzeRound(stop <-chan struct{}) error {
	s, err := e.Connect(SessionOptions{User: "postgres"})
	if err != nil {
		return err
	}
	defer s.Close()
	ctx := s.gmsContext()
	txn := s.StorageTxn()
	cat := s.catalog()
	var due []*storage.Table
	for _, schema := range txn.SchemaNames() {
		names, err := txn.TableNames(schema)
		if err != nil {
			return err
		}
		for _, name := range names {
			t, ok := s.table(ctx, schema, name)
			if !ok {
				continue
			}
			mods, st, err := t.ModsSinceAnalyze(ctx)
			if err != nil {
				return err
			}
			threshold, on := analyzeThreshold(cat.RowSecurity(catalog.QName{Schema: schema, Name: name}).OptionList(), st)
			if on && float64(mods) > threshold {
				due = append(due, t)
			}
		}
	}
	txn.Rollback()
	s.txn = nil
	for _, t := range due {
		select {
		case <-stop:
			return nil
		default:
		}
		txn := s.StorageTxn()
		err := t.AutoAnalyze(ctx, time.Now().UTC().Truncate(time.Microsecond))
		if err == nil {
			err = txn.Commit()
		} else {
			txn.Rollback()
		}
		s.txn = nil
		if err != nil {
			return err
		}
	}
	return nil
}

// analyzeThreshold is autovacuum's analyze threshold of a table with
// reloptions opts and statistics st (reltuples 0 before the first
// ANALYZE, as autovacuum reads an unset -1), and whether autovacuum is
// enabled for it.
func analyzeThreshold(opts []string, st *storage.TableStats) (float64, bool) {
	base, scale := float64(defaultAnalyzeThreshold), defaultAnalyzeScaleFactor
	for _, o := range opts {
		name, v, _ := strings.Cut(o, "=")
		switch name {
		case "autovacuum_enabled":
			if on, ok := catalog.ParseBoolOption(v); ok && !on {
				return 0, false
			}
		case "autovacuum_analyze_threshold":
			if n, err := strconv.ParseFloat(v, 64); err == nil {
				base = n
			}
		case "autovacuum_analyze_scale_factor":
			if n, err := strconv.ParseFloat(v, 64); err == nil {
				scale = n
			}
		}
	}
	reltuples := 0.0
	if st != nil {
		reltuples = st.Rows
	}
	return base + scale*reltuples, true
}
