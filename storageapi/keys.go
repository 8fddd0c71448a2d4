package storageapi

import (
	"regexp"
	"strconv"
	"strings"
)

// Supabase Storage accepts only S3-safe characters in object keys and
// bucket names (storage/limits.ts): letters, digits, space and
// _/!.*'()&$=@;:+,?- — no unicode, no backslash, no NUL, no percent.
var (
	validKey        = regexp.MustCompile(`^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$`)
	validBucketName = regexp.MustCompile(`^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$`)
)

// checkKey validates an object name. Beyond Supabase's character set it
// refuses what could name a different path than it says — a leading
// slash, "." or ".." segments, empty segments — since keys may end up in
// URLs and file listings; the bytes themselves are content-addressed, so
// no key reaches the file system.
func checkKey(key string) *apiError {
	if key == "" || !validKey.MatchString(key) {
		return errInvalidKey(key)
	}
	segs := strings.Split(key, "/")
	for i, seg := range segs {
		switch seg {
		case "", ".", "..":
			if seg == "" && i == len(segs)-1 && i > 0 {
				continue // a trailing slash: an S3-style folder marker
			}
			return errInvalidKey(key)
		}
	}
	return nil
}

// checkBucketName validates a bucket id or name as Supabase does: 1 to 100
// safe characters, no surrounding whitespace.
func checkBucketName(name string) *apiError {
	if name == "" || len(name) > 100 || !validBucketName.MatchString(name) || strings.TrimSpace(name) != name {
		return errInvalidBucketName(name)
	}
	return nil
}

var sizeRe = regexp.MustCompile(`(?i)^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$`)

// parseSize reads a bucket's file_size_limit given as a string with a
// unit ("20MB", "30KB"): decimal units rounded to three significant digits
// as the storage server does.
func parseSize(s string) (int64, bool) {
	m := sizeRe.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0, false
	}
	v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 3, 64), 64)
	mult := map[string]float64{"gb": 1e9, "mb": 1e6, "kb": 1e3, "b": 1}[strings.ToLower(m[2])]
	return int64(v * mult), true
}

// mimeAllowed is the storage server's validateMimeType: type/subtype
// must match an allowed entry exactly, or its type with subtype "*".
func mimeAllowed(mime string, allowed []string) bool {
	typ, sub, ok := strings.Cut(mime, "/")
	if !ok {
		return false
	}
	// parameters (charset=...) are not part of the subtype
	sub, _, _ = strings.Cut(sub, ";")
	sub = strings.TrimSpace(sub)
	for _, a := range allowed {
		at, as, ok := strings.Cut(a, "/")
		if !ok {
			continue
		}
		if at == typ && (as == "*" || as == sub) {
			return true
		}
	}
	return false
}
