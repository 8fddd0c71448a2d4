package extensions

import (
	"context"
	"fmt"
	"hash/crc32"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// pgTrgm stands in for pg_trgm 1.6 (PostgreSQL docs F.35): trigram
// similarity of text. A string's trigrams are those of each of its words
// (runs of letters and digits, lower-cased) padded with two spaces before
// and one after; a trigram of more than three bytes is compacted to three
// bytes of its CRC, as PostgreSQL does. The gin_trgm_ops / gist_trgm_ops
// operator classes are accepted in CREATE INDEX; the engine's indexes do
// not use them (scans are sequential).
func pgTrgm() *Extension {
	return &Extension{
		Name:        "pg_trgm",
		Version:     "1.6",
		Comment:     "text similarity measurement and index searching based on trigrams",
		Relocatable: true,
		OpClasses: []OpClass{
			{Name: "gin_trgm_ops", Method: "gin", Type: "text", Storage: "int4"},
			{Name: "gist_trgm_ops", Method: "gist", Type: "text", Storage: "gtrgm"},
		},
		Settings: map[string]string{
			"pg_trgm.similarity_threshold":             "0.3",
			"pg_trgm.word_similarity_threshold":        "0.6",
			"pg_trgm.strict_word_similarity_threshold": "0.5",
		},
		SettingLimits: map[string]SettingLimit{
			"pg_trgm.similarity_threshold":             {Min: 0, Max: 1, Real: true},
			"pg_trgm.word_similarity_threshold":        {Min: 0, Max: 1, Real: true},
			"pg_trgm.strict_word_similarity_threshold": {Min: 0, Max: 1, Real: true},
		},
		// gtrgm is what gist_trgm_ops stores; it and the operator
		// classes' support functions exist as PostgreSQL has them (dumps
		// grant on them), but tinybase's indexes do not call them
		BaseTypes: []string{"gtrgm"},
		Funcs: map[string]Func{
			"gtrgm_in":      Scalar(func([]any) (any, error) { return nil, pgerror.New(pgerror.InternalError, "not implemented") }),
			"gtrgm_out":     Scalar(func([]any) (any, error) { return nil, pgerror.New(pgerror.InternalError, "not implemented") }),
			"index_support": indexSupport,
			"set_limit":     ScalarC(trgmSetLimit),
			"show_limit": ScalarC(func(_ context.Context, c routine.Caller, _ []any) (any, error) {
				return float32(trgmSetting(c, "similarity_threshold", 0.3)), nil
			}),
			"show_trgm":               Scalar(func(a []any) (any, error) { return showTrgm(a[0].(string)), nil }),
			"similarity":              Scalar(func(a []any) (any, error) { return trgmSimilarity(a[0].(string), a[1].(string)), nil }),
			"word_similarity":         Scalar(func(a []any) (any, error) { return wordSimilarity(a[0].(string), a[1].(string), false), nil }),
			"strict_word_similarity":  Scalar(func(a []any) (any, error) { return wordSimilarity(a[0].(string), a[1].(string), true), nil }),
			"similarity_dist":         Scalar(func(a []any) (any, error) { return 1 - trgmSimilarity(a[0].(string), a[1].(string)), nil }),
			"word_similarity_dist_op": Scalar(func(a []any) (any, error) { return 1 - wordSimilarity(a[0].(string), a[1].(string), false), nil }),
			"word_similarity_dist_commutator_op": Scalar(func(a []any) (any, error) {
				return 1 - wordSimilarity(a[1].(string), a[0].(string), false), nil
			}),
			"strict_word_similarity_dist_op": Scalar(func(a []any) (any, error) { return 1 - wordSimilarity(a[0].(string), a[1].(string), true), nil }),
			"strict_word_similarity_dist_commutator_op": Scalar(func(a []any) (any, error) {
				return 1 - wordSimilarity(a[1].(string), a[0].(string), true), nil
			}),
			"similarity_op": ScalarC(func(_ context.Context, c routine.Caller, a []any) (any, error) {
				return float64(trgmSimilarity(a[0].(string), a[1].(string))) >= trgmSetting(c, "similarity_threshold", 0.3), nil
			}),
			"word_similarity_op": ScalarC(func(_ context.Context, c routine.Caller, a []any) (any, error) {
				return float64(wordSimilarity(a[0].(string), a[1].(string), false)) >= trgmSetting(c, "word_similarity_threshold", 0.6), nil
			}),
			"word_similarity_commutator_op": ScalarC(func(_ context.Context, c routine.Caller, a []any) (any, error) {
				return float64(wordSimilarity(a[1].(string), a[0].(string), false)) >= trgmSetting(c, "word_similarity_threshold", 0.6), nil
			}),
			"strict_word_similarity_op": ScalarC(func(_ context.Context, c routine.Caller, a []any) (any, error) {
				return float64(wordSimilarity(a[0].(string), a[1].(string), true)) >= trgmSetting(c, "strict_word_similarity_threshold", 0.5), nil
			}),
			"strict_word_similarity_commutator_op": ScalarC(func(_ context.Context, c routine.Caller, a []any) (any, error) {
				return float64(wordSimilarity(a[1].(string), a[0].(string), true)) >= trgmSetting(c, "strict_word_similarity_threshold", 0.5), nil
			}),
		},
		Script: `
CREATE FUNCTION set_limit(float4) RETURNS float4 AS 'MODULE_PATHNAME' LANGUAGE c STRICT VOLATILE PARALLEL UNSAFE;
CREATE FUNCTION show_limit() RETURNS float4 AS 'MODULE_PATHNAME' LANGUAGE c STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION show_trgm(text) RETURNS text[] AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION similarity(text, text) RETURNS float4 AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION similarity_op(text, text) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION word_similarity(text, text) RETURNS float4 AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION word_similarity_op(text, text) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION word_similarity_commutator_op(text, text) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION similarity_dist(text, text) RETURNS float4 AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION word_similarity_dist_op(text, text) RETURNS float4 AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION word_similarity_dist_commutator_op(text, text) RETURNS float4 AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION strict_word_similarity(text, text) RETURNS float4 AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION strict_word_similarity_op(text, text) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION strict_word_similarity_commutator_op(text, text) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c STRICT STABLE PARALLEL SAFE;
CREATE FUNCTION strict_word_similarity_dist_op(text, text) RETURNS float4 AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION strict_word_similarity_dist_commutator_op(text, text) RETURNS float4 AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gtrgm_in(cstring) RETURNS gtrgm AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gtrgm_out(gtrgm) RETURNS cstring AS 'MODULE_PATHNAME' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gtrgm_consistent(internal, text, smallint, oid, internal) RETURNS bool AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gtrgm_distance(internal, text, smallint, oid, internal) RETURNS float8 AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gtrgm_compress(internal) RETURNS internal AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gtrgm_decompress(internal) RETURNS internal AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gtrgm_penalty(internal, internal, internal) RETURNS internal AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gtrgm_picksplit(internal, internal) RETURNS internal AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gtrgm_union(internal, internal) RETURNS gtrgm AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gtrgm_same(gtrgm, gtrgm, internal) RETURNS internal AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gtrgm_options(internal) RETURNS void AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gin_extract_value_trgm(text, internal) RETURNS internal AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gin_extract_query_trgm(text, internal, int2, internal, internal, internal, internal) RETURNS internal AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gin_trgm_consistent(internal, int2, text, int4, internal, internal, internal, internal) RETURNS bool AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE FUNCTION gin_trgm_triconsistent(internal, int2, text, int4, internal, internal, internal) RETURNS "char" AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c STRICT IMMUTABLE PARALLEL SAFE;
CREATE OPERATOR % (LEFTARG = text, RIGHTARG = text, PROCEDURE = similarity_op, COMMUTATOR = '%', RESTRICT = contsel, JOIN = contjoinsel);
CREATE OPERATOR <% (LEFTARG = text, RIGHTARG = text, PROCEDURE = word_similarity_op, COMMUTATOR = '%>', RESTRICT = contsel, JOIN = contjoinsel);
CREATE OPERATOR %> (LEFTARG = text, RIGHTARG = text, PROCEDURE = word_similarity_commutator_op, COMMUTATOR = '<%', RESTRICT = contsel, JOIN = contjoinsel);
CREATE OPERATOR <<% (LEFTARG = text, RIGHTARG = text, PROCEDURE = strict_word_similarity_op, COMMUTATOR = '%>>', RESTRICT = contsel, JOIN = contjoinsel);
CREATE OPERATOR %>> (LEFTARG = text, RIGHTARG = text, PROCEDURE = strict_word_similarity_commutator_op, COMMUTATOR = '<<%', RESTRICT = contsel, JOIN = contjoinsel);
CREATE OPERATOR <-> (LEFTARG = text, RIGHTARG = text, PROCEDURE = similarity_dist, COMMUTATOR = '<->');
CREATE OPERATOR <<-> (LEFTARG = text, RIGHTARG = text, PROCEDURE = word_similarity_dist_op, COMMUTATOR = '<->>');
CREATE OPERATOR <->> (LEFTARG = text, RIGHTARG = text, PROCEDURE = word_similarity_dist_commutator_op, COMMUTATOR = '<<->');
CREATE OPERATOR <<<-> (LEFTARG = text, RIGHTARG = text, PROCEDURE = strict_word_similarity_dist_op, COMMUTATOR = '<->>>');
CREATE OPERATOR <->>> (LEFTARG = text, RIGHTARG = text, PROCEDURE = strict_word_similarity_dist_commutator_op, COMMUTATOR = '<<<->');
`,
	}
}

// trgmSetting reads a pg_trgm.* threshold (its default until SET).
func trgmSetting(c routine.Caller, name string, def float64) float64 {
	if v, ok := c.Setting("pg_trgm." + name); ok && v != "" {
		if f, err := strconv.ParseFloat(v, 64); err == nil {
			return f
		}
	}
	return def
}

// trgmSetLimit is set_limit(real): sets pg_trgm.similarity_threshold for
// the session and returns it.
func trgmSetLimit(ctx context.Context, c routine.Caller, a []any) (any, error) {
	v := a[0].(float32)
	if v < 0 || v > 1 {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "%s is outside the valid range for parameter \"pg_trgm.similarity_threshold\" (0 .. 1)", strconv.FormatFloat(float64(v), 'g', -1, 32))
	}
	text := strconv.FormatFloat(float64(v), 'g', -1, 32)
	if _, err := c.Query(ctx, "SELECT pg_catalog.set_config('pg_trgm.similarity_threshold', $1, false)",
		&routine.Params{Types: []*types.Type{types.Text}}, []any{text}); err != nil {
		return nil, err
	}
	return float32(trgmSetting(c, "similarity_threshold", 0.3)), nil
}

