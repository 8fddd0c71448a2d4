package types

import (
	"encoding/binary"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// appendMultirangeSend is multirange_send: the range count, then each
// range as its length and range_send form.
func (c *BinaryCodec) appendMultirangeSend(buf []byte, m MultirangeVal) ([]byte, error) {
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(m.Ranges)))
	for _, r := range m.Ranges {
		at := len(buf)
		buf = append(buf, 0, 0, 0, 0)
		var err error
		if buf, err = c.appendRangeSend(buf, r); err != nil {
			return nil, err
		}
		binary.BigEndian.PutUint32(buf[at:], uint32(len(buf)-at-4))
	}
	return buf, nil
}

// receiveMultirange is multirange_recv, giving the multirange's text form
// (its input function then canonicalises it as make_multirange does).
func (c *BinaryCodec) receiveMultirange(t *Type, data []byte) (string, error) {
	bad := pgerror.New(pgerror.InvalidBinaryRepresentation, "incorrect binary data format in bind parameter")
	if len(data) < 4 {
		return "", bad
	}
	n := binary.BigEndian.Uint32(data)
	rest := data[4:]
	rt := RangeOfMultirange(t)
	var b strings.Builder
	b.WriteByte('{')
	for i := uint32(0); i < n; i++ {
		if len(rest) < 4 {
			return "", bad
		}
		l := binary.BigEndian.Uint32(rest)
		if uint64(len(rest)-4) < uint64(l) {
			return "", bad
		}
		s, err := c.receiveRange(rt, rest[4:4+l])
		if err != nil {
			return "", err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s)
		rest = rest[4+l:]
	}
	if len(rest) != 0 {
		return "", bad
	}
	b.WriteByte('}')
	return b.String(), nil
}
