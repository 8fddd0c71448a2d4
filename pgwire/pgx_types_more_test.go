package pgwire

import (
	"context"
	"os"
	"reflect"
	"testing"

	"github.com/jackc/pgx/v5"
)

// typeRoundTripSetup creates the user-defined types typeRoundTrips use.
const typeRoundTripSetup = `
create type rt_comp as (a int, b text);
create type rt_mood as enum ('sad', 'ok', 'happy');
create domain rt_pos as int check (value > 0);
`

// typeRoundTrips are values of the types clients exchange beyond the
// scalars (composites, ranges, arrays of them, domains), written as SQL
// literals of the type.
var typeRoundTrips = []struct{ typ, lit string }{
	{"rt_comp", `'(1,"x y")'`},
	{"rt_comp", `'(,)'`},
	{"rt_comp[]", `'{"(1,a)","(2,\"b c\")",NULL}'`},
	{"int4range", `'[1,10)'`},
	{"int4range", `'empty'`},
	{"int8range", `'(,5]'`},
	{"numrange", `'[1.5,2.25]'`},
	{"daterange", `'[2024-01-01,2024-02-01)'`},
	{"tstzrange", `'[2024-01-01 10:00+00,2024-01-02 00:00+00)'`},
	{"interval", `'1 year 2 mons -3 days 04:05:06.7'`},
	{"interval", `'-178000000 years'`},
	{"numeric", `'NaN'`},
	{"numeric", `'Infinity'`},
	{"numeric", `'-Infinity'`},
	{"numeric", `'-0.000012300'`},
	{"bytea", `'\x00ff10'`},
	{"bytea", `''`},
	{"uuid[]", `'{01020304-0506-0708-090a-0b0c0d0e0f10,NULL}'`},
	{"jsonb[]", `array['{"a": [1, 2]}'::jsonb, 'null', NULL]`},
	{"money", `'12.34'`},
	{"rt_mood", `'ok'`},
	{"rt_mood[]", `'{sad,happy}'`},
	{"rt_pos", `5`},
	{"rt_pos[]", `'{1,2}'`},
	{"int4range[]", `'{"[1,2)",empty}'`},
	{"int4multirange", `'{[1,3),[5,7)}'`},
	{"int4multirange", `'{}'`},
	{"int8multirange", `'{(,5],[7,)}'`},
	{"nummultirange", `'{(1.5,2),[3,4.25]}'`},
	{"datemultirange", `'{[2024-01-01,2024-02-01),[2024-03-01,infinity)}'`},
	{"tsmultirange", `'{["2024-01-01 10:00","2024-01-01 12:00")}'`},
	{"tstzmultirange", `'{[2024-01-01 10:00+00,2024-01-02 00:00+00),[2024-01-03 00:00+00,)}'`},
	{"int4multirange[]", `'{"{[1,2),[3,4)}","{}",NULL}'`},
}

// pgxNoResend are values pgx decodes from binary into Go values it cannot
// encode again (a Range[any], JSON null read as nil, a composite read as a
// map): the binary result is checked, not sending it back.
var pgxNoResend = map[string]bool{"int4range": true, "int8range": true, "numrange": true, "daterange": true,
	"tstzrange": true, "int4range[]": true, "jsonb[]": true, "rt_comp": true, "rt_comp[]": true,
	"int4multirange": true, "int8multirange": true, "nummultirange": true, "datemultirange": true, "tsmultirange": true,
	"tstzmultirange": true, "int4multirange[]": true}

