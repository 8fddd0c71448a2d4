package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/tinybase/tinybase"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
)

func newMigrationCmd() *cobra.Command {
	c := &cobra.Command{Use: "migration", Short: "Manage supabase/migrations (Supabase CLI conventions)", Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return fail(exitUsage, "missing subcommand: new, validate, list, up, repair or squash")
		}}
	c.AddCommand(newMigrationNewCmd(), newMigrationValidateCmd(), newMigrationListCmd(), newMigrationUpCmd(), newMigrationRepairCmd(), newMigrationSquashCmd())
	return c
}

// validateFlags are the flags `migration new` and `migration validate` share.
type validateFlags struct {
	dir     string
	file    string
	json    bool
	strict  bool
	timeout time.Duration
}

func (f *validateFlags) register(c *cobra.Command) {
	c.Flags().StringVar(&f.dir, "dir", ".", "project directory (holding supabase/)")
	c.Flags().BoolVar(&f.json, "json", false, "print the result as JSON on stdout")
	c.Flags().BoolVar(&f.strict, "strict", false, "fail (exit 9) when validation reports warnings")
	c.Flags().DurationVar(&f.timeout, "timeout", migrations.DefaultTimeout, "give up validating after this long (exit 7)")
}

// report is the stable JSON shape of `migration new` / `migration validate`
// (README.md, "JSON output"). Every key is always present.
type report struct {
	OK        bool    `json:"ok"`
	Outcome   string  `json:"outcome"`
	File      *string `json:"file"`
	Prior     *string `json:"prior"`
	Statement *string `json:"statement"`
	SQLState  *string `json:"sqlstate"`
	Message   *string `json:"message"`
	Detail    *string `json:"detail"`
	Hint      *string `json:"hint"`
	Context   *string `json:"context"`
	// InternalQuery / InternalPosition: the failing statement inside a
	// function and the offset in it (psql's QUERY line).
	InternalQuery    *string              `json:"internal_query"`
	InternalPosition *int                 `json:"internal_position"`
	Position         *int                 `json:"position"`
	Line             *int                 `json:"line"`
	Column           *int                 `json:"column"`
	Warnings         []migrations.Warning `json:"warnings"`
}

func str(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func num(n int) *int {
	if n == 0 {
		return nil
	}
	return &n
}

// emit prints the outcome (JSON on stdout, or human lines) and returns the
// error carrying the exit code.
func emit(c *cobra.Command, asJSON bool, code int, outcome string, res *migrations.Result, written string, errLine string) error {
	rep := report{OK: code == exitOK, Outcome: outcome, File: str(written), Warnings: []migrations.Warning{}}
	if res != nil {
		rep.Warnings = res.Warnings
		rep.Prior = str(res.Prior)
		if p := res.Problem; p != nil {
			rep.Statement, rep.SQLState, rep.Message, rep.Detail, rep.Hint = str(p.Statement), str(p.SQLState), str(p.Message), str(p.Detail), str(p.Hint)
			rep.Position, rep.Line, rep.Column = num(p.Position), num(p.Line), num(p.Column)
			rep.Context, rep.InternalQuery, rep.InternalPosition = str(p.Context), str(p.InternalQuery), num(p.InternalPosition)
		}
	}
	if code != exitOK && rep.Message == nil {
		rep.Message = str(errLine)
	}
	if asJSON {
		enc := json.NewEncoder(c.OutOrStdout())
		enc.SetEscapeHTML(false)
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else {
		for _, w := range rep.Warnings {
			fmt.Fprintln(c.ErrOrStderr(), "WARNING: "+w.Message)
		}
	}
	if code == exitOK {
		return nil
	}
	return &exitError{code: code, msg: errLine}
}

// problemLine is the one stderr line for a failed validation.
func problemLine(res *migrations.Result, candidateName string) string {
	p := res.Problem
	switch res.Outcome {
	case migrations.OutcomeEmpty:
		return p.Message
	case migrations.OutcomePriorFailed:
		return fmt.Sprintf("prior migration %s does not apply: %s", res.Prior, p.String())
	case migrations.OutcomeTimeout:
		if res.Prior != "" {
			return fmt.Sprintf("validation timed out in prior migration %s: %s", res.Prior, p.String())
		}
		return fmt.Sprintf("validation timed out: %s", p.String())
	case migrations.OutcomeWarnings:
		return fmt.Sprintf("%d warning(s) and --strict: nothing written", len(res.Warnings))
	}
	s := p.String()
	if candidateName != "" && p.Line > 0 {
		s = strings.Replace(s, " at line ", " at "+candidateName+" line ", 1)
	}
	return s
}

// readCandidate reads --file or stdin.
func readCandidate(c *cobra.Command, file string) (string, string, error) {
	if file == "" || file == "-" {
		in := c.InOrStdin()
		if f, ok := in.(*os.File); ok {
			if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
				return "", "", fail(exitEmpty, "no SQL given: pass --file F or pipe the SQL on stdin")
			}
		}
		b, err := io.ReadAll(in)
		if err != nil {
			return "", "", fail(exitUnreadable, "cannot read the candidate from stdin: %v", err)
		}
		return string(b), "", nil
	}
	b, err := os.ReadFile(file)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return "", "", fail(exitUnreadable, "cannot read candidate %s: %v", file, err)
	}
	return string(b), file, nil
}

