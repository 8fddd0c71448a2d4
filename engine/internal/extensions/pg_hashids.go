package extensions

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// pgHashids stands in for pg_hashids 1.3: short ids from numbers with
// the Hashids algorithm (version 1, as hashids.js and the hashids.c
// library pg_hashids links), with an optional salt, minimum length and
// alphabet. id_decode of a string the same settings did not produce
// gives an empty array (id_decode_once: NULL).
func pgHashids() *Extension {
	return &Extension{
		Name:        "pg_hashids",
		Version:     "1.3",
		Comment:     "pg_hashids",
		Relocatable: true,
		Funcs: map[string]Func{
			"id_encode":       Scalar(hashidsEncode),
			"id_encode_array": Scalar(hashidsEncode),
			"id_decode":       Scalar(func(a []any) (any, error) { return hashidsDecode(a, false) }),
			"id_decode_once":  Scalar(func(a []any) (any, error) { return hashidsDecode(a, true) }),
		},
		Script: hashidsScript(),
	}
}

func hashidsScript() string {
	var b strings.Builder
	sigs := []string{"", ", text", ", text, int", ", text, int, text"}
	for _, s := range sigs {
		b.WriteString("CREATE FUNCTION id_encode(bigint" + s + ") RETURNS text AS 'MODULE_PATHNAME', 'id_encode' LANGUAGE c IMMUTABLE STRICT;\n")
		b.WriteString("CREATE FUNCTION id_encode(bigint[]" + s + ") RETURNS text AS 'MODULE_PATHNAME', 'id_encode_array' LANGUAGE c IMMUTABLE STRICT;\n")
		b.WriteString("CREATE FUNCTION id_decode(text" + s + ") RETURNS bigint[] AS 'MODULE_PATHNAME', 'id_decode' LANGUAGE c IMMUTABLE STRICT;\n")
		b.WriteString("CREATE FUNCTION id_decode_once(text" + s + ") RETURNS bigint AS 'MODULE_PATHNAME', 'id_decode_once' LANGUAGE c IMMUTABLE STRICT;\n")
	}
	return b.String()
}

const (
	hashidsAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1234567890"
	hashidsSeps     = "cfhistuCFHISTU"
)

// hashids is one configuration of the algorithm.
type hashids struct {
	salt, alphabet, seps, guards []byte
	minLength                    int
}

// hashidsOf reads the optional salt, minimum length and alphabet
// arguments that follow the first.
func hashidsOf(a []any) (*hashids, error) {
	salt, alphabet, minLength := "", hashidsAlphabet, 0
	if len(a) > 1 {
		salt = a[1].(string)
	}
	if len(a) > 2 {
		minLength = int(a[2].(int32))
		if minLength < 0 {
			minLength = 0
		}
		minLength = min(minLength, 1<<16)
	}
	if len(a) > 3 {
		alphabet = a[3].(string)
	}
	return newHashids(salt, minLength, alphabet)
}

func newHashids(salt string, minLength int, alphabet string) (*hashids, error) {
	h := &hashids{salt: []byte(salt), minLength: minLength}
	seen := map[byte]bool{}
	var alpha []byte
	for i := 0; i < len(alphabet); i++ {
		if c := alphabet[i]; !seen[c] {
			seen[c] = true
			alpha = append(alpha, c)
		}
	}
	if len(alpha) < 16 {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "alphabet must contain at least 16 unique characters")
	}
	if seen[' '] {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "alphabet must not contain spaces")
	}
	for i := 0; i < len(hashidsSeps); i++ {
		if c := hashidsSeps[i]; seen[c] {
			h.seps = append(h.seps, c)
		}
	}
	var rest []byte
	for _, c := range alpha {
		if !strings.ContainsRune(string(h.seps), rune(c)) {
			rest = append(rest, c)
		}
	}
	alpha = rest
	consistentShuffle(h.seps, h.salt)
	if len(h.seps) == 0 || float64(len(alpha))/float64(len(h.seps)) > 3.5 {
		n := int(ceilDiv(float64(len(alpha)), 3.5))
		if n == 1 {
			n++
		}
		if n > len(h.seps) {
			diff := n - len(h.seps)
			h.seps = append(h.seps, alpha[:diff]...)
			alpha = alpha[diff:]
		} else {
			h.seps = h.seps[:n]
		}
	}
	consistentShuffle(alpha, h.salt)
	guards := int(ceilDiv(float64(len(alpha)), 12))
	if len(alpha) < 3 {
		h.guards, h.seps = h.seps[:guards], h.seps[guards:]
	} else {
		h.guards, alpha = alpha[:guards], alpha[guards:]
	}
	h.alphabet = alpha
	return h, nil
}

func ceilDiv(a, b float64) float64 {
	q := a / b
	if float64(int(q)) < q {
		return float64(int(q) + 1)
	}
	return q
}