// trigram is three bytes, as PostgreSQL stores one.
type trigram [3]byte

// less orders trigrams as PostgreSQL's CMPTRGM does: by signed bytes.
func (a trigram) less(b trigram) bool {
	for i := 0; i < 3; i++ {
		if a[i] != b[i] {
			return int8(a[i]) < int8(b[i])
		}
	}
	return false
}

// trgmWords splits s into lower-cased words of letters and digits.
func trgmWords(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// wordTrigrams appends the trigrams of one padded word.
func wordTrigrams(out []trigram, word string) []trigram {
	padded := "  " + word + " "
	runes := []int{}
	for i := range padded {
		runes = append(runes, i)
	}
	runes = append(runes, len(padded))
	for i := 0; i+3 < len(runes); i++ {
		b := padded[runes[i]:runes[i+3]]
		out = append(out, compactTrigram(b))
	}
	return out
}

// compactTrigram is a trigram as stored: its bytes, or three bytes of the
// CRC-32 of a multibyte one (trgm_op.c's compact_trigram).
func compactTrigram(b string) trigram {
	var t trigram
	if len(b) == 3 {
		copy(t[:], b)
		return t
	}
	// PostgreSQL's legacy CRC-32: the reflected table run the normal way
	crc := uint32(0xFFFFFFFF)
	for i := 0; i < len(b); i++ {
		crc = crcTable[((crc>>24)^uint32(b[i]))&0xff] ^ (crc << 8)
	}
	crc ^= 0xFFFFFFFF
	t[0], t[1], t[2] = byte(crc), byte(crc>>8), byte(crc>>16)
	return t
}

var crcTable = crc32.MakeTable(crc32.IEEE)

// trigramsOf returns s's trigrams in order (duplicates kept), with the
// word bounds strict word similarity needs.
func trigramsOf(s string) (out []trigram, left, right []bool) {
	for _, w := range trgmWords(s) {
		start := len(out)
		out = wordTrigrams(out, w)
		for len(left) < len(out) {
			left, right = append(left, false), append(right, false)
		}
		if len(out) > start {
			left[start], right[len(out)-1] = true, true
		}
	}
	return out, left, right
}

// trgmSet returns s's distinct trigrams, sorted.
func trgmSet(s string) []trigram {
	all, _, _ := trigramsOf(s)
	sort.Slice(all, func(i, j int) bool { return all[i].less(all[j]) })
	out := all[:0]
	for i, t := range all {
		if i == 0 || t != all[i-1] {
			out = append(out, t)
		}
	}
	return out
}

func showTrgm(s string) *types.Array {
	set := trgmSet(s)
	vals := make([]any, len(set))
	for i, t := range set {
		if printable(t[0]) && printable(t[1]) && printable(t[2]) {
			vals[i] = string(t[:])
		} else {
			vals[i] = fmt.Sprintf("0x%06x", int(t[0])<<16|int(t[1])<<8|int(t[2]))
		}
	}
	return types.NewArray(types.Text, vals)
}

func printable(b byte) bool { return b >= 0x20 && b < 0x7f }

func trgmSimilarity(a, b string) float32 {
	x, y := trgmSet(a), trgmSet(b)
	if len(x) == 0 || len(y) == 0 {
		return 0
	}
	common, i, j := 0, 0, 0
	for i < len(x) && j < len(y) {
		switch {
		case x[i] == y[j]:
			common++
			i++
			j++
		case x[i].less(y[j]):
			i++
		default:
			j++
		}
	}
	return float32(common) / float32(len(x)+len(y)-common)
}

// wordSimilarity is trgm_op.c's calc_word_similarity: the greatest
// similarity between the trigrams of a and a run of b's trigrams (with
// strict, runs on word bounds of b).
func wordSimilarity(a, b string, strict bool) float32 {
	t1, _, _ := trigramsOf(a)
	t2, left, right := trigramsOf(b)
	if len(t1) == 0 || len(t2) == 0 {
		return 0
	}
	// number every distinct trigram of both; found marks a's
	type pos struct {
		t     trigram
		index int // -1 for a's
	}
	all := make([]pos, 0, len(t1)+len(t2))
	for _, t := range t1 {
		all = append(all, pos{t, -1})
	}
	for i, t := range t2 {
		all = append(all, pos{t, i})
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].t != all[j].t {
			return all[i].t.less(all[j].t)
		}
		return all[i].index < all[j].index
	})
	idx2 := make([]int, len(t2))
	found := make([]bool, len(all))
	ulen1, j := 0, 0
	for i, p := range all {
		if i > 0 && all[i-1].t != p.t {
			if found[j] {
				ulen1++
			}
			j++
		}
		if p.index >= 0 {
			idx2[p.index] = j
		} else {
			found[j] = true
		}
	}
	if found[j] {
		ulen1++
	}
	return iterateWordSimilarity(idx2, found, ulen1, len(t2), len(all), strict, left, right)
}

