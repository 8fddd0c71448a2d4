package studio

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// objectPath is bucket/key with each segment escaped, as Storage's
// routes take them; "" when either is missing or a segment is . or ..
func objectPath(bucket, key string) string {
	if bucket == "" || key == "" || strings.Contains(bucket, "/") {
		return ""
	}
	parts := []string{url.PathEscape(bucket)}
	for _, seg := range strings.Split(key, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return ""
		}
		parts = append(parts, url.PathEscape(seg))
	}
	return strings.Join(parts, "/")
}

// storageRequest sends a request to /storage/v1 as service_role.
func (s *Server) storageRequest(r *http.Request, method, path string, body io.Reader, contentType string) (*http.Response, error) {
	if s.cfg.APIURL == "" || s.cfg.ServiceRoleKey == "" {
		return nil, bad("this dashboard has no API server to manage storage through")
	}
	req, err := http.NewRequestWithContext(r.Context(), method, s.cfg.APIURL+"/storage/v1"+path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+s.cfg.ServiceRoleKey)
	req.Header.Set("apikey", s.cfg.ServiceRoleKey)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	return s.cfg.Client.Do(req)
}

// storageCall is storageRequest for a handler: a failed request or a
// Storage error is written to w as this API's error and gives nil;
// otherwise the caller reads and closes the answer.
func (s *Server) storageCall(w http.ResponseWriter, r *http.Request, method, path string, body io.Reader, contentType string) *http.Response {
	resp, err := s.storageRequest(r, method, path, body, contentType)
	if err != nil {
		fail(w, err)
		return nil
	}
	if resp.StatusCode >= 400 {
		defer resp.Body.Close()
		relayError(w, resp)
		return nil
	}
	return resp
}

// queryObject is the object the request's bucket and path parameters
// name; "" (after writing the error) when either is missing.
func queryObject(w http.ResponseWriter, r *http.Request) string {
	p := objectPath(queryParam(r, "bucket"), r.URL.Query().Get("path"))
	if p == "" {
		fail(w, bad("bucket and path are required"))
	}
	return p
}

// relayError writes a Storage error answer as this API's error.
func relayError(w http.ResponseWriter, resp *http.Response) {
	var m map[string]any
	_ = json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&m)
	writeJSON(w, resp.StatusCode, apiError{errBody{Code: firstString(m, "error", "code", "statusCode"), Message: firstString(m, "message", "msg", "error")}})
}

// GET /api/storage/download?bucket=&path=: the object's bytes, always as
// an attachment of type application/octet-stream, so an uploaded HTML
// file never renders on the dashboard's origin.
func (s *Server) downloadObject(w http.ResponseWriter, r *http.Request) {
	p := queryObject(w, r)
	if p == "" {
		return
	}
	resp := s.storageCall(w, r, http.MethodGet, "/object/authenticated/"+p, nil, "")
	if resp == nil {
		return
	}
	defer resp.Body.Close()
	name := r.URL.Query().Get("path")
	name = name[strings.LastIndex(name, "/")+1:]
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Content-Disposition", "attachment; filename*=UTF-8''"+url.PathEscape(name))
	w.Header().Set("Content-Security-Policy", "sandbox")
	_, _ = io.Copy(w, resp.Body)
}

// POST /api/storage/upload?bucket=&path=: the body becomes the object
// (not replacing an existing one), with the request's Content-Type.
func (s *Server) uploadObject(w http.ResponseWriter, r *http.Request) {
	p := queryObject(w, r)
	if p == "" {
		return
	}
	resp := s.storageCall(w, r, http.MethodPost, "/object/"+p, r.Body, r.Header.Get("Content-Type"))
	if resp == nil {
		return
	}
	defer resp.Body.Close()
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
}

// DELETE /api/storage/object?bucket=&path=
func (s *Server) deleteObject(w http.ResponseWriter, r *http.Request) {
	p := queryObject(w, r)
	if p == "" {
		return
	}
	resp := s.storageCall(w, r, http.MethodDelete, "/object/"+p, nil, "")
	if resp == nil {
		return
	}
	defer resp.Body.Close()
	writeJSON(w, http.StatusOK, map[string]any{"ok": true})
}

// POST /api/storage/sign {"bucket","path","expires_in"}: a signed URL on
// the API server; GET /api/storage/... public buckets' URLs are built by
// the page from meta's api_url.
func (s *Server) signObject(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Bucket    string `json:"bucket"`
		Path      string `json:"path"`
		ExpiresIn int    `json:"expires_in"`
	}
	if err := decode(r, &body); err != nil {
		fail(w, err)
		return
	}
	p := objectPath(body.Bucket, body.Path)
	if p == "" {
		fail(w, bad("bucket and path are required"))
		return
	}
	if body.ExpiresIn <= 0 {
		body.ExpiresIn = 3600
	}
	b, _ := json.Marshal(map[string]int{"expiresIn": body.ExpiresIn})
	resp := s.storageCall(w, r, http.MethodPost, "/object/sign/"+p, strings.NewReader(string(b)), "application/json")
	if resp == nil {
		return
	}
	defer resp.Body.Close()
	var out struct {
		SignedURL string `json:"signedURL"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		fail(w, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"url": s.cfg.APIURL + "/storage/v1" + out.SignedURL, "expires_in": body.ExpiresIn})
}
