package studio

import (
	"net/http"
	"net/url"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/logs"
	"github.com/tinybase/tinybase/migrations"
	"github.com/tinybase/tinybase/postgrest"
)

func (s *Server) routes() {
	m := s.mux
	m.HandleFunc("GET /api/meta", s.meta)
	m.HandleFunc("GET /api/relations", s.listRelations)
	m.HandleFunc("GET /api/table", s.getTable)
	m.HandleFunc("GET /api/rows", s.listRows)
	m.HandleFunc("POST /api/rows", s.writeRow)
	m.HandleFunc("PATCH /api/rows", s.writeRow)
	m.HandleFunc("DELETE /api/rows", s.writeRow)
	m.HandleFunc("GET /api/users", s.pickUsers)
	m.HandleFunc("POST /api/sql", s.runSQL)
	m.HandleFunc("GET /api/sql/history", s.getHistory)
	m.HandleFunc("POST /api/sql/validate", s.validateSQL)
	m.HandleFunc("POST /api/sql/explain", s.explainSQL)
	m.HandleFunc("POST /api/sql/save", s.saveMigration)
	m.HandleFunc("GET /api/policies", s.listPolicies)
	m.HandleFunc("POST /api/policies/rls", s.setRLS)
	m.HandleFunc("POST /api/policies", s.createPolicy)
	m.HandleFunc("DELETE /api/policies", s.dropPolicy)
	m.HandleFunc("GET /api/roles", s.listRoles)
	m.HandleFunc("POST /api/tables", s.createTable)
	m.HandleFunc("GET /api/lint", s.runLint)
	m.HandleFunc("GET /api/auth/users", s.listAuthUsers)
	m.HandleFunc("POST /api/auth/users", s.createAuthUser)
	m.HandleFunc("GET /api/auth/users/{id}", s.getAuthUser)
	m.HandleFunc("DELETE /api/auth/users/{id}", s.deleteAuthUser)
	m.HandleFunc("GET /api/schema", s.schemaGraph)
	m.HandleFunc("GET /api/logs", s.getLogs)
	m.HandleFunc("GET /api/migrations", s.listMigrations)
	m.HandleFunc("GET /api/storage/buckets", s.listBuckets)
	m.HandleFunc("GET /api/storage/objects", s.listObjects)
	m.HandleFunc("GET /api/storage/download", s.downloadObject)
	m.HandleFunc("POST /api/storage/upload", s.uploadObject)
	m.HandleFunc("DELETE /api/storage/object", s.deleteObject)
	m.HandleFunc("POST /api/storage/sign", s.signObject)
	m.HandleFunc("GET /api/inbox", s.inbox)
}

// GET /api/meta: what this dashboard can do.
func (s *Server) meta(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{
		"migrations": s.cfg.Validator != nil && s.cfg.ProjectDir != "",
		"history":    map[bool]string{true: "data directory", false: "memory"}[s.cfg.DataDir != ""],
		"api":        s.cfg.APIURL != "",
		"api_url":    s.cfg.APIURL,
		"logs":       s.cfg.Logs != nil,
		"inbox":      s.cfg.Mailbox != nil,
	})
}

// GET /api/schema?schema=public: tables, columns and foreign keys for
// the diagram.
func (s *Server) schemaGraph(w http.ResponseWriter, r *http.Request) {
	schema := queryParam(r, "schema")
	if schema == "" {
		schema = "public"
	}
	var tables []*Table
	err := s.tx(r.Context(), viewAs{}, true, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), `select c.relname from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = $1 and c.relkind in ('r','p','v','m','f') order by 1`, schema)
		if err != nil {
			return err
		}
		for _, row := range res.Rows {
			t, err := describe(r.Context(), q, schema, str(row[0]))
			if err != nil {
				return err
			}
			tables = append(tables, t)
		}
		return nil
	})
	if err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"schema": schema, "tables": tables})
}

// GET /api/logs?since=&service=: the statement and request log rings.
func (s *Server) getLogs(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Logs == nil {
		writeJSON(w, http.StatusOK, map[string]any{"entries": []logs.Entry{}})
		return
	}
	var services []string
	if v := queryParam(r, "service"); v != "" {
		services = []string{v}
	}
	entries := s.cfg.Logs.Since(0, services...)
	if len(entries) > 500 {
		entries = entries[len(entries)-500:]
	}
	if entries == nil {
		entries = []logs.Entry{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"entries": entries})
}

// MigrationRow is one migration: a file, a history row or both.
type MigrationRow struct {
	Version string `json:"version"`
	Name    string `json:"name"`
	File    bool   `json:"file"`
	Applied bool   `json:"applied"`
	Drift   string `json:"drift,omitempty"` // changed or vanished
}

// GET /api/migrations: supabase/migrations against the database's
// history, with drift (package migrations).
func (s *Server) listMigrations(w http.ResponseWriter, r *http.Request) {
	var files []migrations.File
	if s.cfg.ProjectDir != "" {
		d, err := migrations.Discover(migrations.MigrationsDir(s.cfg.ProjectDir), true)
		if err != nil {
			fail(w, err)
			return
		}
		files = d.Files
	}
	sess, err := s.cfg.Engine.Connect(engine.SessionOptions{})
	if err != nil {
		fail(w, err)
		return
	}
	defer sess.Close()
	applied, err := migrations.History(r.Context(), migrations.OnEngine(sess))
	if err != nil {
		fail(w, err)
		return
	}
	pending, drift, err := migrations.Pending(applied, files)
	if err != nil {
		fail(w, err)
		return
	}
	isPending := map[string]bool{}
	for _, f := range pending {
		isPending[f.Version] = true
	}
	drifted := map[string]string{}
	for _, d := range drift {
		drifted[d.Version] = string(d.Kind)
	}
	rows := []MigrationRow{}
	seen := map[string]bool{}
	for _, a := range applied {
		seen[a.Version] = true
		rows = append(rows, MigrationRow{Version: a.Version, Name: a.Name, Applied: true, File: drifted[a.Version] != string(migrations.DriftVanished), Drift: drifted[a.Version]})
	}
	for _, f := range files {
		if !seen[f.Version] {
			rows = append(rows, MigrationRow{Version: f.Version, Name: f.Name, File: true})
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"migrations": rows, "pending": len(pending), "drift": len(drift)})
}

// GET /api/storage/buckets: Storage's bucket list.
func (s *Server) listBuckets(w http.ResponseWriter, r *http.Request) {
	s.adminCall(w, r, http.MethodGet, "/storage/v1/bucket", nil)
}

// GET /api/storage/objects?bucket=&prefix=: one folder level.
func (s *Server) listObjects(w http.ResponseWriter, r *http.Request) {
	b := queryParam(r, "bucket")
	if b == "" {
		fail(w, bad("bucket is required"))
		return
	}
	s.adminCall(w, r, http.MethodPost, "/storage/v1/object/list/"+url.PathEscape(b), map[string]any{"prefix": r.URL.Query().Get("prefix"), "limit": 200, "offset": 0, "sortBy": map[string]string{"column": "name", "order": "asc"}})
}

// GET /api/inbox: the mail catcher's messages.
func (s *Server) inbox(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Mailbox == nil {
		writeJSON(w, http.StatusOK, map[string]any{"enabled": false, "messages": []Message{}})
		return
	}
	ms, err := s.cfg.Mailbox.Messages(r.Context())
	if err != nil {
		fail(w, err)
		return
	}
	if ms == nil {
		ms = []Message{}
	}
	writeJSON(w, http.StatusOK, map[string]any{"enabled": true, "messages": ms})
}
