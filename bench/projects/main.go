// Command projects measures how much of real Supabase projects' migration
// histories tinybase applies, and whether it agrees with PostgreSQL 15 on
// each file (issue 17's target).
//
// Usage:
//
//	go run ./bench/projects -list bench/projects/projects.tsv -src DIR [-pg URL] [-v] [-durable]
//
// projects.tsv names each project's repository, commit and migrations
// folder; DIR holds one checkout per project, at that commit, in a folder
// named owner+name. Each project's files run in version order, each in its
// own transaction as the Supabase CLI applies them, on a fresh tinybase
// engine and on a fresh PostgreSQL database with the Supabase bootstrap.
// A failed file is skipped on its side and the next file runs, so one
// failure does not hide the verdicts on the rest. PostgreSQL's verdict is
// the reference: "differ" counts the files it judged otherwise. Once it
// rejected a file only because an extension is not installed there
// (pgvector, pg_net…), it cannot judge that project's later files either
// (their objects are missing), so a differing verdict from there on is
// counted apart ("pg ext"), not as a difference. With -durable,
// tinybase runs on a data directory as tinybase start does, so a file the
// directory cannot hold fails, and the directory must open again after
// the last file.
//
// The oracle judges more files with the extensions Supabase ships, near
// Supabase's versions. pg_cron needs shared_preload_libraries = 'pg_cron'
// and cron.database_name = 'tinybase_projects', the database this command
// creates (.ci/pg.sh starts its cluster so; without them every file after
// a `create extension pg_cron` differs, and this command warns); build it
// from source at 1.6 (Debian's 1.4 has no "N seconds" schedules, and only
// 1.5+ pins itself to pg_catalog as Supabase's does). pgvector, pg_net,
// http, pgjwt, pgmq (1.5+: pgflow checks for it), pgsodium, pg_tle,
// pg_hashids, index_advisor and timescaledb build from their sources
// beside it (postgresql-server-dev-15, libcurl4-openssl-dev, libsodium-dev,
// libkrb5-dev, flex, cmake); hypopg and plpgsql_check are Debian packages.
// .ci/pg.sh preloads what Supabase preloads once installed; pgsodium and
// supabase_vault only once an executable pgsodium_getkey printing a
// 64-hex-digit root key sits in the extension folder. pg_jsonschema,
// pg_graphql and wrappers (Rust, pgrx) need a crates registry to build; a
// control file and a script declaring their functions let the oracle go
// on past them (it then cannot judge what they would validate).
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
)

type project struct{ repo, commit, dir string }

type verdict struct {
	ok   bool
	code string
	msg  string
}

func (v verdict) String() string {
	if v.ok {
		return "ok"
	}
	return v.code + " " + v.msg
}

