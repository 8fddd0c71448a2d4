// Package pghash holds PostgreSQL's hash functions (hashfn.c: Bob
// Jenkins' lookup3), which tinybase must reproduce bit for bit where a
// hash is observable: hash partitioning's routing and extension types'
// hash support functions.
package pghash

import "math/bits"

// Mix is lookup3's mix step, as PostgreSQL's hashfn.c has it.
func Mix(a, b, c uint32) (uint32, uint32, uint32) {
	a -= c
	a ^= bits.RotateLeft32(c, 4)
	c += b
	b -= a
	b ^= bits.RotateLeft32(a, 6)
	a += c
	c -= b
	c ^= bits.RotateLeft32(b, 8)
	b += a
	a -= c
	a ^= bits.RotateLeft32(c, 16)
	c += b
	b -= a
	b ^= bits.RotateLeft32(a, 19)
	a += c
	c -= b
	c ^= bits.RotateLeft32(b, 4)
	b += a
	return a, b, c
}

// Final is lookup3's final step.
func Final(a, b, c uint32) (uint32, uint32, uint32) {
	c ^= b
	c -= bits.RotateLeft32(b, 14)
	a ^= c
	a -= bits.RotateLeft32(c, 11)
	b ^= a
	b -= bits.RotateLeft32(a, 25)
	c ^= b
	c -= bits.RotateLeft32(b, 16)
	a ^= c
	a -= bits.RotateLeft32(c, 4)
	b ^= a
	b -= bits.RotateLeft32(a, 14)
	c ^= b
	c -= bits.RotateLeft32(b, 24)
	return a, b, c
}

// Uint32 is hash_uint32.
func Uint32(k uint32) uint32 {
	a := uint32(0x9e3779b9+4+3923095) + k
	b, c := a-k, a-k
	_, _, c = Final(a, b, c)
	return c
}

// Int8 is hashint8: the two halves folded (the high one inverted for a
// negative value, so equal int4 and int8 values hash alike), then
// hash_uint32.
func Int8(v int64) uint32 {
	lo, hi := uint32(v), uint32(v>>32)
	if v >= 0 {
		lo ^= hi
	} else {
		lo ^= ^hi
	}
	return Uint32(lo)
}

// Uint32Extended is hash_uint32_extended: hash_uint32 with a 64-bit seed
// and a 64-bit result.
func Uint32Extended(k uint32, seed uint64) uint64 {
	a := uint32(0x9e3779b9 + 4 + 3923095)
	b, c := a, a
	if seed != 0 {
		a += uint32(seed >> 32)
		b += uint32(seed)
		a, b, c = Mix(a, b, c)
	}
	a += k
	_, b, c = Final(a, b, c)
	return uint64(b)<<32 | uint64(c)
}
