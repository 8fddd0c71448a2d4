package storageapi

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestSearchFunction: the bootstrap's storage.search and POST
// /object/list agree on the same listings (the SQL function is what
// projects' own queries call; the endpoint lists in Go).
func TestSearchFunction(t *testing.T) {
	h := newHarness(t, nil, nil)
	svc := h.service()
	h.bucket(map[string]any{"name": "b"})
	for _, k := range []string{"a.txt", "Dir/x.txt", "Dir/y.txt", "Dir/sub/z.txt", "docs/readme.md", "b.txt", "Dir/sub/deeper/w.txt"} {
		wantOK(t, h.do("POST", "/object/b/"+k, svc, []byte(k)))
	}
	for _, c := range []struct {
		prefix, search, col, order string
		limit, offset              int
	}{
		{"", "", "name", "asc", 100, 0},
		{"Dir/", "", "name", "asc", 100, 0},
		{"Dir/sub/", "", "name", "desc", 100, 0},
		{"", "", "name", "asc", 2, 1},
		{"dir/", "X", "name", "asc", 100, 0},
		{"", "d", "name", "asc", 100, 0},
		{"", "", "created_at", "asc", 100, 0},
		{"", "", "updated_at", "desc", 3, 0},
	} {
		name := fmt.Sprintf("%+v", c)
		rows := queryRows(t, h, fmt.Sprintf("select name from storage.search('%s', 'b', %d, 1, %d, '%s', '%s', '%s')", c.prefix, c.limit, c.offset, c.search, c.col, c.order))
		var sql []string
		for _, r := range rows {
			sql = append(sql, r[0])
		}
		r := h.do("POST", "/object/list/b", svc, map[string]any{"prefix": c.prefix, "search": c.search, "limit": c.limit, "offset": c.offset,
			"sortBy": map[string]any{"column": c.col, "order": c.order}})
		wantOK(t, r)
		var l []map[string]any
		if err := json.Unmarshal(r.body, &l); err != nil {
			t.Fatal(err)
		}
		var api []string
		for _, e := range l {
			api = append(api, e["name"].(string))
		}
		if strings.Join(sql, ",") != strings.Join(api, ",") {
			t.Errorf("%s: storage.search %v, /object/list %v", name, sql, api)
		}
	}
}
