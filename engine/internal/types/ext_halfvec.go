package types

import (
	"encoding/binary"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// pgvector's halfvec: vector with half-precision elements (binary form:
// int16 dimensions, int16 unused, each element as IEEE binary16), and
// sparsevec: {index:value,...}/dimensions with 1-based indexes in
// ascending order and only the non-zero elements kept (binary form: int32
// dimensions, int32 count, int32 unused, the 0-based indexes, then the
// values as float4).

// RoundHalf rounds f to the nearest half-precision value (ties to even);
// ok is false when it overflows.
func RoundHalf(f float32) (float32, bool) {
	x := float64(f)
	if x == 0 || x != x {
		return f, true
	}
	ax := math.Abs(x)
	if ax >= 65520 { // rounds to infinity
		return f, false
	}
	exp := math.Floor(math.Log2(ax))
	if exp < -14 {
		exp = -14
	}
	q := math.Ldexp(1, int(exp)-10)
	r := math.RoundToEven(x/q) * q
	if r == 0 && math.Signbit(x) {
		return float32(math.Copysign(0, -1)), true
	}
	return float32(r), true
}

func halfBits(f float32) uint16 {
	x := float64(f)
	sign := uint16(0)
	if math.Signbit(x) {
		sign = 0x8000
		x = -x
	}
	if x == 0 {
		return sign
	}
	frac, exp := math.Frexp(x) // x = frac * 2^exp, frac in [0.5,1)
	e := exp - 1 + 15
	if e <= 0 { // subnormal: units of 2^-24
		return sign | uint16(math.RoundToEven(x*(1<<24)))
	}
	m := uint16(math.RoundToEven((frac*2 - 1) * 1024))
	return sign | uint16(e)<<10 | m
}

func halfFromBits(h uint16) float32 {
	sign := 1.0
	if h&0x8000 != 0 {
		sign = -1
	}
	e := int(h>>10) & 0x1f
	m := float64(h & 0x3ff)
	switch e {
	case 0:
		return float32(sign * m * math.Ldexp(1, -24))
	case 31:
		if m != 0 {
			return float32(math.NaN())
		}
		return float32(math.Inf(int(sign)))
	}
	return float32(sign * (1 + m/1024) * math.Ldexp(1, e-15))
}

func halfElem(tok string, f float64) (float32, error) {
	v := float32(f)
	if err := checkElem("halfvec", v); err != nil {
		return 0, err
	}
	h, ok := RoundHalf(v)
	if !ok {
		return 0, pgerror.New(pgerror.NumericValueOutOfRange, "\"%s\" is out of range for type halfvec", tok)
	}
	return h, nil
}

func halfOf(v float32) (float32, error) {
	h, ok := RoundHalf(v)
	if !ok {
		return 0, pgerror.New(pgerror.NumericValueOutOfRange, "\"%s\" is out of range for type halfvec", formatFloat(float64(v), 32))
	}
	return h, nil
}

type halfvecBase struct{}

var _ ExtBase = halfvecBase{}

func (halfvecBase) Input(s string, mod int32) (any, error) {
	e, err := parseDense("halfvec", s, halfElem)
	if err != nil {
		return nil, err
	}
	if err := expectedDims(mod, len(e)); err != nil {
		return nil, err
	}
	return &HalfVec{Elems: e}, nil
}

func (halfvecBase) Output(v any) string { return v.(*HalfVec).String() }

func (halfvecBase) AppendSend(buf []byte, v any) ([]byte, error) {
	e := v.(*HalfVec).Elems
	buf = binary.BigEndian.AppendUint16(buf, uint16(len(e)))
	buf = binary.BigEndian.AppendUint16(buf, 0)
	for _, f := range e {
		buf = binary.BigEndian.AppendUint16(buf, halfBits(f))
	}
	return buf, nil
}

func (halfvecBase) Receive(b []byte) (any, error) {
	if len(b) < 4 {
		return nil, pgerror.New(pgerror.InvalidBinaryRepresentation, "insufficient data left in message")
	}
	n := int(int16(binary.BigEndian.Uint16(b)))
	if err := checkDenseDims("halfvec", n); err != nil {
		return nil, err
	}
	if len(b) != 4+2*n {
		return nil, pgerror.New(pgerror.InvalidBinaryRepresentation, "insufficient data left in message")
	}
	e := make([]float32, n)
	for i := range e {
		e[i] = halfFromBits(binary.BigEndian.Uint16(b[4+2*i:]))
		if err := checkElem("halfvec", e[i]); err != nil {
			return nil, err
		}
	}
	return &HalfVec{Elems: e}, nil
}

func (halfvecBase) Compare(a, b any) int { return compareDense(a.(*HalfVec).Elems, b.(*HalfVec).Elems) }
func (halfvecBase) TypmodIn(mods []int32) (int32, error) {
	return typmodDims("halfvec", mods, VectorMaxDim)
}
func (halfvecBase) TypmodOut(mod int32) string { return typmodOut(mod) }
func (halfvecBase) ApplyMod(v any, mod int32) (any, error) {
	return v, expectedDims(mod, len(v.(*HalfVec).Elems))
}

func (halfvecBase) CastContext(other *Type, toExt bool) CastContext {
	switch {
	case toExt && isFloatArraySource(other):
		return CastAssignment
	case !toExt && other.Kind == KindArray && other.Elem != nil && other.Elem.Kind == KindFloat4:
		return CastImplicit
	case other.Kind == KindExt && other.Name == "vector":
		return CastImplicit
	case other.Kind == KindExt && other.Name == "sparsevec":
		return CastAssignment
	}
	return castNone
}

func (halfvecBase) CastFrom(v any, from *Type, mod int32) (any, error) {
	var src []float32
	var err error
	switch x := v.(type) {
	case *Array:
		src, err = floatsOfArray("halfvec", x, float4Elem("halfvec"))
	case *Vector:
		src = x.Elems
	case *SparseVec:
		if err = checkDenseDims("halfvec", int(x.Dim)); err == nil {
			src = x.dense()
		}
	default:
		return nil, pgerror.New(pgerror.CannotCoerce, "cannot cast to halfvec")
	}
	if err != nil {
		return nil, err
	}
	e := make([]float32, len(src))
	for i, f := range src {
		if e[i], err = halfOf(f); err != nil {
			return nil, err
		}
	}
	if err := expectedDims(mod, len(e)); err != nil {
		return nil, err
	}
	return &HalfVec{Elems: e}, nil
}

func (halfvecBase) CastTo(v any, to *Type) (any, error) {
	return denseCastTo("halfvec", v.(*HalfVec).Elems, v, to)
}

// SparseVec is a value of type sparsevec: Idx are 0-based and ascending,
// Vals non-zero.
type SparseVec struct {
	Dim  int32
	Idx  []int32
	Vals []float32
}

// SparseMaxDim and SparseMaxNNZ are sparsevec's limits.
const (
	SparseMaxDim = 1000000000
	SparseMaxNNZ = 16000
)

// String is the text form.
func (v *SparseVec) String() string {
	b := []byte{'{'}
	for i, ix := range v.Idx {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, int64(ix)+1, 10)
		b = append(b, ':')
		b = append(b, formatFloat(float64(v.Vals[i]), 32)...)
	}
	b = append(b, "}/"...)
	b = strconv.AppendInt(b, int64(v.Dim), 10)
	return string(b)
}

