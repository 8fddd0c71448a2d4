package studio

import (
	"context"
	"errors"
	"net/http"
	"path/filepath"
	"time"
	"unicode/utf8"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/migrations"
)

// maxResultRows caps the rows the SQL editor shows; the statement still
// runs to the end.
const maxResultRows = 1000

// SQLResult is the SQL editor's answer: the last statement's rows and
// every statement's command tag.
type SQLResult struct {
	Columns   []string    `json:"columns"`
	Rows      [][]*string `json:"rows"`
	Total     int         `json:"total"`
	Truncated bool        `json:"truncated,omitempty"`
	Tags      []string    `json:"tags"`
	Millis    float64     `json:"ms"`
}

// POST /api/sql {"sql": ...}: runs the editor's text as postgres, every
// statement in order (several in one implicit transaction, as a simple
// Query message runs them). An error carries its SQLSTATE and position
// in the whole text.
func (s *Server) runSQL(w http.ResponseWriter, r *http.Request) {
	var body struct {
		SQL string `json:"sql"`
	}
	if err := decode(r, &body); err != nil {
		fail(w, err)
		return
	}
	start := time.Now()
	res, err := s.run(r.Context(), body.SQL)
	s.hist.add(HistoryEntry{SQL: body.SQL, At: start.UTC(), OK: err == nil})
	if err != nil {
		fail(w, err)
		return
	}
	res.Millis = float64(time.Since(start).Microseconds()) / 1000
	writeJSON(w, http.StatusOK, res)
}

func (s *Server) run(ctx context.Context, script string) (*SQLResult, error) {
	stmts, err := engine.SplitStatements(script)
	if err != nil {
		return nil, located(err, script, engine.Statement{SQL: script})
	}
	sess, err := s.cfg.Engine.Connect(engine.SessionOptions{})
	if err != nil {
		return nil, err
	}
	defer sess.Close()
	res := &SQLResult{Columns: []string{}, Rows: [][]*string{}, Tags: []string{}}
	implicit := len(stmts) > 1 && sess.BeginImplicitBlock()
	for _, st := range stmts {
		cur, err := collect(ctx, sess, st.SQL)
		if err != nil {
			if implicit {
				_ = sess.EndImplicitBlock()
			}
			return nil, located(err, script, st)
		}
		res.Columns, res.Rows, res.Total, res.Truncated = cur.Columns, cur.Rows, cur.Total, cur.Truncated
		res.Tags = append(res.Tags, cur.Tags...)
	}
	if implicit {
		if err := sess.EndImplicitBlock(); err != nil {
			return nil, located(err, script, stmts[len(stmts)-1])
		}
	}
	if sess.TxStatus() != 'I' {
		// A BEGIN without COMMIT would be lost with the session: end it
		// as psql's closing connection would.
		_, _ = sess.Exec(context.WithoutCancel(ctx), "rollback")
		res.Tags = append(res.Tags, "ROLLBACK (the transaction was left open)")
	}
	return res, nil
}

func collect(ctx context.Context, sess *engine.Session, sql string) (*SQLResult, error) {
	rows, err := sess.Query(ctx, sql)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	res := &SQLResult{Columns: []string{}, Rows: [][]*string{}}
	for _, c := range rows.Columns() {
		res.Columns = append(res.Columns, c.Name)
	}
	for rows.Next() {
		res.Total++
		if len(res.Rows) >= maxResultRows {
			res.Truncated = true
			continue
		}
		t := rows.Text()
		row := make([]*string, len(t))
		copy(row, t)
		res.Rows = append(res.Rows, row)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	res.Tags = []string{rows.Tag()}
	return res, nil
}

// located turns a statement's error position into one in the whole
// script (1-based characters).
func located(err error, script string, st engine.Statement) error {
	var pe *engine.Error
	if !errors.As(err, &pe) {
		return err
	}
	if pe.Position <= 0 {
		return err // PostgreSQL gives none (constraint violations, ...)
	}
	out := *pe
	out.Position = utf8.RuneCountInString(script[:min(st.Offset, len(script))]) + pe.Position
	return &out
}

// POST /api/sql/validate {"sql": ...}: the check `tinybase migration new`
// runs, on top of every file in supabase/migrations, writing nothing.
func (s *Server) validateSQL(w http.ResponseWriter, r *http.Request) {
	var body struct {
		SQL string `json:"sql"`
	}
	if err := decode(r, &body); err != nil {
		fail(w, err)
		return
	}
	d, res, err := s.validate(r.Context(), "99999999999999", "candidate", body.SQL)
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"result": res, "priors": len(d.Files)})
}

func (s *Server) validate(ctx context.Context, version, name, sql string) (*migrations.Discovery, *migrations.Result, error) {
	if s.cfg.Validator == nil || s.cfg.ProjectDir == "" {
		return nil, nil, bad("this dashboard has no project directory: migrations cannot be validated or saved")
	}
	d, err := migrations.Discover(migrations.MigrationsDir(s.cfg.ProjectDir), true)
	if err != nil {
		return nil, nil, err
	}
	res, err := s.cfg.Validator.Validate(ctx, d.Files, migrations.File{Version: version, Name: name, SQL: sql}, false)
	return d, res, err
}

// POST /api/sql/save {"name": ..., "sql": ...}: validates as
// `migration new` does and, only when it applies, writes
// supabase/migrations/<version>_<name>.sql atomically (never replacing a
// file).
func (s *Server) saveMigration(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name string `json:"name"`
		SQL  string `json:"sql"`
	}
	if err := decode(r, &body); err != nil {
		fail(w, err)
		return
	}
	if err := migrations.ValidName(body.Name); err != nil {
		fail(w, bad("%v", err))
		return
	}
	if s.cfg.ProjectDir == "" || s.cfg.Validator == nil {
		fail(w, bad("this dashboard has no project directory: migrations cannot be saved"))
		return
	}
	// One save at a time: the next version is chosen from the files on
	// disk.
	s.mu.Lock()
	defer s.mu.Unlock()
	d, err := migrations.Discover(migrations.MigrationsDir(s.cfg.ProjectDir), true)
	if err != nil {
		fail(w, err)
		return
	}
	version := migrations.NextVersion(time.Now(), d.Files)
	_, res, err := s.validate(r.Context(), version, body.Name, body.SQL)
	if err != nil {
		fail(w, err)
		return
	}
	if !res.OK {
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"result": res})
		return
	}
	file := migrations.File{Version: version, Name: body.Name}
	dir := migrations.MigrationsDir(s.cfg.ProjectDir)
	if err := mkdirAll(dir); err != nil {
		fail(w, err)
		return
	}
	path := filepath.Join(dir, file.Base())
	if err := migrations.WriteAtomic(path, []byte(body.SQL)); err != nil {
		fail(w, bad("cannot write the migration: %v", err))
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"result": res, "file": "supabase/migrations/" + file.Base()})
}
