// Package stmtstats keeps the execution statistics of the statements
// clients run: the store behind pg_stat_statements (PostgreSQL docs
// F.32), one per engine, as PostgreSQL keeps one hash table per server.
//
// Statements are grouped by user and shape: a query's or DML's
// constants become $n (normalizing a text parses it, so each text is
// normalized once and remembered); a utility statement is its text.
package stmtstats

import (
	"hash/fnv"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tinybase/tinybase/internal/pgtree"
)

// Max is pg_stat_statements.max's default: the statements kept. Past it
// the least-called 5% are dropped (a deallocation, as PostgreSQL's
// entry_dealloc).
const Max = 5000

// Kind says how a statement is grouped: by its shape (a query or DML,
// whose constants PostgreSQL's jumbling ignores) or by its text (a
// utility statement).
type Kind uint8

const (
	Optimizable Kind = iota
	Utility
)

// Store is one engine's statement statistics. The zero value is ready.
type Store struct {
	mu      sync.Mutex
	entries map[key]*counters
	dealloc int64
	reset   time.Time // the last full reset, or the store's first use
	// shapes memoizes texts' normalized forms (bounded by maxShapes).
	shapes map[string]string
}

// maxShapes bounds the memo of normalized texts: a client sending
// constants in its texts makes a new one per statement.
const maxShapes = 4096

// key is what PostgreSQL groups by: the user and the query's shape
// (the database is the one; the statements recorded are top-level).
type key struct {
	user  string
	query string
}

// counters are one statement's numbers; times in milliseconds, sumVar is
// Welford's sum of squared deviations (pg_stat_statements' sum_var_time).
type counters struct {
	calls, rows                   int64
	total, min, max, mean, sumVar float64
}

func (c *counters) add(ms float64, rows int64) {
	c.calls++
	c.rows += rows
	c.total += ms
	if c.calls == 1 {
		c.min, c.max, c.mean = ms, ms, ms
		return
	}
	c.min, c.max = min(c.min, ms), max(c.max, ms)
	old := c.mean
	c.mean += (ms - old) / float64(c.calls)
	c.sumVar += (ms - old) * (ms - c.mean)
}

// Record counts one successful top-level statement run by user.
func (s *Store) Record(user, text string, kind Kind, elapsed time.Duration, rows int64) {
	text = strings.TrimRight(strings.TrimSpace(text), "; \t\r\n")
	s.mu.Lock()
	defer s.mu.Unlock()
	k := key{user: user, query: text}
	if kind == Optimizable {
		k.query = s.normalize(text)
	}
	c, ok := s.entries[k]
	if !ok {
		if s.entries == nil {
			s.entries = map[key]*counters{}
			if s.reset.IsZero() {
				s.reset = time.Now()
			}
		}
		if len(s.entries) >= Max {
			s.deallocate()
		}
		c = &counters{}
		s.entries[k] = c
	}
	c.add(float64(elapsed.Nanoseconds())/1e6, rows)
}

// normalize is text with its constants as $n, numbered after its own
// parameters, as pg_stat_statements shows a query (libpg_query implements
// PostgreSQL's normalization); a text without digits or quotes has no
// constant to replace.
func (s *Store) normalize(text string) string {
	if !strings.ContainsAny(text, "0123456789'") {
		return text
	}
	if q, ok := s.shapes[text]; ok {
		return q
	}
	q, err := pgtree.Normalize(text)
	if err != nil {
		q = text
	}
	if s.shapes == nil || len(s.shapes) >= maxShapes {
		s.shapes = map[string]string{}
	}
	s.shapes[text] = q
	return q
}

// deallocate drops the least-called 5% of the statements.
func (s *Store) deallocate() {
	keys := make([]key, 0, len(s.entries))
	for k := range s.entries {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b key) int {
		if d := s.entries[a].calls - s.entries[b].calls; d != 0 {
			return int(max(-1, min(1, d)))
		}
		return strings.Compare(a.query, b.query)
	})
	for _, k := range keys[:max(1, len(keys)/20)] {
		delete(s.entries, k)
	}
	s.dealloc++
}

// Entry is one row of pg_stat_statements.
type Entry struct {
	User    string
	QueryID int64
	Query   string
	Calls   int64
	Rows    int64
	// Total, Min, Max, Mean and Stddev are execution times in
	// milliseconds.
	Total, Min, Max, Mean, Stddev float64
}

// Entries lists the statements, in no particular order (as the view).
func (s *Store) Entries() []Entry {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Entry, 0, len(s.entries))
	for k, c := range s.entries {
		e := Entry{User: k.user, QueryID: QueryID(k.query), Query: k.query, Calls: c.calls, Rows: c.rows,
			Total: c.total, Min: c.min, Max: c.max, Mean: c.mean}
		if c.calls > 1 {
			e.Stddev = math.Sqrt(c.sumVar / float64(c.calls))
		}
		out = append(out, e)
	}
	return out
}

// QueryID identifies a query shape: a hash of its normalized text
// (PostgreSQL hashes the parse tree; the numbers differ, the grouping
// is the same but for spelling: case and spacing make other shapes).
func QueryID(query string) int64 {
	h := fnv.New64a()
	h.Write([]byte(query))
	return int64(h.Sum64())
}

// Reset drops the statements of user (all users for "") with queryid
// (all for 0), as pg_stat_statements_reset; clearing everything also
// moves the reset time and zeroes the deallocations.
func (s *Store) Reset(user string, queryID int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if user == "" && queryID == 0 {
		s.entries, s.dealloc = nil, 0
		s.reset = time.Now()
		return
	}
	for k := range s.entries {
		if (user == "" || k.user == user) && (queryID == 0 || QueryID(k.query) == queryID) {
			delete(s.entries, k)
		}
	}
}

// Info is pg_stat_statements_info: the deallocations since the last
// full reset, and when that was (the store's first use before any).
func (s *Store) Info() (dealloc int64, reset time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.reset.IsZero() {
		s.reset = time.Now()
	}
	return s.dealloc, s.reset
}
