package storageapi

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzObjectPath: any request path gets a JSON answer that is not a 500,
// and a key checkKey accepts never climbs out of its bucket.
func FuzzObjectPath(f *testing.F) {
	for _, s := range []string{"a.txt", "../x", "a/../../b", "%2e%2e/x", "a%2Fb", "/abs", "nul\x00", "é", "a//b", "a/", "sp ace", "..", "."} {
		f.Add(s)
	}
	h := newHarness(f, nil, nil)
	h.bucket(map[string]any{"name": "b"})
	svc := h.service()
	f.Fuzz(func(t *testing.T, key string) {
		if checkKey(key) == nil {
			for _, seg := range strings.Split(key, "/") {
				if seg == ".." || seg == "." {
					t.Fatalf("accepted %q", key)
				}
			}
			if strings.HasPrefix(key, "/") || strings.ContainsAny(key, "\x00\\%") {
				t.Fatalf("accepted %q", key)
			}
		}
		for _, m := range []string{"POST", "GET", "DELETE"} {
			req := httptest.NewRequest(m, "/x", strings.NewReader("body"))
			req.URL.Path = "/object/b/" + key
			req.URL.RawPath = ""
			req.Header.Set("Authorization", "Bearer "+svc)
			w := httptest.NewRecorder()
			h.srv.ServeHTTP(w, req)
			if w.Code >= 500 {
				t.Fatalf("%s %q: %d %s", m, key, w.Code, w.Body)
			}
			if w.Code != http.StatusOK && !strings.Contains(w.Body.String(), `"statusCode"`) {
				t.Fatalf("%s %q: %d %s", m, key, w.Code, w.Body)
			}
		}
	})
}
