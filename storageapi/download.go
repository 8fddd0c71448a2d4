package storageapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/tinybase/tinybase/postgrest"
)

const objectCols = "id, name, bucket_id, owner, created_at, updated_at, last_accessed_at, metadata, user_metadata, version"

// object is a storage.objects row.
type object struct {
	row  []*string
	meta struct {
		ETag         string `json:"eTag"`
		Size         int64  `json:"size"`
		MimeType     string `json:"mimetype"`
		CacheControl string `json:"cacheControl"`
		LastModified string `json:"lastModified"`
	}
}

func (o *object) id() string      { return str(o.row[0]) }
func (o *object) name() string    { return str(o.row[1]) }
func (o *object) version() string { return str(o.row[9]) }

// findObject reads one object, as the caller (c non-nil, RLS applies) or
// as the superuser; NoSuchKey when it is not there or not visible.
func (s *Server) findObject(ctx context.Context, c *caller, bucket, key string) (*object, error) {
	if e := checkBucketName(bucket); e != nil {
		return nil, e
	}
	if e := checkKey(key); e != nil {
		return nil, e
	}
	var o *object
	fn := func(q postgrest.Querier) error {
		res, err := q.Query(ctx, "select "+objectCols+" from storage.objects where bucket_id = $1 and name = $2", bucket, key)
		if err != nil {
			return err
		}
		if len(res.Rows) == 0 {
			return errNoSuchKey()
		}
		o = &object{row: res.Rows[0]}
		if p := o.row[7]; p != nil {
			_ = json.Unmarshal([]byte(*p), &o.meta)
		}
		return nil
	}
	var err error
	if c != nil {
		err = s.asCaller(ctx, c, true, fn)
	} else {
		err = s.asAdmin(ctx, true, fn)
	}
	return o, err
}

// splitPath splits "<bucket>/<key>".
func splitPath(p string) (bucket, key string) {
	bucket, key, _ = strings.Cut(p, "/")
	return bucket, key
}

// getAuthenticated is GET/HEAD /object/{bucket}/{key} and
// /object/authenticated/...: the caller must see the row.
func (s *Server) getAuthenticated(w http.ResponseWriter, r *http.Request, p string, render bool) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	tr, err := renderTransform(r, render)
	if err != nil {
		return err
	}
	bucket, key := splitPath(p)
	o, err := s.findObject(r.Context(), c, bucket, key)
	if err != nil {
		return err
	}
	return s.serve(w, r, o, tr)
}

// renderTransform is a /render/image request's transformation from its
// query; nil for a plain download.
func renderTransform(r *http.Request, render bool) (*transform, error) {
	if !render {
		return nil, nil
	}
	t, err := parseTransform(r.URL.Query())
	return &t, err
}

// getPublic is GET /object/public/{bucket}/{key}: any caller, for a
// public bucket only.
func (s *Server) getPublic(w http.ResponseWriter, r *http.Request, p string, render bool) error {
	bucket, key := splitPath(p)
	if e := checkBucketName(bucket); e != nil {
		return e
	}
	tr, err := renderTransform(r, render)
	if err != nil {
		return err
	}
	err = s.asAdmin(r.Context(), true, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), "select 1 from storage.buckets where id = $1 and public", bucket)
		if err != nil {
			return err
		}
		if len(res.Rows) == 0 {
			return errNoSuchBucket()
		}
		return nil
	})
	if err != nil {
		return err
	}
	o, err := s.findObject(r.Context(), nil, bucket, key)
	if err != nil {
		return err
	}
	return s.serve(w, r, o, tr)
}

// getSigned is GET /object/sign/{bucket}/{key}?token=: the token, signed
// for this object with the download scope and unexpired, is the
// authorization. Under /render/image/sign the transformation is the one
// the token was signed with.
func (s *Server) getSigned(w http.ResponseWriter, r *http.Request, p string, render bool) error {
	token := r.URL.Query().Get("token")
	if token == "" {
		return errInvalidRequest("querystring must have required property 'token'")
	}
	bucket, key := splitPath(p)
	claims, err := s.checkToken(token, "download", bucket, key)
	if err != nil {
		return err
	}
	var tr *transform
	if render {
		ts, _ := claims["transformations"].(string)
		t := transformFromToken(ts)
		tr = &t
	}
	o, err := s.findObject(r.Context(), nil, bucket, key)
	if err != nil {
		return err
	}
	return s.serve(w, r, o, tr)
}

