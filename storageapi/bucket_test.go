package storageapi

import (
	"testing"
)

func TestBuckets(t *testing.T) {
	h := newHarness(t, nil, nil)
	svc := h.service()
	r := h.do("POST", "/bucket", svc, map[string]any{"id": "avatars", "name": "avatars", "public": true, "file_size_limit": "1MB", "allowed_mime_types": []string{"image/*"}})
	wantOK(t, r)
	if m := r.json(t); m["name"] != "avatars" {
		t.Fatalf("create: %s", r.body)
	}
	wantErr(t, h.do("POST", "/bucket", svc, map[string]any{"name": "avatars"}), 400, "409", "Duplicate")
	wantErr(t, h.do("POST", "/bucket", svc, map[string]any{"name": " padded"}), 400, "400", "Invalid Input")
	wantErr(t, h.do("POST", "/bucket", svc, map[string]any{"name": "a/b"}), 400, "400", "Invalid Input")
	wantErr(t, h.do("POST", "/bucket", svc, map[string]any{"name": "x", "file_size_limit": "lots"}), 400, "400", "InvalidRequest")
	wantErr(t, h.do("POST", "/bucket", svc, "{not json"), 400, "400", "InvalidRequest")

	r = h.do("GET", "/bucket/avatars", svc, nil)
	wantOK(t, r)
	m := r.json(t)
	if m["public"] != true || m["file_size_limit"] != float64(1000000) || m["type"] != nil {
		t.Fatalf("get: %s", r.body)
	}
	if mt, _ := m["allowed_mime_types"].([]any); len(mt) != 1 || mt[0] != "image/*" {
		t.Fatalf("allowed_mime_types: %s", r.body)
	}
	wantErr(t, h.do("GET", "/bucket/nope", svc, nil), 400, "404", "Bucket not found")

	wantOK(t, h.do("PUT", "/bucket/avatars", svc, map[string]any{"public": false, "file_size_limit": nil, "allowed_mime_types": nil}))
	m = h.do("GET", "/bucket/avatars", svc, nil).json(t)
	if m["public"] != false || m["file_size_limit"] != nil || m["allowed_mime_types"] != nil {
		t.Fatalf("after update: %v", m)
	}
	wantErr(t, h.do("PUT", "/bucket/nope", svc, map[string]any{"public": true}), 400, "404", "Bucket not found")
	wantErr(t, h.do("PUT", "/bucket/avatars", svc, map[string]any{}), 400, "400", "InvalidRequest")

	h.bucket(map[string]any{"name": "docs"})
	r = h.do("GET", "/bucket", svc, nil)
	wantOK(t, r)
	if string(r.body[:1]) != "[" {
		t.Fatalf("list: %s", r.body)
	}
	// anon sees the buckets through the "buckets readable" policy, but
	// cannot create one: no insert policy on storage.buckets.
	if r := h.do("GET", "/bucket", h.anon(), nil); r.status != 200 || !contains(r.body, `"docs"`) || !contains(r.body, `"type":"STANDARD"`) {
		t.Fatalf("anon list: %d %s", r.status, r.body)
	}
	wantErr(t, h.do("POST", "/bucket", h.anon(), map[string]any{"name": "mine"}), 400, "403", "Unauthorized")

	wantOK(t, h.do("POST", "/object/docs/a.txt", svc, []byte("a"), "Content-Type", "text/plain"))
	wantErr(t, h.do("DELETE", "/bucket/docs", svc, nil), 400, "409", "ResourceNotEmpty")
	r = h.do("POST", "/bucket/docs/empty", svc, nil)
	wantOK(t, r)
	wantOK(t, h.do("DELETE", "/bucket/docs", svc, nil))
	wantErr(t, h.do("DELETE", "/bucket/docs", svc, nil), 400, "404", "Bucket not found")
	wantErr(t, h.do("POST", "/bucket/docs/empty", svc, nil), 400, "404", "Bucket not found")
	if n, _ := h.blobs.Hashes(); len(n) != 0 {
		t.Fatalf("bytes left after emptying: %v", n)
	}
}

func contains(b []byte, s string) bool {
	return len(b) > 0 && string(b) != "" && indexOf(string(b), s) >= 0
}

func indexOf(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}
