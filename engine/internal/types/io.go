package types

import (
	"encoding/hex"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Env carries the session settings that text I/O depends on.
type Env struct {
	Loc *time.Location // TimeZone
	Now time.Time      // transaction start, for 'now'
	// StmtNow is the statement's start, for statement_timestamp(): the
	// client message's (session.startStatement).
	StmtNow time.Time
	// Relations, when set, casts regclass to oid and back.
	Relations RelationResolver
	// IsnWeak is the isn extension's weak input mode (isn_weak(true)):
	// a wrong check digit marks the number instead of failing. isn keeps
	// it per backend, so per session here.
	IsnWeak bool
	// IntervalStyle is the session's IntervalStyle; empty is postgres.
	IntervalStyle string
	// DateStyle is the session's DateStyle (datestyle.go).
	DateStyle DateStyle
	// Notice, when set, sends a NOTICE to the session's client (input
	// functions that warn, as tsquery's does for an empty query).
	Notice func(severity, code, message string)
	// NewEnumLabels holds, by enum type OID, the labels ALTER TYPE ...
	// ADD VALUE added in the open transaction: PostgreSQL refuses their
	// input until it commits (55P04, enum.c's check_safe_enum_use). The
	// session clears it when the transaction ends.
	NewEnumLabels map[uint32]map[string]bool
	// Casts, when set, are the casts CREATE CAST made in the session's
	// catalog (cast_user.go).
	Casts UserCasts
}

// NoteNewEnumLabel records that ALTER TYPE ... ADD VALUE added label to
// the enum typ in the open transaction.
func (e *Env) NoteNewEnumLabel(typ uint32, label string) {
	if e.NewEnumLabels == nil {
		e.NewEnumLabels = map[uint32]map[string]bool{}
	}
	if e.NewEnumLabels[typ] == nil {
		e.NewEnumLabels[typ] = map[string]bool{}
	}
	e.NewEnumLabels[typ][label] = true
}

// CheckSafeEnumLabel fails for a label of t that ALTER TYPE ... ADD VALUE
// added in the open transaction, as PostgreSQL's enum input and
// enum_first, enum_last and enum_range do.
func (e *Env) CheckSafeEnumLabel(t *Type, label string) error {
	if e == nil || !e.NewEnumLabels[t.OID][label] {
		return nil
	}
	return pgerror.New(pgerror.UnsafeNewEnumValueUsage, "unsafe use of new value %q of enum type %s", label, t.FormatType()).
		WithHint("New enum values must be committed before they can be used.")
}

// RelationResolver maps regclass values (relation names) to relation OIDs
// and back, for casts between regclass and oid; the engine supplies one
// per session because the answer depends on its catalog and search path.
type RelationResolver interface {
	RelationOID(name string) (uint32, error)
	RelationName(oid uint32) string
}

// FormatNumeric prints a numeric keeping its scale (1.50 stays 1.50).
func FormatNumeric(d decimal.Decimal) string {
	if e := d.Exponent(); e < 0 {
		return d.StringFixed(-e)
	}
	return d.String()
}

// AppendOutput appends Output(t, v, env) to buf, integers and strings
// without building a string first: the wire's DataRow writes every value
// of a result this way.
func AppendOutput(buf []byte, t *Type, v any, env *Env) []byte {
	if t == nil || t.Kind != KindExt {
		switch x := v.(type) {
		case int64:
			return strconv.AppendInt(buf, x, 10)
		case int32:
			return strconv.AppendInt(buf, int64(x), 10)
		case string:
			return append(buf, x...)
		}
	}
	return append(buf, Output(t, v, env)...)
}

// Output renders v (a value of type t) in PostgreSQL's text format.
func Output(t *Type, v any, env *Env) string {
	if t != nil && v != nil && t.Kind == KindExt {
		if b := t.Base(); b.Ext != nil {
			return b.Ext.Output(v) // ext.go; a domain's through its base
		}
	}
	switch x := v.(type) {
	case nil:
		return ""
	case bool:
		if x {
			return "t"
		}
		return "f"
	case int16:
		return strconv.FormatInt(int64(x), 10)
	case int32:
		return strconv.FormatInt(int64(x), 10)
	case int64:
		return strconv.FormatInt(x, 10)
	case uint32:
		return strconv.FormatUint(uint64(x), 10)
	case float32:
		return formatFloat(float64(x), 32)
	case float64:
		return formatFloat(x, 64)
	case decimal.Decimal:
		return FormatNumeric(x)
	case NumericSpecial:
		return x.String()
	case string:
		if t != nil && t.Base().Kind == KindJSONB {
			return x
		}
		return x
	case []byte:
		return `\x` + hex.EncodeToString(x)
	case DateVal:
		if env != nil && env.DateStyle.Format != DateISO && x != DateInfinity && x != DateNegInfinity {
			return formatStyledDate(x, env.DateStyle) // datestyle.go
		}
		return FormatDate(x)
	case TimeOfDay:
		return FormatTime(x)
	case time.Time:
		tz := t != nil && t.Base().Kind == KindTimestamptz
		if env != nil && env.DateStyle.Format != DateISO {
			if _, inf := infiniteTimestamp(x); !inf {
				if tz {
					lt := x.In(env.loc())
					zone, _ := lt.Zone()
					return formatStyledTimestamp(lt, zone, env.DateStyle) // datestyle.go
				}
				return formatStyledTimestamp(x.UTC(), "", env.DateStyle)
			}
		}
		if tz {
			var loc *time.Location
			if env != nil {
				loc = env.Loc
			}
			return FormatTimestamptz(x, loc)
		}
		return FormatTimestamp(x)
	case IntervalVal:
		if env != nil && env.IntervalStyle != "" {
			return FormatIntervalStyle(x, env.IntervalStyle)
		}
		return FormatInterval(x)
	case JSONDoc:
		return FormatJSONB(x.V)
	case *Array:
		return formatArray(x, env)
	case *RecordVal:
		return formatRecord(x, env)
	case RangeVal:
		return FormatRange(x, env)
	case MultirangeVal:
		return FormatMultirange(x, env)
	case TimeTZ:
		return FormatTimeTZ(x)
	case Money:
		return FormatMoney(x)
	}
	if st, ok := v.(fmt.Stringer); ok {
		return st.String() // extension values print themselves (citext keeps its case)
	}
	return fmt.Sprint(v)
}

func formatArray(a *Array, env *Env) string {
	if a.Vector && len(a.Dims) <= 1 {
		parts := make([]string, len(a.Values))
		for i, v := range a.Values {
			parts[i] = Output(a.Elem, v, env)
		}
		return strings.Join(parts, " ")
	}
	if len(a.Dims) == 0 {
		return "{}"
	}
	n := 1
	for _, d := range a.Dims {
		n *= d
	}
	if n == 0 {
		return "{}" // a zero-length dimension (an empty int2vector / oidvector)
	}
	if n != len(a.Values) {
		// a malformed value must still print; show it flat
		a = NewArray(a.Elem, a.Values)
		if len(a.Values) == 0 {
			return "{}"
		}
	}
	var b strings.Builder
	prefix := ""
	for i, l := range a.Lower {
		if l != 1 {
			prefix = ""
			for j := range a.Dims {
				prefix += fmt.Sprintf("[%d:%d]", a.Lower[j], a.Lower[j]+a.Dims[j]-1)
			}
			prefix += "="
			break
		}
		_ = i
	}
	b.WriteString(prefix)
	idx := 0
	var rec func(d int)
	rec = func(d int) {
		b.WriteByte('{')
		for i := 0; i < a.Dims[d]; i++ {
			if i > 0 {
				b.WriteByte(',')
			}
			if d+1 < len(a.Dims) {
				rec(d + 1)
				continue
			}
			e := a.Values[idx]
			idx++
			if e == nil {
				b.WriteString("NULL")
				continue
			}
			b.WriteString(quoteArrayElem(Output(a.Elem, e, env)))
		}
		b.WriteByte('}')
	}
	rec(0)
	return b.String()
}

func quoteArrayElem(s string) string {
	if s == "" || strings.EqualFold(s, "null") || strings.ContainsAny(s, "{},\"\\ \t\n\r\v\f") {
		r := strings.NewReplacer(`\`, `\\`, `"`, `\"`)
		return `"` + r.Replace(s) + `"`
	}
	return s
}

// Input parses s as a value of type t (PostgreSQL's typinput), applying
// the typmod (length checks for varchar/char raise 22001 on assignment
// only, so Input does not check them; see Coerce).
func Input(t *Type, s string, env *Env) (any, error) {
	b := t.Base()
	switch b.Kind {
	case KindExt:
		mod := t.Mod
		if mod < 0 && t.Domain != nil {
			mod = t.Domain.Mod
		}
		if ei, ok := b.Ext.(interface {
			InputEnv(string, int32, *Env) (any, error)
		}); ok {
			return ei.InputEnv(s, mod, env) // input that reads the session
		}
		return b.Ext.Input(s, mod) // ext.go
	case KindBool:
		if v, ok := parseBool(s); ok {
			return v, nil
		}
		return nil, badInput(b, s)
	case KindInt2, KindInt4, KindInt8, KindOid:
		str := strings.TrimSpace(s)
		n, err := strconv.ParseInt(str, 10, 64)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
				return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value %q is out of range for type %s", s, b.SQLName)
			}
			return nil, badInput(b, s)
		}
		v, err := IntToKind(n, b)
		if err != nil && b.Kind != KindOid {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "value %q is out of range for type %s", s, b.SQLName)
		}
		return v, err
	case KindNumeric:
		str := strings.TrimSpace(s)
		if n, ok := parseNumericSpecial(str); ok {
			return ApplyNumericModAny(n, t.Mod)
		}
		d, err := decimal.NewFromString(str)
		if err != nil || strings.ContainsAny(str, "xX_") {
			return nil, badInput(b, s)
		}
		return ApplyNumericMod(d, t.Mod)
	case KindFloat4, KindFloat8:
		str := strings.TrimSpace(s)
		var f float64
		switch strings.ToLower(str) {
		case "nan":
			f = math.NaN()
		case "infinity", "inf", "+infinity":
			f = math.Inf(1)
		case "-infinity", "-inf":
			f = math.Inf(-1)
		default:
			bits := 64
			if b.Kind == KindFloat4 {
				bits = 32
			}
			var err error
			f, err = strconv.ParseFloat(str, bits)
			if err != nil {
				if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
					return nil, pgerror.New(pgerror.NumericValueOutOfRange, "%q is out of range for type %s", s, b.SQLName)
				}
				return nil, badInput(b, s)
			}
			if f == 0 && underflows(str) {
				// strtod reports ERANGE when a non-zero input rounds to zero
				return nil, pgerror.New(pgerror.NumericValueOutOfRange, "%q is out of range for type %s", s, b.SQLName)
			}
		}
		if b.Kind == KindFloat4 {
			return float32(f), nil
		}
		return f, nil
	case KindName:
		// namein: at most NAMEDATALEN-1 bytes, cut at a character
		n, _ := pgident.Truncate(s)
		return n, nil
	case KindText, KindVarchar, KindUnknown:
		return s, nil
	case KindBpchar:
		return s, nil
	case KindChar:
		if len(s) > 1 {
			return s[:1], nil
		}
		return s, nil
	case KindUUID:
		return ParseUUID(s)
	case KindInet:
		return ParseInet(s)
	case KindRange:
		return ParseRange(b, s, env)
	case KindMultirange:
		return ParseMultirange(b, s, env)
	case KindTSVector:
		return ParseTSVector(s)
	case KindTSQuery:
		q, err := ParseTSQuery(s)
		if err == nil && q == "" {
			env.NoticeEmptyTSQuery(s, true)
		}
		return q, err
	case KindTimeTZ:
		return ParseTimeTZ(s, env)
	case KindBit:
		return ParseBit(t, s)
	case KindCidr:
		return ParseCidr(s)
	case KindMacaddr:
		return ParseMacaddr(s)
	case KindMacaddr8:
		return ParseMacaddr8(s)
	case KindTID:
		return ParseTID(s)
	case KindACLItem:
		return ParseACLItem(s, env)
	case KindMoney:
		return ParseMoney(s)
	case KindPoint:
		return ParsePoint(s)
	case KindPolygon:
		return ParsePolygon(s)
	case KindLseg:
		return ParseLseg(s)
	case KindXML:
		return ParseXML(s)
	case KindDate:
		return ParseDate(s, env.dateOrder(), env.now())
	case KindTime:
		return ParseTime(s)
	case KindTimestamp:
		return ParseTimestamp(b, s, false, env.dateOrder(), env.loc(), env.now())
	case KindTimestamptz:
		return ParseTimestamp(b, s, true, env.dateOrder(), env.loc(), env.now())
	case KindInterval:
		return ParseInterval(s)
	case KindJSON:
		if _, err := ParseJSON(s, b); err != nil {
			return nil, err
		}
		return s, nil
	case KindJSONB:
		v, err := ParseJSON(s, b)
		if err != nil {
			return nil, err
		}
		return JSONDoc{V: v}, nil
	case KindBytea:
		return ParseBytea(s)
	case KindEnum:
		for _, l := range b.Labels {
			if l == s {
				return s, env.CheckSafeEnumLabel(b, s)
			}
		}
		return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input value for enum %s: %q", b.FormatType(), s)
	case KindArray:
		return ParseArray(b, s, env)
	case KindRecord:
		if b.IsComposite() {
			return parseRecord(b, s) // composite.go
		}
		return nil, pgerror.New(pgerror.FeatureNotSupported, "input of anonymous composite types is not implemented")
	case KindVoid:
		return "", nil // void_in ignores its input; void_out prints nothing
	case KindRegclass:
		return regclassIn(s, env)
	case KindRegtype:
		return parseRegtype(s, env)
	case KindRegnamespace, KindRegrole, KindRegproc, KindRegprocedure, KindRegoperator, KindRegconfig, KindRegdictionary:
		return regObjectIn(b, s, env) // regobjects.go
	}
	return nil, pgerror.New(pgerror.FeatureNotSupported, "input of type %s is not supported", t.FormatType())
}

