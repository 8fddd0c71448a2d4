package types

import (
	"context"
	"reflect"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	gmstypes "github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// The methods below make *Type a go-mysql-server ExtendedType, so that GMS
// carries tinybase values through plans without MySQL conversions.
var _ gmstypes.ExtendedType = (*Type)(nil)

// CollationCoercibility implements sql.CollationCoercible.
func (t *Type) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

// Compare implements sql.Type with PostgreSQL ordering; NULL sorts last,
// which also makes GMS's sorts put NULLs last for ASC.
func (t *Type) Compare(_ context.Context, a, b any) (int, error) {
	return Compare(t, a, b), nil
}

// Convert implements sql.Type. Values produced by tinybase are already of
// the right Go type; plain Go numbers (from GMS internals such as COUNT)
// are widened or narrowed to the column's representation.
func (t *Type) Convert(_ context.Context, v any) (any, sql.ConvertInRange, error) {
	if v == nil {
		if t.Check != nil {
			if err := t.Check(nil); err != nil {
				return nil, sql.OutOfRange, err
			}
		}
		return nil, sql.InRange, nil
	}
	out, err := FromGo(t, v)
	if err == nil {
		out, err = ApplyMod(out, t, false)
	}
	if err != nil {
		return nil, sql.OutOfRange, err
	}
	return out, sql.InRange, nil
}

// FromGo converts a plain Go value into t's representation: integer
// widening and narrowing (with range checks), numbers into numeric and
// float, and strings (untyped literals reaching a column) through t's input
// function; values already of t's form pass through.
func FromGo(t *Type, v any) (any, error) {
	if s, ok := v.(string); ok && !t.IsString() && t.Base().Kind != KindEnum {
		out, err := Input(t, s, nil)
		if err != nil && t.Base().Kind == KindRegtype {
			// a regtype value is its name as the session's catalog read
			// it (parseRegtype); a user type's is unknown here, without
			// that catalog, and already checked
			return s, nil
		}
		return out, err
	}
	if src := goValueType(v); src != nil && src.OID != t.Base().OID {
		if !CastAllowed(src, t, CastAssignment) {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "column is of type %s but expression is of type %s", t.FormatType(), src.FormatType()).
				WithHint("You will need to rewrite or cast the expression.")
		}
		if t.IsString() || src.Kind == KindBool || src.Kind == KindJSONB || src.Kind == KindInterval || src.Kind == KindTime {
			return Cast(v, src, t, false, nil)
		}
	}
	switch t.Base().Kind {
	case KindInt2, KindInt4, KindInt8, KindOid:
		if sameIntKind(v, t.Base().Kind) {
			return v, nil // not boxed anew
		}
		if n, ok := asInt64(v); ok {
			return IntToKind(n, t.Base())
		}
	case KindFloat8:
		if f, ok := asFloat(v); ok {
			return f, nil
		}
	case KindFloat4:
		if f, ok := asFloat(v); ok {
			return float32(f), nil
		}
	case KindNumeric:
		if n, ok := asInt64(v); ok {
			return decimal.NewFromInt(n), nil
		}
		if f, ok := v.(float64); ok {
			return NumericFromFloat(f, 64), nil
		}
	}
	switch v.(type) {
	case decimal.Decimal, NumericSpecial:
		switch t.Base().Kind {
		case KindInt2, KindInt4, KindInt8:
			return castNumber(v, t.Base())
		case KindFloat4, KindFloat8:
			return castNumber(v, t.Base())
		}
	}
	if f, ok := v.(float64); ok {
		switch t.Base().Kind {
		case KindInt2, KindInt4, KindInt8:
			return castNumber(f, t.Base())
		}
	}
	if d, ok := v.(time.Time); ok && t.Base().Kind == KindDate {
		return DateOf(d), nil
	}
	if d, ok := v.(DateVal); ok && (t.Base().Kind == KindTimestamp || t.Base().Kind == KindTimestamptz) {
		return d.Time(), nil
	}
	return v, nil
}

// Equals implements sql.Type. A domain equals its base type (and another
// domain over it): its values are the base type's, and GMS asks Equals
// where PostgreSQL looks through domains, such as whether a foreign key's
// column can reference the other (a domain over text referencing text).
func (t *Type) Equals(o sql.Type) bool {
	ot, ok := o.(*Type)
	if !ok {
		return false
	}
	if ot.OID == t.OID && ot.Mod == t.Mod {
		return true
	}
	if t.Domain == nil && ot.Domain == nil {
		return false
	}
	b, ob := t.Base(), ot.Base()
	return b.OID == ob.OID && b.Mod == ob.Mod
}

// MaxTextResponseByteLength implements sql.Type.
func (t *Type) MaxTextResponseByteLength(*sql.Context) uint32 { return 1 << 30 }

// Promote implements sql.Type.
func (t *Type) Promote() sql.Type { return t }

// SQL implements sql.Type (used only by GMS's own MySQL server, never here).
func (t *Type) SQL(_ *sql.Context, dest []byte, v any) (sqltypes.Value, error) {
	if v == nil {
		return sqltypes.NULL, nil
	}
	return sqltypes.MakeTrusted(sqltypes.Text, append(dest, Output(t, v, nil)...)), nil
}

