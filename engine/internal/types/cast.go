package types

import (
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// CastContext is pg_cast.castcontext: where a cast may be applied.
type CastContext uint8

const (
	CastImplicit   CastContext = iota // in expressions, silently
	CastAssignment                    // storing into a column
	CastExplicit                      // only with :: or CAST
)

// CastAllowed reports whether from → to may be applied in context ctx,
// following pg_cast for the built-in types.
func CastAllowed(from, to *Type, ctx CastContext) bool {
	f, t := from.Base(), to.Base()
	if f.OID == t.OID || f.Kind == KindUnknown {
		return true
	}
	need := castContextOf(f, t)
	return need != castNone && need <= ctx
}

const castNone CastContext = 255

var numRank = map[Kind]int{KindInt2: 1, KindInt4: 2, KindInt8: 3, KindNumeric: 4, KindFloat4: 5, KindFloat8: 6, KindOid: 2}

func isOidFamily(t *Type) bool {
	return t.Kind == KindOid || t.Kind == KindRegclass || t.Kind == KindRegtype || IsRegObject(t)
}

func isIntKind(t *Type) bool {
	return t.Kind == KindInt2 || t.Kind == KindInt4 || t.Kind == KindInt8
}

func castContextOf(f, t *Type) CastContext {
	if f.Kind == KindExt || t.Kind == KindExt {
		return extCastContext(f, t) // ext.go
	}
	if f.OID != t.OID && (f.OID == RefCursor.OID || t.OID == RefCursor.OID) {
		return refCursorCast(f, t) // refcursor.go
	}
	if f.Kind == KindLseg && t.Kind == KindPoint {
		return CastExplicit // lseg_center
	}
	// xid and xid8 cast only to each other's direction xid8 -> xid (and
	// through text), although their values are integers
	if isXidType(f) || isXidType(t) {
		switch {
		case f.OID == Xid8.OID && t.OID == Xid.OID:
			return CastExplicit
		case isXidType(f) && isXidType(t), !isStringKind(f) && !isStringKind(t):
			return castNone
		}
	}
	// oid and the reg* types: integers cast in implicitly, oid and reg*
	// are binary-compatible, and only int4/int8 take them back (by
	// assignment); see pg_cast.
	switch {
	case isOidFamily(f) && isOidFamily(t):
		if f.Kind == KindOid && f.OID == Oid.OID || t.Kind == KindOid && t.OID == Oid.OID {
			return CastImplicit
		}
		if f.Kind == KindRegproc && t.Kind == KindRegprocedure || f.Kind == KindRegprocedure && t.Kind == KindRegproc {
			return CastImplicit
		}
		return castNone
	case isIntKind(f) && isOidFamily(t):
		return CastImplicit
	case isOidFamily(f) && (t.Kind == KindInt4 || t.Kind == KindInt8):
		return CastAssignment
	case isOidFamily(f) && numRank[t.Kind] > 0, numRank[f.Kind] > 0 && isOidFamily(t):
		return castNone
	}
	// "char", the one-byte type
	switch {
	case f.Kind == KindChar && t.Kind == KindText:
		return CastImplicit
	case f.Kind == KindChar && (t.Kind == KindBpchar || t.Kind == KindVarchar):
		return CastAssignment
	case f.IsString() && f.Kind != KindName && t.Kind == KindChar:
		return CastAssignment
	case f.Kind == KindChar && t.Kind == KindInt4, f.Kind == KindInt4 && t.Kind == KindChar:
		return CastExplicit
	case f.Kind == KindName && (t.Kind == KindBpchar || t.Kind == KindVarchar):
		return CastAssignment
	}
	if rf, ok := numRank[f.Kind]; ok {
		if rt, ok := numRank[t.Kind]; ok {
			if f.Kind == KindOid || t.Kind == KindOid {
				if f.Kind == KindInt8 {
					return CastAssignment
				}
				return CastImplicit
			}
			if rt > rf {
				return CastImplicit
			}
			return CastAssignment
		}
		if f.Kind == KindInt4 && t.Kind == KindBool {
			return CastExplicit
		}
		if (t.Kind == KindRegclass || t.Kind == KindRegtype) && (f.Kind == KindInt4 || f.Kind == KindInt8 || f.Kind == KindOid) {
			return CastImplicit
		}
	}
	if f.Kind == KindBool && t.Kind == KindInt4 {
		return CastExplicit
	}
	// string category
	if f.IsString() && t.IsString() {
		if t.Kind == KindText || (f.Kind == KindBpchar && t.Kind == KindVarchar) || f.Kind == KindName {
			return CastImplicit
		}
		return CastImplicit
	}
	if t.Kind == KindText || t.Kind == KindVarchar || t.Kind == KindBpchar || t.Kind == KindName {
		// I/O conversion to string types: assignment (implicit for a few)
		return CastAssignment
	}
	if f.IsString() {
		// I/O conversion from string types is explicit only, except
		// text/varchar → regclass (pg_cast, for nextval('seq'))
		if t.Kind == KindRegclass && (f.Kind == KindText || f.Kind == KindVarchar) {
			return CastImplicit
		}
		return CastExplicit
	}
	switch {
	case f.Kind == KindDate && (t.Kind == KindTimestamp || t.Kind == KindTimestamptz):
		return CastImplicit
	case f.Kind == KindTimestamp && t.Kind == KindTimestamptz:
		return CastImplicit
	case (f.Kind == KindTimestamp || f.Kind == KindTimestamptz) && (t.Kind == KindDate || t.Kind == KindTime):
		return CastAssignment
	case f.Kind == KindTimestamptz && t.Kind == KindTimestamp:
		return CastAssignment
	case f.Kind == KindTime && t.Kind == KindInterval:
		return CastImplicit
	case f.Kind == KindInterval && t.Kind == KindTime:
		return CastAssignment
	case f.Kind == KindJSON && t.Kind == KindJSONB, f.Kind == KindJSONB && t.Kind == KindJSON:
		return CastAssignment
	case f.Kind == KindJSONB && (t.Kind == KindBool || numRank[t.Kind] > 0 && t.Kind != KindOid):
		return CastExplicit
	case f.Kind == KindArray && t.Kind == KindArray:
		return castContextOf(f.Elem.Base(), t.Elem.Base())
	case f.Kind == KindEnum && t.Kind == KindEnum:
		return castNone
	case f.Kind == KindRecord && f.OID == Record.OID && t.IsComposite():
		return CastImplicit // coerce_record_to_complex (composite.go)
	case f.IsComposite() && t.OID == Record.OID:
		return CastImplicit // any row type is a record (a record parameter takes it)
	}
	return castContextExtra(f, t) // cast_extra.go
}

// CannotCast is the error for a missing cast.
func CannotCast(from, to *Type) *pgerror.Error {
	return pgerror.New(pgerror.CannotCoerce, "cannot cast type %s to %s", from.FormatType(), to.FormatType())
}

// Cast converts v from type `from` to type `to` (the caller has checked
// that the cast is allowed). explicit selects explicit-cast behaviour for
// length coercion (truncate rather than fail).
func Cast(v any, from, to *Type, explicit bool, env *Env) (any, error) {
	if v == nil {
		return nil, nil
	}
	f, t := from.Base(), to.Base()
	var out any
	var err error
	switch {
	case f.OID == t.OID && f.Kind != KindArray:
		out = v
	case (f.Kind == KindExt || t.Kind == KindExt) && !f.IsString() && !t.IsString() && f.Kind != KindUnknown:
		out, err = extCast(v, from, to) // ext.go
	case f.IsComposite() && t.OID == Record.OID:
		out = v // a row of any type is a record
	case f.Kind == KindRecord && t.IsComposite():
		out, err = castToComposite(v, from, to, explicit, env) // composite.go
	case f.Kind == KindLseg && t.Kind == KindPoint:
		out, err = LsegCenter(v.(string))
	case f.Kind == KindUnknown || (f.IsString() && !t.IsString()):
		s, _ := v.(string)
		if f.Kind == KindBpchar {
			s = strings.TrimRight(s, " ")
		}
		out, err = Input(to, s, env)
	case t.IsString():
		if f.IsString() {
			s := v.(string)
			if f.Kind == KindBpchar {
				s = strings.TrimRight(s, " ")
			}
			if t.Kind == KindName {
				s, _ = pgident.Truncate(s) // text_name
			}
			out = s
		} else if f.Kind == KindBool {
			if v.(bool) {
				out = "true"
			} else {
				out = "false"
			}
		} else if f.Kind == KindInet {
			// inet's text cast (network_show) always shows the mask
			out = InetShow(v.(string))
		} else {
			out = Output(from, v, env)
		}
	case numRank[f.Kind] > 0 && numRank[t.Kind] > 0:
		out, err = castNumber(v, t)
	case f.Kind == KindInt4 && t.Kind == KindBool:
		out = v.(int32) != 0
	case f.Kind == KindBool && t.Kind == KindInt4:
		if v.(bool) {
			out = int32(1)
		} else {
			out = int32(0)
		}
	case f.Kind == KindDate && (v == DateInfinity || v == DateNegInfinity) && (t.Kind == KindTimestamp || t.Kind == KindTimestamptz):
		out = InfinityTimestamp
		if v == DateNegInfinity {
			out = NegInfinityTimestamp
		}
	case f.Kind == KindDate && t.Kind == KindTimestamp:
		out = v.(DateVal).Time()
	case f.Kind == KindDate && t.Kind == KindTimestamptz:
		d := v.(DateVal).Time()
		out = DateIn(d.Year(), d.Month(), d.Day(), 0, 0, 0, 0, env.loc()).UTC()
	case f.Kind == KindTimestamp && t.Kind == KindTimestamptz:
		x := v.(time.Time)
		out = DateIn(x.Year(), x.Month(), x.Day(), x.Hour(), x.Minute(), x.Second(), x.Nanosecond(), env.loc()).UTC()
	case f.Kind == KindTimestamptz && t.Kind == KindTimestamp:
		x := v.(time.Time).In(env.loc())
		out = time.Date(x.Year(), x.Month(), x.Day(), x.Hour(), x.Minute(), x.Second(), x.Nanosecond(), time.UTC)
	case (f.Kind == KindTimestamp || f.Kind == KindTimestamptz) && t.Kind == KindDate && !v.(time.Time).Before(InfinityTimestamp):
		out = DateInfinity
	case (f.Kind == KindTimestamp || f.Kind == KindTimestamptz) && t.Kind == KindDate && !v.(time.Time).After(NegInfinityTimestamp):
		out = DateNegInfinity
	case f.Kind == KindTimestamp && t.Kind == KindDate:
		out = DateOf(v.(time.Time))
	case f.Kind == KindTimestamptz && t.Kind == KindDate:
		out = DateOf(v.(time.Time).In(env.loc()))
	case (f.Kind == KindTimestamp || f.Kind == KindTimestamptz) && t.Kind == KindTime:
		x := v.(time.Time)
		if f.Kind == KindTimestamptz {
			x = x.In(env.loc())
		}
		out = TimeOfDay(int64(x.Hour())*3600e6 + int64(x.Minute())*60e6 + int64(x.Second())*1e6 + int64(x.Nanosecond()/1000))
	case f.Kind == KindTime && t.Kind == KindInterval:
		out = IntervalVal{Micros: int64(v.(TimeOfDay))}
	case f.Kind == KindInterval && t.Kind == KindTime:
		// interval_time: the time part modulo one day
		us := v.(IntervalVal).Micros % 86400e6
		if us < 0 {
			us += 86400e6
		}
		out = TimeOfDay(us)
	case f.Kind == KindJSON && t.Kind == KindJSONB:
		var j any
		j, err = ParseJSON(v.(string), t)
		out = JSONDoc{V: j}
	case f.Kind == KindJSONB && t.Kind == KindJSON:
		out = FormatJSONB(v.(JSONDoc).V)
	case f.Kind == KindJSONB && t.Kind == KindBool:
		b, ok := v.(JSONDoc).V.(bool)
		if !ok {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot cast jsonb %s to type boolean", jsonKindName(v.(JSONDoc).V))
		}
		out = b
	case f.Kind == KindJSONB && numRank[t.Kind] > 0:
		d, ok := v.(JSONDoc).V.(decimal.Decimal)
		if !ok {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "cannot cast jsonb %s to type %s", jsonKindName(v.(JSONDoc).V), t.SQLName)
		}
		out, err = castNumber(d, t)
	case f.Kind == KindArray && t.Kind == KindArray:
		a := v.(*Array)
		if identityArrayCast(a, f, to) {
			return v, nil
		}
		na := &Array{Elem: t.Elem, Dims: a.Dims, Lower: a.Lower, Values: make([]any, len(a.Values))}
		if len(a.Values) == 0 {
			na.Dims, na.Lower = nil, nil // array_map: no elements, an empty array
		}
		elem := t.Elem.WithMod(to.Mod)
		for i, e := range a.Values {
			if na.Values[i], err = Cast(e, a.Elem, elem, explicit, env); err != nil {
				return nil, err
			}
		}
		return na, nil
	case f.Kind == KindRegclass && (t.Kind == KindOid || isIntKind(t)) && env != nil && env.Relations != nil:
		var oid uint32
		if oid, err = env.Relations.RelationOID(v.(string)); err == nil {
			out, err = castNumber(int64(oid), t)
		}
	case (f.Kind == KindOid || isIntKind(f)) && t.Kind == KindRegclass && env != nil && env.Relations != nil:
		var n any
		if n, err = castNumber(v, Oid); err == nil {
			out = env.Relations.RelationName(n.(uint32))
		}
	case IsRegObject(f) && (t.Kind == KindOid || isIntKind(t) || IsRegObject(t)), (f.Kind == KindOid || isIntKind(f)) && IsRegObject(t):
		out, err = castRegObject(v, f, t, env) // regobjects.go
	case f.Kind == KindRegtype && (t.Kind == KindOid || isIntKind(t)):
		var typ *Type
		if typ, err = regtypeType(v.(string), env); err == nil {
			out, err = castNumber(int64(typ.OID), t)
		}
	case (f.Kind == KindOid || isIntKind(f)) && t.Kind == KindRegtype:
		var n any
		if n, err = castNumber(v, Oid); err == nil {
			out = strconv.FormatUint(uint64(n.(uint32)), 10)
			if n.(uint32) == 0 {
				out = "-" // regtypeout of InvalidOid (pg_proc.provariadic of most functions)
			} else if typ, ok := ByOID(n.(uint32)); ok {
				out = typ.FormatTypeNoMod()
			} else if typ, ok := PseudoByOID(n.(uint32)); ok {
				out = typ.FormatTypeNoMod()
			} else if r := typeResolver(env); r != nil {
				if typ, ok := r.UserTypeByOID(n.(uint32)); ok {
					out = typ.FormatTypeNoMod()
				}
			}
		}
	default:
		var handled bool
		if out, handled, err = castExtra(v, f, t, env); !handled { // cast_extra.go
			return nil, CannotCast(from, to)
		}
	}
	if err != nil {
		return nil, err
	}
	return ApplyMod(out, to, explicit)
}