func (e *Env) loc() *time.Location {
	if e == nil || e.Loc == nil {
		return time.UTC
	}
	return e.Loc
}

// NoticeEmptyTSQuery raises PostgreSQL's NOTICE for a tsquery that came
// out empty (parse_tsquery): input without a single operand, or one whose
// operands were all stop words.
func (e *Env) NoticeEmptyTSQuery(input string, noOperand bool) {
	if e == nil || e.Notice == nil {
		return
	}
	if noOperand {
		e.Notice("NOTICE", pgerror.SuccessfulCompletion, fmt.Sprintf("text-search query doesn't contain lexemes: %q", input))
		return
	}
	e.Notice("NOTICE", pgerror.SuccessfulCompletion, "text-search query contains only stop words or doesn't contain lexemes, ignored")
}

func (e *Env) dateOrder() DateOrder {
	if e == nil {
		return OrderMDY
	}
	return e.DateStyle.Order
}

func (e *Env) now() time.Time {
	if e == nil || e.Now.IsZero() {
		return time.Now()
	}
	return e.Now
}

// IntToKind range-checks n for an integer type.
func IntToKind(n int64, t *Type) (any, error) {
	switch t.Base().Kind {
	case KindInt2:
		if n < math.MinInt16 || n > math.MaxInt16 {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "smallint out of range")
		}
		return int16(n), nil
	case KindInt4:
		if n < math.MinInt32 || n > math.MaxInt32 {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "integer out of range")
		}
		return int32(n), nil
	case KindOid:
		if n < 0 || n > math.MaxUint32 {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "OID out of range")
		}
		return uint32(n), nil
	}
	return n, nil
}

