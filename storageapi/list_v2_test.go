package storageapi

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestListV2 checks /object/list-v2 as storage-js's listV2 uses it:
// prefixes that are not folders, folders with their keys, byte order,
// pages that follow the cursor in every order, and bad input.
func TestListV2(t *testing.T) {
	h := newHarness(t, nil, nil)
	svc := h.service()
	h.bucket(map[string]any{"name": "b"})
	for _, k := range []string{"a.txt", "Dir/x.txt", "Dir/y.txt", "Dir/sub/z.txt", "a/one.txt", "a.b/two.txt", "b.txt"} {
		wantOK(t, h.do("POST", "/object/b/"+k, svc, []byte(k), "Content-Type", "text/plain"))
	}
	type page struct {
		HasNext    bool             `json:"hasNext"`
		NextCursor string           `json:"nextCursor"`
		Folders    []map[string]any `json:"folders"`
		Objects    []map[string]any `json:"objects"`
	}
	list := func(body map[string]any) page {
		t.Helper()
		r := h.do("POST", "/object/list-v2/b", svc, body)
		wantOK(t, r)
		var p page
		if err := json.Unmarshal(r.body, &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	names := func(p page) string {
		var out []string
		for _, f := range p.Folders {
			out = append(out, f["name"].(string)+"("+f["key"].(string)+")")
		}
		for _, o := range p.Objects {
			n := o["name"].(string)
			if k, ok := o["key"].(string); ok {
				n += "(" + k + ")"
			}
			out = append(out, n)
		}
		return strings.Join(out, ",")
	}
	// every page of a listing, following the cursor
	walk := func(body map[string]any) string {
		var out []string
		for i := 0; i < 20; i++ {
			p := list(body)
			out = append(out, names(p))
			if !p.HasNext {
				return strings.Join(out, " | ")
			}
			body["cursor"] = p.NextCursor
		}
		t.Fatal("the cursor never ends")
		return ""
	}
	for _, c := range []struct {
		name string
		body map[string]any
		want string
	}{
		{"all, byte order", map[string]any{}, "Dir/sub/z.txt,Dir/x.txt,Dir/y.txt,a.b/two.txt,a.txt,a/one.txt,b.txt"},
		{"prefix that is no folder", map[string]any{"prefix": "a"}, "a.b/two.txt,a.txt,a/one.txt"},
		{"folders", map[string]any{"with_delimiter": true}, "Dir/(Dir),a.b/(a.b),a/(a),a.txt(a.txt),b.txt(b.txt)"},
		{"folders under a prefix", map[string]any{"prefix": "Dir/", "with_delimiter": true}, "Dir/sub/(sub),Dir/x.txt(x.txt),Dir/y.txt(y.txt)"},
	} {
		if got := names(list(c.body)); got != c.want {
			t.Errorf("%s: got %s, want %s", c.name, got, c.want)
		}
	}
	for _, c := range []struct {
		name string
		body map[string]any
		want string
	}{
		{"pages of two", map[string]any{"limit": 2}, "Dir/sub/z.txt,Dir/x.txt | Dir/y.txt,a.b/two.txt | a.txt,a/one.txt | b.txt"},
		{"pages of two, descending", map[string]any{"limit": 2, "sortBy": map[string]any{"column": "name", "order": "desc"}}, "b.txt,a/one.txt | a.txt,a.b/two.txt | Dir/y.txt,Dir/x.txt | Dir/sub/z.txt"},
		{"folder pages", map[string]any{"limit": 2, "with_delimiter": true}, "Dir/(Dir),a.b/(a.b) | a/(a),a.txt(a.txt) | b.txt(b.txt)"}, // a page's folders come first
		{"folder pages, descending", map[string]any{"limit": 2, "with_delimiter": true, "sortBy": map[string]any{"column": "name", "order": "desc"}}, "a/(a),b.txt(b.txt) | a.b/(a.b),a.txt(a.txt) | Dir/(Dir)"},
	} {
		if got := walk(c.body); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, c.want)
		}
	}
	// by a timestamp (uploads share milliseconds, so ties go by name):
	// the pages are the one listing's
	for _, order := range []string{"asc", "desc"} {
		by := map[string]any{"column": "created_at", "order": order}
		whole := names(list(map[string]any{"sortBy": by}))
		paged := strings.ReplaceAll(walk(map[string]any{"limit": 3, "sortBy": by}), " | ", ",")
		if paged != whole || strings.Count(whole, ",") != 6 {
			t.Errorf("by creation, %s: pages %s, whole %s", order, paged, whole)
		}
	}
	wantErr(t, h.do("POST", "/object/list-v2/b", svc, map[string]any{"cursor": "!!"}), 400, "400", "InvalidParameter")
	wantErr(t, h.do("POST", "/object/list-v2/b", svc, map[string]any{"sortBy": map[string]any{"column": "size"}}), 400, "400", "InvalidRequest")
	wantErr(t, h.do("POST", "/object/list-v2/b", svc, map[string]any{"limit": 0}), 400, "400", "InvalidRequest")
}