func calcSml(count, len1, len2 int) float32 {
	return float32(count) / float32(len1+len2-count)
}

func iterateWordSimilarity(idx2 []int, found []bool, ulen1, len2, n int, strict bool, left, right []bool) float32 {
	var smlrMax float32
	ulen2, count, upper := 0, 0, -1
	lower := -1
	if strict {
		lower = 0
	}
	lastpos := make([]int, n)
	for i := range lastpos {
		lastpos[i] = -1
	}
	for i := 0; i < len2; i++ {
		ti := idx2[i]
		if lower >= 0 || found[ti] {
			if lastpos[ti] < 0 {
				ulen2++
				if found[ti] {
					count++
				}
			}
			lastpos[ti] = i
		}
		isUpper := found[ti]
		if strict {
			isUpper = right[i]
		}
		if !isUpper {
			continue
		}
		upper = i
		if lower == -1 {
			lower = i
			ulen2 = 1
		}
		cur := calcSml(count, ulen1, ulen2)
		tmpCount, tmpUlen2, prevLower := count, ulen2, lower
		for tl := lower; tl <= upper; tl++ {
			if !strict || left[tl] {
				if tmp := calcSml(tmpCount, ulen1, tmpUlen2); tmp > cur {
					cur, ulen2, lower, count = tmp, tmpUlen2, tl, tmpCount
				}
			}
			tti := idx2[tl]
			if lastpos[tti] == tl {
				tmpUlen2--
				if found[tti] {
					tmpCount--
				}
			}
		}
		if cur > smlrMax {
			smlrMax = cur
		}
		for tl := prevLower; tl < lower; tl++ {
			tti := idx2[tl]
			if lastpos[tti] == tl {
				lastpos[tti] = -1
			}
		}
	}
	return smlrMax
}
