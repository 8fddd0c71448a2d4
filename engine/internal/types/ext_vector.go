package types

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// pgvector's vector (0.8): up to VectorMaxDim single-precision
// dimensions, written [1,2,3], typmod the number of dimensions. NaN and
// infinities are refused; btree order is element by element, then the
// shorter first. The binary form is int16 dimensions, int16 unused, then
// each element as float4.

// VectorMaxDim is the most dimensions a vector or halfvec may have.
const VectorMaxDim = 16000

// Vector is a value of type vector. Values are immutable; memo holds the
// last distance computed from it (Memo).
type Vector struct {
	Elems []float32
	memo  atomic.Pointer[distMemo]
}

type distMemo struct {
	q  *Vector
	fn uint8
	d  float64
}

// Memo returns f(), the distance number fn from v to q, remembering the
// last one: a sort by embedding <=> q compares each row several times
// and evaluates the distance at each comparison, and q is one value for
// the whole statement.
func (v *Vector) Memo(q *Vector, fn uint8, f func() float64) float64 {
	if m := v.memo.Load(); m != nil && m.q == q && m.fn == fn {
		return m.d
	}
	d := f()
	v.memo.Store(&distMemo{q: q, fn: fn, d: d})
	return d
}

// String is the text form.
func (v *Vector) String() string { return formatDense(v.Elems) }

// HalfVec is a value of type halfvec: its elements are kept as float32
// holding half-precision values.
type HalfVec struct{ Elems []float32 }

// String is the text form.
func (v *HalfVec) String() string { return formatDense(v.Elems) }

func formatDense(e []float32) string {
	var b strings.Builder
	b.Grow(len(e)*8 + 2)
	b.WriteByte('[')
	for i, f := range e {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(formatFloat(float64(f), 32))
	}
	b.WriteByte(']')
	return b.String()
}

// VectorError is pgvector's data exception (22000) with message msg.
func VectorError(format string, args ...any) *pgerror.Error {
	return pgerror.New(pgerror.DataException, format, args...)
}

// CheckDims is the dimension check of every binary vector function.
func CheckDims(a, b int) error {
	if a != b {
		return VectorError("different vector dimensions %d and %d", a, b)
	}
	return nil
}

func expectedDims(mod int32, n int) error {
	if mod >= 0 && int(mod) != n {
		return VectorError("expected %d dimensions, not %d", mod, n)
	}
	return nil
}

func checkDenseDims(name string, n int) error {
	if n < 1 {
		return VectorError("%s must have at least 1 dimension", name)
	}
	if n > VectorMaxDim {
		return pgerror.New(pgerror.ProgramLimitExceeded, "%s cannot have more than %d dimensions", name, VectorMaxDim)
	}
	return nil
}

// checkElem refuses NaN and infinities.
func checkElem(name string, f float32) error {
	if f != f {
		return VectorError("NaN not allowed in %s", name)
	}
	if math.IsInf(float64(f), 0) {
		return VectorError("infinite value not allowed in %s", name)
	}
	return nil
}

// parseDense reads [a,b,...] as pgvector's vector_in does; each element
// goes through conv (float4, or half precision for halfvec).
func parseDense(name, s string, conv func(tok string, f float64) (float32, error)) ([]float32, error) {
	bad := func() error {
		return pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type %s: %s", name, quoteExtInput(s))
	}
	malformed := func(detail string) error {
		e := pgerror.New(pgerror.InvalidTextRepresentation, "malformed %s literal: %s", name, quoteExtInput(s))
		if detail != "" {
			e = e.WithDetail("%s", detail)
		}
		return e
	}
	i := skipSpace(s, 0)
	if i >= len(s) || s[i] != '[' {
		return nil, malformed(`Vector contents must start with "[".`)
	}
	i = skipSpace(s, i+1)
	close := strings.IndexByte(s[i:], ']')
	if close < 0 {
		return nil, malformed("Unexpected end of input.")
	}
	var out []float32
	if s[i] != ']' {
		for {
			if s[i] == ',' {
				return nil, malformed("")
			}
			i = skipSpace(s, i)
			j := i
			for j < len(s) && s[j] != ',' && s[j] != ']' && !isSpaceByte(s[j]) {
				j++
			}
			tok := s[i:j]
			if tok == "" || strings.ContainsRune(tok, '_') {
				return nil, bad()
			}
			f, err := strconv.ParseFloat(tok, 64)
			if err != nil && !isRangeErr(err) {
				return nil, bad()
			}
			// strtof's ERANGE: a literal too big for float4 (not an
			// explicit Infinity, which checkElem refuses)
			if math.IsInf(float64(float32(f)), 0) && !isInfLiteral(tok) {
				return nil, pgerror.New(pgerror.NumericValueOutOfRange, "\"%s\" is out of range for type %s", tok, name)
			}
			v, err := conv(tok, f)
			if err != nil {
				return nil, err
			}
			if len(out) >= VectorMaxDim {
				return nil, checkDenseDims(name, VectorMaxDim+1)
			}
			out = append(out, v)
			i = skipSpace(s, j)
			if i >= len(s) {
				return nil, malformed("Unexpected end of input.")
			}
			if s[i] == ']' {
				break
			}
			if s[i] != ',' {
				return nil, bad()
			}
			i++
			if i >= len(s) {
				return nil, malformed("Unexpected end of input.")
			}
		}
	}
	if k := skipSpace(s, i+1); k < len(s) {
		return nil, malformed("Junk after closing right brace.")
	}
	if err := checkDenseDims(name, len(out)); err != nil {
		return nil, err
	}
	return out, nil
}

