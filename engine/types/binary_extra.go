package types

import "encoding/binary"

// Binary send forms of range.go, timetz.go and money.go's types, which
// pgtype cannot build from the text form: range_send (a flags byte, then
// each finite bound as length + element send form), timetz_send
// (microseconds, then the zone in seconds west of UTC) and cash_send.
func (c *BinaryCodec) appendSendExtra(buf []byte, v any) ([]byte, bool, error) {
	switch x := v.(type) {
	case RangeVal:
		const (
			rangeEmpty = 0x01
			lbInc      = 0x02
			ubInc      = 0x04
			lbInf      = 0x08
			ubInf      = 0x10
		)
		var flags byte
		switch {
		case x.Empty:
			flags = rangeEmpty
		default:
			if x.Lower.Inclusive {
				flags |= lbInc
			}
			if x.Upper.Inclusive {
				flags |= ubInc
			}
			if x.Lower.Inf {
				flags |= lbInf
			}
			if x.Upper.Inf {
				flags |= ubInf
			}
		}
		buf = append(buf, flags)
		if x.Empty {
			return buf, true, nil
		}
		for _, b := range []RangeBound{x.Lower, x.Upper} {
			if b.Inf {
				continue
			}
			at := len(buf)
			buf = append(buf, 0, 0, 0, 0)
			var err error
			buf, err = c.AppendSend(buf, x.Sub.OID, b.Val, Output(x.Sub, b.Val, &Env{}))
			if err != nil {
				return nil, true, err
			}
			binary.BigEndian.PutUint32(buf[at:], uint32(len(buf)-at-4))
		}
		return buf, true, nil
	case TimeTZ:
		buf = binary.BigEndian.AppendUint64(buf, uint64(x.Micros))
		return binary.BigEndian.AppendUint32(buf, uint32(-x.Offset)), true, nil
	case Money:
		return binary.BigEndian.AppendUint64(buf, uint64(x)), true, nil
	}
	return buf, false, nil
}
