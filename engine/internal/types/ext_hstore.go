package types

import (
	"bytes"
	"encoding/binary"
	"sort"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// The hstore contrib module's type (PostgreSQL docs F.18): a set of
// key/value pairs, keys unique (the first of duplicates kept on input),
// ordered shorter keys first then bytewise, values text or NULL. Text
// form "k"=>"v", "n"=>NULL; the binary form is the pair count, then each
// key and value as length-prefixed bytes (length -1: NULL). hstore casts
// to json and jsonb explicitly.

// HstoreMaxLen bounds keys and values, as hstore's 1 GB entries do.
const HstoreMaxLen = 1<<30 - 1

// Hstore is a value of type hstore. Values are immutable.
type Hstore struct {
	Keys []string
	Vals []*string // nil: NULL
}

// HstorePair is one key/value pair; Val nil is NULL.
type HstorePair struct {
	Key string
	Val *string
}

// NewHstore builds an hstore from pairs: sorted, the first of each
// duplicated key kept (firstWins) or the last (later pairs override, as
// hstore || and hstore(text[], text[]) treat them).
func NewHstore(pairs []HstorePair, firstWins bool) *Hstore {
	sort.SliceStable(pairs, func(i, j int) bool { return hstoreKeyLess(pairs[i].Key, pairs[j].Key) })
	h := &Hstore{}
	for i := 0; i < len(pairs); i++ {
		p := pairs[i]
		j := i
		for j+1 < len(pairs) && pairs[j+1].Key == p.Key {
			j++
		}
		if !firstWins {
			p = pairs[j]
		}
		h.Keys = append(h.Keys, p.Key)
		h.Vals = append(h.Vals, p.Val)
		i = j
	}
	return h
}

func hstoreKeyLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// Get returns the value under key: found false when absent.
func (h *Hstore) Get(key string) (val *string, found bool) {
	i := sort.Search(len(h.Keys), func(i int) bool { return !hstoreKeyLess(h.Keys[i], key) })
	if i < len(h.Keys) && h.Keys[i] == key {
		return h.Vals[i], true
	}
	return nil, false
}

// Pairs returns the pairs in order.
func (h *Hstore) Pairs() []HstorePair {
	out := make([]HstorePair, len(h.Keys))
	for i, k := range h.Keys {
		out[i] = HstorePair{k, h.Vals[i]}
	}
	return out
}

// String is the text form.
func (h *Hstore) String() string {
	var b strings.Builder
	for i, k := range h.Keys {
		if i > 0 {
			b.WriteString(", ")
		}
		hstoreQuote(&b, k)
		b.WriteString("=>")
		if h.Vals[i] == nil {
			b.WriteString("NULL")
		} else {
			hstoreQuote(&b, *h.Vals[i])
		}
	}
	return b.String()
}

func hstoreQuote(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		if s[i] == '"' || s[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	b.WriteByte('"')
}

// ParseHstore reads hstore's text form as hstore_in does.
func ParseHstore(s string) (*Hstore, error) {
	p := hstoreParser{s: s}
	pairs, err := p.parse()
	if err != nil {
		return nil, err
	}
	for _, pr := range pairs {
		if len(pr.Key) > HstoreMaxLen {
			return nil, pgerror.New(pgerror.ProgramLimitExceeded, "string too long for hstore key")
		}
		if pr.Val != nil && len(*pr.Val) > HstoreMaxLen {
			return nil, pgerror.New(pgerror.ProgramLimitExceeded, "string too long for hstore value")
		}
	}
	return NewHstore(pairs, true), nil
}

type hstoreParser struct {
	s   string
	pos int
}

// near is hstore_in's syntax error (an elog: XX000) at the current
// byte.
func (p *hstoreParser) near() error {
	return pgerror.New(pgerror.InternalError, "Syntax error near \"%s\" at position %d", p.s[p.pos:p.pos+1], p.pos)
}

func hstoreEnd() error {
	return pgerror.New(pgerror.InternalError, "Unexpected end of string")
}

func isHstoreSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// word reads one key (value false) or value: a double-quoted string
// with backslash escapes, or a run of other characters in which a
// backslash escapes the next one. An unquoted key ends at white space or
// '='; an unquoted value at white space or ','. ok is false at the end
// of the input before any word.
func (p *hstoreParser) word(value bool) (w string, quoted, ok bool, err error) {
	var b strings.Builder
	for p.pos < len(p.s) && isHstoreSpace(p.s[p.pos]) {
		p.pos++
	}
	if p.pos >= len(p.s) {
		return "", false, false, nil
	}
	switch c := p.s[p.pos]; {
	case c == '"':
		p.pos++
		for {
			if p.pos >= len(p.s) {
				return "", false, false, hstoreEnd()
			}
			c := p.s[p.pos]
			p.pos++
			switch c {
			case '"':
				return b.String(), true, true, nil
			case '\\':
				if p.pos >= len(p.s) {
					return "", false, false, hstoreEnd()
				}
				b.WriteByte(p.s[p.pos])
				p.pos++
			default:
				b.WriteByte(c)
			}
		}
	case c == '=' && !value:
		return "", false, false, p.near()
	}
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		switch {
		case c == '\\':
			p.pos++
			if p.pos >= len(p.s) {
				return "", false, false, hstoreEnd()
			}
			b.WriteByte(p.s[p.pos])
		case c == '=' && !value, c == ',' && value, isHstoreSpace(c):
			return b.String(), false, true, nil
		default:
			b.WriteByte(c)
		}
		p.pos++
	}
	return b.String(), false, true, nil
}

func (p *hstoreParser) skipSpace() {
	for p.pos < len(p.s) && isHstoreSpace(p.s[p.pos]) {
		p.pos++
	}
}

func (p *hstoreParser) parse() ([]HstorePair, error) {
	var pairs []HstorePair
	for {
		key, _, ok, err := p.word(false)
		if err != nil {
			return nil, err
		}
		if !ok {
			return pairs, nil
		}
		p.skipSpace()
		if p.pos >= len(p.s) {
			return nil, hstoreEnd()
		}
		if p.s[p.pos] != '=' {
			return nil, p.near()
		}
		p.pos++
		if p.pos >= len(p.s) {
			return nil, hstoreEnd()
		}
		if p.s[p.pos] != '>' {
			return nil, p.near()
		}
		p.pos++
		val, quoted, ok, err := p.word(true)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, hstoreEnd()
		}
		pr := HstorePair{Key: key}
		if quoted || !strings.EqualFold(val, "null") {
			v := val
			pr.Val = &v
		}
		pairs = append(pairs, pr)
		p.skipSpace()
		if p.pos >= len(p.s) {
			return pairs, nil
		}
		if p.s[p.pos] != ',' {
			return nil, p.near()
		}
		p.pos++
	}
}

