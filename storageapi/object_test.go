package storageapi

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"
)

func TestUploadDownload(t *testing.T) {
	h := newHarness(t, nil, nil)
	svc := h.service()
	h.bucket(map[string]any{"name": "docs"})
	meta := base64.StdEncoding.EncodeToString([]byte(`{"owner":"me"}`))
	r := h.do("POST", "/object/docs/folder/hello world.txt", svc, []byte("hello, world"),
		"Content-Type", "text/plain", "Cache-Control", "max-age=60", "x-metadata", meta)
	wantOK(t, r)
	m := r.json(t)
	if m["Key"] != "docs/folder/hello world.txt" || len(m["Id"].(string)) != 36 {
		t.Fatalf("upload: %s", r.body)
	}
	wantErr(t, h.do("POST", "/object/docs/folder/hello world.txt", svc, []byte("again")), 400, "409", "Duplicate")

	r = h.do("GET", "/object/docs/folder/hello%20world.txt", svc, nil)
	wantOK(t, r)
	if string(r.body) != "hello, world" || r.header.Get("Content-Type") != "text/plain" || r.header.Get("Cache-Control") != "max-age=60" {
		t.Fatalf("download: %q %v", r.body, r.header)
	}
	etag := r.header.Get("ETag")
	if etag != `"e4d7f1b4ed2e42d15898f4b27b019da4"` { // md5("hello, world")
		t.Fatalf("ETag %q", etag)
	}
	if r := h.do("GET", "/object/docs/folder/hello%20world.txt", svc, nil, "If-None-Match", etag); r.status != http.StatusNotModified {
		t.Fatalf("If-None-Match: %d", r.status)
	}
	r = h.do("GET", "/object/authenticated/docs/folder/hello%20world.txt", svc, nil, "Range", "bytes=7-")
	if r.status != http.StatusPartialContent || string(r.body) != "world" || r.header.Get("Content-Range") != "bytes 7-11/12" {
		t.Fatalf("range: %d %q %v", r.status, r.body, r.header)
	}
	r = h.do("GET", "/object/docs/folder/hello%20world.txt", svc, nil, "Range", "bytes=-3")
	if r.status != http.StatusPartialContent || string(r.body) != "rld" {
		t.Fatalf("suffix range: %d %q", r.status, r.body)
	}
	for _, rg := range []string{"bytes=12-", "bytes=5-2", "bytes=0-1,3-4", "items=0-1", "bytes=-"} {
		wantErr(t, h.do("GET", "/object/docs/folder/hello%20world.txt", svc, nil, "Range", rg), 416, "416", "invalid_range")
	}
	r = h.do("HEAD", "/object/docs/folder/hello%20world.txt", svc, nil)
	if r.status != 200 || len(r.body) != 0 || r.header.Get("Content-Length") != "12" {
		t.Fatalf("HEAD: %d %v", r.status, r.header)
	}
	r = h.do("GET", "/object/docs/folder/hello%20world.txt?download=x.txt", svc, nil)
	if cd := r.header.Get("Content-Disposition"); !strings.Contains(cd, "attachment") || !strings.Contains(cd, "x.txt") {
		t.Fatalf("download disposition %q", cd)
	}

	r = h.do("GET", "/object/info/docs/folder/hello%20world.txt", svc, nil)
	wantOK(t, r)
	m = r.json(t)
	if m["size"] != float64(12) || m["content_type"] != "text/plain" || m["etag"] != etag || m["cache_control"] != "max-age=60" {
		t.Fatalf("info: %s", r.body)
	}
	if md, _ := m["metadata"].(map[string]any); md["owner"] != "me" {
		t.Fatalf("info user metadata: %s", r.body)
	}

	// the row's metadata as the storage server fills it
	rows := queryRows(t, h, "select metadata from storage.objects where name = 'folder/hello world.txt'")
	var md map[string]any
	if err := json.Unmarshal([]byte(rows[0][0]), &md); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"eTag", "size", "mimetype", "cacheControl", "lastModified", "contentLength", "httpStatusCode"} {
		if _, ok := md[k]; !ok {
			t.Errorf("metadata lacks %s: %s", k, rows[0][0])
		}
	}

	// upsert replaces the bytes; the old ones are released
	wantOK(t, h.do("POST", "/object/docs/folder/hello world.txt", svc, []byte("v2"), "x-upsert", "true"))
	if r := h.do("GET", "/object/docs/folder/hello%20world.txt", svc, nil); string(r.body) != "v2" {
		t.Fatalf("after upsert: %q", r.body)
	}
	wantOK(t, h.do("PUT", "/object/docs/folder/hello world.txt", svc, []byte("v3")))
	if n, _ := h.blobs.Hashes(); len(n) != 1 {
		t.Fatalf("stored blobs after two replacements: %d", len(n))
	}

	// multipart, as storage-js sends a File / FormData
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	_ = mw.WriteField("cacheControl", "3600")
	_ = mw.WriteField("metadata", `{"k":1}`)
	fw, _ := mw.CreateFormFile("", "pic.png")
	_, _ = fw.Write([]byte("\x89PNG....."))
	mw.Close()
	wantOK(t, h.do("POST", "/object/docs/pic.png", svc, buf.Bytes(), "Content-Type", mw.FormDataContentType()))
	r = h.do("GET", "/object/docs/pic.png", svc, nil)
	if string(r.body) != "\x89PNG....." || r.header.Get("Cache-Control") != "max-age=3600" || r.header.Get("Content-Type") != "application/octet-stream" {
		t.Fatalf("multipart download: %q %v", r.body, r.header)
	}

	wantErr(t, h.do("GET", "/object/docs/missing.txt", svc, nil), 400, "404", "not_found")
	wantErr(t, h.do("POST", "/object/nope/a.txt", svc, []byte("x")), 400, "404", "Bucket not found")
	wantErr(t, h.do("GET", "/object/public/docs/pic.png", "", nil), 400, "404", "Bucket not found")
	wantOK(t, h.do("PUT", "/bucket/docs", svc, map[string]any{"public": true}))
	if r := h.do("GET", "/object/public/docs/pic.png", "", nil); r.status != 200 || string(r.body) != "\x89PNG....." {
		t.Fatalf("public: %d %q", r.status, r.body)
	}
	// render/image refuses what is no image (render_test.go renders images)
	wantErr(t, h.do("GET", "/render/image/public/docs/pic.png?width=10", "", nil), 400, "400", "InvalidRequest")
	wantErr(t, h.do("GET", "/nowhere", svc, nil), 404, "404", "Not Found")
}