// checkToken verifies a signed-URL token as the storage server's
// verifyObjectSignature: signature and expiry, scope, then the object
// path it was signed for.
func (s *Server) checkToken(token, scope, bucket, key string) (jwt.MapClaims, error) {
	claims, err := s.verify(token)
	if err != nil {
		return nil, errInvalidJWT(err.Error())
	}
	if sc, _ := claims["scope"].(string); sc != scope {
		// tokens from before scopes existed carry none: a download token
		// has no upsert claim, an upload token has one
		_, hasUpsert := claims["upsert"]
		if sc != "" || (scope == "upload") != hasUpsert {
			return nil, errInvalidSignature("Token is not scoped for " + scope)
		}
	}
	if u, _ := claims["url"].(string); u != bucket+"/"+key {
		return nil, errInvalidSignature("")
	}
	return claims, nil
}

// serve writes an object's bytes: Content-Type, Cache-Control, ETag and
// Last-Modified from its metadata; Range, If-None-Match and
// If-Modified-Since through http.ServeContent; ?download= as an
// attachment. With a transformation, the rendered image instead
// (serveRendered).
func (s *Server) serve(w http.ResponseWriter, r *http.Request, o *object, tr *transform) error {
	if tr != nil {
		return s.serveRendered(w, r, o, *tr)
	}
	rc, size, err := s.cfg.Blobs.Open(o.version())
	if errors.Is(err, fs.ErrNotExist) {
		return errNoSuchKey() // a row written with SQL, without bytes
	}
	if err != nil {
		return err
	}
	defer rc.Close()
	if rg := r.Header.Get("Range"); rg != "" && !validRange(rg, size) {
		return errInvalidRange()
	}
	h := w.Header()
	mt := o.meta.MimeType
	if mt == "" {
		mt = "application/octet-stream"
	}
	h.Set("Content-Type", mt)
	if o.meta.CacheControl != "" {
		h.Set("Cache-Control", o.meta.CacheControl)
	}
	if o.meta.ETag != "" {
		h.Set("ETag", o.meta.ETag)
	}
	h.Set("Accept-Ranges", "bytes")
	setDownload(h, r, o)
	var mod time.Time
	if t, err := time.Parse("2006-01-02T15:04:05.000Z", o.meta.LastModified); err == nil {
		mod = t
	}
	http.ServeContent(w, r, "", mod, rc)
	return nil
}

var rangeRe = regexp.MustCompile(`^bytes=(\d*)-(\d*)$`)

// validRange applies the storage server's Range rules: one range,
// "bytes=a-b", "bytes=a-" or "bytes=-n", starting inside the object.
func validRange(h string, size int64) bool {
	m := rangeRe.FindStringSubmatch(h)
	if m == nil || size <= 0 || m[1] == "" && m[2] == "" {
		return false
	}
	if m[1] == "" {
		n, err := strconv.ParseInt(m[2], 10, 64)
		return err == nil && n > 0
	}
	from, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		return false
	}
	to := size - 1
	if m[2] != "" {
		if to, err = strconv.ParseInt(m[2], 10, 64); err != nil {
			return false
		}
	}
	return from >= 0 && to >= from && from < size
}

// objectInfo is GET /object/info/{bucket}/{key}: the row's description
// (the storage server's InfoRenderer body).
func (s *Server) objectInfo(w http.ResponseWriter, r *http.Request, p string, public bool) error {
	bucket, key := splitPath(p)
	var o *object
	var err error
	if public {
		err = s.asAdmin(r.Context(), true, func(q postgrest.Querier) error {
			res, err := q.Query(r.Context(), "select 1 from storage.buckets where id = $1 and public", bucket)
			if err == nil && len(res.Rows) == 0 {
				return errNoSuchBucket()
			}
			return err
		})
		if err == nil {
			o, err = s.findObject(r.Context(), nil, bucket, key)
		}
	} else {
		var c *caller
		if c, err = s.callerOf(r); err == nil {
			o, err = s.findObject(r.Context(), c, bucket, key)
		}
	}
	if err != nil {
		return err
	}
	var size, ct, cc, etag any
	if o.row[7] != nil {
		size, ct, cc, etag = o.meta.Size, o.meta.MimeType, o.meta.CacheControl, o.meta.ETag
	}
	if o.meta.ETag != "" {
		w.Header().Set("ETag", o.meta.ETag)
	}
	writeJSON(w, 200, map[string]any{
		"id": o.id(), "name": o.name(), "version": o.version(), "bucket_id": str(o.row[2]),
		"size": size, "content_type": ct, "cache_control": cc, "etag": etag,
		"metadata": rawJSON(o.row[8]), "last_modified": isoTime(o.row[5]), "created_at": isoTime(o.row[4]),
	})
	return nil
}

