package storageapi

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"

	"github.com/google/uuid"
	"github.com/tinybase/tinybase/postgrest"
)

// deleteObject is DELETE /object/{bucket}/{key}: NoSuchKey when there is
// no such object, AccessDenied when the caller's policies keep it.
func (s *Server) deleteObject(w http.ResponseWriter, r *http.Request, bucket, key string) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	o, err := s.findObject(r.Context(), nil, bucket, key)
	if err != nil {
		return err
	}
	err = s.asCaller(r.Context(), c, false, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), "delete from storage.objects where bucket_id = $1 and name = $2", bucket, key)
		if err != nil {
			return err
		}
		if affected(res) == 0 {
			return errAccessDenied("Access denied")
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.release(context.WithoutCancel(r.Context()), o.version())
	writeJSON(w, 200, map[string]string{"message": "Successfully deleted"})
	return nil
}

// deleteObjects is DELETE /object/{bucket} {prefixes}: removes the named
// objects the caller may delete and returns them.
func (s *Server) deleteObjects(w http.ResponseWriter, r *http.Request, bucket string) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	if e := checkBucketName(bucket); e != nil {
		return e
	}
	var body struct {
		Prefixes []string `json:"prefixes"`
	}
	if err := decodeBody(r, &body); err != nil {
		return err
	}
	if len(body.Prefixes) == 0 {
		return errInvalidRequest("body/prefixes must NOT have fewer than 1 items")
	}
	if len(body.Prefixes) > 1000 {
		return errInvalidRequest("body/prefixes must NOT have more than 1000 items")
	}
	out := []map[string]any{}
	var freed []string
	err = s.asCaller(r.Context(), c, false, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), "delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning "+objectCols, bucket, arrayLiteral(body.Prefixes))
		if err != nil {
			return err
		}
		for _, row := range res.Rows {
			out = append(out, objectJSON(row))
			freed = append(freed, str(row[9]))
		}
		return nil
	})
	if err != nil {
		return err
	}
	s.release(context.WithoutCancel(r.Context()), freed...)
	writeJSON(w, 200, out)
	return nil
}

// objectJSON is a storage.objects row (objectCols) as JSON.
func objectJSON(row []*string) map[string]any {
	return map[string]any{"id": str(row[0]), "name": str(row[1]), "bucket_id": str(row[2]), "owner": nullStr(row[3]),
		"created_at": isoTime(row[4]), "updated_at": isoTime(row[5]), "last_accessed_at": isoTime(row[6]),
		"metadata": rawJSON(row[7]), "user_metadata": rawJSON(row[8]), "version": nullStr(row[9])}
}

func nullStr(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}

// moveBody is /object/move's and /object/copy's JSON.
type moveBody struct {
	BucketID          string          `json:"bucketId"`
	SourceKey         string          `json:"sourceKey"`
	DestinationKey    string          `json:"destinationKey"`
	DestinationBucket string          `json:"destinationBucket"`
	CopyMetadata      *bool           `json:"copyMetadata"`
	Metadata          json.RawMessage `json:"metadata"`
}

func (b *moveBody) check() error {
	if b.BucketID == "" || b.SourceKey == "" || b.DestinationKey == "" {
		return errInvalidRequest("body must have required properties 'bucketId', 'sourceKey' and 'destinationKey'")
	}
	if b.DestinationBucket == "" {
		b.DestinationBucket = b.BucketID
	}
	for _, n := range []string{b.BucketID, b.DestinationBucket} {
		if e := checkBucketName(n); e != nil {
			return e
		}
	}
	for _, k := range []string{b.SourceKey, b.DestinationKey} {
		if e := checkKey(k); e != nil {
			return e
		}
	}
	return nil
}

