package extensions

import (
	"encoding/binary"
	"math/bits"

	"github.com/tinybase/tinybase/internal/pgerror"
	"golang.org/x/crypto/blake2b"
)

// pgsodium's libsodium primitives that are BLAKE2b: key derivation
// (crypto_kdf_derive_from_key, and derive_key from the server's root key)
// and generic hashing (crypto_generichash). golang.org/x/crypto/blake2b
// has no salt or personalization, which libsodium's KDF puts the subkey
// id and context in, so blake2bSaltPersonal is RFC 7693 with them.

// pgsodiumFuncs are the Go implementations of pgsodium.sql's C functions.
func pgsodiumFuncs() map[string]Func {
	m := map[string]Func{
		"pgsodium_crypto_kdf_derive_from_key": Scalar(sodiumKDF),
		"pgsodium_crypto_generichash":         Scalar(sodiumGenericHash),
	}
	addSodiumNaCl(m) // pgsodium_box.go
	return m
}

// libsodium's crypto_kdf_blake2b sizes.
const (
	kdfKeyBytes     = 32
	kdfContextBytes = 8
	kdfBytesMin     = 16
	kdfBytesMax     = 64
)

// sodiumKDF is pgsodium_crypto_kdf_derive_from_key(subkey_size bigint,
// subkey_id bigint, context bytea, primary_key bytea): called on NULL input
// (3.1), it refuses each NULL as pgsodium does, with data_exception and the
// C function's name before the message.
func sodiumKDF(args []any) (any, error) {
	const fn = "pgsodium_crypto_kdf_derive_from_key"
	for i, what := range []string{"subkey size", "subkey id", "subkey context", "primary key"} {
		if args[i] == nil {
			return nil, sodiumError(fn, what+" cannot be NULL")
		}
	}
	// PG_GETARG_UINT32 of a bigint: its low 32 bits, unsigned
	size := uint32(args[0].(int64))
	id := uint64(args[1].(int64))
	context, key := args[2].([]byte), args[3].([]byte)
	if len(key) != kdfKeyBytes {
		return nil, sodiumError(fn, "invalid derivation key")
	}
	if size < kdfBytesMin || size > kdfBytesMax {
		return nil, sodiumError(fn, "invalid key size requested")
	}
	if len(context) != kdfContextBytes {
		return nil, sodiumError(fn, "context must be 8 bytes")
	}
	return kdfDerive(int(size), id, context, key), nil
}

// sodiumError is pgsodium's ERRORIF: 22000 with the C function's name.
func sodiumError(fn, msg string) error {
	return pgerror.New(pgerror.DataException, "%s: %s", fn, msg)
}

// kdfDerive is libsodium's crypto_kdf_blake2b_derive_from_key: BLAKE2b of
// the empty message keyed by key, size bytes long, with the subkey id
// (little-endian) as the salt and the context as the personalization,
// each zero-padded to 16 bytes. size, context and key are checked by the
// caller.
func kdfDerive(size int, id uint64, context, key []byte) []byte {
	var salt, personal [16]byte
	binary.LittleEndian.PutUint64(salt[:8], id)
	copy(personal[:], context)
	return blake2bSaltPersonal(size, key, salt, personal, nil)
}

// sodiumGenericHash is crypto_generichash(message bytea, key bytea DEFAULT
// NULL): 32-byte BLAKE2b, keyed when a key is given (16 to 64 bytes).
func sodiumGenericHash(args []any) (any, error) {
	if args[0] == nil {
		return nil, sodiumError("pgsodium_crypto_generichash", "data cannot be NULL")
	}
	var key []byte
	if len(args) > 1 && args[1] != nil {
		key = args[1].([]byte)
		if len(key) < 16 || len(key) > blake2b.Size {
			return nil, sodiumError("pgsodium_crypto_generichash", "invalid key")
		}
	}
	h, err := blake2b.New256(key)
	if err != nil {
		return nil, sodiumError("pgsodium_crypto_generichash", "invalid key")
	}
	h.Write(args[0].([]byte))
	return h.Sum(nil), nil
}

