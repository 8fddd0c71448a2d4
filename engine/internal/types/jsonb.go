package types

import (
	"bytes"
	"encoding/json"
	"io"
	"sort"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// JSONDoc is a jsonb document. V is nil (JSON null), bool, string,
// decimal.Decimal, []any, or *JSONObject — values nested inside are of the
// same forms (never JSONDoc).
type JSONDoc struct{ V any }

// String is the document's jsonb text. go-mysql-server hashes GROUP BY
// and DISTINCT keys (and IN lists, hash joins) by printing values with
// %v, which for an object would print its pointer: equal documents
// built apart would never group together.
func (d JSONDoc) String() string { return FormatJSONB(d.V) }

// JSONObject is a jsonb object: keys unique and ordered as PostgreSQL orders
// them (shorter keys first, then bytewise), as jsonb stores them.
type JSONObject struct {
	Keys []string
	Vals []any
}

// Get returns the value under key.
func (o *JSONObject) Get(key string) (any, bool) {
	i := sort.Search(len(o.Keys), func(i int) bool { return !jsonKeyLess(o.Keys[i], key) })
	if i < len(o.Keys) && o.Keys[i] == key {
		return o.Vals[i], true
	}
	return nil, false
}

func jsonKeyLess(a, b string) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// NewJSONObject builds an object from keys and values; later duplicates win.
func NewJSONObject(keys []string, vals []any) *JSONObject {
	m := map[string]any{}
	for i, k := range keys {
		m[k] = vals[i]
	}
	o := &JSONObject{}
	for k := range m {
		o.Keys = append(o.Keys, k)
	}
	sort.Slice(o.Keys, func(i, j int) bool { return jsonKeyLess(o.Keys[i], o.Keys[j]) })
	for _, k := range o.Keys {
		o.Vals = append(o.Vals, m[k])
	}
	return o
}

// ParseJSON parses JSON text into the jsonb value form.
func ParseJSON(s string, typ *Type) (any, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	v, err := decodeJSON(dec)
	if err == nil {
		if _, err2 := dec.Token(); err2 != io.EOF {
			err = errBadJSON
		}
	}
	if err != nil {
		return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type json").WithDetail("Token %q is invalid.", strings.TrimSpace(s))
	}
	if typ.Base().Kind == KindJSONB && hasNULEscape(s) {
		// jsonb stores text, which cannot hold NUL (json keeps the escape as written)
		return nil, pgerror.New(pgerror.UntranslatableCharacter, "unsupported Unicode escape sequence").
			WithDetail(`\u0000 cannot be converted to text.`)
	}
	return v, nil
}

// hasNULEscape reports whether JSON text contains the escape \u0000.
func hasNULEscape(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		if s[i+1] == 'u' && strings.HasPrefix(s[i+2:], "0000") {
			return true
		}
		i++ // skip the escaped character
	}
	return false
}

var errBadJSON = pgerror.New(pgerror.InvalidTextRepresentation, "invalid json")

func decodeJSON(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			var keys []string
			var vals []any
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				k, ok := kt.(string)
				if !ok {
					return nil, errBadJSON
				}
				v, err := decodeJSON(dec)
				if err != nil {
					return nil, err
				}
				keys = append(keys, k)
				vals = append(vals, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return NewJSONObject(keys, vals), nil
		case '[':
			arr := []any{}
			for dec.More() {
				v, err := decodeJSON(dec)
				if err != nil {
					return nil, err
				}
				arr = append(arr, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return arr, nil
		}
		return nil, errBadJSON
	case json.Number:
		d, err := decimal.NewFromString(string(t))
		if err != nil {
			return nil, errBadJSON
		}
		return d, nil
	default:
		return t, nil // nil, bool, string
	}
}

// FormatJSONB prints a jsonb value as PostgreSQL does (", " and ": ").
func FormatJSONB(v any) string {
	var b bytes.Buffer
	writeJSONB(&b, v)
	return b.String()
}

func writeJSONB(b *bytes.Buffer, v any) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case string:
		WriteJSONString(b, x)
	case decimal.Decimal:
		b.WriteString(FormatNumeric(x))
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSONB(b, e)
		}
		b.WriteByte(']')
	case *JSONObject:
		b.WriteByte('{')
		for i, k := range x.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			WriteJSONString(b, k)
			b.WriteString(": ")
			writeJSONB(b, x.Vals[i])
		}
		b.WriteByte('}')
	case JSONDoc:
		writeJSONB(b, x.V)
	default:
		WriteJSONString(b, "?")
	}
}