// ApplyNumericModAny applies numeric(p,s) to a finite or special numeric:
// NaN fits every numeric(p,s), an infinity none.
func ApplyNumericModAny(v any, mod int32) (any, error) {
	switch x := v.(type) {
	case decimal.Decimal:
		return ApplyNumericMod(x, mod)
	case NumericSpecial:
		if p, s, ok := NumericPrecisionScale(mod); ok && x != NumericNaN {
			return nil, pgerror.New(pgerror.NumericValueOutOfRange, "numeric field overflow").
				WithDetail("A field with precision %d, scale %d cannot hold an infinite value.", p, s)
		}
	}
	return v, nil
}

// ApplyNumericMod rounds d to numeric(p,s)'s scale and checks precision.
func ApplyNumericMod(d decimal.Decimal, mod int32) (decimal.Decimal, error) {
	p, s, ok := NumericPrecisionScale(mod)
	if !ok {
		return d, nil
	}
	r := d.Round(s)
	if r.Exponent() > -s {
		r = decimal.NewFromBigInt(r.Coefficient(), r.Exponent()).Truncate(s)
		r = r.Round(s)
		r = decimal.New(0, -s).Add(r)
	}
	intDigits := len(r.Truncate(0).Abs().String())
	if r.Truncate(0).IsZero() {
		intDigits = 0
	}
	if intDigits > int(p-s) {
		return d, pgerror.New(pgerror.NumericValueOutOfRange, "numeric field overflow").
			WithDetail("A field with precision %d, scale %d must round to an absolute value less than %s.", p, s, pow10String(int(p-s)))
	}
	return r, nil
}

