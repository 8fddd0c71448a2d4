package copycodec

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

func str(s string) *string { return &s }

func show(fields []*string) string {
	parts := make([]string, len(fields))
	for i, f := range fields {
		if f == nil {
			parts[i] = "NULL"
		} else {
			parts[i] = fmt.Sprintf("%q", *f)
		}
	}
	return strings.Join(parts, " ")
}

func mustOptions(t *testing.T, opts ...Option) Options {
	t.Helper()
	o, err := ParseOptions(opts)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestParseOptions(t *testing.T) {
	cases := []struct {
		name string
		opts []Option
		want Options
		err  string // SQLSTATE and message
	}{
		{name: "text defaults", want: Options{Format: Text, Delim: '\t', Null: `\N`, Quote: '"'}},
		{name: "csv defaults", opts: []Option{{Name: "format", Value: "CSV", HasValue: true}},
			want: Options{Format: CSV, Delim: ',', Null: "", Quote: '"', Escape: '"'}},
		{name: "csv options", opts: []Option{{Name: "format", Value: "csv", HasValue: true}, {Name: "delimiter", Value: ";", HasValue: true}, {Name: "null", Value: "NULL", HasValue: true}, {Name: "quote", Value: "'", HasValue: true}, {Name: "escape", Value: `\`, HasValue: true}, {Name: "header"}},
			want: Options{Format: CSV, Delim: ';', Null: "NULL", Header: true, Quote: '\'', Escape: '\\'}},
		{name: "header false", opts: []Option{{Name: "header", Value: "false", HasValue: true}}, want: Options{Format: Text, Delim: '\t', Null: `\N`, Quote: '"'}},
		{name: "header match", opts: []Option{{Name: "header", Value: "MATCH", HasValue: true}}, want: Options{Format: Text, Delim: '\t', Null: `\N`, Quote: '"', Header: true}},
		{name: "force null", opts: []Option{{Name: "format", Value: "csv", HasValue: true}, {Name: "force_null", List: []string{"a", "b"}}, {Name: "force_quote", List: []string{"a"}}},
			want: Options{Format: CSV, Delim: ',', Quote: '"', Escape: '"', ForceNull: map[string]bool{"a": true, "b": true}}},
		{name: "binary", opts: []Option{{Name: "format", Value: "binary", HasValue: true}, {Name: "freeze", Value: "true", HasValue: true}}, want: Options{Format: Binary, Delim: '\t', Null: `\N`, Quote: '"'}},
		{name: "unknown format", opts: []Option{{Name: "format", Value: "xml", HasValue: true}}, err: `22023 COPY format "xml" not recognized`},
		{name: "long delimiter", opts: []Option{{Name: "delimiter", Value: "ab", HasValue: true}}, err: "0A000 COPY delimiter must be a single one-byte character"},
		{name: "long quote", opts: []Option{{Name: "quote", Value: "", HasValue: true}}, err: "0A000 COPY quote must be a single one-byte character"},
		{name: "long escape", opts: []Option{{Name: "escape", Value: "xy", HasValue: true}}, err: "0A000 COPY escape must be a single one-byte character"},
		{name: "unknown option", opts: []Option{{Name: "bogus"}}, err: `42601 option "bogus" not recognized`},
		{name: "binary delimiter", opts: []Option{{Name: "format", Value: "binary", HasValue: true}, {Name: "null", Value: "x", HasValue: true}}, err: "42601 cannot specify DELIMITER in BINARY mode"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseOptions(tc.opts)
			if tc.err != "" {
				pe, ok := pgerror.As(err)
				if !ok || pe.Code+" "+pe.Message != tc.err {
					t.Fatalf("error %v, want %s", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

func TestSplitText(t *testing.T) {
	cases := []struct {
		name, line string
		delim      byte
		null       string
		want       string
	}{
		{name: "plain", line: "1\ta\tb", delim: '\t', null: `\N`, want: `"1" "a" "b"`},
		{name: "null", line: "1\t\\N\t", delim: '\t', null: `\N`, want: `"1" NULL ""`},
		{name: "escapes", line: `a\tb\nc\\d\re\bf\fg\vh`, delim: '\t', null: `\N`, want: `"a\tb\nc\\d\re\bf\fg\vh"`},
		{name: "escaped delimiter", line: `a\,b,c`, delim: ',', null: `\N`, want: `"a,b" "c"`},
		{name: "octal and hex", line: `\101\x42\x4\7\xq`, delim: '\t', null: `\N`, want: `"AB\x04\axq"`},
		{name: "other escaped byte", line: `\q\.`, delim: '\t', null: `\N`, want: `"q."`},
		// a backslash at the line's end escapes nothing and ends no field:
		// the row then lacks its last column (22P04 missing data)
		{name: "trailing backslash", line: "a\tb\\", delim: '\t', null: `\N`, want: `"a"`},
		{name: "custom null", line: "x|NULL|", delim: '|', null: "NULL", want: `"x" NULL ""`},
		{name: "empty line", line: "", delim: '\t', null: `\N`, want: `""`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := show(SplitText(nil, []byte(tc.line), tc.delim, tc.null)); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestSplitCSV(t *testing.T) {
	csv := mustOptions(t, Option{Name: "format", Value: "csv", HasValue: true})
	esc := mustOptions(t, Option{Name: "format", Value: "csv", HasValue: true}, Option{Name: "escape", Value: `\`, HasValue: true})
	forced := mustOptions(t, Option{Name: "format", Value: "csv", HasValue: true}, Option{Name: "force_null", List: []string{"b"}})
	cases := []struct {
		name string
		opt  Options
		line string
		want string
	}{
		{name: "plain", opt: csv, line: "1,a,b", want: `"1" "a" "b"`},
		{name: "empty is null", opt: csv, line: `1,,""`, want: `"1" NULL ""`},
		{name: "quoted delimiter", opt: csv, line: `"a,b",c`, want: `"a,b" "c"`},
		{name: "doubled quote", opt: csv, line: `"a""b"`, want: `"a\"b"`},
		{name: "escape", opt: esc, line: `"a\"b\\c"`, want: `"a\"b\\c"`},
		{name: "newline inside", opt: csv, line: "\"a\nb\",c", want: `"a\nb" "c"`},
		{name: "force null", opt: forced, line: `"","",""`, want: `"" NULL ""`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := show(SplitCSV(nil, []byte(tc.line), &tc.opt, []string{"a", "b", "c"})); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

// TestReader feeds streams split at every byte and in one piece.
func TestReader(t *testing.T) {
	text := mustOptions(t)
	csvHeader := mustOptions(t, Option{Name: "format", Value: "csv", HasValue: true}, Option{Name: "header"})
	binary := mustOptions(t, Option{Name: "format", Value: "binary", HasValue: true})
	cols := []string{"a", "b"}
	cases := []struct {
		name string
		opt  Options
		data string
		want string // one record per line: its line number and fields
		err  string
	}{
		{name: "text", opt: text, data: "1\tx\n2\t\\N\r\n3\ty", want: "1: \"1\" \"x\"\n2: \"2\" NULL\n3: \"3\" \"y\"\n"},
		{name: "text end marker", opt: text, data: "1\tx\n\\.\n", want: "1: \"1\" \"x\"\n"},
		{name: "csv header multiline", opt: csvHeader, data: "a,b\n1,\"x\ny\"\n2,\n", want: "2: \"1\" \"x\\ny\"\n3: \"2\" NULL\n"},
		{name: "csv unterminated", opt: csvHeader, data: "a,b\n1,\"x", want: "2: \"1\" \"x\"\n"},
		{name: "binary", opt: binary, data: "PGCOPY\n\xff\r\n\x00" + "\x00\x00\x00\x00" + "\x00\x00\x00\x02ab" +
			"\x00\x02\x00\x00\x00\x01z\xff\xff\xff\xff" + "\x00\x02\x00\x00\x00\x00\x00\x00\x00\x01q" + "\xff\xff",
			want: "1: \"z\" NULL\n2: \"\" \"q\"\n"},
		{name: "binary bad signature", opt: binary, data: "PGCOPY\nxxxxxxxxxxxxxxxxx", err: "22P04 COPY file signature not recognized"},
		{name: "binary short", opt: binary, data: "PGC", err: "22P04 COPY file signature not recognized"},
		{name: "binary field count", opt: binary, data: "PGCOPY\n\xff\r\n\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03", err: "22P04 row field count is 3, expected 2"},
		{name: "binary eof", opt: binary, data: "PGCOPY\n\xff\r\n\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00\x01z\x00", want: "", err: "22P04 unexpected EOF in COPY data"},
		{name: "binary field size", opt: binary, data: "PGCOPY\n\xff\r\n\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\xff\xff\xff\xfe", err: "22P04 invalid field size"},
	}
	for _, tc := range cases {
		for _, step := range []int{len(tc.data), 1} {
			t.Run(fmt.Sprintf("%s/chunk=%d", tc.name, step), func(t *testing.T) {
				r := NewReader(tc.opt, cols)
				var got strings.Builder
				var err error
				read := func(final bool) {
					for err == nil {
						var ok bool
						ok, err = r.Next(final)
						if !ok {
							return
						}
						if tc.opt.Format == Binary {
							var fs []*string
							for _, b := range r.BinaryFields() {
								if b == nil {
									fs = append(fs, nil)
								} else {
									fs = append(fs, str(string(b)))
								}
							}
							fmt.Fprintf(&got, "%d: %s\n", r.Line(), show(fs))
						} else {
							fmt.Fprintf(&got, "%d: %s\n", r.Line(), show(r.Fields()))
						}
					}
				}
				for i := 0; i < len(tc.data) && err == nil; i += step {
					r.Write([]byte(tc.data[i:min(i+step, len(tc.data))]))
					read(false)
				}
				if err == nil {
					read(true)
				}
				if got.String() != tc.want {
					t.Errorf("records:\n%s\nwant:\n%s", got.String(), tc.want)
				}
				var pe *pgerror.Error
				switch {
				case tc.err == "" && err != nil:
					t.Errorf("error %v", err)
				case tc.err != "" && (!errors.As(err, &pe) || pe.Code+" "+pe.Message != tc.err):
					t.Errorf("error %v, want %s", err, tc.err)
				}
			})
		}
	}
}

func TestAppendField(t *testing.T) {
	text := mustOptions(t)
	csv := mustOptions(t, Option{Name: "format", Value: "csv", HasValue: true})
	csvNull := mustOptions(t, Option{Name: "format", Value: "csv", HasValue: true}, Option{Name: "null", Value: "NULL", HasValue: true})
	cases := []struct {
		name string
		opt  Options
		in   string
		want string
	}{
		{name: "text plain", opt: text, in: "abc", want: "abc"},
		{name: "text escapes", opt: text, in: "a\tb\nc\\d\re\bf\fg\vh", want: `a\tb\nc\\d\re\bf\fg\vh`},
		{name: "csv plain", opt: csv, in: "abc", want: "abc"},
		{name: "csv empty", opt: csv, in: "", want: `""`},
		{name: "csv delimiter", opt: csv, in: "a,b", want: `"a,b"`},
		{name: "csv quote", opt: csv, in: `a"b`, want: `"a""b"`},
		{name: "csv newline", opt: csv, in: "a\nb", want: "\"a\nb\""},
		{name: "csv empty with null string", opt: csvNull, in: "", want: ""},
		{name: "csv null string", opt: csvNull, in: "NULL", want: `"NULL"`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(AppendField(nil, &tc.opt, tc.in)); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestAppendRows(t *testing.T) {
	csv := mustOptions(t, Option{Name: "format", Value: "csv", HasValue: true})
	if got := string(AppendHeader(nil, &csv, []string{"a", "b,c"})); got != "a,\"b,c\"\n" {
		t.Errorf("header %q", got)
	}
	text := mustOptions(t)
	if got := string(AppendNull([]byte("x\t"), &text)); got != "x\t\\N" {
		t.Errorf("null %q", got)
	}
	out := AppendBinaryHeader(nil)
	out = AppendTupleHeader(out, 2)
	out = AppendBinaryNull(out)
	out, at := BeginBinaryField(out)
	out = append(out, "hi"...)
	out = EndBinaryField(out, at)
	out = AppendBinaryTrailer(out)
	want := "PGCOPY\n\xff\r\n\x00" + "\x00\x00\x00\x00\x00\x00\x00\x00" + "\x00\x02" + "\xff\xff\xff\xff" + "\x00\x00\x00\x02hi" + "\xff\xff"
	if string(out) != want {
		t.Errorf("binary %q, want %q", out, want)
	}
}
