package types

import (
	"net/netip"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// castContextExtra is pg_cast for the types of range.go, tsearch.go,
// timetz.go, bit.go, money.go, net_types.go, geo_point.go and xml.go
// (casts to and from text are I/O conversions handled by castContextOf).
func castContextExtra(f, t *Type) CastContext {
	switch {
	case f.Kind == KindRange && t.Kind == KindMultirange && MultirangeOf(f) == t:
		return CastExplicit // pg_cast: the multirange constructor
	case f.Kind == KindTime && t.Kind == KindTimeTZ:
		return CastImplicit
	case f.Kind == KindTimeTZ && t.Kind == KindTime, f.Kind == KindTimestamptz && t.Kind == KindTimeTZ:
		return CastAssignment
	case f.Kind == KindBit && t.Kind == KindBit:
		return CastImplicit
	case (f.Kind == KindInt4 || f.Kind == KindInt8) && t.Kind == KindBit && t.OID == Bit.OID,
		f.Kind == KindBit && f.OID == Bit.OID && (t.Kind == KindInt4 || t.Kind == KindInt8):
		return CastExplicit
	case (f.Kind == KindNumeric || f.Kind == KindInt4 || f.Kind == KindInt8) && t.Kind == KindMoney,
		f.Kind == KindMoney && t.Kind == KindNumeric:
		return CastAssignment
	case f.Kind == KindCidr && t.Kind == KindInet:
		return CastImplicit
	case f.Kind == KindInet && t.Kind == KindCidr:
		return CastAssignment
	case f.Kind == KindMacaddr && t.Kind == KindMacaddr8, f.Kind == KindMacaddr8 && t.Kind == KindMacaddr:
		return CastImplicit
	}
	return castNone
}

// castExtra converts between the types castContextExtra admits.
func castExtra(v any, f, t *Type, env *Env) (any, bool, error) {
	switch {
	case f.Kind == KindRange && t.Kind == KindMultirange:
		return MultirangeFromRange(v.(RangeVal)), true, nil
	case f.Kind == KindTime && t.Kind == KindTimeTZ:
		return timetzFromTime(v.(TimeOfDay), env), true, nil
	case f.Kind == KindTimeTZ && t.Kind == KindTime:
		return TimeOfDay(v.(TimeTZ).Micros), true, nil
	case f.Kind == KindTimestamptz && t.Kind == KindTimeTZ:
		tm := v.(time.Time).In(env.loc())
		_, off := tm.Zone()
		us := int64(tm.Hour())*3600e6 + int64(tm.Minute())*60e6 + int64(tm.Second())*1e6 + int64(tm.Nanosecond()/1000)
		return TimeTZ{Micros: us, Offset: int32(off)}, true, nil
	case f.Kind == KindBit && t.Kind == KindBit:
		return v, true, nil
	case (f.Kind == KindInt4 || f.Kind == KindInt8) && t.Kind == KindBit:
		n, _ := asInt64(v)
		width := int(t.Mod)
		if width <= 0 {
			width = 1
		}
		return BitFromInt(n, width), true, nil
	case f.Kind == KindBit && t.Kind == KindInt4:
		n, err := BitToInt(v.(string), 32)
		return int32(n), true, err
	case f.Kind == KindBit && t.Kind == KindInt8:
		n, err := BitToInt(v.(string), 64)
		return n, true, err
	case f.Kind == KindMoney && t.Kind == KindNumeric:
		return MoneyToNumeric(v.(Money)), true, nil
	case t.Kind == KindMoney:
		var d decimal.Decimal
		switch x := v.(type) {
		case decimal.Decimal:
			d = x
		case NumericSpecial:
			// numeric → money goes through int8 (numeric_cash)
			return nil, true, numericSpecialToInt(x, Int8)
		default:
			n, _ := asInt64(x)
			d = decimal.NewFromInt(n)
		}
		m, err := MoneyFromNumeric(d)
		return m, true, err
	case f.Kind == KindCidr && t.Kind == KindInet:
		return v, true, nil
	case f.Kind == KindMacaddr && t.Kind == KindMacaddr8:
		b := MacaddrBytes(v.(string))
		return FormatMacaddr([]byte{b[0], b[1], b[2], 0xff, 0xfe, b[3], b[4], b[5]}), true, nil
	case f.Kind == KindMacaddr8 && t.Kind == KindMacaddr:
		s, err := macaddr8ToMacaddr(v.(string))
		return s, true, err
	case f.Kind == KindInet && t.Kind == KindCidr:
		s, err := ParseInet(v.(string))
		if err != nil {
			return nil, true, err
		}
		c, err := ParseCidr(s)
		if err != nil {
			// inet → cidr zeroes the host bits (cidr(inet))
			c, err = maskInet(s)
		}
		return c, true, err
	}
	return nil, false, nil
}

// maskInet is cidr(inet): the network of an inet value.
func maskInet(s string) (string, error) {
	addrText, bitsText, _ := strings.Cut(s, "/")
	addr, err := netip.ParseAddr(addrText)
	if err != nil {
		return "", badInput(Cidr, s)
	}
	bits := addr.BitLen()
	if bitsText != "" {
		bits, _ = strconv.Atoi(bitsText)
	}
	p := netip.PrefixFrom(addr, bits).Masked()
	return p.Addr().String() + "/" + strconv.Itoa(bits), nil
}
