package lint

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/tinybase/tinybase/engine"
)

// Level is a finding's severity, as splinter names it.
type Level string

const (
	LevelError Level = "ERROR"
	LevelWarn  Level = "WARN"
	LevelInfo  Level = "INFO"
)

func (l Level) rank() int {
	switch l {
	case LevelError:
		return 0
	case LevelWarn:
		return 1
	}
	return 2
}

// ParseLevel reads a --level flag value: error, warn (or warning), info.
func ParseLevel(s string) (Level, error) {
	switch strings.ToLower(s) {
	case "error":
		return LevelError, nil
	case "warn", "warning":
		return LevelWarn, nil
	case "info":
		return LevelInfo, nil
	}
	return "", fmt.Errorf("lint: unknown level %q (want error, warn or info)", s)
}

// Finding is one problem, in splinter's shape. The JSON form is the stable
// output of `tinybase db lint --json` (documented in the README).
type Finding struct {
	Name        string   `json:"name"`
	Title       string   `json:"title"`
	Level       Level    `json:"level"`
	Facing      string   `json:"facing"`
	Categories  []string `json:"categories"`
	Description string   `json:"description"`
	Detail      string   `json:"detail"`
	Remediation string   `json:"remediation"`
	Metadata    Metadata `json:"metadata"`
	CacheKey    string   `json:"cache_key"`
}

// Metadata names the object a finding is about, plus lint-specific extras.
type Metadata struct {
	Schema      string   `json:"schema"`
	Name        string   `json:"name"`
	Type        string   `json:"type,omitempty"`
	FKeyName    string   `json:"fkey_name,omitempty"`
	FKeyColumns []int    `json:"fkey_columns,omitempty"`
	Indexes     []string `json:"indexes,omitempty"`
	ExposedTo   []string `json:"exposed_to,omitempty"`
	ForeignKey  string   `json:"foreign_key,omitempty"`
}

// Skipped is a lint that could not run because the engine's catalog lacks
// what it needs.
type Skipped struct {
	Lint   string `json:"lint"`
	Reason string `json:"reason"`
}

// Report is the result of Check: findings sorted by level, lint name and
// object, and the lints that could not run.
type Report struct {
	Findings []Finding
	Skipped  []Skipped
}

// Options tunes a lint run.
type Options struct {
	// ExposedSchemas are the schemas PostgREST serves ([api] schemas).
	// Nil reads the pgrst.db_schemas setting and falls back to Supabase's
	// default, public and graphql_public.
	ExposedSchemas []string
}

// Run lints the session's database with the default options.
func Run(ctx context.Context, s *engine.Session) ([]Finding, error) {
	r, err := Check(ctx, s, Options{})
	if err != nil {
		return nil, err
	}
	return r.Findings, nil
}

// Check lints the session's database and also reports skipped lints.
func Check(ctx context.Context, s *engine.Session, opts Options) (Report, error) {
	return check(ctx, sessionQuerier{s}, opts)
}

// rule is one lint: its splinter identity and the function computing it.
type rule struct {
	id          string // e.g. 0013
	name        string
	title       string
	level       Level
	category    string
	description string
	needs       []fact
	run         func(f *facts, r *rule) []Finding
}

func (r *rule) remediation() string {
	return "https://supabase.com/docs/guides/database/database-linter?lint=" + r.id + "_" + r.name
}

func (r *rule) finding(detail string, md Metadata, cacheKey string) Finding {
	return Finding{
		Name: r.name, Title: r.title, Level: r.level, Facing: "EXTERNAL", Categories: []string{r.category},
		Description: r.description, Detail: detail, Remediation: r.remediation(), Metadata: md, CacheKey: cacheKey,
	}
}

func check(ctx context.Context, q querier, opts Options) (Report, error) {
	f, err := loadFacts(ctx, q, opts)
	if err != nil {
		return Report{}, err
	}
	var rep Report
	for _, r := range rules {
		missing := ""
		for _, n := range r.needs {
			if why, ok := f.missing[n]; ok {
				missing = why
				break
			}
		}
		if missing != "" {
			rep.Skipped = append(rep.Skipped, Skipped{Lint: r.name, Reason: missing})
			continue
		}
		rep.Findings = append(rep.Findings, r.run(f, r)...)
	}
	sortFindings(rep.Findings)
	if rep.Findings == nil {
		rep.Findings = []Finding{}
	}
	return rep, nil
}

func sortFindings(fs []Finding) {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i], fs[j]
		if a.Level.rank() != b.Level.rank() {
			return a.Level.rank() < b.Level.rank()
		}
		if a.Name != b.Name {
			return a.Name < b.Name
		}
		if a.Metadata.Schema != b.Metadata.Schema {
			return a.Metadata.Schema < b.Metadata.Schema
		}
		if a.Metadata.Name != b.Metadata.Name {
			return a.Metadata.Name < b.Metadata.Name
		}
		return a.CacheKey < b.CacheKey
	})
}

// Filter keeps the findings at level min or more severe.
func Filter(fs []Finding, min Level) []Finding {
	out := []Finding{}
	for _, f := range fs {
		if f.Level.rank() <= min.rank() {
			out = append(out, f)
		}
	}
	return out
}

// HasErrors reports whether any finding is an ERROR (the CLI exits 1).
func HasErrors(fs []Finding) bool {
	for _, f := range fs {
		if f.Level == LevelError {
			return true
		}
	}
	return false
}

// Introduced returns the findings of after that before does not have
// (compared by cache key): what a candidate migration adds, for
// `migration new`.
func Introduced(before, after []Finding) []Finding {
	seen := map[string]bool{}
	for _, f := range before {
		seen[f.CacheKey] = true
	}
	out := []Finding{}
	for _, f := range after {
		if !seen[f.CacheKey] {
			out = append(out, f)
		}
	}
	return out
}
