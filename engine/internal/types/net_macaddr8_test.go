package types

import (
	"bytes"
	"testing"
)

// TestMacaddrBinary holds macaddr_send / macaddr8_send (the address's
// bytes) and their receive functions to the text form.
func TestMacaddrBinary(t *testing.T) {
	for _, c := range []struct {
		typ  *Type
		text string
		want []byte
	}{
		{Macaddr, "08:00:2b:01:02:03", []byte{8, 0, 0x2b, 1, 2, 3}},
		{Macaddr8, "08:00:2b:01:02:03:04:05", []byte{8, 0, 0x2b, 1, 2, 3, 4, 5}},
	} {
		var codec BinaryCodec
		got, err := codec.AppendSend(nil, c.typ.OID, c.text, c.text)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, c.want) {
			t.Fatalf("%s send = %x, want %x", c.typ.Name, got, c.want)
		}
		back, err := codec.ReceiveText(c.typ.OID, got)
		if err != nil || back != c.text {
			t.Fatalf("%s receive = %q, %v; want %q", c.typ.Name, back, err, c.text)
		}
	}
}