func TestLimits(t *testing.T) {
	h := newHarness(t, nil, nil) // global limit 1 MiB
	svc := h.service()
	h.bucket(map[string]any{"name": "small", "file_size_limit": 10, "allowed_mime_types": []string{"image/png", "text/*"}})
	h.bucket(map[string]any{"name": "big"})
	wantOK(t, h.do("POST", "/object/small/ok.txt", svc, []byte("0123456789"), "Content-Type", "text/plain"))
	wantErr(t, h.do("POST", "/object/small/big.txt", svc, []byte("0123456789A"), "Content-Type", "text/plain"), 400, "413", "Payload too large")
	wantErr(t, h.do("POST", "/object/small/a.gif", svc, []byte("GIF"), "Content-Type", "image/gif"), 400, "415", "invalid_mime_type")
	wantOK(t, h.do("POST", "/object/small/a.png", svc, []byte("PNG"), "Content-Type", "image/png"))
	wantErr(t, h.do("POST", "/object/big/huge.bin", svc, make([]byte, 1<<20+1)), 400, "413", "Payload too large")
	wantOK(t, h.do("POST", "/object/big/max.bin", svc, make([]byte, 1<<20)))
	// a body of unknown length is cut at the limit too
	req, _ := http.NewRequest("POST", h.http.URL+"/storage/v1/object/small/chunked.txt", struct{ *strings.Reader }{strings.NewReader(strings.Repeat("x", 50))})
	req.Header.Set("Authorization", "Bearer "+svc)
	req.Header.Set("Content-Type", "text/plain")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 400 {
		t.Fatalf("chunked oversize: %d", res.StatusCode)
	}
	if n := queryRows(t, h, "select count(*) from storage.objects where name in ('big.txt', 'huge.bin', 'chunked.txt', 'a.gif')"); n[0][0] != "0" {
		t.Fatalf("refused uploads left rows: %v", n)
	}
	if n, _ := h.blobs.Hashes(); len(n) != 3 {
		t.Fatalf("stored blobs: %d, want 3", len(n))
	}
}

