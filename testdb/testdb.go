package testdb

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// Options configure a run.
type Options struct {
	// Jobs is how many files run at once; 0 is the number of CPUs.
	Jobs int
	// Timeout bounds each file; 0 is DefaultTimeout. A file still running
	// then fails as psql fails on statement_timeout.
	Timeout time.Duration
	// Dir is the directory file names are shown relative to.
	Dir string
}

// DefaultTimeout is the per-file limit when Options.Timeout is zero.
const DefaultTimeout = 60 * time.Second

// EnablePgTAP is what `supabase test db` runs before pg_prove.
const EnablePgTAP = "create extension if not exists pgtap with schema extensions"

// Test is one TAP test line.
type Test struct {
	Number      int      `json:"number"`
	OK          bool     `json:"ok"`
	Description string   `json:"description,omitempty"`
	Directive   string   `json:"directive,omitempty"` // TODO or SKIP
	Reason      string   `json:"reason,omitempty"`
	Diagnostics []string `json:"diagnostics,omitempty"`
}

// FileResult is one test file's outcome.
type FileResult struct {
	File string `json:"file"`
	// Planned is the plan's test count; -1 when no plan was printed.
	Planned int    `json:"planned"`
	Tests   []Test `json:"tests"`
	// Comments are the "# ..." lines, in order (diagnostics included).
	Comments []string `json:"comments,omitempty"`
	// TAP is everything the file printed.
	TAP string `json:"tap"`
	// Errors are what psql printed on standard error (the error that
	// stopped the file).
	Errors []string `json:"errors,omitempty"`
	// ExitStatus is psql's: 0, or 3 when a statement failed.
	ExitStatus int           `json:"exit_status"`
	TimedOut   bool          `json:"timed_out,omitempty"`
	Duration   time.Duration `json:"duration_ns"`
	// Failed lists failing test numbers (TODO tests excluded);
	// TodoPassed the TODO tests that passed.
	Failed     []int    `json:"failed,omitempty"`
	TodoPassed []int    `json:"todo_passed,omitempty"`
	Skipped    int      `json:"skipped,omitempty"`
	ParseErrs  []string `json:"parse_errors,omitempty"`
	Passed     bool     `json:"passed"`
}

// Result is a whole run.
type Result struct {
	Files    []FileResult  `json:"files"`
	Tests    int           `json:"tests"`
	Passed   bool          `json:"passed"`
	Duration time.Duration `json:"duration_ns"`
	// UserCPU and SysCPU are the process's CPU time during the run.
	UserCPU time.Duration `json:"-"`
	SysCPU  time.Duration `json:"-"`
}

// Discover lists the test files under dir (supabase/tests of a
// project), recursively, in pg_prove's order: sorted by path.
func Discover(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".sql") || strings.HasSuffix(p, ".pg")) {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(out)
	return out, nil
}

// Prepare returns the snapshot every file starts from: base with pgTAP
// created as `supabase test db` creates it. base is not changed.
func Prepare(ctx context.Context, base *engine.Engine) (*engine.Engine, error) {
	snap := base.Snapshot()
	s, err := snap.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, err
	}
	defer s.Close()
	if _, err := s.Exec(ctx, EnablePgTAP); err != nil {
		return nil, fmt.Errorf("failed to enable pgTAP: %w", err)
	}
	return snap, nil
}

// Run runs files on snapshots of prepared (see Prepare), Jobs at a time,
// and returns their results in the order given.
func Run(ctx context.Context, prepared *engine.Engine, files []string, opts Options) (*Result, error) {
	start := time.Now()
	u0, s0 := cpuTimes()
	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	res := &Result{Files: make([]FileResult, len(files)), Passed: true}
	var wg sync.WaitGroup
	sem := make(chan struct{}, jobs)
	var firstErr error
	var mu sync.Mutex
	for i, f := range files {
		script, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		name := f
		if opts.Dir != "" {
			if rel, err := filepath.Rel(opts.Dir, f); err == nil && !strings.HasPrefix(rel, "..") {
				name = rel
			}
		}
		wg.Add(1)
		sem <- struct{}{}
		go func(i int, name, path, script string) {
			defer wg.Done()
			defer func() { <-sem }()
			fr, err := runFile(ctx, prepared.Snapshot(), name, path, script, timeout)
			if err != nil {
				mu.Lock()
				if firstErr == nil {
					firstErr = err
				}
				mu.Unlock()
				return
			}
			res.Files[i] = *fr
		}(i, name, f, string(script))
	}
	wg.Wait()
	if firstErr != nil {
		return nil, firstErr
	}
	for _, f := range res.Files {
		res.Tests += len(f.Tests)
		if !f.Passed {
			res.Passed = false
		}
	}
	res.Duration = time.Since(start)
	u1, s1 := cpuTimes()
	res.UserCPU, res.SysCPU = u1-u0, s1-s0
	return res, nil
}