// identityArrayCast reports whether casting array a of type from to type
// to changes nothing: the same array type, without a typmod or a domain
// to apply to it or its elements, and not an int2vector or oidvector
// value (which the cast makes an array), as `$1::bigint[]` of an int8[]
// parameter casts it at every execution. The array itself is the result
// then, not a copy of it element by element.
func identityArrayCast(a *Array, from, to *Type) bool {
	e := to.Elem
	return from.OID == to.OID && to.Domain == nil && to.Check == nil && to.Mod < 0 &&
		e != nil && e.Domain == nil && e.Check == nil &&
		len(a.Values) > 0 && a.Elem != nil && a.Elem.OID == e.OID && !a.Vector
}

func jsonKindName(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case decimal.Decimal:
		return "numeric"
	case []any:
		return "array"
	}
	return "object"
}

// ApplyMod enforces a typmod: varchar/char length (22001 unless explicit,
// which truncates), bpchar padding, numeric precision and scale, timestamp
// precision.
func ApplyMod(v any, t *Type, explicit bool) (any, error) {
	if v == nil {
		return nil, nil
	}
	if t.Check != nil {
		// the check holds the constraints of the domains under t too
		// (ddl's compileDomain), so only the base type's typmod is left
		base, mod := t.Domain, t.Domain.Mod
		for base.Domain != nil {
			base = base.Domain
			if mod < 0 {
				mod = base.Mod
			}
		}
		out, err := ApplyMod(v, base.WithMod(mod), explicit)
		if err != nil {
			return nil, err
		}
		return out, t.Check(out)
	}
	b := t.Base()
	mod := t.Mod
	for d := t.Domain; mod < 0 && d != nil; d = d.Domain {
		mod = d.Mod // a domain over a domain over varchar(n)
	}
	switch b.Kind {
	case KindExt:
		return b.Ext.ApplyMod(v, mod) // ext.go
	case KindEnum:
		// values reach enum columns as strings; only the type's labels fit
		if s, ok := v.(string); ok && b.Labels != nil {
			return Input(b, s, nil)
		}
	case KindVarchar, KindBpchar:
		s := v.(string)
		if mod < 0 {
			if b.Kind == KindBpchar && t.Mod < 0 {
				return s, nil
			}
			return s, nil
		}
		n := int(mod - 4)
		l := utf8.RuneCountInString(s)
		if l > n {
			trimmed := strings.TrimRight(s, " ")
			if !explicit && utf8.RuneCountInString(trimmed) > n {
				name := "character varying"
				if b.Kind == KindBpchar {
					name = "character"
				}
				return nil, pgerror.New(pgerror.StringDataRightTruncation, "value too long for type %s(%d)", name, n)
			}
			r := []rune(s)
			s = string(r[:n])
			l = n
		}
		if b.Kind == KindBpchar && l < n {
			s += strings.Repeat(" ", n-l)
		}
		return s, nil
	case KindNumeric:
		if mod >= 0 {
			return ApplyNumericModAny(v, mod)
		}
	case KindBit:
		if x, ok := v.(string); ok {
			return applyBitMod(x, b, mod, explicit)
		}
	case KindTimeTZ:
		if x, ok := v.(TimeTZ); ok {
			return roundTimeTZ(x, mod), nil
		}
	case KindTime:
		if x, ok := v.(TimeOfDay); ok && mod >= 0 && mod < 6 {
			unit := int64(math.Pow10(6 - int(mod)))
			return TimeOfDay((int64(x) + unit/2) / unit * unit), nil
		}
	case KindTimestamp, KindTimestamptz:
		if x, ok := v.(time.Time); ok && mod >= 0 && mod < 6 {
			unit := time.Duration(math.Pow10(9 - int(mod)))
			return x.Round(unit), nil
		}
	}
	return v, nil
}