func pow10String(n int) string {
	if n <= 0 {
		return "1"
	}
	return "10^" + strconv.Itoa(n)
}

// ParseUUID accepts the forms PostgreSQL accepts and returns the canonical one.
func ParseUUID(s string) (string, error) {
	str := strings.TrimSpace(s)
	str = strings.TrimPrefix(strings.TrimSuffix(str, "}"), "{")
	h := strings.ReplaceAll(str, "-", "")
	if len(h) != 32 {
		return "", badInput(UUID, s)
	}
	if _, err := hex.DecodeString(h); err != nil {
		return "", badInput(UUID, s)
	}
	h = strings.ToLower(h)
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:], nil
}

// ParseArray parses an array literal such as {1,2,NULL} or {{a,b},{c,d}}.
func ParseArray(t *Type, s string, env *Env) (*Array, error) {
	p := &arrayParser{s: strings.TrimSpace(s)}
	// made only on failure: a bound array parameter is parsed per execution
	bad := func() *pgerror.Error {
		return pgerror.New(pgerror.InvalidTextRepresentation, "malformed array literal: %q", s)
	}
	var lower []int
	if strings.HasPrefix(p.s, "[") {
		i := strings.Index(p.s, "=")
		if i < 0 {
			return nil, bad().WithDetail(`Missing "=" after array dimensions.`)
		}
		var ok bool
		if lower, ok = parseArrayBounds(strings.TrimSpace(p.s[:i])); !ok {
			return nil, bad()
		}
		p.s = strings.TrimSpace(p.s[i+1:])
	}
	if !strings.HasPrefix(p.s, "{") {
		return nil, bad().WithDetail(`Array value must start with "{" or dimension information.`)
	}
	items, dims, err := p.parse(0)
	if err != nil || strings.TrimSpace(p.s[p.i:]) != "" {
		return nil, bad()
	}
	a := &Array{Elem: t.Elem, Values: make([]any, 0, len(items))}
	for _, it := range items {
		if it == nil {
			a.Values = append(a.Values, nil)
			continue
		}
		v, err := Input(t.Elem, *it, env)
		if err != nil {
			return nil, err
		}
		a.Values = append(a.Values, v)
	}
	if len(a.Values) > 0 {
		a.Dims = dims
		for range dims {
			a.Lower = append(a.Lower, 1)
		}
		if lower != nil {
			if len(lower) != 2*len(dims) {
				return nil, bad().WithDetail("Specified array dimensions do not match array contents.")
			}
			for d := range dims {
				if lower[2*d+1]-lower[2*d]+1 != dims[d] {
					return nil, bad().WithDetail("Specified array dimensions do not match array contents.")
				}
				a.Lower[d] = lower[2*d]
			}
		}
	}
	return a, nil
}

