package storageapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// apiError is Supabase Storage's error: its body is {statusCode, code,
// error, message}, statusCode a string. Like the storage server's error
// handler, the HTTP status is 400 for every error but 500s (httpStatus
// overrides that where the server sets a user status code).
type apiError struct {
	status     int    // the statusCode field
	code       string // the ErrorCode name
	err        string // the error field; code when empty
	message    string
	httpStatus int // 0: 400 (500 for status 500)
}

func (e *apiError) Error() string { return "storageapi: " + e.code + ": " + e.message }

func (e *apiError) write(w http.ResponseWriter) {
	hs := e.httpStatus
	if hs == 0 {
		hs = http.StatusBadRequest
		if e.status == 500 {
			hs = 500
		}
	}
	name := e.err
	if name == "" {
		name = e.code
	}
	writeJSON(w, hs, map[string]string{"statusCode": strconv.Itoa(e.status), "code": e.code, "error": name, "message": e.message})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		b = []byte(`{"statusCode":"500","code":"InternalError","error":"InternalError","message":"Internal server error"}`)
		status = 500
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// The errors Supabase Storage's ERRORS table defines, with its codes,
// statuses and messages.
func errNoSuchBucket() *apiError {
	return &apiError{status: 404, code: "NoSuchBucket", err: "Bucket not found", message: "Bucket not found"}
}
func errNoSuchKey() *apiError {
	return &apiError{status: 404, code: "NoSuchKey", err: "not_found", message: "Object not found"}
}
func errAccessDenied(msg string) *apiError {
	if msg == "" {
		msg = "Access denied"
	}
	return &apiError{status: 403, code: "AccessDenied", err: "Unauthorized", message: msg}
}
func errAlreadyExists() *apiError {
	return &apiError{status: 409, code: "ResourceAlreadyExists", err: "Duplicate", message: "The resource already exists"}
}
func errKeyAlreadyExists() *apiError {
	return &apiError{status: 409, code: "KeyAlreadyExists", err: "Duplicate", message: "The resource already exists"}
}
func errBucketNotEmpty() *apiError {
	return &apiError{status: 409, code: "ResourceNotEmpty", message: "The bucket you tried to delete is not empty"}
}
func errInvalidBucketName(string) *apiError {
	return &apiError{status: 400, code: "InvalidBucketName", err: "Invalid Input", message: "Bucket name invalid"}
}
func errInvalidKey(key string) *apiError {
	return &apiError{status: 400, code: "InvalidKey", message: "Invalid key: " + key}
}
func errInvalidMimeType(mime string) *apiError {
	return &apiError{status: 415, code: "InvalidMimeType", err: "invalid_mime_type", message: "mime type " + mime + " is not supported"}
}
func errEntityTooLarge() *apiError {
	return &apiError{status: 413, code: "EntityTooLarge", err: "Payload too large", message: "The object exceeded the maximum allowed size"}
}
func errInvalidRequest(msg string) *apiError {
	if msg == "" {
		msg = "Invalid Request"
	}
	return &apiError{status: 400, code: "InvalidRequest", message: msg}
}
func errNoContent() *apiError {
	return &apiError{status: 400, code: "InvalidRequest", message: "No content provided"}
}
func errInvalidJWT(msg string) *apiError {
	return &apiError{status: 400, code: "InvalidJWT", message: msg}
}
func errInvalidSignature(msg string) *apiError {
	if msg == "" {
		msg = "Invalid signature"
	}
	return &apiError{status: 400, code: "InvalidSignature", message: msg}
}
func errInvalidFileSizeLimit() *apiError {
	return &apiError{status: 400, code: "InvalidRequest", message: "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B"}
}
func errInvalidRange() *apiError {
	return &apiError{status: 416, code: "InvalidRange", err: "invalid_range", message: "invalid range provided", httpStatus: 416}
}
func errInternal() *apiError {
	return &apiError{status: 500, code: "InternalError", message: "Internal server error"}
}
func errNotFound(method, path string) *apiError {
	// what the storage server's router answers for an unknown route
	return &apiError{status: 404, code: "InvalidRequest", err: "Not Found", message: "Route " + method + ":" + path + " not found", httpStatus: 404}
}

// dbError maps an engine error as the storage server's DBError.fromDBError
// does; anything not an *pgerror.Error or *apiError is internal.
func dbError(err error) *apiError {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae
	}
	pe, ok := pgerror.As(err)
	if !ok {
		return errInternal()
	}
	switch pe.Code {
	case "42501":
		if strings.Contains(pe.Message, "row-level security") {
			return errAccessDenied("new row violates row-level security policy")
		}
		return errAccessDenied(pe.Message)
	case "23505":
		return errAlreadyExists()
	case "23503":
		if strings.Contains(pe.Detail, "is still referenced from table") {
			return &apiError{status: 409, code: "ResourceReferenced", message: "The resource could not be updated or removed due to a foreign key constraint"}
		}
		return &apiError{status: 404, code: "InvalidRequest", message: "The related resource does not exist"}
	case "22P02", "22023", "22007", "22008", "22003":
		return &apiError{status: 400, code: "InvalidParameter", message: pe.Message}
	case "57014":
		return &apiError{status: 544, code: "DatabaseTimeout", message: "The connection to the database timed out", httpStatus: 544}
	}
	return &apiError{status: 500, code: "DatabaseError", message: "database error, code: " + pe.Code}
}
