package storageapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/postgrest"
)

const bucketCols = "id, name, owner, public, file_size_limit, allowed_mime_types, created_at, updated_at, type"

// bucketJSON is a storage.buckets row as the storage server returns it.
func bucketJSON(r []*string) map[string]any {
	var limit any
	if r[4] != nil {
		n, _ := strconv.ParseInt(*r[4], 10, 64)
		limit = n
	}
	var mimes any
	if r[5] != nil {
		mimes = textArray(r[5])
	}
	var owner any
	if r[2] != nil {
		owner = *r[2]
	} else {
		owner = ""
	}
	return map[string]any{"id": str(r[0]), "name": str(r[1]), "owner": owner, "public": str(r[3]) == "t",
		"file_size_limit": limit, "allowed_mime_types": mimes, "created_at": isoTime(r[6]), "updated_at": isoTime(r[7]), "type": str(r[8])}
}

func (s *Server) listBuckets(w http.ResponseWriter, r *http.Request) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	sortCol := "name"
	switch v := q.Get("sortColumn"); v {
	case "id", "name", "created_at", "updated_at":
		sortCol = v
	}
	order := "asc"
	if strings.EqualFold(q.Get("sortOrder"), "desc") {
		order = "desc"
	}
	sql := "select " + bucketCols + " from storage.buckets where ($1 = '' or name ilike '%' || $1 || '%') order by " + sortCol + " " + order
	args := []any{q.Get("search")}
	if n, err := strconv.Atoi(q.Get("limit")); err == nil && n >= 0 {
		sql += " limit " + strconv.Itoa(n)
	}
	if n, err := strconv.Atoi(q.Get("offset")); err == nil && n > 0 {
		sql += " offset " + strconv.Itoa(n)
	}
	out := []map[string]any{}
	err = s.asCaller(r.Context(), c, true, func(qr postgrest.Querier) error {
		res, err := qr.Query(r.Context(), sql, args...)
		if err != nil {
			return err
		}
		for _, row := range res.Rows {
			out = append(out, bucketJSON(row))
		}
		return nil
	})
	if err != nil {
		return err
	}
	writeJSON(w, 200, out)
	return nil
}

func (s *Server) getBucket(w http.ResponseWriter, r *http.Request, id string) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	var out map[string]any
	err = s.asCaller(r.Context(), c, true, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), "select "+bucketCols+" from storage.buckets where id = $1", id)
		if err != nil {
			return err
		}
		if len(res.Rows) == 0 {
			return errNoSuchBucket()
		}
		out = bucketJSON(res.Rows[0])
		delete(out, "type") // the storage server's getBucket selects no type
		return nil
	})
	if err != nil {
		return err
	}
	writeJSON(w, 200, out)
	return nil
}

// bucketBody is POST /bucket's and PUT /bucket/{id}'s JSON. The limit is
// a number of bytes or a string with a unit; absent and null differ
// (null clears it).
type bucketBody struct {
	ID               *string         `json:"id"`
	Name             *string         `json:"name"`
	Public           *bool           `json:"public"`
	FileSizeLimit    json.RawMessage `json:"file_size_limit"`
	AllowedMimeTypes json.RawMessage `json:"allowed_mime_types"`
	Type             *string         `json:"type"`
}

// limit returns the parsed file_size_limit: set reports presence, the
// value "" for null.
func (b *bucketBody) limit() (val string, set bool, err error) {
	if len(b.FileSizeLimit) == 0 {
		return "", false, nil
	}
	raw := strings.TrimSpace(string(b.FileSizeLimit))
	if raw == "null" {
		return "", true, nil
	}
	var n json.Number
	if json.Unmarshal(b.FileSizeLimit, &n) == nil {
		if v, err := n.Int64(); err == nil && v >= 0 {
			return strconv.FormatInt(v, 10), true, nil
		}
		return "", false, errInvalidFileSizeLimit()
	}
	var str string
	if json.Unmarshal(b.FileSizeLimit, &str) == nil {
		if v, ok := parseSize(str); ok {
			return strconv.FormatInt(v, 10), true, nil
		}
	}
	return "", false, errInvalidFileSizeLimit()
}

// mimes returns allowed_mime_types: set reports presence; nil for null.
func (b *bucketBody) mimes() (val *string, set bool, err error) {
	if len(b.AllowedMimeTypes) == 0 {
		return nil, false, nil
	}
	var list []string
	if err := json.Unmarshal(b.AllowedMimeTypes, &list); err != nil {
		return nil, false, errInvalidRequest("allowed_mime_types must be an array of strings")
	}
	if list == nil {
		return nil, true, nil
	}
	for _, m := range list {
		if !validMimePattern(m) {
			return nil, false, errInvalidRequest("Invalid mime type: " + m)
		}
	}
	lit := arrayLiteral(list)
	return &lit, true, nil
}

func validMimePattern(m string) bool {
	t, sub, ok := strings.Cut(m, "/")
	return ok && t != "" && sub != "" && !strings.ContainsAny(m, " \t\r\n,")
}

