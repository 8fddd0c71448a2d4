package pgwire

import (
	"encoding/binary"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5/pgproto3"
)

// The OIDs of PostgreSQL's large object functions, as libpq finds them
// in pg_proc (fe-lobj.c, lo_initialize).
const (
	oidLoCreate = 715
	oidLoOpen   = 952
	oidLoClose  = 953
	oidLoread   = 954
	oidLowrite  = 955
	oidLoLseek  = 956
	oidLoTell64 = 3171
	oidLoUnlink = 964
	oidLoGet    = 3458
)

// fcall is a FunctionCall with binary arguments and result, as libpq's
// PQfn sends one; an int32 argument goes as int4, a []byte as is.
func fcall(fn uint32, args ...any) []pgproto3.FrontendMessage {
	m := &pgproto3.FunctionCall{Function: fn, ResultFormatCode: 1}
	for _, a := range args {
		m.ArgFormatCodes = append(m.ArgFormatCodes, 1)
		switch v := a.(type) {
		case int32:
			m.Arguments = append(m.Arguments, binary.BigEndian.AppendUint32(nil, uint32(v)))
		case []byte:
			m.Arguments = append(m.Arguments, v)
		default:
			panic(fmt.Sprintf("fcall: %T", a))
		}
	}
	return []pgproto3.FrontendMessage{m}
}

const rw = int32(0x60000) // INV_READ | INV_WRITE

var fastpathCases = []pipelineCase{
	{name: "large object round trip in a block", setup: "begin",
		msgs: pipe(fcall(oidLoCreate, int32(424299)), fcall(oidLoOpen, int32(424299), rw), fcall(oidLowrite, int32(0), []byte("hello fastpath")),
			fcall(oidLoLseek, int32(0), int32(6), int32(0)), fcall(oidLoread, int32(0), int32(100)), fcall(oidLoTell64, int32(0)), fcall(oidLoClose, int32(0))),
		check: []string{"commit", "select encode(lo_get(424299), 'escape')", "select lo_unlink(424299)"}},
	{name: "text arguments and result",
		msgs: pipe(fcall(oidLoCreate, int32(424300)),
			[]pgproto3.FrontendMessage{&pgproto3.FunctionCall{Function: oidLoGet, ArgFormatCodes: []uint16{0}, Arguments: [][]byte{[]byte("424300")}, ResultFormatCode: 0}},
			fcall(oidLoUnlink, int32(424300))),
		check: []string{"select count(*) from pg_largeobject_metadata"}},
	{name: "descriptors end with the call's transaction",
		msgs: pipe(fcall(oidLoCreate, int32(424301)), fcall(oidLoOpen, int32(424301), rw), fcall(oidLoread, int32(0), int32(1)), fcall(oidLoUnlink, int32(424301)))},
	{name: "missing object",
		msgs: fcall(oidLoOpen, int32(999999), rw)},
	{name: "unknown function",
		msgs: fcall(1, int32(1))},
	{name: "wrong argument count",
		msgs: fcall(oidLoClose, int32(1), int32(2))},
	{name: "failed block", setup: "begin; select 1/0",
		msgs:  fcall(oidLoCreate, int32(424302)),
		check: []string{"rollback"}},
	{name: "error rolls the call back", setup: "begin",
		msgs:  pipe(fcall(oidLoCreate, int32(424303)), fcall(oidLoOpen, int32(424303), int32(0))),
		check: []string{"rollback", "select count(*) from pg_largeobject_metadata"}},
}

// TestFastpathLikePostgres sends Function Call messages calling the
// large object functions and compares the answers with PostgreSQL 15's
// (testdata/fastpath.golden; -record-psql with TINYBASE_PG_URL).
func TestFastpathLikePostgres(t *testing.T) {
	url := goldenTarget(t, *recordPsql, "wire_fastpath")
	var out strings.Builder
	for _, tc := range fastpathCases {
		lines, err := pipelineExchange(url, tc)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		fmt.Fprintf(&out, "== %s\n%s\n", tc.name, strings.Join(lines, "\n"))
	}
	want, recorded := clientGolden(t, *recordPsql, filepath.Join("testdata", "fastpath.golden"), out.String())
	if recorded {
		return
	}
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("answers (-postgres +tinybase):\n%s", diff)
	}
}
