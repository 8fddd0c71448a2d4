package storageapi

import (
	"encoding/base64"
	"net/http"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/tinybase/tinybase/postgrest"
)

// listV2Body is POST /object/list-v2/{bucket}'s JSON (storage-js's
// listV2 options).
type listV2Body struct {
	Prefix        string `json:"prefix"`
	Limit         *int   `json:"limit"`
	Cursor        string `json:"cursor"`
	WithDelimiter bool   `json:"with_delimiter"`
	SortBy        *struct {
		Column string `json:"column"`
		Order  string `json:"order"`
	} `json:"sortBy"`
}

// v2Entry is one object, or with the delimiter one folder, of a v2
// listing. A folder's name has no trailing slash (the storage server's
// list_objects_with_delimiter rtrims it); its timestamps are its oldest
// object's creation (search_by_timestamp).
type v2Entry struct {
	name     string
	row      []*string // nil for a folder
	created  *time.Time
	updated  *time.Time
	seekName string // where the entry sits in name order: a folder's name with its slash
}

// continuation is the storage server's v2 cursor: the last name handed
// out and the order it was listed in, base64 of "k:value" lines.
type continuation struct {
	startAfter, order, column, after string
}

var continuationPart = regexp.MustCompile(`^(\S):(.*)`)

func (c continuation) encode() string {
	var b strings.Builder
	for _, p := range []struct{ k, v string }{{"l", c.startAfter}, {"o", c.order}, {"c", c.column}, {"a", c.after}} {
		if p.v != "" {
			b.WriteString(p.k + ":" + p.v + "\n")
		}
	}
	return base64.StdEncoding.EncodeToString([]byte(strings.TrimSuffix(b.String(), "\n")))
}

func decodeContinuation(token string) (continuation, error) {
	raw, err := base64.StdEncoding.DecodeString(token)
	bad := &apiError{status: 400, code: "InvalidParameter", message: "Invalid Parameter continuation token"}
	if err != nil {
		return continuation{}, bad
	}
	c := continuation{order: "asc"}
	for _, part := range strings.Split(string(raw), "\n") {
		m := continuationPart.FindStringSubmatch(part)
		if m == nil {
			return continuation{}, bad
		}
		switch m[1] {
		case "l":
			c.startAfter = m[2]
		case "o":
			c.order = m[2]
		case "c":
			c.column = m[2]
		case "a":
			c.after = m[2]
		default:
			return continuation{}, bad
		}
	}
	return c, nil
}

// listObjectsV2 is the storage server's listObjectsV2: the objects the
// caller sees whose names start with prefix (any string, not only a
// folder), in name order (byte order, as COLLATE "C") or by updated_at /
// created_at then name, a page of at most limit (1000) with an opaque
// cursor for the next; with with_delimiter, the objects one level below
// the prefix and the folders that lead deeper, each entry's key its path
// part at the prefix's level.
func (s *Server) listObjectsV2(w http.ResponseWriter, r *http.Request, bucket string) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	if e := checkBucketName(bucket); e != nil {
		return e
	}
	var b listV2Body
	if err := decodeBody(r, &b); err != nil {
		return err
	}
	if b.Limit != nil && *b.Limit < 1 {
		return errInvalidRequest("body/limit must be >= 1")
	}
	column, order := "", "asc"
	if b.SortBy != nil {
		switch b.SortBy.Column {
		case "name", "updated_at", "created_at":
			column = b.SortBy.Column
		default:
			return errInvalidRequest("body/sortBy/column must be equal to one of the allowed values")
		}
		switch b.SortBy.Order {
		case "":
		case "asc", "desc":
			order = b.SortBy.Order
		default:
			return errInvalidRequest("body/sortBy/order must be equal to one of the allowed values")
		}
	}
	var cur *continuation
	if b.Cursor != "" {
		cc, err := decodeContinuation(b.Cursor)
		if err != nil {
			return err
		}
		cur = &cc
		if cc.order != "" {
			order = cc.order
		}
		if cc.column != "" {
			column = cc.column
		}
	}
	if column == "name" {
		column = ""
	}
	if order != "desc" {
		order = "asc"
	}
	limit := 1000
	if b.Limit != nil {
		limit = min(*b.Limit, 1000)
	}
	var rows [][]*string
	err = s.asCaller(r.Context(), c, true, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), "select name, id, updated_at, created_at, last_accessed_at, metadata from storage.objects where bucket_id = $1 and left(name, length($2)) = $2", bucket, b.Prefix)
		if err != nil {
			return err
		}
		rows = res.Rows
		return nil
	})
	if err != nil {
		return err
	}
	entries := v2Entries(rows, b.Prefix, b.WithDelimiter)
	entries = v2Page(entries, cur, column, order == "desc", b.WithDelimiter)
	hasNext := len(entries) > limit
	out := map[string]any{"hasNext": hasNext}
	if hasNext {
		entries = entries[:limit]
		last := entries[limit-1]
		next := continuation{startAfter: last.name, column: column}
		if b.SortBy != nil && b.SortBy.Order != "" || cur != nil {
			next.order = order
		}
		if t := last.at(column); column != "" && t != nil {
			next.after = t.UTC().Format("2006-01-02T15:04:05.000Z")
		}
		out["nextCursor"], out["nextCursorKey"] = next.encode(), last.name
	}
	levels := strings.Count(b.Prefix, "/") + 1
	folders, objects := []map[string]any{}, []map[string]any{}
	for _, e := range entries {
		m := map[string]any{"name": e.name, "id": nil, "updated_at": nil, "created_at": nil, "last_accessed_at": nil, "metadata": nil}
		if b.WithDelimiter {
			m["key"] = splitPart(e.name, levels)
		}
		if e.row == nil {
			m["name"] = e.name + "/"
			m["updated_at"], m["created_at"] = isoOf(e.updated), isoOf(e.created)
			folders = append(folders, m)
			continue
		}
		m["id"], m["updated_at"], m["created_at"] = str(e.row[1]), isoTime(e.row[2]), isoTime(e.row[3])
		m["last_accessed_at"], m["metadata"] = isoTime(e.row[4]), rawJSON(e.row[5])
		objects = append(objects, m)
	}
	out["folders"], out["objects"] = folders, objects
	writeJSON(w, 200, out)
	return nil
}

