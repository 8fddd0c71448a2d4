package migrations

import (
	"context"
	"crypto/sha256"
	"errors"
	"sync"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// DefaultTimeout bounds one validation (prior replay and candidate).
const DefaultTimeout = 10 * time.Second

// Finding is one lint finding, identified by a key stable across runs (the
// splinter cache_key), so findings the candidate introduces are those whose
// key was absent before it.
type Finding struct {
	Key     string `json:"key"`
	Level   string `json:"level"` // ERROR, WARN, INFO
	Name    string `json:"name"`
	Message string `json:"message"`
}

// LintFunc lints the state a session sees. The lint package provides it
// (lint.Run); the root package adapts it into Options.Lint.
type LintFunc func(ctx context.Context, s *engine.Session) ([]Finding, error)

// Options configures a Validator.
type Options struct {
	// NewEngine returns a fresh database (the Supabase bootstrap). Nil
	// means engine.Open with default options.
	NewEngine func() (*engine.Engine, error)
	// Timeout bounds one validation; 0 means DefaultTimeout.
	Timeout time.Duration
	// Lint, when set, reports findings the candidate introduces as
	// warnings.
	Lint LintFunc
}

// Validator validates candidates on top of prior migrations, caching the
// state after each prefix of the history by a chained hash of the files.
// It is safe for concurrent use.
type Validator struct {
	opts  Options
	mu    sync.Mutex
	base  *engine.Engine
	cache map[[32]byte]*state
}

// state is the committed engine state after a prefix of the history, with
// its lint findings' keys (computed on first use, under lintMu; a failed or
// cancelled computation is not kept, so the next validation retries it).
type state struct {
	eng    *engine.Engine
	lintMu sync.Mutex
	lint   map[string]bool
}

// NewValidator returns a Validator.
func NewValidator(opts Options) *Validator {
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	return &Validator{opts: opts, cache: map[[32]byte]*state{}}
}

// Outcome classifies a validation result.
type Outcome string

const (
	OutcomeOK          Outcome = "ok"
	OutcomeFailed      Outcome = "candidate_failed"    // the candidate does not apply
	OutcomePriorFailed Outcome = "prior_failed"        // a prior migration does not apply
	OutcomeTimeout     Outcome = "timeout"             // validation exceeded its timeout
	OutcomeEmpty       Outcome = "empty"               // the candidate has no statements
	OutcomeTxnControl  Outcome = "transaction_control" // the candidate tries to end the transaction
	OutcomeWarnings    Outcome = "warnings"            // applied, with warnings, under strict
)

// Result is a validation's verdict.
type Result struct {
	OK      bool    `json:"ok"`
	Outcome Outcome `json:"outcome"`
	// Problem is set unless OK: the candidate's error (or the prior's,
	// when Prior is set).
	Problem *Problem `json:"problem,omitempty"`
	// Prior names the prior migration file that failed.
	Prior    string    `json:"prior,omitempty"`
	Warnings []Warning `json:"warnings"`
}

// Warning is something PostgreSQL accepts but an agent needs to hear.
type Warning struct {
	Kind    string   `json:"kind"` // "reserved_schema" or "lint"
	Message string   `json:"message"`
	Line    int      `json:"line,omitempty"`
	Column  int      `json:"column,omitempty"`
	Lint    *Finding `json:"lint,omitempty"`
}

// Validate applies candidate on top of priors (in order) on a clone of the
// cached state after priors, inside a transaction that is always rolled
// back. strict turns warnings into failure. The returned error is only for
// failures of the machinery itself; everything about the SQL is in Result.
func (v *Validator) Validate(ctx context.Context, priors []File, candidate File, strict bool) (*Result, error) {
	ctx, cancel := context.WithTimeout(ctx, v.opts.Timeout)
	defer cancel()
	res := &Result{Warnings: []Warning{}}

	scan, err := scanCandidate(candidate.SQL)
	if err != nil {
		return nil, err
	}
	if scan.empty {
		res.Outcome = OutcomeEmpty
		res.Problem = &Problem{SQLState: "", Message: "migration is empty: it has no SQL statements"}
		return res, nil
	}
	if scan.txnControl != nil {
		res.Outcome = OutcomeTxnControl
		res.Problem = scan.txnControl
		return res, nil
	}

	st, ferr, err := v.stateAfter(ctx, priors)
	if err != nil {
		return nil, err
	}
	if ferr != nil {
		res.Prior = ferr.File.Base()
		p := ferr.Problem
		res.Problem = &p
		res.Outcome = OutcomePriorFailed
		if isTimeout(ctx, ferr.Err) {
			res.Outcome = OutcomeTimeout
			res.Problem.Message = timeoutMessage
		}
		return res, nil
	}

	if v.opts.Lint != nil {
		// The findings before the candidate do not depend on it: compute
		// them on another goroutine (another CPU) while the candidate
		// applies. lintWarnings waits for them; when the candidate fails,
		// returning cancels ctx and the unfinished lint with it.
		go func() { _, _ = v.lintKeys(ctx, st) }()
	}
	clone := st.eng.Snapshot()
	s, err := clone.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if _, err := s.Exec(ctx, "BEGIN"); err != nil {
		return nil, err
	}
	stmts, execErr := execScript(ctx, OnEngine(s), candidate.SQL)
	if execErr != nil {
		p := problemFrom(execErr, candidate.SQL, stmts)
		res.Problem = &p
		res.Outcome = OutcomeFailed
		if isTimeout(ctx, execErr) {
			res.Outcome = OutcomeTimeout
			res.Problem.Message = timeoutMessage
		}
		return res, nil
	}
	res.Warnings = append(res.Warnings, scan.warnings...)
	if v.opts.Lint != nil {
		// The clone is this validation's alone: committing the candidate
		// there lets the lint read it from a fresh session, as it reads a
		// database, without touching the cached state.
		if _, err := s.Exec(ctx, "COMMIT"); err != nil {
			return nil, err
		}
		ls, err := clone.Connect(engine.SessionOptions{})
		if err != nil {
			return nil, err
		}
		lw, err := v.lintWarnings(ctx, st, ls)
		ls.Close()
		if err != nil {
			return nil, err
		}
		res.Warnings = append(res.Warnings, lw...)
	}
	if strict && len(res.Warnings) > 0 {
		res.Outcome = OutcomeWarnings
		return res, nil
	}
	res.OK = true
	res.Outcome = OutcomeOK
	return res, nil
}

func isTimeout(ctx context.Context, err error) bool {
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	if pe, ok := asPG(err); ok && pe.Code == "57014" && ctx.Err() != nil {
		return true
	}
	return false
}

// stateAfter returns the committed state after priors, replaying only the
// files past the longest cached prefix. A prior that fails is returned as
// a *FileError (second result), not as an error.
func (v *Validator) stateAfter(ctx context.Context, priors []File) (*state, *FileError, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.base == nil {
		newEngine := v.opts.NewEngine
		if newEngine == nil {
			newEngine = func() (*engine.Engine, error) { return engine.Open(engine.Options{}) }
		}
		e, err := newEngine()
		if err != nil {
			return nil, nil, err
		}
		v.base = e
	}
	keys := chainKeys(priors)
	start := 0
	cur := &state{eng: v.base}
	for i := len(keys) - 1; i >= 0; i-- {
		if st, ok := v.cache[keys[i]]; ok {
			start, cur = i+1, st
			break
		}
	}
	if start == len(priors) {
		return cur, nil, nil
	}
	eng := cur.eng.Snapshot()
	s, err := eng.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, nil, err
	}
	defer s.Close()
	for i := start; i < len(priors); i++ {
		if err := applyUnrecorded(ctx, OnEngine(s), priors[i]); err != nil {
			var fe *FileError
			if errors.As(err, &fe) {
				return nil, fe, nil
			}
			return nil, nil, err
		}
		// Each prefix's state is kept: snapshots share structure, so this
		// costs a few pointers per prefix.
		v.cache[keys[i]] = &state{eng: eng.Snapshot()}
	}
	return v.cache[keys[len(keys)-1]], nil, nil
}