func consistentShuffle(alphabet, salt []byte) {
	if len(salt) == 0 {
		return
	}
	for i, v, p := len(alphabet)-1, 0, 0; i > 0; i, v = i-1, v+1 {
		v %= len(salt)
		n := int(salt[v])
		p += n
		j := (n + v + p) % i
		alphabet[i], alphabet[j] = alphabet[j], alphabet[i]
	}
}

func hashidsHash(n uint64, alphabet []byte) []byte {
	var out []byte
	l := uint64(len(alphabet))
	for {
		out = append([]byte{alphabet[n%l]}, out...)
		n /= l
		if n == 0 {
			return out
		}
	}
}

func (h *hashids) encode(nums []uint64) string {
	alphabet := append([]byte(nil), h.alphabet...)
	var hashInt uint64
	for i, n := range nums {
		hashInt += n % uint64(i+100)
	}
	lottery := alphabet[hashInt%uint64(len(alphabet))]
	ret := []byte{lottery}
	buf := make([]byte, 0, 1+len(h.salt)+len(alphabet))
	for i, n := range nums {
		buf = append(append(append(buf[:0], lottery), h.salt...), alphabet...)
		consistentShuffle(alphabet, append([]byte(nil), buf[:len(alphabet)]...))
		last := hashidsHash(n, alphabet)
		ret = append(ret, last...)
		if i+1 < len(nums) {
			n %= uint64(last[0]) + uint64(i)
			ret = append(ret, h.seps[n%uint64(len(h.seps))])
		}
	}
	if len(ret) < h.minLength {
		g := (hashInt + uint64(ret[0])) % uint64(len(h.guards))
		ret = append([]byte{h.guards[g]}, ret...)
		if len(ret) < h.minLength {
			g = (hashInt + uint64(ret[2])) % uint64(len(h.guards))
			ret = append(ret, h.guards[g])
		}
	}
	half := len(alphabet) / 2
	for len(ret) < h.minLength {
		consistentShuffle(alphabet, append([]byte(nil), alphabet...))
		ret = append(append(append([]byte(nil), alphabet[half:]...), ret...), alphabet[:half]...)
		if excess := len(ret) - h.minLength; excess > 0 {
			ret = ret[excess/2 : excess/2+h.minLength]
		}
	}
	return string(ret)
}

func (h *hashids) decode(s string) []uint64 {
	split := func(s string, by []byte) []string {
		return strings.FieldsFunc(s, func(r rune) bool { return r < 0x80 && strings.IndexByte(string(by), byte(r)) >= 0 })
	}
	parts := strings.Split(strings.Map(func(r rune) rune {
		if r < 0x80 && strings.IndexByte(string(h.guards), byte(r)) >= 0 {
			return ' '
		}
		return r
	}, s), " ")
	body := parts[0]
	if len(parts) == 2 || len(parts) == 3 {
		body = parts[1]
	}
	if body == "" {
		return nil
	}
	lottery := body[0]
	alphabet := append([]byte(nil), h.alphabet...)
	var out []uint64
	for _, sub := range split(body[1:], h.seps) {
		buf := append(append([]byte{lottery}, h.salt...), alphabet...)
		consistentShuffle(alphabet, buf[:len(alphabet)])
		var n uint64
		for i := 0; i < len(sub); i++ {
			k := strings.IndexByte(string(alphabet), sub[i])
			if k < 0 {
				return nil
			}
			next := n*uint64(len(alphabet)) + uint64(k)
			if next/uint64(len(alphabet)) != n {
				return nil // overflow: not one of ours
			}
			n = next
		}
		out = append(out, n)
	}
	if len(out) == 0 || h.encode(out) != s {
		return nil
	}
	return out
}

func hashidsEncode(a []any) (any, error) {
	h, err := hashidsOf(a)
	if err != nil {
		return nil, err
	}
	var nums []uint64
	switch x := a[0].(type) {
	case int64:
		if x < 0 {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "negative numbers are not supported")
		}
		nums = []uint64{uint64(x)}
	case *types.Array:
		for _, v := range x.Values {
			n, ok := v.(int64)
			if !ok {
				return nil, pgerror.New(pgerror.NullValueNotAllowed, "array must not contain nulls")
			}
			if n < 0 {
				return nil, pgerror.New(pgerror.InvalidParameterValue, "negative numbers are not supported")
			}
			nums = append(nums, uint64(n))
		}
	}
	if len(nums) == 0 {
		return "", nil
	}
	return h.encode(nums), nil
}

func hashidsDecode(a []any, once bool) (any, error) {
	h, err := hashidsOf(a)
	if err != nil {
		return nil, err
	}
	nums := h.decode(a[0].(string))
	if once {
		if len(nums) == 0 || nums[0] > 1<<63-1 {
			return nil, nil
		}
		return int64(nums[0]), nil
	}
	vals := make([]any, 0, len(nums))
	for _, n := range nums {
		if n > 1<<63-1 {
			return types.NewArray(types.Int8, nil), nil
		}
		vals = append(vals, int64(n))
	}
	return types.NewArray(types.Int8, vals), nil
}
