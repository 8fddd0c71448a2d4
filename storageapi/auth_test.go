package storageapi

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestRLS: the project's policies on storage.objects decide, per user
// folder, for every operation.
func TestRLS(t *testing.T) {
	h := newHarness(t, nil, nil)
	h.bucket(map[string]any{"name": "private"})
	a, b := h.user(alice), h.user(bob)
	wantOK(t, h.do("POST", "/object/private/"+alice+"/a.txt", a, []byte("alice's"), "Content-Type", "text/plain"))
	wantErr(t, h.do("POST", "/object/private/"+bob+"/a.txt", a, []byte("not hers")), 400, "403", "Unauthorized")
	wantErr(t, h.do("POST", "/object/private/"+alice+"/b.txt", h.anon(), []byte("anon")), 400, "403", "Unauthorized")
	wantOK(t, h.do("POST", "/object/private/"+bob+"/b.txt", b, []byte("bob's")))

	if rows := queryRows(t, h, "select owner, owner_id from storage.objects where name = '"+alice+"/a.txt'"); rows[0][0] != alice || rows[0][1] != alice {
		t.Fatalf("owner: %v", rows)
	}
	if r := h.do("GET", "/object/private/"+alice+"/a.txt", a, nil); string(r.body) != "alice's" {
		t.Fatalf("alice reads: %d %s", r.status, r.body)
	}
	wantErr(t, h.do("GET", "/object/private/"+alice+"/a.txt", b, nil), 400, "404", "not_found")
	wantErr(t, h.do("GET", "/object/private/"+alice+"/a.txt", h.anon(), nil), 400, "404", "not_found")
	// no token at all: the storage server's jwt plugin refuses it
	if r := h.do("GET", "/object/private/"+alice+"/a.txt", "", nil); r.status != 400 || !strings.Contains(string(r.body), `"message":"Invalid Compact JWS"`) {
		t.Fatalf("no token: %d %s", r.status, r.body)
	}
	wantOK(t, h.do("GET", "/object/private/"+alice+"/a.txt", h.service(), nil)) // service_role bypasses RLS

	// list shows each user their own folder only
	r := h.do("POST", "/object/list/private", a, map[string]any{"prefix": ""})
	if !strings.Contains(string(r.body), alice) || strings.Contains(string(r.body), bob) {
		t.Fatalf("alice's list: %s", r.body)
	}
	// signing needs the object to be visible
	wantErr(t, h.do("POST", "/object/sign/private/"+alice+"/a.txt", b, map[string]any{"expiresIn": 60}), 400, "404", "not_found")
	// bob cannot delete, move or overwrite alice's object
	wantErr(t, h.do("DELETE", "/object/private/"+alice+"/a.txt", b, nil), 400, "403", "Unauthorized")
	r = h.do("DELETE", "/object/private", b, map[string]any{"prefixes": []string{alice + "/a.txt"}})
	if r.status != 200 || string(r.body) != "[]" {
		t.Fatalf("bob's bulk delete: %d %s", r.status, r.body)
	}
	wantErr(t, h.do("POST", "/object/move", b, map[string]any{"bucketId": "private", "sourceKey": alice + "/a.txt", "destinationKey": bob + "/stolen.txt"}), 400, "404", "not_found")
	wantErr(t, h.do("POST", "/object/move", a, map[string]any{"bucketId": "private", "sourceKey": alice + "/a.txt", "destinationKey": bob + "/gift.txt"}), 400, "403", "Unauthorized")
	wantErr(t, h.do("POST", "/object/copy", b, map[string]any{"bucketId": "private", "sourceKey": alice + "/a.txt", "destinationKey": bob + "/c.txt"}), 400, "404", "not_found")
	wantErr(t, h.do("POST", "/object/upload/sign/private/"+bob+"/x.txt", a, nil), 400, "403", "Unauthorized")
	if r := h.do("GET", "/object/private/"+alice+"/a.txt", a, nil); string(r.body) != "alice's" {
		t.Fatalf("alice's object after bob's attempts: %d %s", r.status, r.body)
	}
	wantOK(t, h.do("POST", "/object/move", a, map[string]any{"bucketId": "private", "sourceKey": alice + "/a.txt", "destinationKey": alice + "/renamed.txt"}))
	wantOK(t, h.do("DELETE", "/object/private/"+alice+"/renamed.txt", a, nil))

	// a bad JWT is refused, not treated as anon
	wantErr(t, h.do("GET", "/bucket", "not.a.jwt", nil), 400, "403", "Unauthorized")
	expired := token(t, "authenticated", alice, time.Now().Add(-time.Hour))
	r = h.do("GET", "/bucket", expired, nil)
	wantErr(t, r, 400, "403", "Unauthorized")
	// the apikey header works when there is no Authorization
	r = h.do("GET", "/object/private/"+bob+"/b.txt", "", nil, "apikey", b)
	if string(r.body) != "bob's" {
		t.Fatalf("apikey: %d %s", r.status, r.body)
	}
}

