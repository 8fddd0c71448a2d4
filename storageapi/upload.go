package storageapi

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/tinybase/tinybase/postgrest"
)

// maxUserMetadata is the storage server's limit on user metadata (1 MiB).
const maxUserMetadata = 1 << 20

// file is an upload's body and what the request says about it.
type file struct {
	body         io.Reader
	mimeType     string
	cacheControl string
	userMetadata json.RawMessage // nil: none
	declared     int64           // Content-Length of a raw body, -1 unknown
}

// readFile extracts the upload from a multipart form (the first file
// part, with the cacheControl, contentType and metadata fields before it,
// as storage-js sends them) or takes the raw body, as the storage
// server's uploader does.
func readFile(r *http.Request) (*file, error) {
	ct := r.Header.Get("Content-Type")
	if mt, params, err := mime.ParseMediaType(ct); err == nil && mt == "multipart/form-data" {
		mr := multipart.NewReader(r.Body, params["boundary"])
		fields := map[string]string{}
		for {
			part, err := mr.NextPart()
			if err != nil {
				return nil, errNoContent()
			}
			if part.FileName() == "" && part.FormName() != "" {
				b, err := io.ReadAll(io.LimitReader(part, maxUserMetadata+1))
				if err != nil || len(b) > maxUserMetadata {
					return nil, &apiError{status: 413, code: "EntityTooLarge", err: "Payload too large", message: "The user_metadata exceeded the maximum allowed size"}
				}
				fields[part.FormName()] = string(b)
				continue
			}
			f := &file{body: part, declared: -1, mimeType: part.Header.Get("Content-Type"), cacheControl: "no-cache"}
			if v := fields["contentType"]; v != "" {
				f.mimeType = v
			}
			if f.mimeType == "" {
				f.mimeType = "application/octet-stream"
			}
			if v := fields["cacheControl"]; v != "" {
				f.cacheControl = "max-age=" + v
			}
			md, ok := fields["metadata"]
			if !ok {
				md, ok = fields["userMetadata"]
			}
			if ok && json.Valid([]byte(md)) {
				f.userMetadata = json.RawMessage(md)
			}
			return f, nil
		}
	}
	if r.Body == nil {
		return nil, errNoContent()
	}
	f := &file{body: r.Body, mimeType: ct, cacheControl: r.Header.Get("Cache-Control"), declared: r.ContentLength}
	if f.mimeType == "" {
		f.mimeType = "application/octet-stream"
	}
	if f.cacheControl == "" {
		f.cacheControl = "no-cache"
	}
	if v := r.Header.Get("x-metadata"); v != "" {
		if b, err := base64.StdEncoding.DecodeString(v); err == nil && json.Valid(b) {
			f.userMetadata = b
		}
	}
	return f, nil
}

// bucketLimits is what an upload checks against its bucket.
type bucketLimits struct {
	limit int64
	mimes []string
}

// bucketFor reads a bucket's limits as the storage server does, as its
// superuser: whether the caller may upload is the object policies' call.
func (s *Server) bucketFor(ctx context.Context, bucket string) (*bucketLimits, error) {
	if e := checkBucketName(bucket); e != nil {
		return nil, e
	}
	var out *bucketLimits
	err := s.asAdmin(ctx, true, func(q postgrest.Querier) error {
		res, err := q.Query(ctx, "select file_size_limit, allowed_mime_types from storage.buckets where id = $1", bucket)
		if err != nil {
			return err
		}
		if len(res.Rows) == 0 {
			return errNoSuchBucket()
		}
		out = &bucketLimits{limit: s.cfg.FileSizeLimit, mimes: textArray(res.Rows[0][1])}
		if p := res.Rows[0][0]; p != nil {
			if n, err := strconv.ParseInt(*p, 10, 64); err == nil && n < out.limit {
				out.limit = n
			}
		}
		return nil
	})
	return out, err
}

// uploadResult is a stored object's row identity.
type uploadResult struct {
	id string
}