// projectMigrations checks the project directory and discovers its
// migrations. The supabase/ folder must exist; supabase/migrations may be
// missing (no migrations yet) but not unreadable.
func projectMigrations(dir string) (*migrations.Discovery, error) {
	if err := requireProject(dir); err != nil {
		return nil, err
	}
	d, err := migrations.Discover(migrations.MigrationsDir(dir), true)
	if err != nil {
		return nil, classify(err)
	}
	return d, nil
}

func newValidator(timeout time.Duration) *migrations.Validator {
	return tinybase.NewValidator(timeout)
}

func warnSkipped(c *cobra.Command, d *migrations.Discovery) {
	for _, w := range d.Warnings {
		fmt.Fprintln(c.ErrOrStderr(), "WARNING: "+w)
	}
}

func newMigrationNewCmd() *cobra.Command {
	var f validateFlags
	c := &cobra.Command{
		Use:   "new <name>",
		Short: "Validate SQL (--file or stdin) on top of all migrations and write supabase/migrations/<timestamp>_<name>.sql only if it applies",
		Args:  cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			name := args[0]
			if err := migrations.ValidName(name); err != nil {
				return emit(c, f.json, exitUsage, "usage", nil, "", err.Error())
			}
			d, err := projectMigrations(f.dir)
			if err != nil {
				return emitErr(c, f.json, err)
			}
			warnSkipped(c, d)
			sql, _, err := readCandidate(c, f.file)
			if err != nil {
				var ee *exitError
				if f.file != "" || !errors.As(err, &ee) || ee.code != exitEmpty {
					return emitErr(c, f.json, err)
				}
				sql = "" // a terminal on stdin: no SQL given
			}
			version := migrations.NextVersion(time.Now(), d.Files)
			if sql == "" && f.file == "" {
				// No SQL at all (not even a comment): an empty migration
				// to fill in, as `supabase migration new` writes.
				return writeMigration(c, f, version, name, "", nil)
			}
			res, err := newValidator(f.timeout).Validate(c.Context(), d.Files, migrations.File{Version: version, Name: name, SQL: sql}, f.strict)
			if err != nil {
				return emitErr(c, f.json, err)
			}
			base := version + "_" + name + ".sql"
			if !res.OK {
				return emit(c, f.json, outcomeExit(res.Outcome), string(res.Outcome), res, "", problemLine(res, base))
			}
			return writeMigration(c, f, version, name, sql, res)
		},
	}
	f.register(c)
	c.Flags().StringVar(&f.file, "file", "", "read the SQL from this file instead of stdin (no stdin and no --file: an empty migration)")
	return c
}

