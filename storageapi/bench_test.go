package storageapi

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkUploadDownload1MiB: one raw 1 MiB upload (upsert) and its
// download, in process (no network), in-memory bytes.
func BenchmarkUploadDownload1MiB(b *testing.B) {
	h := newHarness(b, nil, nil)
	h.bucket(map[string]any{"name": "bench"})
	svc := h.service()
	body := bytes.Repeat([]byte{1, 2, 3, 4}, 1<<18)
	b.SetBytes(int64(len(body)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		key := fmt.Sprintf("/object/bench/obj-%d.bin", i%8)
		req := httptest.NewRequest("POST", key, bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+svc)
		req.Header.Set("x-upsert", "true")
		w := httptest.NewRecorder()
		h.srv.ServeHTTP(w, req)
		if w.Code != http.StatusOK {
			b.Fatalf("upload: %d %s", w.Code, w.Body)
		}
		req = httptest.NewRequest("GET", key, nil)
		req.Header.Set("Authorization", "Bearer "+svc)
		w = httptest.NewRecorder()
		h.srv.ServeHTTP(w, req)
		if n, _ := io.Copy(io.Discard, w.Body); w.Code != http.StatusOK || n != int64(len(body)) {
			b.Fatalf("download: %d", w.Code)
		}
	}
}

// BenchmarkDownloadTCP1MiB: a 1 MiB download over loopback TCP.
func BenchmarkDownloadTCP1MiB(b *testing.B) {
	h := newHarness(b, nil, nil)
	h.bucket(map[string]any{"name": "bench"})
	svc := h.service()
	body := bytes.Repeat([]byte{1, 2, 3, 4}, 1<<18)
	wantOK(b, h.do("POST", "/object/bench/obj.bin", svc, body))
	b.SetBytes(int64(len(body)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if r := h.do("GET", "/object/bench/obj.bin", svc, nil); len(r.body) != len(body) {
			b.Fatalf("download: %d", r.status)
		}
	}
}