type hstoreBase struct{}

func (hstoreBase) Input(s string, _ int32) (any, error) { return ParseHstore(s) }
func (hstoreBase) Output(v any) string                  { return v.(*Hstore).String() }

func (hstoreBase) AppendSend(buf []byte, v any) ([]byte, error) {
	h := v.(*Hstore)
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(h.Keys)))
	for i, k := range h.Keys {
		buf = binary.BigEndian.AppendUint32(buf, uint32(len(k)))
		buf = append(buf, k...)
		if h.Vals[i] == nil {
			buf = binary.BigEndian.AppendUint32(buf, 0xffffffff)
			continue
		}
		buf = binary.BigEndian.AppendUint32(buf, uint32(len(*h.Vals[i])))
		buf = append(buf, *h.Vals[i]...)
	}
	return buf, nil
}

func (hstoreBase) Receive(b []byte) (any, error) {
	bad := func() error {
		return pgerror.New(pgerror.InvalidBinaryRepresentation, "insufficient data left in message")
	}
	read := func() (int32, error) {
		if len(b) < 4 {
			return 0, bad()
		}
		n := int32(binary.BigEndian.Uint32(b))
		b = b[4:]
		return n, nil
	}
	n, err := read()
	if err != nil {
		return nil, err
	}
	if n < 0 || int(n) > len(b)/8 {
		return nil, pgerror.New(pgerror.ProgramLimitExceeded, "number of pairs (%d) exceeds the maximum allowed", n)
	}
	pairs := make([]HstorePair, 0, n)
	for i := int32(0); i < n; i++ {
		kl, err := read()
		if err != nil {
			return nil, err
		}
		if kl < 0 {
			return nil, pgerror.New(pgerror.NullValueNotAllowed, "null value not allowed for hstore key")
		}
		if int(kl) > len(b) {
			return nil, bad()
		}
		key := string(b[:kl])
		b = b[kl:]
		vl, err := read()
		if err != nil {
			return nil, err
		}
		pr := HstorePair{Key: key}
		if vl >= 0 {
			if int(vl) > len(b) {
				return nil, bad()
			}
			v := string(b[:vl])
			b = b[vl:]
			pr.Val = &v
		}
		pairs = append(pairs, pr)
	}
	return NewHstore(pairs, true), nil
}