// moveObject is POST /object/move: one UPDATE as the caller (the
// policies see the old row in USING and the new one in WITH CHECK).
func (s *Server) moveObject(w http.ResponseWriter, r *http.Request) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	var b moveBody
	if err := decodeBody(r, &b); err != nil {
		return err
	}
	if err := b.check(); err != nil {
		return err
	}
	if _, err := s.findObject(r.Context(), nil, b.BucketID, b.SourceKey); err != nil {
		return err
	}
	if b.DestinationBucket != b.BucketID {
		if _, err := s.bucketFor(r.Context(), b.DestinationBucket); err != nil {
			return err
		}
	}
	err = s.asCaller(r.Context(), c, false, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), `update storage.objects set bucket_id = $3, name = $4, updated_at = now(), last_accessed_at = now()
where bucket_id = $1 and name = $2`, b.BucketID, b.SourceKey, b.DestinationBucket, b.DestinationKey)
		if err != nil {
			if isUniqueViolation(err) {
				return errKeyAlreadyExists()
			}
			return err
		}
		if affected(res) == 0 {
			return errNoSuchKey()
		}
		return nil
	})
	if err != nil {
		return err
	}
	writeJSON(w, 200, map[string]string{"message": "Successfully moved"})
	return nil
}

// copyObject is POST /object/copy: the caller must see the source and be
// allowed to insert the destination; the bytes are shared, not copied
// (they are content-addressed).
func (s *Server) copyObject(w http.ResponseWriter, r *http.Request) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	var b moveBody
	if err := decodeBody(r, &b); err != nil {
		return err
	}
	if err := b.check(); err != nil {
		return err
	}
	if _, err := s.bucketFor(r.Context(), b.DestinationBucket); err != nil {
		return err
	}
	// shared from reading the source until the new row commits, so the
	// source's bytes cannot be released in between
	s.gc.RLock()
	locked := true
	defer func() {
		if locked {
			s.gc.RUnlock()
		}
	}()
	src, err := s.findObject(r.Context(), c, b.BucketID, b.SourceKey)
	if err != nil {
		return err
	}
	upsert := r.Header.Get("x-upsert") == "true"
	var meta map[string]any
	if src.row[7] != nil {
		_ = json.Unmarshal([]byte(*src.row[7]), &meta)
	}
	if meta == nil {
		meta = map[string]any{}
	}
	meta["lastModified"] = s.cfg.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	if len(b.Metadata) > 0 {
		var over map[string]any
		if json.Unmarshal(b.Metadata, &over) == nil {
			if v, ok := over["cacheControl"]; ok {
				meta["cacheControl"] = v
			}
			if v, ok := over["mimetype"]; ok {
				meta["mimetype"] = v
			}
		}
	}
	md, _ := json.Marshal(meta)
	var um any
	if b.CopyMetadata == nil || *b.CopyMetadata {
		if src.row[8] != nil {
			um = *src.row[8]
		}
	}
	if v := r.Header.Get("x-metadata"); v != "" {
		if raw, err := base64.StdEncoding.DecodeString(v); err == nil && json.Valid(raw) {
			um = string(raw)
		}
	}
	var old string
	if upsert {
		if o, err := s.findObject(r.Context(), nil, b.DestinationBucket, b.DestinationKey); err == nil {
			old = o.version()
		}
	}
	id := uuid.NewString()
	sql := `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
values ($1::uuid, $2, $3, nullif($4, '')::uuid, nullif($5, ''), $6::jsonb, $7::jsonb, $8)`
	if upsert {
		sql += ` on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now()`
	}
	err = s.asCaller(r.Context(), c, false, func(q postgrest.Querier) error {
		_, err := q.Query(r.Context(), sql, id, b.DestinationBucket, b.DestinationKey, uuidOrEmpty(c.sub), c.sub, string(md), um, src.version())
		if !upsert && isUniqueViolation(err) {
			return errKeyAlreadyExists()
		}
		return err
	})
	s.gc.RUnlock()
	locked = false
	if err != nil {
		return err
	}
	if old != "" && old != src.version() {
		s.release(context.WithoutCancel(r.Context()), old)
	}
	dst, err := s.findObject(r.Context(), nil, b.DestinationBucket, b.DestinationKey)
	if err != nil {
		return err
	}
	out := objectJSON(dst.row)
	out["Id"] = dst.id()
	out["Key"] = b.DestinationBucket + "/" + b.DestinationKey
	writeJSON(w, 200, out)
	return nil
}