// WriteJSONString writes s as a JSON string literal with PostgreSQL's escapes.
func WriteJSONString(b *bytes.Buffer, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			if r < 0x20 {
				b.WriteString(`\u00`)
				b.WriteString(strconv.FormatInt(int64(r)>>4, 16))
				b.WriteString(strconv.FormatInt(int64(r)&15, 16))
			} else {
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}

// JSONTypeOrder ranks jsonb kinds for comparison as PostgreSQL does
// (object > array > boolean > number > string > null).
func jsonRank(v any) int {
	switch x := v.(type) {
	case nil:
		return 0
	case string:
		return 1
	case decimal.Decimal:
		return 2
	case bool:
		return 3
	case []any:
		_ = x
		return 4
	case *JSONObject:
		return 5
	}
	return 0
}

// CompareJSONB orders two jsonb documents. PostgreSQL stores a top-level
// scalar as a one-element array, and arrays compare by length first: so
// at the top level an empty array sorts before every scalar (null too)
// and a scalar before any array of one element.
func CompareJSONB(a, b any) int {
	xa, aArr := a.([]any)
	xb, bArr := b.([]any)
	_, aObj := a.(*JSONObject)
	_, bObj := b.(*JSONObject)
	switch {
	case aArr && !bArr && !bObj:
		if len(xa) != 1 {
			return cmpInt(len(xa), 1)
		}
		return 1
	case bArr && !aArr && !aObj:
		if len(xb) != 1 {
			return cmpInt(1, len(xb))
		}
		return -1
	}
	return compareJSONBValues(a, b)
}

// compareJSONBValues orders jsonb values by kind, then value.
func compareJSONBValues(a, b any) int {
	ra, rb := jsonRank(a), jsonRank(b)
	if ra != rb {
		return cmpInt(ra, rb)
	}
	switch x := a.(type) {
	case string:
		return strings.Compare(x, b.(string))
	case decimal.Decimal:
		return x.Cmp(b.(decimal.Decimal))
	case bool:
		y := b.(bool)
		if x == y {
			return 0
		} else if !x {
			return -1
		}
		return 1
	case []any:
		y := b.([]any)
		if len(x) != len(y) {
			return cmpInt(len(x), len(y))
		}
		for i := range x {
			if c := compareJSONBValues(x[i], y[i]); c != 0 {
				return c
			}
		}
	case *JSONObject:
		y := b.(*JSONObject)
		if len(x.Keys) != len(y.Keys) {
			return cmpInt(len(x.Keys), len(y.Keys))
		}
		for i := range x.Keys {
			if x.Keys[i] != y.Keys[i] {
				if jsonKeyLess(x.Keys[i], y.Keys[i]) {
					return -1
				}
				return 1
			}
			if c := compareJSONBValues(x.Vals[i], y.Vals[i]); c != 0 {
				return c
			}
		}
	}
	return 0
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// JSONBKey is a text form of a jsonb value equal for equal documents
// (numbers compare by value: 1.0 and 1 give one key), for hashing.
func JSONBKey(v any) string {
	var b bytes.Buffer
	writeJSONBKey(&b, v)
	return b.String()
}

func writeJSONBKey(b *bytes.Buffer, v any) {
	switch x := v.(type) {
	case decimal.Decimal:
		b.WriteString(x.Rat().RatString())
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONBKey(b, e)
		}
		b.WriteByte(']')
	case *JSONObject:
		b.WriteByte('{')
		for i, k := range x.Keys {
			if i > 0 {
				b.WriteByte(',')
			}
			WriteJSONString(b, k)
			b.WriteByte(':')
			writeJSONBKey(b, x.Vals[i])
		}
		b.WriteByte('}')
	default: // nil, bool, string
		writeJSONB(b, v)
	}
}