// Compare orders hstores pair by pair (key, then NULL after a value,
// then the value), then by size; equal hstores compare 0.
func (hstoreBase) Compare(a, b any) int {
	x, y := a.(*Hstore), b.(*Hstore)
	for i := 0; i < len(x.Keys) && i < len(y.Keys); i++ {
		if x.Keys[i] != y.Keys[i] {
			if hstoreKeyLess(x.Keys[i], y.Keys[i]) {
				return -1
			}
			return 1
		}
		xv, yv := x.Vals[i], y.Vals[i]
		switch {
		case xv == nil && yv == nil:
		case xv == nil:
			return 1
		case yv == nil:
			return -1
		case *xv != *yv:
			return strings.Compare(*xv, *yv)
		}
	}
	return cmpInt(len(x.Keys), len(y.Keys))
}

func (hstoreBase) TypmodIn([]int32) (int32, error)      { return -1, nil }
func (hstoreBase) TypmodOut(int32) string               { return "" }
func (hstoreBase) ApplyMod(v any, _ int32) (any, error) { return v, nil }

// CastContext: hstore to json and jsonb explicitly (hstore_to_json,
// hstore_to_jsonb).
func (hstoreBase) CastContext(other *Type, toExt bool) CastContext {
	if !toExt && (other.Base().Kind == KindJSON || other.Base().Kind == KindJSONB) {
		return CastExplicit
	}
	return castNone
}

func (b hstoreBase) CastFrom(v any, from *Type, _ int32) (any, error) {
	return nil, CannotCast(from, &Type{Kind: KindExt, Name: "hstore", SQLName: "hstore", Mod: -1, Ext: b})
}

func (hstoreBase) CastTo(v any, to *Type) (any, error) {
	return Input(to, HstoreJSON(v.(*Hstore), false), nil)
}

// HstoreJSON is hstore_to_json's text: an object of string (or null)
// values; loose makes numeric-looking values numbers and t/f booleans
// (hstore_to_json_loose).
func HstoreJSON(h *Hstore, loose bool) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, k := range h.Keys {
		if i > 0 {
			b.WriteString(", ")
		}
		writeJSONText(&b, k)
		b.WriteString(": ")
		switch v := h.Vals[i]; {
		case v == nil:
			b.WriteString("null")
		case loose && (*v == "t" || *v == "f"):
			if *v == "t" {
				b.WriteString("true")
			} else {
				b.WriteString("false")
			}
		case loose && looseNumber(*v):
			b.WriteString(*v)
		default:
			writeJSONText(&b, *v)
		}
	}
	b.WriteByte('}')
	return b.String()
}

func writeJSONText(b *strings.Builder, s string) {
	var tmp bytes.Buffer
	WriteJSONString(&tmp, s)
	b.Write(tmp.Bytes())
}

// looseNumber is hstore_to_json_loose's number test: an optional minus,
// digits without a leading zero (or a lone 0), an optional fraction and
// exponent.
func looseNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	start := i
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == start || s[start] == '0' && i-start > 1 {
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		f := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == f {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		e := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == e {
			return false
		}
	}
	return i == len(s)
}

// JSONCast is hstore's cast to json (hstore_to_json), which to_json,
// row_to_json and json_agg use.
func (h *Hstore) JSONCast() (string, bool) { return HstoreJSON(h, false), true }
