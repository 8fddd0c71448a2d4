package storageapi

import (
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestConcurrentUploadsDeletes: uploads of shared content racing with
// deletes and copies leave every row with its bytes and no bytes without
// a row.
func TestConcurrentUploadsDeletes(t *testing.T) {
	h := newHarness(t, nil, nil)
	svc := h.service()
	h.bucket(map[string]any{"name": "c"})
	var wg sync.WaitGroup
	errs := make(chan string, 200)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < 10; i++ {
				key := fmt.Sprintf("w%d/%d.bin", w, i)
				body := []byte(fmt.Sprintf("content-%d", i%3)) // shared across workers
				if r := h.do("POST", "/object/c/"+key, svc, body); r.status != 200 {
					errs <- fmt.Sprintf("upload %s: %d %s", key, r.status, r.body)
					continue
				}
				if i%2 == 0 {
					if r := h.do("DELETE", "/object/c/"+key, svc, nil); r.status != 200 {
						errs <- fmt.Sprintf("delete %s: %d %s", key, r.status, r.body)
					}
				} else if r := h.do("POST", "/object/copy", svc, map[string]any{"bucketId": "c", "sourceKey": key, "destinationKey": key + ".copy"}); r.status != 200 {
					errs <- fmt.Sprintf("copy %s: %d %s", key, r.status, r.body)
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	rows := queryRows(t, h, "select name, version from storage.objects")
	if len(rows) != 8*10 { // 5 kept + 5 copies per worker... of 10 uploads, 5 deleted
		t.Fatalf("%d rows, want 80", len(rows))
	}
	used := map[string]bool{}
	for _, r := range rows {
		used[r[1]] = true
		if rc, _, err := h.blobs.Open(r[1]); err != nil {
			t.Errorf("%s has no bytes: %v", r[0], err)
		} else {
			rc.Close()
		}
	}
	hashes, _ := h.blobs.Hashes()
	for _, x := range hashes {
		if !used[x] {
			t.Errorf("bytes %s without a row", x)
		}
	}
}

// TestUnknownRole: a JWT naming a role that does not exist, or one the
// API may not become, is refused without a 500.
func TestUnknownRole(t *testing.T) {
	h := newHarness(t, nil, nil)
	h.bucket(map[string]any{"name": "b"})
	for _, role := range []string{"nosuchrole", "postgres", "supabase_storage_admin"} {
		tok := token(t, role, "", time.Now().Add(time.Hour))
		r := h.do("GET", "/bucket", tok, nil)
		if r.status >= 500 {
			t.Errorf("role %s: %d %s", role, r.status, r.body)
		}
		t.Logf("role %s: %s", role, r.body)
		r = h.do("POST", "/object/b/x.txt", tok, []byte("x"))
		if r.status >= 500 || r.status == 200 {
			t.Errorf("role %s upload: %d %s", role, r.status, r.body)
		}
	}
}