// signURL is POST /object/sign/{bucket}/{key} {expiresIn}: the caller
// must see the object.
func (s *Server) signURL(w http.ResponseWriter, r *http.Request, bucket, key string) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	var body struct {
		ExpiresIn *json.Number `json:"expiresIn"`
		Transform *struct {
			Width   *int   `json:"width"`
			Height  *int   `json:"height"`
			Resize  string `json:"resize"`
			Format  string `json:"format"`
			Quality *int   `json:"quality"`
		} `json:"transform"`
	}
	if err := decodeBody(r, &body); err != nil {
		return err
	}
	exp, err := expiresIn(body.ExpiresIn)
	if err != nil {
		return err
	}
	claims := jwt.MapClaims{"url": bucket + "/" + key, "scope": "download"}
	urlPath := "/object/sign/"
	if tf := body.Transform; tf != nil && !s.cfg.NoImageTransformation {
		// checked as a render request's query is, then kept in the token
		// in the storage server's words
		q := url.Values{"resize": {tf.Resize}, "format": {tf.Format}}
		for name, v := range map[string]*int{"width": tf.Width, "height": tf.Height, "quality": tf.Quality} {
			if v != nil {
				q.Set(name, strconv.Itoa(*v))
			}
		}
		t, err := parseTransform(q)
		if err != nil {
			return errInvalidRequest(strings.Replace(err.(*apiError).message, "querystring/", "body/transform/", 1))
		}
		if segs := t.segments(true); len(segs) > 0 {
			claims["transformations"] = strings.Join(segs, ",")
			urlPath = "/render/image/sign/"
		}
		if t.format != "" {
			claims["format"] = t.format
		}
	}
	if _, err := s.findObject(r.Context(), c, bucket, key); err != nil {
		return err
	}
	tok, err := s.sign(claims, exp)
	if err != nil {
		return err
	}
	writeJSON(w, 200, map[string]string{"signedURL": urlPath + bucket + "/" + key + "?token=" + tok})
	return nil
}

// setDownload makes the answer an attachment for ?download[=name].
func setDownload(h http.Header, r *http.Request, o *object) {
	if v, ok := r.URL.Query()["download"]; ok {
		name := path.Base(o.name())
		if len(v) > 0 && v[0] != "" {
			name = v[0]
		}
		h.Set("Content-Disposition", "attachment; filename*=UTF-8''"+url.PathEscape(name))
	}
}

// serveRendered writes the object's image transformed by t, with the
// headers the storage server's image renderer sends (X-Transformations
// naming what was applied).
func (s *Server) serveRendered(w http.ResponseWriter, r *http.Request, o *object, t transform) error {
	rc, _, err := s.cfg.Blobs.Open(o.version())
	if errors.Is(err, fs.ErrNotExist) {
		return errNoSuchKey()
	}
	if err != nil {
		return err
	}
	src, err := io.ReadAll(rc)
	rc.Close()
	if err != nil {
		return err
	}
	out, ct, ok := render(src, t)
	if !ok {
		return errInvalidRequest("The source image is invalid or unsupported for rendering")
	}
	h := w.Header()
	h.Set("Content-Type", ct)
	h.Set("Content-Length", strconv.Itoa(len(out)))
	if o.meta.CacheControl != "" {
		h.Set("Cache-Control", o.meta.CacheControl)
	}
	if o.meta.ETag != "" {
		h.Set("ETag", o.meta.ETag)
	}
	if t, err := time.Parse("2006-01-02T15:04:05.000Z", o.meta.LastModified); err == nil {
		h.Set("Last-Modified", t.UTC().Format(http.TimeFormat))
	}
	if segs := t.segments(false); len(segs) > 0 {
		h.Set("X-Transformations", strings.Join(segs, ","))
	}
	setDownload(h, r, o)
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, err = w.Write(out)
	}
	return err
}

// expiresIn validates a signing request's expiresIn (seconds, ≥ 1).
func expiresIn(n *json.Number) (int64, error) {
	if n == nil {
		return 0, errInvalidRequest("body must have required property 'expiresIn'")
	}
	v, err := n.Int64()
	if err != nil || v < 1 {
		return 0, &apiError{status: 400, code: "InvalidParameter", message: "Invalid Parameter expiresIn"}
	}
	return v, nil
}

