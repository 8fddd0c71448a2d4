package catalog

import (
	"encoding/binary"
	"encoding/hex"
	"math"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/tinybase/tinybase/engine/internal/pghash"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// PartitionHash is a row's hash for hash partitioning, as PostgreSQL's
// compute_partition_hash_value computes it: each non-null key value's
// extended hash with the partition seed, combined with hash_combine64. ok
// is false for a key type whose hash tinybase does not reproduce (the
// row would land in a different partition than PostgreSQL puts it).
func PartitionHash(keyTypes []*types.Type, key []any) (h uint64, ok bool) {
	const seed = 0x7A5B22367996DCFD // HASH_PARTITION_SEED
	for i, v := range key {
		if v == nil {
			continue
		}
		x, ok := extendedHash(keyTypes[i], v, seed)
		if !ok {
			return 0, false
		}
		h ^= x + 0x49a0f4dd15e5a8e3 + (h << 54) + (h >> 7) // hash_combine64
	}
	return h, true
}

// extendedHash is the type's hash_extended support function.
func extendedHash(t *types.Type, v any, seed uint64) (uint64, bool) {
	switch t.Base().OID {
	case types.Int2.OID, types.Int4.OID:
		n, ok := toInt64(v)
		return hashUint32Extended(uint32(int32(n)), seed), ok
	case types.Int8.OID:
		n, ok := toInt64(v)
		return hashInt8Extended(n, seed), ok
	case types.Text.OID, types.Varchar.OID:
		s, ok := v.(string)
		return hashBytesExtended([]byte(s), seed), ok
	case types.Bool.OID:
		b, ok := v.(bool)
		n := uint32(0)
		if b {
			n = 1
		}
		return hashUint32Extended(n, seed), ok
	case types.Bpchar.OID:
		// hashbpcharextended ignores trailing blanks
		s, ok := v.(string)
		return hashBytesExtended([]byte(strings.TrimRight(s, " ")), seed), ok
	case types.Oid.OID:
		n, ok := v.(uint32)
		return hashUint32Extended(n, seed), ok
	case types.UUID.OID:
		s, ok := v.(string)
		b, err := hex.DecodeString(strings.ReplaceAll(s, "-", ""))
		if !ok || err != nil || len(b) != 16 {
			return 0, false
		}
		return hashBytesExtended(b, seed), true
	case types.Date.OID:
		// a date is days since 2000-01-01, ±infinity INT_MIN / INT_MAX
		d, ok := v.(types.DateVal)
		n := int32(d) - 10957
		switch d {
		case types.DateInfinity:
			n = math.MaxInt32
		case types.DateNegInfinity:
			n = math.MinInt32
		}
		return hashUint32Extended(uint32(n), seed), ok
	case types.Timestamp.OID, types.Timestamptz.OID:
		// microseconds since 2000-01-01 UTC, hashed as int8
		ts, ok := v.(time.Time)
		if !ok {
			return 0, false
		}
		var n int64
		switch {
		case ts.Equal(types.InfinityTimestamp):
			n = math.MaxInt64
		case ts.Equal(types.NegInfinityTimestamp):
			n = math.MinInt64
		default:
			n = ts.Sub(pgEpoch).Microseconds()
			if ts.Before(minDuration) || ts.After(maxDuration) {
				// beyond a Duration's ±292 years
				n = ts.Unix()*1e6 - pgEpoch.Unix()*1e6 + int64(ts.Nanosecond()/1000)
			}
		}
		return hashInt8Extended(n, seed), true
	case types.Bytea.OID:
		b, ok := v.([]byte)
		return hashBytesExtended(b, seed), ok
	case types.Name.OID:
		s, ok := v.(string)
		return hashBytesExtended([]byte(s), seed), ok
	case types.Char.OID:
		// hashcharextended: the byte as a signed char widened
		s, ok := v.(string)
		var c int32
		if len(s) > 0 {
			c = int32(int8(s[0]))
		}
		return hashUint32Extended(uint32(c), seed), ok
	case types.Time.OID:
		t, ok := v.(types.TimeOfDay)
		return hashInt8Extended(int64(t), seed), ok
	case types.TimeTZType.OID:
		// timetz_hash_extended: the time hashed as int8, XOR the zone
		// (seconds west of UTC)
		t, ok := v.(types.TimeTZ)
		return hashInt8Extended(t.Micros, seed) ^ hashUint32Extended(uint32(-t.Offset), seed), ok
	case types.Interval.OID:
		// interval_hash_extended: the 128-bit span (a month is 30 days)
		// truncated to 64 bits, hashed as int8
		iv, ok := v.(types.IntervalVal)
		span := iv.Micros + (int64(iv.Months)*30+int64(iv.Days))*86400000000
		return hashInt8Extended(span, seed), ok
	case types.Numeric.OID:
		switch x := v.(type) {
		case decimal.Decimal:
			return hashNumericExtended(x, seed), true
		case types.NumericSpecial:
			return seed, true // NaN and infinities hash to the seed
		}
		return 0, false
	case types.Float4.OID, types.Float8.OID:
		var f float64
		switch x := v.(type) {
		case float32:
			f = float64(x)
		case float64:
			f = x
		default:
			return 0, false
		}
		// hashfloat8extended: zero (and minus zero) hash to the seed, all
		// NaNs alike
		if f == 0 {
			return seed, true
		}
		u := math.Float64bits(f)
		if math.IsNaN(f) {
			u = 0x7ff8000000000000
		}
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], u)
		return hashBytesExtended(b[:], seed), true
	}
	if t.Base().Kind == types.KindArray && t.Base().Elem != nil {
		return hashArrayExtended(t.Base().Elem, v, seed)
	}
	return 0, false
}