// writeMigration writes supabase/migrations/<version>_<name>.sql and
// reports it (res nil: an empty migration, not validated).
func writeMigration(c *cobra.Command, f validateFlags, version, name, sql string, res *migrations.Result) error {
	outcome := string(migrations.OutcomeOK)
	if res != nil {
		outcome = string(res.Outcome)
	}
	dir := migrations.MigrationsDir(f.dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return emitErr(c, f.json, fail(exitUnreadable, "cannot create %s: %v", dir, err))
	}
	path := filepath.Join(dir, version+"_"+name+".sql")
	if err := migrations.WriteAtomic(path, []byte(sql)); err != nil {
		return emitErr(c, f.json, fail(exitUnreadable, "cannot write %s: %v", path, err))
	}
	if err := emit(c, f.json, exitOK, outcome, res, path, ""); err != nil {
		return err
	}
	if !f.json {
		fmt.Fprintln(c.OutOrStdout(), "Created new migration at "+path)
	}
	return nil
}

// emitErr reports an error that is not a validation result.
func emitErr(c *cobra.Command, asJSON bool, err error) error {
	err = classify(err)
	var ee *exitError
	errors.As(err, &ee)
	outcome := map[int]string{exitUsage: "usage", exitUnreadable: "unreadable", exitDuplicate: "duplicate_version", exitTimeout: "timeout"}[ee.code]
	if outcome == "" {
		outcome = "error"
	}
	return emit(c, asJSON, ee.code, outcome, nil, "", ee.msg)
}

func newMigrationValidateCmd() *cobra.Command {
	var f validateFlags
	var dbURL string
	c := &cobra.Command{
		Use:   "validate [file]",
		Short: "Check that SQL (a file, or stdin) applies on top of the migrations before it, writing nothing",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			if len(args) == 1 {
				f.file = args[0]
			}
			if dbURL != "" {
				return validateOnLiveSchema(c, f, dbURL)
			}
			d, err := projectMigrations(f.dir)
			if err != nil {
				return emitErr(c, f.json, err)
			}
			warnSkipped(c, d)
			sql, name, err := readCandidate(c, f.file)
			if err != nil {
				return emitErr(c, f.json, err)
			}
			priors := d.Files
			// A file of the history is validated on top of the files
			// before it (and not on top of itself).
			if name != "" {
				if abs, err := filepath.Abs(name); err == nil {
					for i, mf := range d.Files {
						if ma, err := filepath.Abs(mf.Path); err == nil && ma == abs {
							priors = d.Files[:i]
							break
						}
					}
				}
			}
			res, err := newValidator(f.timeout).Validate(c.Context(), priors, migrations.File{Version: "99999999999999", Name: "candidate", SQL: sql}, f.strict)
			if err != nil {
				return emitErr(c, f.json, err)
			}
			shown := ""
			if name != "" {
				shown = filepath.Base(name)
			}
			return reportValidation(c, f, res, shown, fmt.Sprintf("OK: applies on top of %d migration(s)", len(priors)))
		},
	}
	f.register(c)
	c.Flags().StringVar(&dbURL, "db-url", "", "validate on top of the schema of the PostgreSQL database at this URL (read with pg_dump --schema-only) instead of the project's migrations")
	return c
}

// validateOnLiveSchema is `migration validate --db-url`: the candidate on
// top of a live database's schema (migrations.LiveSchema), with a WARNING
// line on stderr for each statement of that schema tinybase could not
// reproduce.
func validateOnLiveSchema(c *cobra.Command, f validateFlags, dbURL string) error {
	sql, _, err := readCandidate(c, f.file)
	if err != nil {
		return emitErr(c, f.json, err)
	}
	ctx, cancel := context.WithTimeout(c.Context(), f.timeout)
	defer cancel()
	live, missing, err := migrations.LiveSchema(ctx, dbURL, nil)
	if err != nil {
		return emitErr(c, f.json, &exitError{exitUnreadable, err.Error()})
	}
	for _, m := range missing {
		first := ""
		for _, line := range strings.Split(m.Statement, "\n") {
			if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "--") {
				first = line
				break
			}
		}
		fmt.Fprintf(c.ErrOrStderr(), "WARNING: the live schema's statement %q could not be reproduced: %s\n", first, m.Error)
	}
	res, err := newValidator(f.timeout).Validate(c.Context(), []migrations.File{live}, migrations.File{Version: "99999999999999", Name: "candidate", SQL: sql}, f.strict)
	if err != nil {
		return emitErr(c, f.json, err)
	}
	return reportValidation(c, f, res, "", fmt.Sprintf("OK: applies on top of the live schema (%d statement(s) not reproduced)", len(missing)))
}

