package pgwire

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
)

// emptyValueCases are statements whose result is a zero-length value (or,
// for bytea, arrays and jsonb, a value whose text form is short): each
// must arrive as a value, never as NULL (length -1), in every format.
var emptyValueCases = []struct {
	name string
	sql  string
	args []any
}{
	{"literal", "select ''", nil},
	{"param", "select $1::text", []any{""}},
	{"split_part", "select split_part('a,', ',', 2)", nil},
	{"coalesce", "select coalesce(null, '')", nil},
	{"values", "select * from (values (''), ('x'), (null)) v(a) order by a nulls last", nil},
	{"varchar", "select ''::varchar(3), ''::bpchar, ''::name", nil},
	{"bytea", "select ''::bytea", nil},
	{"empty_array", "select '{}'::int[], '{}'::text[]", nil},
	{"empty_string_array", "select array['']::text[]", nil},
	{"jsonb_string", `select '""'::jsonb, '""'::json`, nil},
	{"null", "select null::text", nil},
}

// emptyValueModes are pgx's ways of running a query: the simple protocol
// (values as text), and the extended protocol with text or binary results.
var emptyValueModes = []struct {
	name   string
	format int16 // result format for the extended protocol; -1: simple
}{
	{"simple", -1},
	{"extended_text", 0},
	{"extended_binary", 1},
}

// TestEmptyValues checks that zero-length values keep their length on the
// wire, through pgx in each protocol mode; the expected bytes are recorded
// from PostgreSQL 15 (-record-psql with TINYBASE_PG_URL).
func TestEmptyValues(t *testing.T) {
	ctx := context.Background()
	url := goldenTarget(t, *recordPsql, "wire_empty_values")
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var out bytes.Buffer
	for _, m := range emptyValueModes {
		for _, tc := range emptyValueCases {
			rows, err := emptyValueRows(ctx, conn, m.format, tc.sql, tc.args)
			if err != nil {
				t.Fatalf("%s %s: %v", m.name, tc.name, err)
			}
			for i, row := range rows {
				fmt.Fprintf(&out, "%s %s row %d:", m.name, tc.name, i+1)
				for _, v := range row {
					if v == nil {
						out.WriteString(" NULL")
					} else {
						fmt.Fprintf(&out, " [%s]", hex.EncodeToString(v))
					}
				}
				out.WriteByte('\n')
			}
		}
	}
	path := filepath.Join("testdata", "empty_values.golden")
	if *recordPsql {
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), out.String()); diff != "" {
		t.Errorf("values (hex; -postgres +tinybase):\n%s", diff)
	}
}

// emptyValueRows runs sql and returns its raw values; format -1 runs it
// with pgx's simple protocol, 0 and 1 with the extended protocol and
// that result format for every column.
func emptyValueRows(ctx context.Context, conn *pgx.Conn, format int16, sql string, args []any) ([][][]byte, error) {
	var out [][][]byte
	if format < 0 {
		rows, err := conn.Query(ctx, sql, append([]any{pgx.QueryExecModeSimpleProtocol}, args...)...)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		for rows.Next() {
			out = append(out, copyRaw(rows.RawValues()))
		}
		return out, rows.Err()
	}
	params := make([][]byte, len(args))
	for i, a := range args {
		params[i] = []byte(a.(string))
	}
	rr := conn.PgConn().ExecParams(ctx, sql, params, nil, nil, []int16{format})
	for rr.NextRow() {
		out = append(out, copyRaw(rr.Values()))
	}
	_, err := rr.Close()
	return out, err
}

// copyRaw copies a row's values, keeping nil (NULL) apart from empty.
func copyRaw(vals [][]byte) [][]byte {
	row := make([][]byte, len(vals))
	for i, v := range vals {
		if v != nil {
			row[i] = append([]byte{}, v...)
		}
	}
	return row
}

// emptyValuesSQL is the psql script of TestEmptyValuesPsql: with NULL
// printed as NULL, an empty value shows as an empty cell.
const emptyValuesSQL = `\pset null NULL
select '' as literal, split_part('a,', ',', 2) as split, coalesce(null, '') as coalesced, null::text as "null";
select * from (values (''), ('x'), (null)) v(a) order by a nulls last;
select ''::bytea as bytea, '{}'::int[] as arr, '""'::jsonb as jsonb, ''::varchar as vc;
`

// TestEmptyValuesPsql runs emptyValuesSQL through psql and compares its
// output with PostgreSQL 15's (testdata/psql/empty_values.golden).
func TestEmptyValuesPsql(t *testing.T) {
	requireTool(t, "psql")
	url := goldenTarget(t, *recordPsql, "wire_empty_values")
	script := filepath.Join(t.TempDir(), "empty.sql")
	if err := os.WriteFile(script, []byte(emptyValuesSQL), 0o644); err != nil {
		t.Fatal(err)
	}
	got := runPsql(t, url, "-f", script)
	golden := filepath.Join("testdata", "psql", "empty_values.golden")
	if *recordPsql {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("psql (-postgres +tinybase):\n%s", diff)
	}
}

// TestEmptyValuesNode runs testdata/node/empty.js: node-postgres with the
// simple protocol (no parameters) and the extended one (parameters).
func TestEmptyValuesNode(t *testing.T) { runNode(t, "empty.js", "empty.golden") }
