package types

import (
	"encoding/binary"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// Binary send forms of range.go, timetz.go and money.go's types, which
// pgtype cannot build from the text form: range_send (a flags byte, then
// each finite bound as length + element send form), timetz_send
// (microseconds, then the zone in seconds west of UTC) and cash_send.
func (c *BinaryCodec) appendSendExtra(buf []byte, v any) ([]byte, bool, error) {
	switch x := v.(type) {
	case RangeVal:
		out, err := c.appendRangeSend(buf, x)
		return out, true, err
	case MultirangeVal:
		out, err := c.appendMultirangeSend(buf, x)
		return out, true, err
	case TimeTZ:
		buf = binary.BigEndian.AppendUint64(buf, uint64(x.Micros))
		return binary.BigEndian.AppendUint32(buf, uint32(-x.Offset)), true, nil
	case Money:
		return binary.BigEndian.AppendUint64(buf, uint64(x)), true, nil
	}
	return buf, false, nil
}

// receiveExtra is the binary receive of range.go, timetz.go and money.go's
// types, as their text form; ok is false for other types.
func (c *BinaryCodec) receiveExtra(oid uint32, data []byte) (string, bool, error) {
	t, known := ByOID(oid)
	if !known {
		return "", false, nil
	}
	bad := pgerror.New(pgerror.InvalidBinaryRepresentation, "incorrect binary data format in bind parameter")
	switch t.Kind {
	case KindTimeTZ:
		if len(data) != 12 {
			return "", true, bad
		}
		v := TimeTZ{Micros: int64(binary.BigEndian.Uint64(data)), Offset: -int32(binary.BigEndian.Uint32(data[8:]))}
		return FormatTimeTZ(v), true, nil
	case KindMoney:
		if len(data) != 8 {
			return "", true, bad
		}
		return FormatMoney(Money(int64(binary.BigEndian.Uint64(data)))), true, nil
	case KindRange:
		out, err := c.receiveRange(t, data)
		return out, true, err
	case KindMultirange:
		out, err := c.receiveMultirange(t, data)
		return out, true, err
	}
	return "", false, nil
}

// appendRangeSend is range_send: a flags byte, then each finite bound as
// length + the element's send form.
func (c *BinaryCodec) appendRangeSend(buf []byte, r RangeVal) ([]byte, error) {
	const (
		rangeEmpty = 0x01
		lbInc      = 0x02
		ubInc      = 0x04
		lbInf      = 0x08
		ubInf      = 0x10
	)
	var flags byte
	switch {
	case r.Empty:
		flags = rangeEmpty
	default:
		if r.Lower.Inclusive {
			flags |= lbInc
		}
		if r.Upper.Inclusive {
			flags |= ubInc
		}
		if r.Lower.Inf {
			flags |= lbInf
		}
		if r.Upper.Inf {
			flags |= ubInf
		}
	}
	buf = append(buf, flags)
	if r.Empty {
		return buf, nil
	}
	for _, b := range []RangeBound{r.Lower, r.Upper} {
		if b.Inf {
			continue
		}
		at := len(buf)
		buf = append(buf, 0, 0, 0, 0)
		var err error
		buf, err = c.AppendSend(buf, r.Sub.OID, b.Val, Output(r.Sub, b.Val, &Env{}))
		if err != nil {
			return nil, err
		}
		binary.BigEndian.PutUint32(buf[at:], uint32(len(buf)-at-4))
	}
	return buf, nil
}

// receiveRange is range_recv, giving the range's text form.
func (c *BinaryCodec) receiveRange(t *Type, data []byte) (string, error) {
	bad := pgerror.New(pgerror.InvalidBinaryRepresentation, "incorrect binary data format in bind parameter")
	if len(data) < 1 {
		return "", bad
	}
	flags, rest := data[0], data[1:]
	if flags&0x01 != 0 {
		return "empty", nil
	}
	var b strings.Builder
	if flags&0x02 != 0 {
		b.WriteByte('[')
	} else {
		b.WriteByte('(')
	}
	for i, inf := range []bool{flags&0x08 != 0, flags&0x10 != 0} {
		if i == 1 {
			b.WriteByte(',')
		}
		if inf {
			continue
		}
		if len(rest) < 4 {
			return "", bad
		}
		n := int(binary.BigEndian.Uint32(rest))
		if n < 0 || len(rest) < 4+n {
			return "", bad
		}
		s, err := c.ReceiveText(t.RangeSub.OID, rest[4:4+n])
		if err != nil {
			return "", err
		}
		writeRangeBound(&b, s)
		rest = rest[4+n:]
	}
	if flags&0x04 != 0 {
		b.WriteByte(']')
	} else {
		b.WriteByte(')')
	}
	return b.String(), nil
}