// parseArrayBounds reads "[lo:hi][lo:hi]..." (a bare "[hi]" means 1:hi)
// into lo,hi pairs.
func parseArrayBounds(s string) ([]int, bool) {
	var out []int
	for s != "" {
		if s[0] != '[' {
			return nil, false
		}
		j := strings.IndexByte(s, ']')
		if j < 0 {
			return nil, false
		}
		part := s[1:j]
		lo, hi := "1", part
		if k := strings.IndexByte(part, ':'); k >= 0 {
			lo, hi = part[:k], part[k+1:]
		}
		l, err1 := strconv.Atoi(strings.TrimSpace(lo))
		h, err2 := strconv.Atoi(strings.TrimSpace(hi))
		if err1 != nil || err2 != nil {
			return nil, false
		}
		out = append(out, l, h)
		s = strings.TrimSpace(s[j+1:])
	}
	return out, true
}

type arrayParser struct {
	s string
	i int
}

func (p *arrayParser) parse(depth int) ([]*string, []int, error) {
	if p.i >= len(p.s) || p.s[p.i] != '{' {
		return nil, nil, fmt.Errorf("expected {")
	}
	p.i++
	var out []*string
	var sub []int
	n := 0
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			return nil, nil, fmt.Errorf("eof")
		}
		if p.s[p.i] == '}' && n == 0 {
			p.i++
			return nil, nil, nil
		}
		if p.s[p.i] == '{' {
			items, d, err := p.parse(depth + 1)
			if err != nil {
				return nil, nil, err
			}
			if sub != nil && !equalInts(sub, d) {
				return nil, nil, fmt.Errorf("ragged")
			}
			sub = d
			out = append(out, items...)
		} else {
			v, err := p.elem()
			if err != nil {
				return nil, nil, err
			}
			out = append(out, v)
		}
		n++
		p.skipSpace()
		if p.i >= len(p.s) {
			return nil, nil, fmt.Errorf("eof")
		}
		if p.s[p.i] == ',' {
			p.i++
			continue
		}
		if p.s[p.i] == '}' {
			p.i++
			return out, append([]int{n}, sub...), nil
		}
		return nil, nil, fmt.Errorf("unexpected")
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (p *arrayParser) skipSpace() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n') {
		p.i++
	}
}

