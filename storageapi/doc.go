// Package storageapi is tinybase's Supabase Storage server, served under
// /storage/v1 by the root package (not to be confused with the engine's
// table storage, engine/internal/storage).
//
// It emulates the storage server's HTTP API that @supabase/storage-js
// calls: buckets (GET/POST /bucket, GET/PUT/DELETE /bucket/{id}, POST
// /bucket/{id}/empty), objects (upload with POST/PUT
// /object/{bucket}/{key}, raw or multipart, x-upsert, cache-control,
// content-type, x-metadata; download from /object/{bucket}/{key},
// /object/authenticated/..., /object/public/... with Range, ETag and
// If-None-Match; /object/info/...; POST /object/list/{bucket}; DELETE
// /object/{bucket} with prefixes; POST /object/move and /object/copy),
// signed download URLs (POST /object/sign/{bucket}/{key}, POST
// /object/sign/{bucket} for many, GET /object/sign/...?token=) and signed
// upload URLs (POST and PUT /object/upload/sign/...). Errors carry the
// storage server's body {statusCode, code, error, message} and, as its
// error handler does, HTTP status 400 for all but internal errors.
//
// Authorization is the storage server's: every read and write of
// storage.buckets / storage.objects is SQL on an engine session in the
// caller's role (anon, authenticated, service_role, from the JWT in
// Authorization or apikey) with request.jwt.claims set, through the same
// executor PostgREST uses, so the project's RLS policies on storage.*
// decide. Where the storage server acts as its superuser (the bucket's
// limits for an upload, public buckets, signed URLs, the emptiness check
// before deleting a bucket) this package does too.
//
// Bytes are content-addressed (SHA-256) in a Blobs store: files under
// <data dir>/storage written to a temporary file, fsynced and renamed,
// or memory for --memory projects. The bytes are stored before the row
// that names them (in storage.objects.version) commits; bytes no row
// names are removed after deletes and replacements and by a sweep at
// start, so a crash leaves neither rows without bytes nor bytes without
// rows. metadata holds what the storage server puts there (eTag as the
// quoted MD5, size, mimetype, cacheControl, lastModified, contentLength,
// httpStatusCode).
//
// Listing runs one query on storage.objects as the caller and collapses
// folders in Go; the bootstrap's storage.search (for projects' own SQL)
// returns the same entries, which a test checks.
//
// The v2 list (list_v2.go) filters, orders and pages in Go over the same
// query, with the storage server's cursor. /render/image/... transforms
// in process (render.go), as the storage server has imgproxy do: resize
// modes, size limits, quality, X-Transformations, signed URLs that carry
// their transformation.
//
// Not covered: WebP and AVIF output (a WebP source is written as PNG, an
// animated GIF is served untransformed), gravity options, resumable
// (TUS) and S3-protocol uploads, analytics and vector buckets, and
// object keys outside the storage server's S3-safe character set (it
// refuses unicode keys too). Keys with "." or ".." segments, empty
// segments, a leading slash or an encoded slash are refused as
// InvalidKey.
package storageapi