// v2Entries turns the rows under prefix into entries, one per folder
// below the prefix when listing with the delimiter.
func v2Entries(rows [][]*string, prefix string, delimited bool) []v2Entry {
	var out []v2Entry
	folders := map[string]int{}
	for _, row := range rows {
		name := str(row[0])
		created, _ := parseTime(row[3])
		updated, _ := parseTime(row[2])
		if delimited {
			if i := strings.IndexByte(name[len(prefix):], '/'); i >= 0 {
				common := name[:len(prefix)+i+1]
				k, ok := folders[common]
				if !ok {
					k = len(out)
					folders[common] = k
					out = append(out, v2Entry{name: strings.TrimRight(common, "/"), seekName: common})
				}
				if f := &out[k]; row[3] != nil && (f.created == nil || created.Before(*f.created)) {
					f.created, f.updated = &created, &created
				}
				continue
			}
		}
		e := v2Entry{name: name, row: row, seekName: name}
		if row[3] != nil {
			e.created = &created
		}
		if row[2] != nil {
			e.updated = &updated
		}
		out = append(out, e)
	}
	return out
}

// v2Page orders the entries and drops those at or before the cursor.
func v2Page(entries []v2Entry, cur *continuation, column string, desc, delimited bool) []v2Entry {
	less := func(a, b string) bool {
		if desc {
			return a > b
		}
		return a < b
	}
	if column == "" {
		sort.Slice(entries, func(i, j int) bool { return less(entries[i].seekName, entries[j].seekName) })
		if cur == nil || cur.startAfter == "" {
			return entries
		}
		// after a folder, the listing resumes past everything under it
		bound := cur.startAfter
		for _, e := range entries {
			if delimited && e.row == nil && e.name == cur.startAfter {
				bound += "/"
				break
			}
		}
		kept := entries[:0]
		for _, e := range entries {
			if less(bound, e.seekName) {
				kept = append(kept, e)
			}
		}
		return kept
	}
	// by a timestamp (to the millisecond, a missing one as the epoch),
	// then by name
	ms := func(e v2Entry) time.Time {
		if t := e.at(column); t != nil {
			return t.Truncate(time.Millisecond)
		}
		return time.Unix(0, 0)
	}
	cmp := func(ta time.Time, na string, tb time.Time, nb string) bool { // a before b
		if !ta.Equal(tb) {
			return ta.Before(tb) != desc
		}
		return less(na, nb)
	}
	sort.SliceStable(entries, func(i, j int) bool {
		return cmp(ms(entries[i]), entries[i].name, ms(entries[j]), entries[j].name)
	})
	if cur == nil || cur.startAfter == "" {
		return entries
	}
	after := time.Unix(0, 0)
	if t, err := time.Parse(time.RFC3339Nano, cur.after); err == nil {
		after = t
	}
	kept := entries[:0]
	for _, e := range entries {
		if cmp(after, cur.startAfter, ms(e), e.name) {
			kept = append(kept, e)
		}
	}
	return kept
}

// at is the entry's value of a timestamp column.
func (e v2Entry) at(column string) *time.Time {
	switch column {
	case "created_at":
		return e.created
	case "updated_at":
		return e.updated
	}
	return nil
}

func isoOf(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC().Format("2006-01-02T15:04:05.000Z")
}

// splitPart is PostgreSQL's split_part(name, '/', n): the n-th path part,
// empty past the last.
func splitPart(name string, n int) string {
	parts := strings.Split(name, "/")
	if n > len(parts) {
		return ""
	}
	return parts[n-1]
}