func (p *arrayParser) elem() (*string, error) {
	var b strings.Builder
	if p.s[p.i] == '"' {
		p.i++
		for p.i < len(p.s) && p.s[p.i] != '"' {
			if p.s[p.i] == '\\' && p.i+1 < len(p.s) {
				p.i++
			}
			b.WriteByte(p.s[p.i])
			p.i++
		}
		if p.i >= len(p.s) {
			return nil, fmt.Errorf("eof")
		}
		p.i++
		s := b.String()
		return &s, nil
	}
	for p.i < len(p.s) && p.s[p.i] != ',' && p.s[p.i] != '}' {
		if p.s[p.i] == '\\' && p.i+1 < len(p.s) {
			p.i++
		}
		b.WriteByte(p.s[p.i])
		p.i++
	}
	s := strings.TrimSpace(b.String())
	if strings.EqualFold(s, "null") {
		return nil, nil
	}
	if s == "" {
		return nil, fmt.Errorf("empty")
	}
	return &s, nil
}

// IntToKindRange narrows n to t with the type's own overflow message.
func IntToKindRange(n int64, t *Type) (any, error) {
	v, err := IntToKind(n, t)
	if err != nil {
		return nil, RangeError(t)
	}
	return v, nil
}

// RangeError is 22003 "<type> out of range".
func RangeError(t *Type) error { return rangeErr(t.Base()) }