func (v *SparseVec) dense() []float32 {
	e := make([]float32, v.Dim)
	for i, ix := range v.Idx {
		e[ix] = v.Vals[i]
	}
	return e
}

// SparseOfDense keeps the non-zero elements of e.
func SparseOfDense(e []float32) *SparseVec {
	s := &SparseVec{Dim: int32(len(e))}
	for i, f := range e {
		if f != 0 {
			s.Idx = append(s.Idx, int32(i))
			s.Vals = append(s.Vals, f)
		}
	}
	return s
}

func checkSparseDim(n int64) error {
	if n < 1 {
		return VectorError("sparsevec must have at least 1 dimension")
	}
	if n > SparseMaxDim {
		return pgerror.New(pgerror.ProgramLimitExceeded, "sparsevec cannot have more than %d dimensions", SparseMaxDim)
	}
	return nil
}

type sparsevecBase struct{}

var _ ExtBase = sparsevecBase{}

func (sparsevecBase) Input(s string, mod int32) (any, error) {
	bad := func(detail string) error {
		e := pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type sparsevec: %s", quoteExtInput(s))
		if detail != "" {
			e = e.WithDetail("%s", detail)
		}
		return e
	}
	// pgvector sizes its buffer by the commas before parsing anything.
	if strings.Count(s, ",")+1 > SparseMaxNNZ {
		return nil, pgerror.New(pgerror.ProgramLimitExceeded, "sparsevec cannot have more than %d non-zero elements", SparseMaxNNZ)
	}
	type elem struct {
		idx int64
		val float32
	}
	var elems []elem
	i := skipSpace(s, 0)
	if i >= len(s) || s[i] != '{' {
		return nil, bad(`Vector contents must start with "{".`)
	}
	i = skipSpace(s, i+1)
	if i < len(s) && s[i] == '}' {
		i++
	} else {
		for {
			i = skipSpace(s, i)
			if i >= len(s) {
				return nil, bad("")
			}
			n, j, ok := scanLong(s, i)
			if !ok {
				return nil, bad("")
			}
			i = skipSpace(s, j)
			if i >= len(s) || s[i] != ':' {
				return nil, bad("")
			}
			i = skipSpace(s, i+1)
			tok, j := scanFloat(s, i)
			if tok == "" {
				return nil, bad("")
			}
			v, err := strconv.ParseFloat(tok, 32)
			wide, _ := strconv.ParseFloat(tok, 64)
			// strtof's ERANGE: overflow to infinity or underflow to zero
			if isRangeErr(err) && !isInfLiteral(tok) || v == 0 && wide != 0 {
				return nil, pgerror.New(pgerror.NumericValueOutOfRange, "\"%s\" is out of range for type sparsevec", tok)
			}
			if err := checkElem("sparsevec", float32(v)); err != nil {
				return nil, err
			}
			// zeros are not stored, so their index is never checked
			if v != 0 {
				elems = append(elems, elem{max(n, math.MinInt32+1) - 1, float32(v)})
			}
			i = skipSpace(s, j)
			if i < len(s) && s[i] == ',' {
				i++
				continue
			}
			if i < len(s) && s[i] == '}' {
				i++
				break
			}
			return nil, bad("")
		}
	}
	i = skipSpace(s, i)
	if i >= len(s) || s[i] != '/' {
		return nil, bad("Unexpected end of input.")
	}
	dim, j, ok := scanLong(s, skipSpace(s, i+1))
	if !ok {
		return nil, bad("")
	}
	if k := skipSpace(s, j); k < len(s) {
		return nil, bad("Junk after closing.")
	}
	if err := checkSparseDim(dim); err != nil {
		return nil, err
	}
	if err := expectedDims(mod, int(dim)); err != nil {
		return nil, err
	}
	// pgvector sorts the elements by index, then checks each.
	sort.SliceStable(elems, func(a, b int) bool { return elems[a].idx < elems[b].idx })
	out := &SparseVec{Dim: int32(dim)}
	for k, e := range elems {
		if e.idx < 0 || e.idx >= dim {
			return nil, VectorError("sparsevec index out of bounds")
		}
		if k > 0 && e.idx == elems[k-1].idx {
			return nil, VectorError("sparsevec indices must not contain duplicates")
		}
		out.Idx = append(out.Idx, int32(e.idx))
		out.Vals = append(out.Vals, e.val)
	}
	return out, nil
}