func main() {
	list := flag.String("list", "bench/projects/projects.tsv", "projects: repo, commit, migrations folder (tab separated)")
	src := flag.String("src", "", "folder with one checkout per project, named owner+name")
	pgURL := flag.String("pg", os.Getenv("TINYBASE_PG_URL"), "PostgreSQL 15 URL (empty: tinybase only)")
	verbose := flag.Bool("v", false, "print every file's verdicts")
	only := flag.String("only", "", "run only projects whose repo contains this")
	timeout := flag.Duration("timeout", 60*time.Second, "per-file timeout")
	durableRun := flag.Bool("durable", false, "run tinybase on a data directory, as tinybase start does, and reopen it after the last file")
	flag.Parse()
	if *src == "" {
		fmt.Fprintln(os.Stderr, "projects: -src is required")
		os.Exit(2)
	}
	projects, err := readList(*list)
	if err != nil {
		fmt.Fprintln(os.Stderr, "projects:", err)
		os.Exit(1)
	}
	ctx := context.Background()
	if *pgURL != "" {
		warnCron(ctx, *pgURL)
	}
	var tot struct{ projects, files, tbOK, pgOK, bothOK, agree, differ, pgMissingExt int }
	fmt.Printf("%-45s %6s %6s %6s %6s %6s %6s\n", "project", "files", "tb ok", "pg ok", "agree", "differ", "pg ext")
	for _, p := range projects {
		if *only != "" && !strings.Contains(p.repo, *only) {
			continue
		}
		dir := filepath.Join(*src, strings.ReplaceAll(p.repo, "/", "+"), p.dir)
		d, err := migrations.Discover(dir, false)
		if err != nil {
			fmt.Printf("%-45s %v\n", p.repo, err)
			continue
		}
		tb, err := runTinybase(ctx, d.Files, *timeout, *durableRun)
		if err != nil {
			fmt.Printf("%-45s tinybase: %v\n", p.repo, err)
			continue
		}
		var pg []verdict
		if *pgURL != "" {
			if pg, err = runPostgres(ctx, *pgURL, d.Files, *timeout); err != nil {
				fmt.Printf("%-45s postgres: %v\n", p.repo, err)
				continue
			}
		}
		var files, tbOK, pgOK, bothOK, agree, differ, ext int
		missing := false // PostgreSQL lacked an extension at or before this file
		for i, f := range d.Files {
			files++
			if tb[i].ok {
				tbOK++
			}
			line := fmt.Sprintf("  %s\n    tinybase: %s\n", f.Base(), tb[i])
			if pg != nil {
				if pg[i].ok {
					pgOK++
					if tb[i].ok {
						bothOK++
					}
				}
				missing = missing || missingExtension(pg[i])
				switch {
				case pg[i].ok == tb[i].ok:
					agree++
				case missing:
					ext++
				default:
					differ++
				}
				line += fmt.Sprintf("    postgres: %s\n", pg[i])
				if *verbose || pg[i].ok != tb[i].ok {
					fmt.Print(line)
				}
			} else if *verbose || !tb[i].ok {
				fmt.Print(line)
			}
		}
		fmt.Printf("%-45s %6d %6d %6d %6d %6d %6d\n", name(p), files, tbOK, pgOK, agree, differ, ext)
		tot.projects++
		tot.files += files
		tot.tbOK += tbOK
		tot.pgOK += pgOK
		tot.bothOK += bothOK
		tot.agree += agree
		tot.differ += differ
		tot.pgMissingExt += ext
	}
	fmt.Printf("%-45s %6d %6d %6d %6d %6d %6d\n", "total", tot.files, tot.tbOK, tot.pgOK, tot.agree, tot.differ, tot.pgMissingExt)
	if tot.files > 0 {
		fmt.Printf("%d projects; tinybase applies %.1f%% of the files", tot.projects, 100*float64(tot.tbOK)/float64(tot.files))
		if *pgURL != "" && tot.pgOK > 0 {
			fmt.Printf(", and %d of the %d PostgreSQL applies (%.1f%%)", tot.bothOK, tot.pgOK, 100*float64(tot.bothOK)/float64(tot.pgOK))
		}
		fmt.Println()
	}
}

// warnCron says when the oracle has pg_cron but has not loaded it, which
// would turn the files after a `create extension pg_cron` into false
// differences.
func warnCron(ctx context.Context, url string) {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return // runPostgres reports it
	}
	defer conn.Close(ctx)
	var available, loaded bool
	err = conn.QueryRow(ctx, `select exists (select from pg_available_extensions where name = 'pg_cron'),
		'pg_cron' = any (string_to_array(replace(current_setting('shared_preload_libraries'), ' ', ''), ','))`).Scan(&available, &loaded)
	if err == nil && available && !loaded {
		fmt.Fprintln(os.Stderr, "projects: warning: the PostgreSQL has pg_cron but does not preload it; start it with shared_preload_libraries = 'pg_cron' and cron.database_name = 'tinybase_projects' (as .ci/pg.sh does)")
	}
}

func readList(path string) ([]project, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []project
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, "\t")
		if len(fs) != 3 {
			return nil, fmt.Errorf("%s: want repo, commit, folder: %q", path, line)
		}
		out = append(out, project{fs[0], fs[1], fs[2]})
	}
	return out, sc.Err()
}