// parseBool is parse_bool_with_len: any prefix of true/false/yes/no, "on"
// and at least "of" of "off", and 1/0, ignoring case and surrounding space.
func parseBool(s string) (bool, bool) {
	v := strings.ToLower(strings.TrimSpace(s))
	if v == "" {
		return false, false
	}
	switch {
	case strings.HasPrefix("true", v), strings.HasPrefix("yes", v), v == "on", v == "1":
		return true, true
	case strings.HasPrefix("false", v), strings.HasPrefix("no", v), len(v) >= 2 && strings.HasPrefix("off", v), v == "0":
		return false, true
	}
	return false, false
}

// parseRegtype reads a type name (regtypein); the value is kept as
// format_type's spelling, the form regtype values have throughout.
func parseRegtype(s string, env *Env) (any, error) {
	if strings.TrimSpace(s) == "-" {
		return "-", nil // InvalidOid, as regtypein reads it
	}
	t, err := regtypeType(s, env)
	if err != nil {
		return nil, err
	}
	if env != nil {
		if d, ok := env.Relations.(TypeDisplayer); ok {
			return d.TypeText(t), nil
		}
	}
	return t.FormatTypeNoMod(), nil
}

// TypeDisplayer, when the Env's Relations also implements it, spells a
// type as regtype output does: qualified when the search path does not
// find it by its bare name.
type TypeDisplayer interface {
	TypeText(t *Type) string
}

// TypeResolver, when the Env's Relations also implements it, resolves
// user-defined type names and OIDs for regtype, through the session's
// catalog and search path.
type TypeResolver interface {
	// UserType finds a user type by its (possibly schema-qualified,
	// quoted) name.
	UserType(name string) (*Type, bool)
	// UserTypeByOID finds a user type (or its array type) by OID.
	UserTypeByOID(oid uint32) (*Type, bool)
}

func typeResolver(env *Env) TypeResolver {
	if env != nil {
		if r, ok := env.Relations.(TypeResolver); ok {
			return r
		}
	}
	return nil
}

// regtypeType resolves a type name as regtype input does: a built-in
// name, else a user type the session's catalog has.
func regtypeType(s string, env *Env) (*Type, error) {
	if t, ok := quotedBuiltinType(s); ok {
		return t, nil
	}
	name := strings.ToLower(strings.TrimSpace(s))
	name = strings.TrimPrefix(name, "pg_catalog.")
	if n := strings.TrimSpace(s); n == `"bit"` || n == `"bit"[]` {
		name = strings.ReplaceAll(n, `"`, "") // format_type(1560, -1) reads back
	}
	array := false
	if strings.HasSuffix(name, "[]") {
		array, name = true, strings.TrimSpace(strings.TrimSuffix(name, "[]"))
	}
	t, ok := ByName(strings.Join(strings.Fields(name), " "))
	if !ok && !strings.Contains(name, `"`) {
		// a typmod ('varchar(10)', 'timestamp(3) with time zone') names
		// the type without it, as parseTypeString reads it
		t, ok = ByName(strings.Join(strings.Fields(regtypeTypmod.ReplaceAllString(name, " ")), " "))
	}
	if !ok {
		// pseudo-types; of them only record and cstring have arrays
		pn, arr := strings.Trim(name, `"`), array
		if elem, isArr := arrayTypeElemName(pn); isArr && !arr {
			pn, arr = elem, true
		}
		if pt, found := PseudoByName(pn); found && (!arr || pt.ArrayOID != 0) {
			t, ok = pt, true
			if arr {
				t, array = ArrayOf(pt), false
			}
		}
	}
	if !ok {
		if r := typeResolver(env); r != nil {
			raw := strings.TrimSpace(s)
			if array {
				raw = strings.TrimSpace(strings.TrimSuffix(raw, "[]"))
			}
			t, ok = r.UserType(raw)
			if !ok && !array {
				// a user type's array type is named _<name>, as
				// pg_type lists it (pgx's LoadType asks for it)
				if elem, isArr := arrayTypeElemName(raw); isArr {
					if et, found := r.UserType(elem); found && et.Kind != KindArray {
						t, ok = ArrayOf(et), ArrayOf(et) != nil
					}
				}
			}
		}
	}
	if !ok {
		// a qualified name's schema must exist first (LookupTypeName)
		raw := strings.TrimSuffix(strings.TrimSpace(s), "[]")
		if o := objectResolver(env); o != nil && !strings.Contains(raw, "(") {
			if parts := SplitQualifiedName(raw); len(parts) == 2 {
				if _, err := o.NamespaceOID(parts[0]); err != nil {
					return nil, err
				}
			}
		}
		return nil, pgerror.New(pgerror.UndefinedObject, "type %q does not exist", typeNameDisplay(s))
	}
	if array && t.Kind != KindArray {
		if t = ArrayOf(t); t == nil {
			return nil, pgerror.New(pgerror.UndefinedObject, "type %q does not exist", strings.TrimSpace(s))
		}
	}
	return t, nil
}