// scanLong reads an integer at s[i:] as strtol does (leading spaces, a
// sign, digits), clamped to the int32 range as pgvector keeps it; j is
// where it ends and ok false when there are no digits.
func scanLong(s string, i int) (n int64, j int, ok bool) {
	j = skipSpace(s, i)
	neg := false
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		neg = s[j] == '-'
		j++
	}
	start := j
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		if n < math.MaxInt32+1 {
			n = n*10 + int64(s[j]-'0')
		}
		j++
	}
	if j == start {
		return 0, i, false
	}
	if neg {
		n = -n
	}
	return min(max(n, math.MinInt32), math.MaxInt32), j, true
}

// scanFloat returns the longest prefix of s[i:] strtof reads as a
// decimal number, infinity or NaN ("" when there is none).
func scanFloat(s string, i int) (string, int) {
	j := i
	if j < len(s) && (s[j] == '+' || s[j] == '-') {
		j++
	}
	for _, w := range []string{"infinity", "inf", "nan"} {
		if len(s)-j >= len(w) && strings.EqualFold(s[j:j+len(w)], w) {
			return s[i : j+len(w)], j + len(w)
		}
	}
	digits := 0
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j, digits = j+1, digits+1
	}
	if j < len(s) && s[j] == '.' {
		j++
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j, digits = j+1, digits+1
		}
	}
	if digits == 0 {
		return "", i
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if k < len(s) && s[k] >= '0' && s[k] <= '9' {
			for k < len(s) && s[k] >= '0' && s[k] <= '9' {
				k++
			}
			j = k
		}
	}
	return s[i:j], j
}

func (sparsevecBase) Output(v any) string { return v.(*SparseVec).String() }

func (sparsevecBase) AppendSend(buf []byte, v any) ([]byte, error) {
	x := v.(*SparseVec)
	buf = binary.BigEndian.AppendUint32(buf, uint32(x.Dim))
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(x.Idx)))
	buf = binary.BigEndian.AppendUint32(buf, 0)
	for _, ix := range x.Idx {
		buf = binary.BigEndian.AppendUint32(buf, uint32(ix))
	}
	for _, f := range x.Vals {
		buf = binary.BigEndian.AppendUint32(buf, math.Float32bits(f))
	}
	return buf, nil
}