// Type implements sql.Type with the closest MySQL wire type.
func (t *Type) Type() query.Type {
	switch t.Base().Kind {
	case KindBool:
		return sqltypes.Int8
	case KindInt2:
		return sqltypes.Int16
	case KindInt4:
		return sqltypes.Int32
	case KindInt8:
		return sqltypes.Int64
	case KindFloat4:
		return sqltypes.Float32
	case KindFloat8:
		return sqltypes.Float64
	case KindNumeric:
		return sqltypes.Decimal
	case KindText, KindVarchar, KindBpchar, KindName, KindUnknown, KindEnum, KindUUID, KindInet:
		// Not Text (GMS refuses TEXT/BLOB columns in keys) and not
		// Char/VarChar (GMS then asserts sql.StringType, e.g. when looking
		// for auto-UUID primary keys).
		return sqltypes.Expression
	case KindBytea:
		return sqltypes.VarBinary
	}
	return sqltypes.Expression
}

var (
	rtBool    = reflect.TypeOf(false)
	rtString  = reflect.TypeOf("")
	rtAny     = reflect.TypeOf((*any)(nil)).Elem()
	rtTime    = reflect.TypeOf(time.Time{})
	rtDecimal = reflect.TypeOf(decimal.Decimal{})
)

// ValueType implements sql.Type.
func (t *Type) ValueType() reflect.Type {
	switch t.Base().Kind {
	case KindBool:
		return rtBool
	case KindText, KindVarchar, KindBpchar, KindName, KindEnum, KindUUID, KindInet,
		KindTSVector, KindTSQuery, KindBit, KindCidr, KindMacaddr, KindMacaddr8, KindPoint, KindPolygon, KindLseg, KindXML, KindTID, KindACLItem:
		return rtString
	case KindTimestamp, KindTimestamptz:
		return rtTime
	case KindNumeric:
		return rtDecimal
	}
	return rtAny
}

// Zero implements sql.Type.
func (t *Type) Zero() any {
	switch t.Base().Kind {
	case KindBool:
		return false
	case KindInt2:
		return int16(0)
	case KindInt4:
		return int32(0)
	case KindInt8:
		return int64(0)
	case KindFloat4:
		return float32(0)
	case KindFloat8:
		return float64(0)
	case KindNumeric:
		return decimal.Zero
	case KindText, KindVarchar, KindBpchar, KindName:
		return ""
	}
	return nil
}

// SerializedCompare implements ExtendedType.
func (t *Type) SerializedCompare(ctx context.Context, a, b []byte) (int, error) {
	va, err := t.DeserializeValue(ctx, a)
	if err != nil {
		return 0, err
	}
	vb, err := t.DeserializeValue(ctx, b)
	if err != nil {
		return 0, err
	}
	return Compare(t, va, vb), nil
}

// SerializeValue implements ExtendedType via the text form.
func (t *Type) SerializeValue(_ context.Context, v any) ([]byte, error) {
	if v == nil {
		return nil, nil
	}
	return []byte(Output(t, v, &Env{Loc: time.UTC})), nil
}

// DeserializeValue implements ExtendedType via the text form.
func (t *Type) DeserializeValue(_ context.Context, b []byte) (any, error) {
	if b == nil {
		return nil, nil
	}
	return Input(t, string(b), &Env{Loc: time.UTC})
}

// FormatValue implements ExtendedType.
func (t *Type) FormatValue(v any) (string, error) { return Output(t, v, nil), nil }

// MaxSerializedWidth implements ExtendedType.
func (t *Type) MaxSerializedWidth() gmstypes.ExtendedTypeSerializedWidth {
	return gmstypes.ExtendedTypeSerializedWidth_Unbounded
}

// ConvertToType implements ExtendedType.
func (t *Type) ConvertToType(ctx *sql.Context, _ gmstypes.ExtendedType, v any) (any, error) {
	out, _, err := t.Convert(ctx, v)
	return out, err
}

// sameIntKind reports whether v is already the Go form of integer kind k.
func sameIntKind(v any, k Kind) bool {
	switch v.(type) {
	case int16:
		return k == KindInt2
	case int32:
		return k == KindInt4
	case int64:
		return k == KindInt8
	case uint32:
		return k == KindOid
	}
	return false
}

// goValueType names the PostgreSQL type a tinybase value of this Go type
// comes from, where that is unambiguous (time.Time may be either
// timestamp kind, strings may be unknown literals).
func goValueType(v any) *Type {
	switch v.(type) {
	case bool:
		return Bool
	case int16:
		return Int2
	case int32:
		return Int4
	case int64:
		return Int8
	case float32:
		return Float4
	case float64:
		return Float8
	case decimal.Decimal, NumericSpecial:
		return Numeric
	case DateVal:
		return Date
	case TimeOfDay:
		return Time
	case IntervalVal:
		return Interval
	case JSONDoc:
		return JSONB
	}
	return nil
}
