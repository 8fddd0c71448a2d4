package conformance

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

func str(s string) *string { return &s }

func sampleResults() []*Result {
	return []*Result{
		{N: 1, SQL: "CREATE TABLE t (a int, b text)", Tag: "CREATE TABLE",
			Notices: []string{`NOTICE: table "x" does not exist, skipping`}},
		{N: 2, SQL: "SELECT a, b FROM t ORDER BY a", Tag: "SELECT 4", Ordered: true,
			Columns: []Column{{"a", "integer"}, {"b", "text"}},
			Rows: [][]*string{
				{str("1"), nil},
				{str("2"), str("NULL")},
				{str("3"), str("line1\nline2 | \"q\" \\")},
				{str("4"), str(`{"k": [1, 2]} <@ && ü`)},
			}},
		{N: 3, SQL: "SELECT a FROM t WHERE false", Tag: "SELECT 0", Columns: []Column{{"a", "integer"}}},
		{N: 4, SQL: "INSERT INTO t VALUES ('x')", Error: &Error{Code: "22P02",
			Message: `invalid input syntax for type integer: "x"`, Position: 23}},
	}
}

func TestGoldenRoundTrip(t *testing.T) {
	in := sampleResults()
	var buf bytes.Buffer
	if err := EncodeGolden(&buf, in); err != nil {
		t.Fatal(err)
	}
	out, err := DecodeGolden(bytes.NewReader(buf.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, out, cmpopts.EquateEmpty()); diff != "" {
		t.Errorf("round trip (-in +out):\n%s", diff)
	}
}

func TestGoldenLayout(t *testing.T) {
	var buf bytes.Buffer
	if err := EncodeGolden(&buf, sampleResults()); err != nil {
		t.Fatal(err)
	}
	want := `{"n":1,"sql":"CREATE TABLE t (a int, b text)","tag":"CREATE TABLE",
 "notices":["NOTICE: table \"x\" does not exist, skipping"]}
{"n":2,"sql":"SELECT a, b FROM t ORDER BY a","tag":"SELECT 4","ordered":true,
 "columns":[{"name":"a","type":"integer"},{"name":"b","type":"text"}],
 "rows":[
  ["1",null],
  ["2","NULL"],
  ["3","line1\nline2 | \"q\" \\"],
  ["4","{\"k\": [1, 2]} <@ && ü"]
 ]}
{"n":3,"sql":"SELECT a FROM t WHERE false","tag":"SELECT 0",
 "columns":[{"name":"a","type":"integer"}],
 "rows":[]}
{"n":4,"sql":"INSERT INTO t VALUES ('x')","error":{"code":"22P02","message":"invalid input syntax for type integer: \"x\"","position":23}}
`
	if diff := cmp.Diff(want, buf.String()); diff != "" {
		t.Errorf("layout (-want +got):\n%s", diff)
	}
}

func TestDecodeGoldenErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"unknown field", `{"n":1,"sql":"x","tga":"SELECT 1"}`, "unknown field"},
		{"misnumbered", `{"n":2,"sql":"x","tag":"SET"}`, "numbered 2"},
		{"truncated", `{"n":1,"sql":"x"`, "golden record 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeGolden(strings.NewReader(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("DecodeGolden(%q) error = %v, want containing %q", tt.in, err, tt.want)
			}
		})
	}
}

func TestEncodeGoldenRejectsFailures(t *testing.T) {
	err := EncodeGolden(&bytes.Buffer{}, []*Result{{N: 1, Failure: "panic: boom"}})
	if err == nil {
		t.Fatal("EncodeGolden accepted a result without outcome")
	}
}