// quotedBuiltinType resolves a built-in type named with quoted
// identifiers ('"pg_catalog"."uuid"', '"int4"[]'): a quoted name is a
// pg_type name, matched exactly. TypeORM reads every column's type so,
// from information_schema's udt_schema and udt_name.
func quotedBuiltinType(s string) (*Type, bool) {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, `"`) {
		return nil, false
	}
	// the qualified name runs to the first typmod, [] or space outside quotes
	end, inQuote := len(s), false
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			inQuote = !inQuote
		} else if !inQuote && (s[i] == '(' || s[i] == '[' || s[i] == ' ') {
			end = i
			break
		}
	}
	rest := strings.TrimSpace(s[end:])
	rest = strings.TrimSpace(regtypeTypmod.ReplaceAllString(rest, ""))
	array := false
	switch rest {
	case "":
	case "[]":
		array = true
	default:
		return nil, false
	}
	parts := SplitQualifiedName(s[:end])
	if len(parts) > 2 || (len(parts) == 2 && parts[0] != "pg_catalog") {
		return nil, false
	}
	t, ok := ByName(parts[len(parts)-1])
	if !ok || t.Name != parts[len(parts)-1] {
		return nil, false
	}
	if array {
		if t.Kind == KindArray {
			return nil, false // no array of an array type
		}
		t = ArrayOf(t)
	}
	return t, t != nil
}

// typeNameDisplay spells a type name as regtype input's errors do, its
// identifiers unquoted ('"pg_catalog"."x"' is pg_catalog.x).
func typeNameDisplay(s string) string {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, `"`) {
		return s
	}
	end, inQuote := len(s), false
	for i := 0; i < len(s); i++ {
		if s[i] == '"' {
			inQuote = !inQuote
		} else if !inQuote && (s[i] == '(' || s[i] == '[') {
			end = i
			break
		}
	}
	return strings.Join(SplitQualifiedName(s[:end]), ".") + s[end:]
}

var regtypeTypmod = regexp.MustCompile(`\(\s*\d+\s*(,\s*-?\d+\s*)?\)`)

// arrayTypeElemName is the element type's name of an array type name
// "_elem" (its last part, quoted or not, starting with an underscore).
func arrayTypeElemName(name string) (string, bool) {
	prefix, last := "", name
	quoted := false
	for i, c := range name {
		switch {
		case c == '"':
			quoted = !quoted
		case c == '.' && !quoted:
			prefix, last = name[:i+1], name[i+1:]
		}
	}
	switch {
	case strings.HasPrefix(last, `"_`) && len(last) > 3:
		return prefix + `"` + last[2:], true
	case strings.HasPrefix(last, "_") && len(last) > 1:
		return prefix + last[1:], true
	}
	return "", false
}

// underflows reports whether a float literal has a non-zero mantissa digit
// (so parsing it as zero lost the value).
func underflows(s string) bool {
	for _, c := range s {
		switch {
		case c == 'e' || c == 'E':
			return false
		case c >= '1' && c <= '9':
			return true
		}
	}
	return false
}