// blake2bIV is BLAKE2b's initialization vector (RFC 7693 2.6).
var blake2bIV = [8]uint64{
	0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
}

// blake2bSigma is the message schedule of BLAKE2b's rounds (RFC 7693 2.7).
var blake2bSigma = [10][16]byte{
	{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
	{14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
	{11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
	{7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
	{9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
	{2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
	{12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
	{13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
	{6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
	{10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
}

// blake2bSaltPersonal is BLAKE2b (RFC 7693) of msg with an output of size
// bytes (1 to 64), an optional key (up to 64 bytes), and the parameter
// block's salt and personalization, which golang.org/x/crypto/blake2b
// leaves zero.
func blake2bSaltPersonal(size int, key []byte, salt, personal [16]byte, msg []byte) []byte {
	h := blake2bIV
	h[0] ^= 0x01010000 ^ uint64(len(key))<<8 ^ uint64(size)
	h[4] ^= binary.LittleEndian.Uint64(salt[:8])
	h[5] ^= binary.LittleEndian.Uint64(salt[8:])
	h[6] ^= binary.LittleEndian.Uint64(personal[:8])
	h[7] ^= binary.LittleEndian.Uint64(personal[8:])
	data := msg
	if len(key) > 0 {
		// a key is a first block of its own, zero-padded
		block := make([]byte, 128, 128+len(msg))
		copy(block, key)
		data = append(block, msg...)
	}
	var counter uint64
	for len(data) > 128 {
		counter += 128
		blake2bCompress(&h, data[:128], counter, false)
		data = data[128:]
	}
	var last [128]byte
	copy(last[:], data)
	counter += uint64(len(data))
	blake2bCompress(&h, last[:], counter, true)
	out := make([]byte, 64)
	for i, v := range h {
		binary.LittleEndian.PutUint64(out[8*i:], v)
	}
	return out[:size]
}

// blake2bCompress is BLAKE2b's compression function F (RFC 7693 3.2) for
// messages shorter than 2^64 bytes (the counter's high word is zero).
func blake2bCompress(h *[8]uint64, block []byte, counter uint64, final bool) {
	var m [16]uint64
	for i := range m {
		m[i] = binary.LittleEndian.Uint64(block[8*i:])
	}
	var v [16]uint64
	copy(v[:8], h[:])
	copy(v[8:], blake2bIV[:])
	v[12] ^= counter
	if final {
		v[14] = ^v[14]
	}
	g := func(a, b, c, d int, x, y uint64) {
		v[a] = v[a] + v[b] + x
		v[d] = bits.RotateLeft64(v[d]^v[a], -32)
		v[c] = v[c] + v[d]
		v[b] = bits.RotateLeft64(v[b]^v[c], -24)
		v[a] = v[a] + v[b] + y
		v[d] = bits.RotateLeft64(v[d]^v[a], -16)
		v[c] = v[c] + v[d]
		v[b] = bits.RotateLeft64(v[b]^v[c], -63)
	}
	for r := 0; r < 12; r++ {
		s := &blake2bSigma[r%10]
		g(0, 4, 8, 12, m[s[0]], m[s[1]])
		g(1, 5, 9, 13, m[s[2]], m[s[3]])
		g(2, 6, 10, 14, m[s[4]], m[s[5]])
		g(3, 7, 11, 15, m[s[6]], m[s[7]])
		g(0, 5, 10, 15, m[s[8]], m[s[9]])
		g(1, 6, 11, 12, m[s[10]], m[s[11]])
		g(2, 7, 8, 13, m[s[12]], m[s[13]])
		g(3, 4, 9, 14, m[s[14]], m[s[15]])
	}
	for i := range h {
		h[i] ^= v[i] ^ v[i+8]
	}
}