// isInfLiteral reports whether tok spells infinity as strtof reads it.
func isInfLiteral(tok string) bool {
	t := strings.TrimLeft(tok, "+-")
	return strings.EqualFold(t, "inf") || strings.EqualFold(t, "infinity")
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// float4Elem converts a parsed element to float4, refusing NaN and
// infinities (an out-of-range literal overflows to infinity).
func float4Elem(name string) func(string, float64) (float32, error) {
	return func(_ string, f float64) (float32, error) {
		v := float32(f)
		return v, checkElem(name, v)
	}
}

func typmodDims(name string, mods []int32, max int32) (int32, error) {
	if len(mods) != 1 {
		return 0, pgerror.New(pgerror.InvalidParameterValue, "invalid type modifier")
	}
	if mods[0] < 1 {
		return 0, pgerror.New(pgerror.InvalidParameterValue, "dimensions for type %s must be at least 1", name)
	}
	if mods[0] > max {
		return 0, pgerror.New(pgerror.InvalidParameterValue, "dimensions for type %s cannot exceed %d", name, max)
	}
	return mods[0], nil
}

func typmodOut(mod int32) string {
	if mod < 0 {
		return ""
	}
	return "(" + strconv.Itoa(int(mod)) + ")"
}

// floatsOfArray reads a one-dimensional array of int4, float4, float8 or
// numeric as the elements of a vector (pgvector's array_to_vector).
func floatsOfArray(name string, v any, conv func(tok string, f float64) (float32, error)) ([]float32, error) {
	a, ok := v.(*Array)
	if !ok {
		return nil, VectorError("unsupported array type")
	}
	if len(a.Dims) > 1 {
		return nil, VectorError("array must be 1-D")
	}
	if err := checkDenseDims(name, len(a.Values)); err != nil {
		return nil, err
	}
	out := make([]float32, len(a.Values))
	for i, e := range a.Values {
		var f float64
		switch x := e.(type) {
		case nil:
			return nil, pgerror.New(pgerror.NullValueNotAllowed, "array must not contain nulls")
		case int16:
			f = float64(x)
		case int32:
			f = float64(x)
		case int64:
			f = float64(x)
		case float32:
			f = float64(x)
		case float64:
			f = x
		case decimal.Decimal:
			f, _ = x.Float64()
		case NumericSpecial:
			f = math.NaN()
		default:
			return nil, VectorError("unsupported array type")
		}
		var err error
		if out[i], err = conv(strconv.FormatFloat(f, 'g', -1, 64), f); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func isFloatArraySource(t *Type) bool {
	if t.Kind != KindArray || t.Elem == nil {
		return false
	}
	switch t.Elem.Base().Kind {
	case KindInt4, KindFloat4, KindFloat8, KindNumeric:
		return true
	}
	return false
}

// vectorBase implements vector.
type vectorBase struct{}

var _ ExtBase = vectorBase{}

func (vectorBase) Input(s string, mod int32) (any, error) {
	e, err := parseDense("vector", s, float4Elem("vector"))
	if err != nil {
		return nil, err
	}
	if err := expectedDims(mod, len(e)); err != nil {
		return nil, err
	}
	return &Vector{Elems: e}, nil
}

func (vectorBase) Output(v any) string { return v.(*Vector).String() }

func (vectorBase) AppendSend(buf []byte, v any) ([]byte, error) {
	e := v.(*Vector).Elems
	buf = binary.BigEndian.AppendUint16(buf, uint16(len(e)))
	buf = binary.BigEndian.AppendUint16(buf, 0)
	for _, f := range e {
		buf = binary.BigEndian.AppendUint32(buf, math.Float32bits(f))
	}
	return buf, nil
}

func (vectorBase) Receive(b []byte) (any, error) {
	if len(b) < 4 {
		return nil, pgerror.New(pgerror.InvalidBinaryRepresentation, "insufficient data left in message")
	}
	n := int(int16(binary.BigEndian.Uint16(b)))
	if binary.BigEndian.Uint16(b[2:]) != 0 {
		return nil, VectorError("expected unused to be 0, not %d", binary.BigEndian.Uint16(b[2:]))
	}
	if err := checkDenseDims("vector", n); err != nil {
		return nil, err
	}
	if len(b) != 4+4*n {
		return nil, pgerror.New(pgerror.InvalidBinaryRepresentation, "insufficient data left in message")
	}
	e := make([]float32, n)
	for i := range e {
		e[i] = math.Float32frombits(binary.BigEndian.Uint32(b[4+4*i:]))
		if err := checkElem("vector", e[i]); err != nil {
			return nil, err
		}
	}
	return &Vector{Elems: e}, nil
}

func (vectorBase) Compare(a, b any) int { return compareDense(a.(*Vector).Elems, b.(*Vector).Elems) }

func compareDense(a, b []float32) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] < b[i] {
			return -1
		}
		if a[i] > b[i] {
			return 1
		}
	}
	return cmpInt(len(a), len(b))
}

