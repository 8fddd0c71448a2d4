package pgwire

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// binArray builds array_recv's input: ndim, flags, element OID, then
// (length, lower bound) per dimension, then each element (nil: NULL).
func binArray(flags, elemOID uint32, dims, lower []int32, elems [][]byte) []byte {
	b := binary.BigEndian.AppendUint32(nil, uint32(len(dims)))
	b = binary.BigEndian.AppendUint32(b, flags)
	b = binary.BigEndian.AppendUint32(b, elemOID)
	for i := range dims {
		b = binary.BigEndian.AppendUint32(b, uint32(dims[i]))
		b = binary.BigEndian.AppendUint32(b, uint32(lower[i]))
	}
	for _, e := range elems {
		if e == nil {
			b = binary.BigEndian.AppendUint32(b, 0xffffffff)
			continue
		}
		b = binary.BigEndian.AppendUint32(b, uint32(len(e)))
		b = append(b, e...)
	}
	return b
}

func be8(n int64) []byte { return binary.BigEndian.AppendUint64(nil, uint64(n)) }
func be4(n int32) []byte { return binary.BigEndian.AppendUint32(nil, uint32(n)) }
func be2(n int16) []byte { return binary.BigEndian.AppendUint16(nil, uint16(n)) }

// binaryParamCases are integer and integer-array parameters sent in
// binary, the form drivers use for `= ANY($1)` id lists: well formed ones
// in their usual and less usual shapes, and malformed ones.
var binaryParamCases = []struct {
	name string
	sql  string
	oid  uint32 // 0: domain pos8, 1: domain nn8
	raw  []byte // nil: NULL
}{
	{"int2", "select $1::int2::text", 21, be2(-7)},
	{"int4", "select $1::int4::text", 23, be4(1 << 30)},
	{"int8", "select $1::int8::text", 20, be8(-1 << 40)},
	{"int8 array", "select $1::int8[]::text", 1016, binArray(0, 20, []int32{3}, []int32{1}, [][]byte{be8(1), be8(2), be8(3)})},
	{"int8 array with null", "select $1::int8[]::text", 1016, binArray(1, 20, []int32{2}, []int32{1}, [][]byte{be8(5), nil})},
	{"null flag unset", "select $1::int8[]::text", 1016, binArray(0, 20, []int32{2}, []int32{1}, [][]byte{nil, be8(5)})},
	{"int4 array lower bound 0", "select $1::int4[]::text", 1007, binArray(0, 23, []int32{2}, []int32{0}, [][]byte{be4(5), be4(6)})},
	{"int2 array of two dimensions", "select $1::int2[]::text", 1005, binArray(0, 21, []int32{2, 2}, []int32{1, 1}, [][]byte{be2(1), be2(2), be2(3), be2(4)})},
	{"empty array", "select $1::int8[]::text, cardinality($1::int8[])", 1016, binArray(0, 20, nil, nil, nil)},
	{"dimension of length 0", "select $1::int8[]::text", 1016, binArray(0, 20, []int32{0}, []int32{1}, nil)},
	{"any", "select x from generate_series(1, 10) x where x = any($1::int8[]) order by x", 1016, binArray(0, 20, []int32{3}, []int32{1}, [][]byte{be8(9), be8(2), be8(40)})},
	{"int4 elements for int8 array", "select $1::int8[]::text", 1016, binArray(0, 23, []int32{1}, []int32{1}, [][]byte{be4(1)})},
	{"short element", "select $1::int8[]::text", 1016, binArray(0, 20, []int32{1}, []int32{1}, [][]byte{be4(1)})},
	{"bad flags", "select $1::int8[]::text", 1016, binArray(2, 20, []int32{1}, []int32{1}, [][]byte{be8(1)})},
	{"trailing bytes", "select $1::int8[]::text", 1016, append(binArray(0, 20, []int32{1}, []int32{1}, [][]byte{be8(1)}), 0)},
	{"missing element", "select $1::int8[]::text", 1016, binArray(0, 20, []int32{2}, []int32{1}, [][]byte{be8(1)})},
	{"empty array with trailing bytes", "select $1::int8[]::text", 1016, append(binArray(0, 20, nil, nil, nil), 1)},
	{"element of 9 bytes", "select $1::int8[]::text", 1016, binArray(0, 20, []int32{1}, []int32{1}, [][]byte{append(be8(1), 0)})},
	{"NULL int8", "select $1::int8 is null", 20, nil},
	{"domain over int8", "select $1::text", 0, be8(-5)},
	{"NULL for a NOT NULL domain", "select $1::text", 1, nil},
}

// TestBinaryParams sends each case's parameter in binary and records the
// text of the answer or the error, against a golden recorded from
// PostgreSQL 15 (-record-psql with TINYBASE_PG_URL).
func TestBinaryParams(t *testing.T) {
	ctx := context.Background()
	url := goldenTarget(t, *recordPsql, "wire_binary_params")
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "create domain pos8 as int8 check (value > 0); create domain nn8 as int8 not null"); err != nil {
		t.Fatal(err)
	}
	var pos8, nn8 uint32
	if err := conn.QueryRow(ctx, "select 'pos8'::regtype::oid, 'nn8'::regtype::oid").Scan(&pos8, &nn8); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	for _, tc := range binaryParamCases {
		oid := tc.oid
		switch oid { // the domains' OIDs, known once created
		case 0:
			oid = pos8
		case 1:
			oid = nn8
		}
		res := conn.PgConn().ExecParams(ctx, tc.sql, [][]byte{tc.raw}, []uint32{oid}, []int16{1}, nil).Read()
		fmt.Fprintf(&out, "%s:", tc.name)
		if res.Err != nil {
			if pe, ok := res.Err.(*pgconn.PgError); ok {
				fmt.Fprintf(&out, " ERROR %s %s\n", pe.Code, pe.Message)
				continue
			}
			t.Fatalf("%s: %v", tc.name, res.Err)
		}
		for _, row := range res.Rows {
			out.WriteString(" (")
			for i, v := range row {
				if i > 0 {
					out.WriteString(", ")
				}
				out.Write(v)
			}
			out.WriteString(")")
		}
		out.WriteByte('\n')
	}
	want, recorded := clientGolden(t, *recordPsql, filepath.Join("testdata", "binary_params.golden"), out.String())
	if recorded {
		return
	}
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("answers (-postgres +tinybase):\n%s", diff)
	}
}