func verdictOf(err error) verdict {
	if err == nil {
		return verdict{ok: true}
	}
	var fe *migrations.FileError
	if errors.As(err, &fe) && fe.Err != nil {
		err = fe.Err
	}
	var pe *engine.Error
	if errors.As(err, &pe) {
		return verdict{code: pe.Code, msg: pe.Message}
	}
	return verdict{code: "?", msg: err.Error()}
}

// missingExtension reports a PostgreSQL failure caused by an extension the
// oracle does not have installed; other 0A000 errors about an extension
// (pg_cron 1.5+'s "must be installed in schema pg_catalog") are verdicts.
func missingExtension(v verdict) bool {
	return v.code == "0A000" && strings.Contains(v.msg, "extension") && strings.Contains(v.msg, "is not available") ||
		v.code == "58P01" && strings.Contains(v.msg, "extension")
}

// runTinybase applies the files on a fresh engine: in memory, or on a new
// data directory (durable) that must open again after the last file, as
// a restarted tinybase start opens it.
func runTinybase(ctx context.Context, files []migrations.File, timeout time.Duration, durable bool) ([]verdict, error) {
	var opts engine.Options
	if durable {
		dir, err := os.MkdirTemp("", "tinybase-projects-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		opts.DataDir = dir
	}
	e, err := engine.Open(opts)
	if err != nil {
		return nil, err
	}
	s, err := e.Connect(engine.SessionOptions{User: "postgres"})
	if err != nil {
		e.Close()
		return nil, err
	}
	db := migrations.OnEngine(s)
	if err := migrations.EnsureHistory(ctx, db); err != nil {
		return nil, err
	}
	out := make([]verdict, len(files))
	for i, f := range files {
		fctx, cancel := context.WithTimeout(ctx, timeout)
		out[i] = verdictOf(migrations.Apply(fctx, db, f))
		cancel()
	}
	s.Close()
	if err := e.Close(); err != nil {
		return nil, fmt.Errorf("closing the data directory: %w", err)
	}
	if durable {
		e, err := engine.Open(opts)
		if err != nil {
			return nil, fmt.Errorf("reopening the data directory: %w", err)
		}
		if err := e.Close(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func runPostgres(ctx context.Context, url string, files []migrations.File, timeout time.Duration) ([]verdict, error) {
	admin, err := pgx.Connect(ctx, url)
	if err != nil {
		return nil, err
	}
	defer admin.Close(ctx)
	const db = "tinybase_projects"
	if _, err := admin.Exec(ctx, "drop database if exists "+db+" with (force)"); err != nil {
		return nil, err
	}
	if _, err := admin.Exec(ctx, "create database "+db); err != nil {
		return nil, err
	}
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, err
	}
	cfg.Database = db
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	if err := engine.BootstrapPostgres(ctx, conn.PgConn(), db); err != nil {
		conn.Close(ctx)
		return nil, err
	}
	// A new session picks up the database's search_path the bootstrap set.
	conn.Close(ctx)
	if conn, err = pgx.ConnectConfig(ctx, cfg); err != nil {
		return nil, err
	}
	defer conn.Close(ctx)
	pdb := migrations.OnPostgres(conn)
	if err := migrations.EnsureHistory(ctx, pdb); err != nil {
		return nil, err
	}
	out := make([]verdict, len(files))
	for i, f := range files {
		fctx, cancel := context.WithTimeout(ctx, timeout)
		out[i] = verdictOf(migrations.Apply(fctx, pdb, f))
		cancel()
	}
	return out, nil
}

// name is a project's label: its repository, and the folder holding
// supabase/ when that is not the repository's root (one repository may
// hold several histories).
func name(p project) string {
	if strings.HasPrefix(p.dir, "supabase/") {
		return p.repo
	}
	return p.repo + ":" + strings.TrimSuffix(strings.TrimSuffix(p.dir, "/migrations"), "/supabase")
}