// reportValidation prints `migration validate`'s verdict: the problem
// (shown names the candidate's file, "" for stdin) and its exit code, or
// the JSON report / okLine.
func reportValidation(c *cobra.Command, f validateFlags, res *migrations.Result, shown, okLine string) error {
	if !res.OK {
		return emit(c, f.json, outcomeExit(res.Outcome), string(res.Outcome), res, "", problemLine(res, shown))
	}
	if err := emit(c, f.json, exitOK, string(res.Outcome), res, "", ""); err != nil {
		return err
	}
	if !f.json {
		fmt.Fprintln(c.OutOrStdout(), okLine)
	}
	return nil
}

// listEntry is one row of `migration list --json`.
type listEntry struct {
	Version string              `json:"version"`
	Name    string              `json:"name"`
	File    string              `json:"file"`
	Status  string              `json:"status"` // applied, failed, not_applied
	Problem *migrations.Problem `json:"problem"`
}

func newMigrationListCmd() *cobra.Command {
	var dir string
	var asJSON bool
	var timeout time.Duration
	c := &cobra.Command{
		Use:   "list",
		Short: "List local migrations and whether each applies (replayed in order on a fresh database)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			d, err := projectMigrations(dir)
			if err != nil {
				return err
			}
			warnSkipped(c, d)
			ctx, cancel := context.WithTimeout(c.Context(), timeout)
			defer cancel()
			entries, failure, err := replay(ctx, d.Files)
			if err != nil {
				return err
			}
			if asJSON {
				enc := json.NewEncoder(c.OutOrStdout())
				enc.SetEscapeHTML(false)
				if err := enc.Encode(entries); err != nil {
					return err
				}
			} else {
				w := c.OutOrStdout()
				fmt.Fprintf(w, "%-14s  %-40s  %s\n", "VERSION", "NAME", "STATUS")
				for _, e := range entries {
					status := e.Status
					if e.Problem != nil {
						status += ": " + e.Problem.String()
					}
					fmt.Fprintf(w, "%-14s  %-40s  %s\n", e.Version, e.Name, status)
				}
			}
			if failure != nil {
				return classify(failure)
			}
			return nil
		},
	}
	c.Flags().StringVar(&dir, "dir", ".", "project directory (holding supabase/)")
	c.Flags().BoolVar(&asJSON, "json", false, "print the list as a JSON array")
	c.Flags().DurationVar(&timeout, "timeout", time.Minute, "give up after this long (exit 7)")
	return c
}

// replay applies files in order on a fresh database, stopping at the first
// that fails; the rest are not_applied.
func replay(ctx context.Context, files []migrations.File) ([]listEntry, error, error) {
	eng, err := tinybase.NewEngine()
	if err != nil {
		return nil, nil, err
	}
	s, err := eng.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, nil, err
	}
	defer s.Close()
	db := migrations.OnEngine(s)
	if err := migrations.EnsureHistory(ctx, db); err != nil {
		return nil, nil, err
	}
	entries := make([]listEntry, len(files))
	var failure error
	for i, f := range files {
		entries[i] = listEntry{Version: f.Version, Name: f.Name, File: f.Path, Status: "not_applied"}
		if failure != nil {
			continue
		}
		if err := migrations.Apply(ctx, db, f); err != nil {
			var fe *migrations.FileError
			if !errors.As(err, &fe) {
				return nil, nil, err
			}
			p := fe.Problem
			entries[i].Status, entries[i].Problem = "failed", &p
			failure = err
			continue
		}
		entries[i].Status = "applied"
	}
	return entries, failure, nil
}