// signURLs is POST /object/sign/{bucket} {expiresIn, paths}: one entry
// per path, with an error for those the caller cannot see.
func (s *Server) signURLs(w http.ResponseWriter, r *http.Request, bucket string) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	var body struct {
		ExpiresIn *json.Number `json:"expiresIn"`
		Paths     []string     `json:"paths"`
	}
	if err := decodeBody(r, &body); err != nil {
		return err
	}
	exp, err := expiresIn(body.ExpiresIn)
	if err != nil {
		return err
	}
	if body.Paths == nil {
		return errInvalidRequest("body must have required property 'paths'")
	}
	if e := checkBucketName(bucket); e != nil {
		return e
	}
	seen := map[string]bool{}
	err = s.asCaller(r.Context(), c, true, func(q postgrest.Querier) error {
		res, err := q.Query(r.Context(), "select name from storage.objects where bucket_id = $1 and name = any($2::text[])", bucket, arrayLiteral(body.Paths))
		if err != nil {
			return err
		}
		for _, row := range res.Rows {
			seen[str(row[0])] = true
		}
		return nil
	})
	if err != nil {
		return err
	}
	out := make([]map[string]any, 0, len(body.Paths))
	for _, p := range body.Paths {
		e := map[string]any{"error": nil, "path": p, "signedURL": nil}
		if seen[p] {
			tok, err := s.sign(jwt.MapClaims{"url": bucket + "/" + p, "scope": "download"}, exp)
			if err != nil {
				return err
			}
			e["signedURL"] = "/object/sign/" + bucket + "/" + p + "?token=" + tok
		} else {
			e["error"] = "Either the object does not exist or you do not have access to it"
		}
		out = append(out, e)
	}
	writeJSON(w, 200, out)
	return nil
}

// signUploadURL is POST /object/upload/sign/{bucket}/{key}: after
// checking the caller may create the object (the INSERT runs and is
// rolled back), a token that lets anyone upload it once until expiry
// (two hours, as the storage server's default).
func (s *Server) signUploadURL(w http.ResponseWriter, r *http.Request, bucket, key string) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	if e := checkKey(key); e != nil {
		return e
	}
	if _, err := s.bucketFor(r.Context(), bucket); err != nil {
		return err
	}
	upsert := r.Header.Get("x-upsert") == "true"
	sql := `insert into storage.objects (bucket_id, name, owner, owner_id, version) values ($1, $2, nullif($3, '')::uuid, nullif($4, ''), '1')`
	if upsert {
		sql += ` on conflict (bucket_id, name) do update set version = '1'`
	}
	err = s.asCaller(r.Context(), c, false, func(q postgrest.Querier) error {
		_, err := q.Query(r.Context(), sql, bucket, key, uuidOrEmpty(c.sub), c.sub)
		if err == nil {
			return errRollback
		}
		if !upsert && isUniqueViolation(err) {
			return errKeyAlreadyExists()
		}
		return err
	})
	if err != nil && !errors.Is(err, errRollback) {
		return err
	}
	claims := jwt.MapClaims{"url": bucket + "/" + key, "upsert": upsert, "scope": "upload"}
	if c.sub != "" {
		claims["owner"] = c.sub
	}
	tok, err := s.sign(claims, 2*60*60)
	if err != nil {
		return err
	}
	writeJSON(w, 200, map[string]string{"url": "/object/upload/sign/" + bucket + "/" + key + "?token=" + tok, "token": tok})
	return nil
}

// errRollback ends a permission probe: the statement ran, nothing stays.
var errRollback = errors.New("storageapi: rollback")

// uploadSigned is PUT /object/upload/sign/{bucket}/{key}?token=: the
// upload runs as the storage server's superuser with the token's owner.
func (s *Server) uploadSigned(w http.ResponseWriter, r *http.Request, bucket, key string) error {
	token := r.URL.Query().Get("token")
	if token == "" {
		return errInvalidRequest("querystring must have required property 'token'")
	}
	if _, err := s.checkToken(token, "upload", bucket, key); err != nil {
		return err
	}
	claims, _ := s.verify(token)
	owner, _ := claims["owner"].(string)
	upsert, _ := claims["upsert"].(bool)
	f, err := readFile(r)
	if err != nil {
		return err
	}
	admin := &caller{role: "service_role", claims: `{"role":"service_role"}`}
	res, err := s.store(r.Context(), admin, bucket, key, f, upsert, owner)
	if err != nil {
		return err
	}
	writeJSON(w, 200, map[string]string{"Key": bucket + "/" + key, "Id": res.id})
	return nil
}