func TestSignedURLs(t *testing.T) {
	h := newHarness(t, nil, nil)
	svc := h.service()
	h.bucket(map[string]any{"name": "private"})
	a := h.user(alice)
	key := alice + "/photo 1.txt"
	wantOK(t, h.do("POST", "/object/private/"+key, a, []byte("pixels")))

	r := h.do("POST", "/object/sign/private/"+key, a, map[string]any{"expiresIn": 60})
	wantOK(t, r)
	signed := r.json(t)["signedURL"].(string)
	// unescaped, as the storage server returns it (storage-js encodes it)
	if !strings.HasPrefix(signed, "/object/sign/private/"+alice+"/photo 1.txt?token=") {
		t.Fatalf("signedURL %s", signed)
	}
	signed = strings.ReplaceAll(signed, " ", "%20")
	if r := h.do("GET", signed, "", nil); r.status != 200 || string(r.body) != "pixels" {
		t.Fatalf("signed download: %d %s", r.status, r.body)
	}
	tok := signed[strings.Index(signed, "token=")+6:]
	// the token is for this object only
	wantErr(t, h.do("GET", "/object/sign/private/"+alice+"/other.txt?token="+tok, "", nil), 400, "400", "InvalidSignature")
	// tampered: flip a signature character
	bad := tok[:len(tok)-2] + map[bool]string{true: "A", false: "B"}[tok[len(tok)-2] != 'A'] + tok[len(tok)-1:]
	wantErr(t, h.do("GET", "/object/sign/private/"+alice+"/photo%201.txt?token="+bad, "", nil), 400, "400", "InvalidJWT")
	wantErr(t, h.do("GET", "/object/sign/private/"+alice+"/photo%201.txt", "", nil), 400, "400", "InvalidRequest")
	// a user's JWT is not a download token
	wantErr(t, h.do("GET", "/object/sign/private/"+alice+"/photo%201.txt?token="+a, "", nil), 400, "400", "InvalidSignature")
	// expired
	h.now = h.now.Add(2 * time.Minute)
	r = h.do("GET", signed, "", nil)
	wantErr(t, r, 400, "400", "InvalidJWT")
	h.now = time.Now()
	wantErr(t, h.do("POST", "/object/sign/private/"+key, a, map[string]any{"expiresIn": 0}), 400, "400", "InvalidParameter")

	r = h.do("POST", "/object/sign/private", a, map[string]any{"expiresIn": 60, "paths": []string{key, alice + "/missing"}})
	wantOK(t, r)
	var batch []map[string]any
	_ = json.Unmarshal(r.body, &batch)
	if len(batch) != 2 || batch[0]["signedURL"] == nil || batch[0]["error"] != nil || batch[1]["signedURL"] != nil || batch[1]["error"] == nil {
		t.Fatalf("batch: %s", r.body)
	}

	// signed upload: the caller's insert right is checked when signing;
	// the token then uploads once, with the signer as owner
	r = h.do("POST", "/object/upload/sign/private/"+alice+"/up.txt", a, nil)
	wantOK(t, r)
	up := r.json(t)
	url := up["url"].(string)
	wantOK(t, h.do("PUT", url, "", []byte("uploaded"), "Content-Type", "text/plain"))
	if r := h.do("GET", "/object/private/"+alice+"/up.txt", a, nil); string(r.body) != "uploaded" {
		t.Fatalf("signed upload: %d %s", r.status, r.body)
	}
	if rows := queryRows(t, h, "select owner from storage.objects where name = '"+alice+"/up.txt'"); rows[0][0] != alice {
		t.Fatalf("signed upload owner: %v", rows)
	}
	wantErr(t, h.do("PUT", url, "", []byte("again")), 400, "409", "Duplicate")
	wantErr(t, h.do("PUT", strings.Replace(url, "up.txt", "elsewhere.txt", 1), "", []byte("x")), 400, "400", "InvalidSignature")
	// a download token cannot upload
	wantErr(t, h.do("PUT", "/object/upload/sign/private/"+alice+"/photo%201.txt?token="+tok, svc, []byte("x")), 400, "400", "InvalidSignature")
	if n := queryRows(t, h, "select count(*) from storage.objects"); n[0][0] != "2" {
		t.Fatalf("rows after the signing probes: %v", n)
	}
}

// TestBadKeys: traversal and malformed names get the storage server's
// InvalidKey shape and write nothing.
func TestBadKeys(t *testing.T) {
	h := newHarness(t, nil, nil)
	svc := h.service()
	h.bucket(map[string]any{"name": "b"})
	for _, p := range []string{
		"/object/b/..%2F..%2Fetc%2Fpasswd",
		"/object/b/a%2Fb",
		"/object/b/%2Fabs",
		"/object/b/a/%2E%2E/b",
		"/object/b/a/./b",
		"/object/b/a//b",
		"/object/b/nul%00byte",
		"/object/b/%C3%A9t%C3%A9.txt",
		"/object/b/back%5Cslash",
		"/object/b/pct%25.txt",
	} {
		r := h.do("POST", p, svc, []byte("x"))
		if r.status != 400 {
			t.Errorf("%s: %d %s", p, r.status, r.body)
			continue
		}
		if m := r.json(t); m["statusCode"] != "400" {
			t.Errorf("%s: %s", p, r.body)
		}
	}
	// Go's client cleans "..": send it raw
	r := h.do("POST", "/object/b/sp ace & (ok).txt", svc, []byte("x"))
	wantOK(t, r)
	if n := queryRows(t, h, "select count(*) from storage.objects"); n[0][0] != "1" {
		t.Fatalf("rows: %v", n)
	}
	wantErr(t, h.do("POST", "/object/no%20such/a.txt", svc, []byte("x")), 400, "404", "Bucket not found")
}