func (s *Server) createBucket(w http.ResponseWriter, r *http.Request) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	var b bucketBody
	if err := decodeBody(r, &b); err != nil {
		return err
	}
	if b.Name == nil {
		return errInvalidRequest("body must have required property 'name'")
	}
	id := *b.Name
	if b.ID != nil && *b.ID != "" {
		id = *b.ID
	}
	if e := checkBucketName(*b.Name); e != nil {
		return e
	}
	if e := checkBucketName(id); e != nil {
		return e
	}
	if b.Type != nil && *b.Type != "STANDARD" {
		return &apiError{status: 409, code: "FeatureNotEnabled", message: "The feature " + strings.ToLower(*b.Type) + " buckets is not enabled for this resource"}
	}
	limit, _, err := b.limit()
	if err != nil {
		return err
	}
	mimes, _, err := b.mimes()
	if err != nil {
		return err
	}
	public := b.Public != nil && *b.Public
	err = s.asCaller(r.Context(), c, false, func(q postgrest.Querier) error {
		_, err := q.Query(r.Context(), `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
values ($1, $2, nullif($3, '')::uuid, nullif($3, ''), $4::boolean, nullif($5, '')::bigint, $6::text[])`,
			id, *b.Name, uuidOrEmpty(c.sub), strconv.FormatBool(public), limit, nullable(mimes))
		if isUniqueViolation(err) {
			return &apiError{status: 409, code: "BucketAlreadyExists", err: "Duplicate", message: "The resource already exists"}
		}
		return err
	})
	if err != nil {
		return err
	}
	writeJSON(w, 200, map[string]string{"name": id})
	return nil
}

func (s *Server) updateBucket(w http.ResponseWriter, r *http.Request, id string) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	if e := checkBucketName(id); e != nil {
		return e
	}
	var b bucketBody
	if err := decodeBody(r, &b); err != nil {
		return err
	}
	limit, limitSet, err := b.limit()
	if err != nil {
		return err
	}
	mimes, mimesSet, err := b.mimes()
	if err != nil {
		return err
	}
	if b.Public == nil && !limitSet && !mimesSet {
		return errNoContent()
	}
	var sets []string
	var args = []any{id}
	if b.Public != nil {
		args = append(args, strconv.FormatBool(*b.Public))
		sets = append(sets, "public = $"+strconv.Itoa(len(args))+"::boolean")
	}
	if limitSet {
		args = append(args, limit)
		sets = append(sets, "file_size_limit = nullif($"+strconv.Itoa(len(args))+", '')::bigint")
	}
	if mimesSet {
		args = append(args, nullable(mimes))
		sets = append(sets, "allowed_mime_types = $"+strconv.Itoa(len(args))+"::text[]")
	}
	err = s.asCaller(r.Context(), c, false, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), "update storage.buckets set "+strings.Join(sets, ", ")+", updated_at = now() where id = $1", args...)
		if err != nil {
			return err
		}
		if affected(res) == 0 {
			return errNoSuchBucket()
		}
		return nil
	})
	if err != nil {
		return err
	}
	writeJSON(w, 200, map[string]string{"message": "Successfully updated"})
	return nil
}

func (s *Server) deleteBucket(w http.ResponseWriter, r *http.Request, id string) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	// As the storage server: the emptiness check sees every object, the
	// delete itself runs as the caller.
	err = s.asAdmin(r.Context(), true, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), "select exists (select 1 from storage.buckets where id = $1), exists (select 1 from storage.objects where bucket_id = $1)", id)
		if err != nil {
			return err
		}
		if str(res.Rows[0][0]) != "t" {
			return errNoSuchBucket()
		}
		if str(res.Rows[0][1]) == "t" {
			return errBucketNotEmpty()
		}
		return nil
	})
	if err != nil {
		return err
	}
	err = s.asCaller(r.Context(), c, false, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), "delete from storage.buckets where id = $1", id)
		if err != nil {
			if pe := dbError(err); pe.code == "ResourceReferenced" {
				return errBucketNotEmpty()
			}
			return err
		}
		if affected(res) == 0 {
			return errNoSuchBucket()
		}
		return nil
	})
	if err != nil {
		return err
	}
	writeJSON(w, 200, map[string]string{"message": "Successfully deleted"})
	return nil
}

func (s *Server) emptyBucket(w http.ResponseWriter, r *http.Request, id string) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	var freed []string
	err = s.asCaller(r.Context(), c, false, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), "select 1 from storage.buckets where id = $1", id)
		if err != nil {
			return err
		}
		if len(res.Rows) == 0 {
			return errNoSuchBucket()
		}
		res, err = q.Query(r.Context(), "delete from storage.objects where bucket_id = $1 returning version", id)
		if err != nil {
			return err
		}
		for _, row := range res.Rows {
			freed = append(freed, str(row[0]))
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.release(context.WithoutCancel(r.Context()), freed...)
	// the storage server queues the deletion and answers so; here it is
	// done when the answer comes
	writeJSON(w, 200, map[string]string{"message": "Empty bucket has been queued. Completion may take up to an hour."})
	return nil
}

// affected is an UPDATE or DELETE command tag's row count.
func affected(res *postgrest.Result) int {
	f := strings.Fields(res.Tag)
	if len(f) == 0 {
		return len(res.Rows)
	}
	n, _ := strconv.Atoi(f[len(f)-1])
	return n
}

func nullable(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}

func isUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	ae := dbError(err)
	return ae.code == "ResourceAlreadyExists"
}

// uuidOrEmpty keeps a JWT sub that is a UUID (auth.users ids are), for
// the uuid owner column; other subs leave it NULL.
func uuidOrEmpty(sub string) string {
	if len(sub) != 36 || strings.Count(sub, "-") != 4 {
		return ""
	}
	for _, ch := range sub {
		if !(ch == '-' || ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'f' || ch >= 'A' && ch <= 'F') {
			return ""
		}
	}
	return sub
}
