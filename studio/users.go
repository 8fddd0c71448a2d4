package studio

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"

	"github.com/tinybase/tinybase/postgrest"
)

// adminCall makes a request to the running server's API (GoTrue admin,
// Storage) with the service_role key, server-side, and relays its JSON
// answer and status.
func (s *Server) adminCall(w http.ResponseWriter, r *http.Request, method, path string, body any) {
	if s.cfg.APIURL == "" || s.cfg.ServiceRoleKey == "" {
		fail(w, bad("this dashboard has no API server to manage users and storage through"))
		return
	}
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(r.Context(), method, s.cfg.APIURL+path, rd)
	if err != nil {
		fail(w, err)
		return
	}
	req.Header.Set("Authorization", "Bearer "+s.cfg.ServiceRoleKey)
	req.Header.Set("apikey", s.cfg.ServiceRoleKey)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := s.cfg.Client.Do(req)
	if err != nil {
		fail(w, fmt.Errorf("studio: the API server did not answer: %w", err))
		return
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 32<<20))
	if !json.Valid(b) {
		b, _ = json.Marshal(map[string]any{"error": map[string]any{"message": string(b)}})
	}
	if resp.StatusCode >= 400 {
		// GoTrue's and Storage's error shapes, under "error" as every
		// other failure of this API.
		var m map[string]any
		_ = json.Unmarshal(b, &m)
		msg := firstString(m, "msg", "message", "error_description", "error")
		code := firstString(m, "error_code", "code", "statusCode")
		writeJSON(w, resp.StatusCode, apiError{errBody{Code: code, Message: msg}})
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(resp.StatusCode)
	_, _ = w.Write(b)
}

func firstString(m map[string]any, keys ...string) string {
	for _, k := range keys {
		switch v := m[k].(type) {
		case string:
			if v != "" {
				return v
			}
		case float64:
			return fmt.Sprint(v)
		}
	}
	return ""
}

var uuidRE = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// GET /api/auth/users?q=&page=: GoTrue's admin list.
func (s *Server) listAuthUsers(w http.ResponseWriter, r *http.Request) {
	v := url.Values{"per_page": {"50"}, "page": {"1"}}
	if p := queryParam(r, "page"); p != "" {
		v.Set("page", p)
	}
	if f := queryParam(r, "q"); f != "" {
		v.Set("filter", f)
	}
	s.adminCall(w, r, http.MethodGet, "/auth/v1/admin/users?"+v.Encode(), nil)
}

// POST /api/auth/users {"email","password"}: a confirmed user.
func (s *Server) createAuthUser(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Email    string `json:"email"`
		Password string `json:"password"`
	}
	if err := decode(r, &body); err != nil {
		fail(w, err)
		return
	}
	s.adminCall(w, r, http.MethodPost, "/auth/v1/admin/users", map[string]any{"email": body.Email, "password": body.Password, "email_confirm": true})
}

// DELETE /api/auth/users/{id}
func (s *Server) deleteAuthUser(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !uuidRE.MatchString(id) {
		fail(w, bad("%q is not a user id", id))
		return
	}
	s.adminCall(w, r, http.MethodDelete, "/auth/v1/admin/users/"+id, nil)
}

// GET /api/auth/users/{id}: the user (with identities) from GoTrue and
// its sessions from auth.sessions.
func (s *Server) getAuthUser(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if !uuidRE.MatchString(id) {
		fail(w, bad("%q is not a user id", id))
		return
	}
	var sessions []map[string]*string
	err := s.tx(r.Context(), viewAs{}, true, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), `select id::text, created_at::text, updated_at::text, coalesce(aal::text, ''), user_agent, ip::text, not_after::text from auth.sessions where user_id = $1::uuid order by created_at desc`, id)
		if err != nil {
			return err
		}
		for _, row := range res.Rows {
			m := map[string]*string{}
			for i, c := range res.Columns {
				m[c] = row[i]
			}
			sessions = append(sessions, m)
		}
		return nil
	})
	if err != nil {
		fail(w, err)
		return
	}
	rec := &capture{header: http.Header{}}
	s.adminCall(rec, r, http.MethodGet, "/auth/v1/admin/users/"+id, nil)
	if rec.status >= 400 {
		copyCapture(w, rec)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"user": json.RawMessage(rec.body.Bytes()), "sessions": sessions})
}

// capture is a ResponseWriter kept in memory, to combine answers.
type capture struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (c *capture) Header() http.Header { return c.header }
func (c *capture) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	return c.body.Write(b)
}
func (c *capture) WriteHeader(s int) { c.status = s }

func copyCapture(w http.ResponseWriter, c *capture) {
	for k, v := range c.header {
		w.Header()[k] = v
	}
	w.WriteHeader(c.status)
	_, _ = w.Write(c.body.Bytes())
}