func castNumber(v any, t *Type) (any, error) {
	switch t.Kind {
	case KindInt2, KindInt4, KindInt8, KindOid:
		var n int64
		switch x := v.(type) {
		case float32, float64:
			f, _ := asFloat(x)
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return nil, pgerror.New(pgerror.NumericValueOutOfRange, "%s out of range", t.SQLName)
			}
			f = math.RoundToEven(f)
			if f < math.MinInt64 || f >= math.MaxInt64 {
				return nil, rangeErr(t)
			}
			n = int64(f)
		case decimal.Decimal:
			r := x.Round(0)
			if !r.IsInteger() || r.Abs().Cmp(decimal.New(math.MaxInt64, 0)) > 0 {
				return nil, rangeErr(t)
			}
			n = r.IntPart()
		case NumericSpecial:
			return nil, numericSpecialToInt(x, t)
		default:
			n, _ = asInt64(v)
		}
		out, err := IntToKind(n, t)
		if err != nil {
			return nil, rangeErr(t)
		}
		return out, nil
	case KindNumeric:
		switch x := v.(type) {
		case decimal.Decimal, NumericSpecial:
			return x, nil
		case float32:
			return NumericFromFloat(float64(x), 32), nil
		case float64:
			return NumericFromFloat(x, 64), nil
		}
		n, _ := asInt64(v)
		return decimal.NewFromInt(n), nil
	case KindFloat4:
		if f, ok := NumericFloat(v); ok {
			return float32(f), nil
		}
		f, _ := asFloat(v)
		if !math.IsInf(f, 0) && math.Abs(f) > math.MaxFloat32 {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value out of range: overflow")
		}
		return float32(f), nil
	case KindFloat8:
		if f, ok := NumericFloat(v); ok {
			return f, nil
		}
		f, _ := asFloat(v)
		return f, nil
	}
	return nil, CannotCast(Int4, t)
}

func rangeErr(t *Type) error {
	switch t.Kind {
	case KindInt2:
		return pgerror.New(pgerror.NumericValueOutOfRange, "smallint out of range")
	case KindInt4:
		return pgerror.New(pgerror.NumericValueOutOfRange, "integer out of range")
	case KindInt8:
		return pgerror.New(pgerror.NumericValueOutOfRange, "bigint out of range")
	}
	return pgerror.New(pgerror.NumericValueOutOfRange, "%s out of range", t.SQLName)
}