func (vectorBase) TypmodIn(mods []int32) (int32, error) {
	return typmodDims("vector", mods, VectorMaxDim)
}
func (vectorBase) TypmodOut(mod int32) string { return typmodOut(mod) }

func (vectorBase) ApplyMod(v any, mod int32) (any, error) {
	return v, expectedDims(mod, len(v.(*Vector).Elems))
}

// CastContext: pgvector's casts — arrays of int4/float4/float8/numeric
// to vector by assignment, vector to real[] implicitly, halfvec and
// vector implicitly both ways, sparsevec and vector by assignment.
func (vectorBase) CastContext(other *Type, toExt bool) CastContext {
	switch {
	case toExt && isFloatArraySource(other):
		return CastAssignment
	case !toExt && other.Kind == KindArray && other.Elem != nil && other.Elem.Kind == KindFloat4:
		return CastImplicit
	case other.Kind == KindExt && other.Name == "halfvec":
		return CastImplicit
	case other.Kind == KindExt && other.Name == "sparsevec":
		return CastAssignment
	}
	return castNone
}

func (b vectorBase) CastFrom(v any, from *Type, mod int32) (any, error) {
	var e []float32
	var err error
	switch x := v.(type) {
	case *Array:
		e, err = floatsOfArray("vector", x, float4Elem("vector"))
	case *HalfVec:
		e = append([]float32(nil), x.Elems...)
	case *SparseVec:
		if err = checkDenseDims("vector", int(x.Dim)); err == nil {
			e = x.dense()
		}
	default:
		return nil, CannotCast(from, &Type{Kind: KindExt, Name: "vector", SQLName: "vector", Mod: -1, Ext: b})
	}
	if err != nil {
		return nil, err
	}
	if err := expectedDims(mod, len(e)); err != nil {
		return nil, err
	}
	return &Vector{Elems: e}, nil
}

func (vectorBase) CastTo(v any, to *Type) (any, error) {
	return denseCastTo("vector", v.(*Vector).Elems, v, to)
}

// denseCastTo casts v, a vector or halfvec (named from) with elements e,
// to real[] or to another of pgvector's types.
func denseCastTo(from string, e []float32, v any, to *Type) (any, error) {
	t := to.Base()
	switch {
	case t.Kind == KindArray:
		vals := make([]any, len(e))
		for i, f := range e {
			vals[i] = f
		}
		return NewArray(Float4, vals), nil
	case t.Kind != KindExt || t.Name == from:
	case t.Name == "vector":
		return vectorBase{}.CastFrom(v, nil, to.Mod)
	case t.Name == "halfvec":
		return halfvecBase{}.CastFrom(v, nil, to.Mod)
	case t.Name == "sparsevec":
		return sparsevecBase{}.CastFrom(v, nil, to.Mod)
	}
	return nil, pgerror.New(pgerror.CannotCoerce, "cannot cast type %s to %s", from, to.FormatType())
}