func TestListMoveCopyDelete(t *testing.T) {
	h := newHarness(t, nil, nil)
	svc := h.service()
	h.bucket(map[string]any{"name": "b"})
	for _, k := range []string{"a.txt", "Dir/x.txt", "Dir/y.txt", "Dir/sub/z.txt", "docs/readme.md", "b.txt"} {
		wantOK(t, h.do("POST", "/object/b/"+k, svc, []byte(k), "Content-Type", "text/plain"))
	}
	names := func(r resp) []string {
		t.Helper()
		wantOK(t, r)
		var l []map[string]any
		if err := json.Unmarshal(r.body, &l); err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, e := range l {
			n := e["name"].(string)
			if e["id"] == nil {
				n += "/"
			}
			out = append(out, n)
		}
		return out
	}
	list := func(body map[string]any) string {
		return strings.Join(names(h.do("POST", "/object/list/b", svc, body)), ",")
	}
	for _, c := range []struct {
		name string
		body map[string]any
		want string
	}{
		{"root", map[string]any{"prefix": ""}, "a.txt,b.txt,Dir/,docs/"},
		{"folder", map[string]any{"prefix": "Dir"}, "sub/,x.txt,y.txt"},
		{"folder slash", map[string]any{"prefix": "Dir/"}, "sub/,x.txt,y.txt"},
		{"limit offset", map[string]any{"prefix": "", "limit": 2, "offset": 1}, "b.txt,Dir/"},
		{"desc", map[string]any{"prefix": "", "sortBy": map[string]any{"column": "name", "order": "desc"}}, "docs/,Dir/,b.txt,a.txt"},
		{"search", map[string]any{"prefix": "dir", "search": "X"}, "x.txt"},
		{"search folder", map[string]any{"prefix": "", "search": "d"}, "Dir/,docs/"},
		{"by created_at", map[string]any{"prefix": "", "sortBy": map[string]any{"column": "created_at", "order": "asc"}}, "Dir/,docs/,a.txt,b.txt"},
		{"nothing", map[string]any{"prefix": "nope"}, ""},
	} {
		if got := list(c.body); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	r := h.do("POST", "/object/list/b", svc, map[string]any{"prefix": ""})
	var l []map[string]any
	_ = json.Unmarshal(r.body, &l)
	if l[0]["metadata"] == nil || l[0]["created_at"] == nil || l[2]["metadata"] != nil {
		t.Fatalf("list entries: %s", r.body)
	}

	wantOK(t, h.do("POST", "/object/move", svc, map[string]any{"bucketId": "b", "sourceKey": "a.txt", "destinationKey": "moved/a.txt"}))
	if r := h.do("GET", "/object/b/moved/a.txt", svc, nil); string(r.body) != "a.txt" {
		t.Fatalf("moved: %q", r.body)
	}
	wantErr(t, h.do("POST", "/object/move", svc, map[string]any{"bucketId": "b", "sourceKey": "a.txt", "destinationKey": "x"}), 400, "404", "not_found")
	wantErr(t, h.do("POST", "/object/move", svc, map[string]any{"bucketId": "b", "sourceKey": "b.txt", "destinationKey": "moved/a.txt"}), 400, "409", "Duplicate")

	r = h.do("POST", "/object/copy", svc, map[string]any{"bucketId": "b", "sourceKey": "b.txt", "destinationKey": "copy/b.txt"})
	wantOK(t, r)
	if m := r.json(t); m["Key"] != "b/copy/b.txt" || m["name"] != "copy/b.txt" {
		t.Fatalf("copy: %s", r.body)
	}
	if r := h.do("GET", "/object/b/copy/b.txt", svc, nil); string(r.body) != "b.txt" {
		t.Fatalf("copied: %q", r.body)
	}
	wantErr(t, h.do("POST", "/object/copy", svc, map[string]any{"bucketId": "b", "sourceKey": "b.txt", "destinationKey": "copy/b.txt"}), 400, "409", "Duplicate")
	before, _ := h.blobs.Hashes()

	// the copy shares the bytes: deleting the source keeps them
	wantOK(t, h.do("DELETE", "/object/b/b.txt", svc, nil))
	if r := h.do("GET", "/object/b/copy/b.txt", svc, nil); string(r.body) != "b.txt" {
		t.Fatalf("copy after source delete: %q", r.body)
	}
	wantErr(t, h.do("DELETE", "/object/b/b.txt", svc, nil), 400, "404", "not_found")
	r = h.do("DELETE", "/object/b", svc, map[string]any{"prefixes": []string{"copy/b.txt", "Dir/x.txt", "not/there"}})
	wantOK(t, r)
	var del []map[string]any
	_ = json.Unmarshal(r.body, &del)
	if len(del) != 2 {
		t.Fatalf("bulk delete: %s", r.body)
	}
	after, _ := h.blobs.Hashes()
	if len(after) != len(before)-2 {
		t.Fatalf("blobs %d → %d, want two released", len(before), len(after))
	}
	wantErr(t, h.do("DELETE", "/object/b", svc, map[string]any{"prefixes": []string{}}), 400, "400", "InvalidRequest")
}

// queryRows runs q as postgres and returns its rows as text.
func queryRows(t *testing.T, h *harness, q string) [][]string {
	t.Helper()
	s, err := h.eng.Connect(engineOpts)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rows, err := s.Query(t.Context(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	var out [][]string
	for rows.Next() {
		var row []string
		for _, p := range rows.Text() {
			if p == nil {
				row = append(row, "")
			} else {
				row = append(row, *p)
			}
		}
		out = append(out, row)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