// store checks an upload against its bucket, stores the bytes, then
// writes the row in one transaction as the caller (INSERT, or INSERT ...
// ON CONFLICT DO UPDATE for an upsert) so the storage.objects policies
// decide. The bytes are durable before the row commits; if the row does
// not commit they are released again.
func (s *Server) store(ctx context.Context, c *caller, bucket, key string, f *file, upsert bool, owner string) (*uploadResult, error) {
	if e := checkKey(key); e != nil {
		return nil, e
	}
	b, err := s.bucketFor(ctx, bucket)
	if err != nil {
		return nil, err
	}
	limit := b.limit
	placeholder := strings.HasSuffix(key, ".emptyFolderPlaceholder")
	if placeholder {
		limit = 0
	}
	if len(b.mimes) > 0 && !placeholder && !mimeAllowed(f.mimeType, b.mimes) {
		return nil, errInvalidMimeType(f.mimeType)
	}
	if f.declared > limit {
		return nil, errEntityTooLarge()
	}
	if len(f.userMetadata) > maxUserMetadata {
		return nil, &apiError{status: 413, code: "EntityTooLarge", err: "Payload too large", message: "The user_metadata exceeded the maximum allowed size"}
	}
	var old string
	if upsert {
		_ = s.asAdmin(ctx, true, func(q postgrest.Querier) error {
			res, err := q.Query(ctx, "select version from storage.objects where bucket_id = $1 and name = $2", bucket, key)
			if err == nil && len(res.Rows) > 0 {
				old = str(res.Rows[0][0])
			}
			return err
		})
	}
	s.gc.RLock()
	blob, err := s.cfg.Blobs.Put(f.body, limit)
	if err != nil {
		s.gc.RUnlock()
		if errors.Is(err, errTooLarge) {
			return nil, errEntityTooLarge()
		}
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, errEntityTooLarge()
		}
		return nil, errNoContent()
	}
	md, _ := json.Marshal(objectMetadata(blob, f.mimeType, f.cacheControl, s.cfg.Now()))
	um := "{}" // the storage server stores {} when no metadata came
	if f.userMetadata != nil {
		um = string(f.userMetadata)
	}
	id := uuid.NewString()
	sql := `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
values ($1::uuid, $2, $3, nullif($4, '')::uuid, nullif($5, ''), $6::jsonb, $7::jsonb, $8)`
	if upsert {
		sql += ` on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version,
updated_at = now(), last_accessed_at = now()`
	}
	err = s.asCaller(ctx, c, false, func(q postgrest.Querier) error {
		_, err := q.Query(ctx, sql, id, bucket, key, uuidOrEmpty(owner), owner, string(md), um, blob.Hash)
		if !upsert && isUniqueViolation(err) {
			return errKeyAlreadyExists()
		}
		return err
	})
	s.gc.RUnlock()
	if err != nil {
		s.release(context.WithoutCancel(ctx), blob.Hash)
		return nil, err
	}
	if old != "" && old != blob.Hash {
		s.release(context.WithoutCancel(ctx), old)
	}
	if upsert {
		_ = s.asAdmin(ctx, true, func(q postgrest.Querier) error {
			res, err := q.Query(ctx, "select id from storage.objects where bucket_id = $1 and name = $2", bucket, key)
			if err == nil && len(res.Rows) > 0 {
				id = str(res.Rows[0][0])
			}
			return err
		})
	}
	return &uploadResult{id: id}, nil
}

// objectMetadata is storage.objects.metadata as the storage server fills
// it from its backend's answer.
func objectMetadata(b Blob, mimeType, cacheControl string, now time.Time) map[string]any {
	return map[string]any{
		"eTag":           `"` + b.MD5 + `"`,
		"size":           b.Size,
		"mimetype":       mimeType,
		"cacheControl":   cacheControl,
		"lastModified":   now.UTC().Format("2006-01-02T15:04:05.000Z"),
		"contentLength":  b.Size,
		"httpStatusCode": 200,
	}
}

// upload is POST and PUT /object/{bucket}/{key}: PUT and x-upsert: true
// replace an existing object.
func (s *Server) upload(w http.ResponseWriter, r *http.Request, bucket, key string, put bool) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	if e := checkKey(key); e != nil {
		return e
	}
	f, err := readFile(r)
	if err != nil {
		return err
	}
	upsert := put || r.Header.Get("x-upsert") == "true"
	res, err := s.store(r.Context(), c, bucket, key, f, upsert, c.sub)
	if err != nil {
		return err
	}
	writeJSON(w, 200, map[string]string{"Id": res.id, "Key": bucket + "/" + key})
	return nil
}
