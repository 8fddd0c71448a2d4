package extensions

import (
	"crypto/md5"
	"crypto/rand"
	"crypto/sha1"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"strings"
	"time"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// uuidOssp stands in for uuid-ossp 1.1 (PostgreSQL docs F.47): RFC 4122
// UUIDs of versions 1 (time and a random node: tinybase never reads the
// MAC address, as uuid_generate_v1mc does), 3 and 5 (name-based, MD5 and
// SHA-1) and 4 (random), and the well-known namespaces.
func uuidOssp() *Extension {
	return &Extension{
		Name:        "uuid-ossp",
		Version:     "1.1",
		Comment:     "generate universally unique identifiers (UUIDs)",
		Relocatable: true,
		Funcs: map[string]Func{
			"uuid_nil":           fixedUUID("00000000-0000-0000-0000-000000000000"),
			"uuid_ns_dns":        fixedUUID("6ba7b810-9dad-11d1-80b4-00c04fd430c8"),
			"uuid_ns_url":        fixedUUID("6ba7b811-9dad-11d1-80b4-00c04fd430c8"),
			"uuid_ns_oid":        fixedUUID("6ba7b812-9dad-11d1-80b4-00c04fd430c8"),
			"uuid_ns_x500":       fixedUUID("6ba7b814-9dad-11d1-80b4-00c04fd430c8"),
			"uuid_generate_v1":   Scalar(func([]any) (any, error) { return uuidV1(time.Now()) }),
			"uuid_generate_v1mc": Scalar(func([]any) (any, error) { return uuidV1(time.Now()) }),
			"uuid_generate_v3":   Scalar(func(a []any) (any, error) { return nameUUID(md5.New, 3, a[0].(string), a[1].(string)) }),
			"uuid_generate_v4": Scalar(func([]any) (any, error) {
				var b [16]byte
				if _, err := rand.Read(b[:]); err != nil {
					return nil, err
				}
				return formatUUID(b[:], 4), nil
			}),
			"uuid_generate_v5": Scalar(func(a []any) (any, error) { return nameUUID(sha1.New, 5, a[0].(string), a[1].(string)) }),
		},
		Script: `
CREATE FUNCTION uuid_nil() RETURNS uuid AS 'MODULE_PATHNAME', 'uuid_nil' IMMUTABLE STRICT LANGUAGE c PARALLEL SAFE;
CREATE FUNCTION uuid_ns_dns() RETURNS uuid AS 'MODULE_PATHNAME', 'uuid_ns_dns' IMMUTABLE STRICT LANGUAGE c PARALLEL SAFE;
CREATE FUNCTION uuid_ns_url() RETURNS uuid AS 'MODULE_PATHNAME', 'uuid_ns_url' IMMUTABLE STRICT LANGUAGE c PARALLEL SAFE;
CREATE FUNCTION uuid_ns_oid() RETURNS uuid AS 'MODULE_PATHNAME', 'uuid_ns_oid' IMMUTABLE STRICT LANGUAGE c PARALLEL SAFE;
CREATE FUNCTION uuid_ns_x500() RETURNS uuid AS 'MODULE_PATHNAME', 'uuid_ns_x500' IMMUTABLE STRICT LANGUAGE c PARALLEL SAFE;
CREATE FUNCTION uuid_generate_v1() RETURNS uuid AS 'MODULE_PATHNAME', 'uuid_generate_v1' VOLATILE STRICT LANGUAGE c PARALLEL SAFE;
CREATE FUNCTION uuid_generate_v1mc() RETURNS uuid AS 'MODULE_PATHNAME', 'uuid_generate_v1mc' VOLATILE STRICT LANGUAGE c PARALLEL SAFE;
CREATE FUNCTION uuid_generate_v3(namespace uuid, name text) RETURNS uuid AS 'MODULE_PATHNAME', 'uuid_generate_v3' IMMUTABLE STRICT LANGUAGE c PARALLEL SAFE;
CREATE FUNCTION uuid_generate_v4() RETURNS uuid AS 'MODULE_PATHNAME', 'uuid_generate_v4' VOLATILE STRICT LANGUAGE c PARALLEL SAFE;
CREATE FUNCTION uuid_generate_v5(namespace uuid, name text) RETURNS uuid AS 'MODULE_PATHNAME', 'uuid_generate_v5' IMMUTABLE STRICT LANGUAGE c PARALLEL SAFE;
`,
	}
}

func fixedUUID(v string) Func { return Scalar(func([]any) (any, error) { return v, nil }) }

// uuidV1 is a version 1 UUID: 60-bit count of 100 ns since 1582-10-15, a
// random clock sequence and a random multicast node (RFC 4122 4.5).
func uuidV1(now time.Time) (string, error) {
	const gregorianOffset = 122192928000000000 // 100 ns from 1582-10-15 to 1970-01-01
	ts := uint64(now.UnixNano()/100) + gregorianOffset
	var b [16]byte
	binary.BigEndian.PutUint32(b[0:4], uint32(ts))
	binary.BigEndian.PutUint16(b[4:6], uint16(ts>>32))
	binary.BigEndian.PutUint16(b[6:8], uint16(ts>>48)&0x0fff)
	if _, err := rand.Read(b[8:16]); err != nil {
		return "", err
	}
	b[10] |= 0x01 // multicast bit: not a real MAC address
	return formatUUID(b[:], 1), nil
}

func nameUUID(h func() hash.Hash, version byte, ns, name string) (any, error) {
	raw, err := hex.DecodeString(strings.ReplaceAll(ns, "-", ""))
	if err != nil || len(raw) != 16 {
		return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type uuid: %q", ns)
	}
	d := h()
	d.Write(raw)
	d.Write([]byte(name))
	return formatUUID(d.Sum(nil)[:16], version), nil
}

func formatUUID(b []byte, version byte) string {
	b[6] = b[6]&0x0f | version<<4
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