func (sparsevecBase) Receive(b []byte) (any, error) {
	short := pgerror.New(pgerror.InvalidBinaryRepresentation, "insufficient data left in message")
	if len(b) < 12 {
		return nil, short
	}
	dim := int64(int32(binary.BigEndian.Uint32(b)))
	nnz := int64(int32(binary.BigEndian.Uint32(b[4:])))
	if err := checkSparseDim(dim); err != nil {
		return nil, err
	}
	if nnz < 0 || nnz > SparseMaxNNZ || nnz > dim {
		return nil, VectorError("sparsevec cannot have more than %d non-zero elements", SparseMaxNNZ)
	}
	if int64(len(b)) != 12+8*nnz {
		return nil, short
	}
	x := &SparseVec{Dim: int32(dim)}
	for i := int64(0); i < nnz; i++ {
		ix := int32(binary.BigEndian.Uint32(b[12+4*i:]))
		if ix < 0 || int64(ix) >= dim {
			return nil, VectorError("index out of bounds")
		}
		if i > 0 && ix <= x.Idx[i-1] {
			return nil, VectorError("indexes must be in ascending order")
		}
		f := math.Float32frombits(binary.BigEndian.Uint32(b[12+4*nnz+4*i:]))
		if err := checkElem("sparsevec", f); err != nil {
			return nil, err
		}
		if f == 0 {
			return nil, VectorError("binary representation of sparsevec cannot contain zero values")
		}
		x.Idx = append(x.Idx, ix)
		x.Vals = append(x.Vals, f)
	}
	return x, nil
}

// Compare orders sparse vectors as their dense forms compare.
func (sparsevecBase) Compare(a, b any) int {
	x, y := a.(*SparseVec), b.(*SparseVec)
	i, j := 0, 0
	for i < len(x.Idx) || j < len(y.Idx) {
		var xi, yi int32 = math.MaxInt32, math.MaxInt32
		if i < len(x.Idx) {
			xi = x.Idx[i]
		}
		if j < len(y.Idx) {
			yi = y.Idx[j]
		}
		var xv, yv float32
		pos := xi
		if yi < pos {
			pos = yi
		}
		if pos >= x.Dim || pos >= y.Dim {
			break
		}
		if xi == pos {
			xv = x.Vals[i]
			i++
		}
		if yi == pos {
			yv = y.Vals[j]
			j++
		}
		if xv != yv {
			if xv < yv {
				return -1
			}
			return 1
		}
	}
	return cmpInt(int(x.Dim), int(y.Dim))
}

func (sparsevecBase) TypmodIn(mods []int32) (int32, error) {
	return typmodDims("sparsevec", mods, SparseMaxDim)
}
func (sparsevecBase) TypmodOut(mod int32) string { return typmodOut(mod) }
func (sparsevecBase) ApplyMod(v any, mod int32) (any, error) {
	return v, expectedDims(mod, int(v.(*SparseVec).Dim))
}

func (sparsevecBase) CastContext(other *Type, toExt bool) CastContext {
	switch {
	case toExt && isFloatArraySource(other):
		return CastAssignment
	case other.Kind == KindExt && (other.Name == "vector" || other.Name == "halfvec"):
		return CastAssignment
	}
	return castNone
}

func (sparsevecBase) CastFrom(v any, from *Type, mod int32) (any, error) {
	var out *SparseVec
	switch x := v.(type) {
	case *Array:
		e, err := floatsOfArray("sparsevec", x, float4Elem("sparsevec"))
		if err != nil {
			return nil, err
		}
		out = SparseOfDense(e)
	case *Vector:
		out = SparseOfDense(x.Elems)
	case *HalfVec:
		out = SparseOfDense(x.Elems)
	default:
		return nil, pgerror.New(pgerror.CannotCoerce, "cannot cast to sparsevec")
	}
	if len(out.Idx) > SparseMaxNNZ {
		return nil, pgerror.New(pgerror.ProgramLimitExceeded, "sparsevec cannot have more than %d non-zero elements", SparseMaxNNZ)
	}
	return out, expectedDims(mod, int(out.Dim))
}

func (sparsevecBase) CastTo(v any, to *Type) (any, error) {
	t := to.Base()
	if t.Kind == KindExt && t.Name == "vector" {
		return vectorBase{}.CastFrom(v, nil, to.Mod)
	}
	if t.Kind == KindExt && t.Name == "halfvec" {
		return halfvecBase{}.CastFrom(v, nil, to.Mod)
	}
	return nil, pgerror.New(pgerror.CannotCoerce, "cannot cast type sparsevec to %s", to.FormatType())
}