// chainKeys hashes each prefix of files: key[i] covers files[0..i].
func chainKeys(files []File) [][32]byte {
	out := make([][32]byte, len(files))
	var prev [32]byte
	for i, f := range files {
		h := sha256.New()
		h.Write(prev[:])
		h.Write([]byte(f.Version))
		h.Write([]byte{0})
		h.Write([]byte(f.Name))
		h.Write([]byte{0})
		h.Write([]byte(f.SQL))
		copy(prev[:], h.Sum(nil))
		out[i] = prev
	}
	return out
}

func (v *Validator) lintWarnings(ctx context.Context, before *state, after *engine.Session) ([]Warning, error) {
	fs, err := v.opts.Lint(ctx, after)
	if err != nil {
		return nil, err
	}
	had, err := v.lintKeys(ctx, before)
	if err != nil {
		return nil, err
	}
	var out []Warning
	for _, f := range fs {
		if !had[f.Key] {
			f := f
			out = append(out, Warning{Kind: "lint", Message: f.Level + " " + f.Name + ": " + f.Message, Lint: &f})
		}
	}
	return out, nil
}

// lintKeys returns the keys of st's lint findings, linting a snapshot of
// st the first time.
func (v *Validator) lintKeys(ctx context.Context, st *state) (map[string]bool, error) {
	st.lintMu.Lock()
	defer st.lintMu.Unlock()
	if st.lint != nil {
		return st.lint, nil
	}
	s, err := st.eng.Snapshot().Connect(engine.SessionOptions{})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	fs, err := v.opts.Lint(ctx, s)
	if err != nil {
		return nil, err
	}
	keys := make(map[string]bool, len(fs))
	for _, f := range fs {
		keys[f.Key] = true
	}
	st.lint = keys
	return keys, nil
}

// Prime records eng's committed state as the state after files, so a
// program that has just applied files (tinybase.Open) validates its first
// candidate without replaying them. eng is snapshotted; later changes to it
// do not reach the cache.
func (v *Validator) Prime(files []File, eng *engine.Engine) {
	if len(files) == 0 {
		return
	}
	keys := chainKeys(files)
	v.mu.Lock()
	defer v.mu.Unlock()
	v.cache[keys[len(keys)-1]] = &state{eng: eng.Snapshot()}
}
