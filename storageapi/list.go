package storageapi

import (
	"net/http"
	"sort"
	"strings"

	"github.com/tinybase/tinybase/postgrest"
)

// listBody is POST /object/list/{bucket}'s JSON (storage-js's search
// options).
type listBody struct {
	Prefix *string `json:"prefix"`
	Limit  *int    `json:"limit"`
	Offset *int    `json:"offset"`
	Search string  `json:"search"`
	SortBy *struct {
		Column string `json:"column"`
		Order  string `json:"order"`
	} `json:"sortBy"`
}

type listEntry struct {
	name   string
	lower  string
	row    []*string // nil for a folder
	folder bool
}

// listObjects is the storage server's storage.search: the objects the
// caller sees under prefix (a folder; a trailing slash is implied) whose
// next path part starts with search, case-insensitively; deeper paths
// collapse into one folder entry (id and timestamps null), names
// relative to the prefix. Sorted by name, folders and files interleave;
// by another column, folders come first.
func (s *Server) listObjects(w http.ResponseWriter, r *http.Request, bucket string) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	if e := checkBucketName(bucket); e != nil {
		return e
	}
	var b listBody
	if err := decodeBody(r, &b); err != nil {
		return err
	}
	if b.Prefix == nil {
		return errInvalidRequest("body must have required property 'prefix'")
	}
	prefix := *b.Prefix
	if prefix != "" && !strings.HasSuffix(prefix, "/") {
		prefix += "/"
	}
	limit, offset := 100, 0
	if b.Limit != nil && *b.Limit > 0 {
		limit = min(*b.Limit, 1500)
	}
	if b.Offset != nil && *b.Offset > 0 {
		offset = *b.Offset
	}
	col, desc := "name", false
	if b.SortBy != nil {
		switch strings.ToLower(b.SortBy.Column) {
		case "updated_at", "created_at", "last_accessed_at":
			col = strings.ToLower(b.SortBy.Column)
		}
		desc = strings.EqualFold(b.SortBy.Order, "desc")
	}
	full := strings.ToLower(prefix + b.Search)
	var rows [][]*string
	err = s.asCaller(r.Context(), c, true, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), "select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects where bucket_id = $1 and left(lower(name), length($2)) = $2", bucket, full)
		if err != nil {
			return err
		}
		rows = res.Rows
		return nil
	})
	if err != nil {
		return err
	}
	var folders, files []listEntry
	seen := map[string]bool{}
	for _, row := range rows {
		name := str(row[0])
		low := strings.ToLower(name)
		if !strings.HasPrefix(low, full) {
			continue
		}
		rel := name[len(prefix):]
		if i := strings.IndexByte(name[len(full):], '/'); i >= 0 {
			f := rel[:len(b.Search)+i]
			if !seen[strings.ToLower(f)] {
				seen[strings.ToLower(f)] = true
				folders = append(folders, listEntry{name: f, lower: strings.ToLower(f), folder: true})
			}
			continue
		}
		files = append(files, listEntry{name: rel, lower: strings.ToLower(rel), row: row})
	}
	var all []listEntry
	byName := func(l []listEntry) {
		sort.SliceStable(l, func(i, j int) bool {
			if desc {
				return l[i].lower > l[j].lower
			}
			return l[i].lower < l[j].lower
		})
	}
	if col == "name" {
		all = append(folders, files...)
		byName(all)
	} else {
		byName(folders)
		ci := map[string]int{"updated_at": 2, "created_at": 3, "last_accessed_at": 4}[col]
		sort.SliceStable(files, func(i, j int) bool {
			a, b := str(files[i].row[ci]), str(files[j].row[ci])
			if desc {
				return a > b
			}
			return a < b
		})
		all = append(folders, files...)
	}
	if offset > len(all) {
		offset = len(all)
	}
	all = all[offset:]
	if len(all) > limit {
		all = all[:limit]
	}
	out := make([]map[string]any, 0, len(all))
	for _, e := range all {
		if e.folder {
			out = append(out, map[string]any{"name": e.name, "id": nil, "updated_at": nil, "created_at": nil, "last_accessed_at": nil, "metadata": nil})
			continue
		}
		out = append(out, map[string]any{"name": e.name, "id": str(e.row[1]), "updated_at": isoTime(e.row[2]),
			"created_at": isoTime(e.row[3]), "last_accessed_at": isoTime(e.row[4]), "metadata": rawJSON(e.row[5])})
	}
	writeJSON(w, 200, out)
	return nil
}