// hashArrayExtended is hash_array_extended: the elements' hashes in
// order, result = result*31 + hash from 1, a NULL element hashing to 0.
func hashArrayExtended(elem *types.Type, v any, seed uint64) (uint64, bool) {
	a, ok := v.(*types.Array)
	if !ok {
		return 0, false
	}
	h := uint64(1)
	for _, e := range a.Values {
		var eh uint64
		if e != nil {
			x, ok := extendedHash(elem, e, seed)
			if !ok {
				return 0, false
			}
			eh = x
		}
		h = (h << 5) - h + eh
	}
	return h, true
}

var (
	pgEpoch     = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	minDuration = pgEpoch.Add(math.MinInt64)
	maxDuration = pgEpoch.Add(math.MaxInt64)
)

// hashInt8Extended is hashint8extended: the low word folded with the
// high one (complemented for negatives) hashed as a uint32.
func hashInt8Extended(n int64, seed uint64) uint64 {
	lo, hi := uint32(n), uint32(uint64(n)>>32)
	if n >= 0 {
		lo ^= hi
	} else {
		lo ^= ^hi
	}
	return hashUint32Extended(lo, seed)
}

func toInt64(v any) (int64, bool) {
	switch n := v.(type) {
	case int16:
		return int64(n), true
	case int32:
		return int64(n), true
	case int64:
		return n, true
	case int:
		return int64(n), true
	}
	return 0, false
}

// hashUint32Extended is hash_bytes_uint32_extended.
func hashUint32Extended(k uint32, seed uint64) uint64 {
	a := uint32(0x9e3779b9 + 4 + 3923095)
	b, c := a, a
	if seed != 0 {
		a += uint32(seed >> 32)
		b += uint32(seed)
		a, b, c = pghash.Mix(a, b, c)
	}
	a += k
	_, b, c = pghash.Final(a, b, c)
	return uint64(b)<<32 | uint64(c)
}

// hashBytesExtended is hash_bytes_extended on a little-endian machine.
func hashBytesExtended(k []byte, seed uint64) uint64 {
	n := len(k)
	a := uint32(0x9e3779b9) + uint32(n) + 3923095
	b, c := a, a
	if seed != 0 {
		a += uint32(seed >> 32)
		b += uint32(seed)
		a, b, c = pghash.Mix(a, b, c)
	}
	word := func(p []byte) uint32 {
		return uint32(p[0]) | uint32(p[1])<<8 | uint32(p[2])<<16 | uint32(p[3])<<24
	}
	for len(k) >= 12 {
		a += word(k[0:])
		b += word(k[4:])
		c += word(k[8:])
		a, b, c = pghash.Mix(a, b, c)
		k = k[12:]
	}
	// the last 11 bytes: c's low byte is reserved for the length
	switch len(k) {
	case 11:
		c += uint32(k[10]) << 24
		fallthrough
	case 10:
		c += uint32(k[9]) << 16
		fallthrough
	case 9:
		c += uint32(k[8]) << 8
		fallthrough
	case 8:
		b += word(k[4:])
		a += word(k[0:])
	case 7:
		b += uint32(k[6]) << 16
		fallthrough
	case 6:
		b += uint32(k[5]) << 8
		fallthrough
	case 5:
		b += uint32(k[4])
		fallthrough
	case 4:
		a += word(k[0:])
	case 3:
		a += uint32(k[2]) << 16
		fallthrough
	case 2:
		a += uint32(k[1]) << 8
		fallthrough
	case 1:
		a += uint32(k[0])
	}
	_, b, c = pghash.Final(a, b, c)
	return uint64(b)<<32 | uint64(c)
}

// hashNumericExtended is hash_numeric_extended: the value's base-10000
// digits without leading or trailing zero digits, hashed as the int16
// array PostgreSQL stores, XORed with the first digit's weight; the sign
// is not hashed, and zero hashes to seed - 1.
func hashNumericExtended(d decimal.Decimal, seed uint64) uint64 {
	digits := d.Coefficient()
	digits.Abs(digits)
	text := digits.String()
	if digits.Sign() == 0 {
		return seed - 1
	}
	exp := int(d.Exponent())
	// the power of ten of text[i] is top - i
	top := len(text) - 1 + exp
	floorDiv := func(a int) int {
		if a >= 0 {
			return a / 4
		}
		return -((-a + 3) / 4)
	}
	first, last := floorDiv(top), floorDiv(exp)
	groups := make([]int, first-last+1)
	for i := 0; i < len(text); i++ {
		p := top - i
		g := floorDiv(p)
		pow := 1
		for k := 0; k < p-4*g; k++ {
			pow *= 10
		}
		groups[first-g] += int(text[i]-'0') * pow
	}
	weight := first
	for len(groups) > 0 && groups[0] == 0 {
		groups = groups[1:]
		weight--
	}
	for len(groups) > 0 && groups[len(groups)-1] == 0 {
		groups = groups[:len(groups)-1]
	}
	b := make([]byte, 2*len(groups))
	for i, g := range groups {
		binary.LittleEndian.PutUint16(b[2*i:], uint16(g))
	}
	return hashBytesExtended(b, seed) ^ uint64(int64(weight))
}
