package types

import (
	"bytes"
	"math"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Compare orders two non-NULL values of type t as PostgreSQL's btree
// operator class does. NULLs sort after everything (callers decide whether
// NULL ordering applies).
func Compare(t *Type, a, b any) int {
	if a == nil || b == nil {
		switch {
		case a == nil && b == nil:
			return 0
		case a == nil:
			return 1
		}
		return -1
	}
	bt := t.Base()
	if bt.Kind == KindEnum {
		return cmpInt(labelIndex(bt, a), labelIndex(bt, b))
	}
	if bt.Kind == KindCidr {
		return compareCidr(a, b) // net_types.go
	}
	if bt.Kind == KindExt {
		return bt.Ext.Compare(a, b) // ext.go
	}
	if bt.Kind == KindTID {
		return compareTID(a, b) // tid.go
	}
	if bt.Kind == KindRegconfig {
		return regconfigKind.compare(a, b) // regconfig.go
	}
	if bt.Kind == KindRegdictionary {
		return regdictionaryKind.compare(a, b)
	}
	if bt.Kind == KindBpchar {
		return strings.Compare(strings.TrimRight(a.(string), " "), strings.TrimRight(b.(string), " "))
	}
	return CompareValues(a, b)
}

func labelIndex(t *Type, v any) int {
	s, _ := v.(string)
	for i, l := range t.Labels {
		if l == s {
			return i
		}
	}
	return -1
}

// CompareValues orders two values by their Go representation.
func CompareValues(a, b any) int {
	if _, ok := a.(NumericSpecial); ok {
		return compareNumericSpecial(a, b)
	}
	if _, ok := b.(NumericSpecial); ok {
		return compareNumericSpecial(a, b)
	}
	switch x := a.(type) {
	case bool:
		y, _ := b.(bool)
		if x == y {
			return 0
		} else if !x {
			return -1
		}
		return 1
	case int16, int32, int64, uint32:
		if yi, ok := asInt64(b); ok {
			xi, _ := asInt64(x)
			return cmpInt64(xi, yi)
		}
		xi, _ := asInt64(x)
		if d, ok := b.(decimal.Decimal); ok {
			return decimal.NewFromInt(xi).Cmp(d)
		}
		if f, ok := asFloat(b); ok {
			return cmpFloat(float64(xi), f)
		}
	case float32, float64:
		xf, _ := asFloat(x)
		if d, ok := b.(decimal.Decimal); ok {
			return cmpFloat(xf, d.InexactFloat64())
		}
		yf, _ := asFloat(b)
		return cmpFloat(xf, yf)
	case decimal.Decimal:
		switch y := b.(type) {
		case decimal.Decimal:
			return x.Cmp(y)
		case float32, float64:
			yf, _ := asFloat(y)
			return cmpFloat(x.InexactFloat64(), yf)
		default:
			if yi, ok := asInt64(b); ok {
				return x.Cmp(decimal.NewFromInt(yi))
			}
		}
	case string:
		y, _ := b.(string)
		return strings.Compare(x, y)
	case RangeVal:
		y, _ := b.(RangeVal)
		return CompareRanges(x, y)
	case MultirangeVal:
		y, _ := b.(MultirangeVal)
		return CompareMultiranges(x, y)
	case TimeTZ:
		y, _ := b.(TimeTZ)
		return CompareTimeTZ(x, y)
	case Money:
		y, _ := b.(Money)
		return cmpInt64(int64(x), int64(y))
	case []byte:
		y, _ := b.([]byte)
		return bytes.Compare(x, y)
	case DateVal:
		switch y := b.(type) {
		case DateVal:
			return cmpInt64(int64(x), int64(y))
		case time.Time:
			return x.Time().Compare(y)
		}
	case TimeOfDay:
		y, _ := b.(TimeOfDay)
		return cmpInt64(int64(x), int64(y))
	case time.Time:
		switch y := b.(type) {
		case time.Time:
			return x.Compare(y)
		case DateVal:
			return x.Compare(y.Time())
		}
	case IntervalVal:
		y, _ := b.(IntervalVal)
		return cmpInt64(intervalKey(x), intervalKey(y))
	case JSONDoc:
		y, _ := b.(JSONDoc)
		return CompareJSONB(x.V, y.V)
	case *Array:
		y, _ := b.(*Array)
		if y == nil {
			return 1
		}
		for i := 0; i < len(x.Values) && i < len(y.Values); i++ {
			if c := Compare(x.Elem, x.Values[i], y.Values[i]); c != 0 {
				return c
			}
		}
		return cmpInt(len(x.Values), len(y.Values))
	case *RecordVal:
		y, _ := b.(*RecordVal)
		if y == nil {
			return 1
		}
		return compareRecords(x, y)
	}
	return 0
}

// intervalKey linearises an interval with 30-day months and 24-hour days,
// as PostgreSQL's interval comparison does.
func intervalKey(iv IntervalVal) int64 {
	return int64(iv.Months)*30*86400e6 + int64(iv.Days)*86400e6 + iv.Micros
}

func asInt64(v any) (int64, bool) {
	switch x := v.(type) {
	case int16:
		return int64(x), true
	case int32:
		return int64(x), true
	case int64:
		return x, true
	case uint32:
		return int64(x), true
	case int:
		return int64(x), true
	case int8:
		return int64(x), true
	case uint8:
		return int64(x), true
	case uint16:
		return int64(x), true
	case uint64:
		return int64(x), true
	}
	return 0, false
}

func asFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float32:
		return float64(x), true
	case float64:
		return x, true
	}
	if i, ok := asInt64(v); ok {
		return float64(i), true
	}
	return 0, false
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// cmpFloat orders floats with NaN greater than everything, as PostgreSQL does.
func cmpFloat(a, b float64) int {
	an, bn := math.IsNaN(a), math.IsNaN(b)
	switch {
	case an && bn:
		return 0
	case an:
		return 1
	case bn:
		return -1
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}