// TestPgxTypeRoundTrips reads each value through pgx in text (simple
// protocol, and extended with text results) and in binary (extended), and
// sends what binary gave back as a parameter: every path must print the
// value as the simple protocol's text does. With TINYBASE_PG_URL set the
// text is also compared with PostgreSQL's.
func TestPgxTypeRoundTrips(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	connect := func(url string) *pgx.Conn {
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { conn.Close(ctx) })
		return conn
	}
	conn := connect(url)
	if _, err := conn.Exec(ctx, typeRoundTripSetup); err != nil {
		t.Fatal(err)
	}
	// pgx's LoadType reads pg_type and pg_attribute with $1 compared to
	// oid columns (an oid parameter) and names array types _<type>.
	for _, name := range []string{"rt_comp", "_rt_comp", "rt_mood", "_rt_mood", "rt_pos", "_rt_pos"} {
		dt, err := conn.LoadType(ctx, name)
		if err != nil {
			t.Fatalf("LoadType %s: %v", name, err)
		}
		conn.TypeMap().RegisterType(dt)
	}
	var oracle *pgx.Conn
	if pgURL := os.Getenv("TINYBASE_PG_URL"); pgURL != "" {
		oracle = connect(scratchPostgres(t, "wire_pgx_types"))
		if _, err := oracle.Exec(ctx, typeRoundTripSetup); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range typeRoundTrips {
		t.Run(tc.typ+" "+tc.lit, func(t *testing.T) {
			q := "select (" + tc.lit + ")::" + tc.typ
			var want string
			if err := conn.QueryRow(ctx, q+"::text", pgx.QueryExecModeSimpleProtocol).Scan(&want); err != nil {
				t.Fatalf("simple: %v", err)
			}
			if oracle != nil {
				var pg string
				if err := oracle.QueryRow(ctx, q+"::text", pgx.QueryExecModeSimpleProtocol).Scan(&pg); err != nil {
					t.Fatalf("postgres: %v", err)
				}
				if pg != want {
					t.Errorf("text %q, PostgreSQL prints %q", want, pg)
				}
			}
			var text string
			if err := conn.QueryRow(ctx, q, pgx.QueryResultFormats{pgx.TextFormatCode}).Scan(&text); err != nil {
				t.Fatalf("extended, text result: %v", err)
			}
			if text != want {
				t.Errorf("extended text result %q, simple protocol %q", text, want)
			}
			var v any
			if err := conn.QueryRow(ctx, q).Scan(&v); err != nil {
				t.Fatalf("extended, binary result: %v", err)
			}
			if pgxNoResend[tc.typ] {
				// what binary gave must be what pgx reads from the text form
				var fromText any
				if err := conn.QueryRow(ctx, q, pgx.QueryResultFormats{pgx.TextFormatCode}).Scan(&fromText); err != nil {
					t.Fatalf("extended, text result: %v", err)
				}
				if !reflect.DeepEqual(v, fromText) {
					t.Errorf("binary result decodes to %#v, the text result to %#v", v, fromText)
				}
				return
			}
			var back string
			if err := conn.QueryRow(ctx, "select $1::"+tc.typ+"::text", v).Scan(&back); err != nil {
				t.Fatalf("binary value %#v as a parameter: %v", v, err)
			}
			if back != want {
				t.Errorf("binary round trip prints %q, want %q (decoded %#v)", back, want, v)
			}
		})
	}
}

// TestBinaryEnumResult reads enum columns in binary result format, as a
// client asking binary for every column does (pgx's
// QueryResultFormats): enum_send writes the label.
func TestBinaryEnumResult(t *testing.T) {
	_, url := startServer(t, Config{})
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, typeRoundTripSetup+`; create domain rt_mood_d as rt_mood; create table rt_e (m rt_mood, d rt_mood_d)`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, `insert into rt_e values ('happy', 'sad')`); err != nil {
		t.Fatal(err)
	}
	var m, d string
	if err := conn.QueryRow(ctx, "select m, d from rt_e", pgx.QueryResultFormats{pgx.BinaryFormatCode}).Scan(&m, &d); err != nil {
		t.Fatal(err)
	}
	if m != "happy" || d != "sad" {
		t.Errorf("binary enum results %q, %q; want happy, sad", m, d)
	}
}
