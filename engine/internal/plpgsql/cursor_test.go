package plpgsql

import (
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// TestCursorStatements: bodies using cursors parse into cursor
// statements (cursor_rewrite.go), and other parse errors keep their
// syntax error.
func TestCursorStatements(t *testing.T) {
	tests := []struct {
		name, body string
		want       func(Stmt) bool
		code       string
	}{
		{name: "bound cursor", body: "DECLARE c CURSOR FOR SELECT 1; x int; BEGIN OPEN c; FETCH c INTO x; CLOSE c; END",
			want: func(s Stmt) bool { _, ok := s.(*CursorOpen); return ok }},
		{name: "refcursor", body: "DECLARE r refcursor; BEGIN OPEN r FOR SELECT 1; CLOSE r; END",
			want: func(s Stmt) bool { o, ok := s.(*CursorOpen); return ok && o.Query != nil && o.Query.Text == "SELECT 1" }},
		{name: "FOR EXECUTE", body: "DECLARE r refcursor; BEGIN OPEN r NO SCROLL FOR EXECUTE 'SELECT ' || 1 USING 2; END",
			want: func(s Stmt) bool {
				o, ok := s.(*CursorOpen)
				return ok && o.Dyn != nil && len(o.Params) == 1 && o.NoScroll
			}},
		{name: "FETCH direction", body: "DECLARE r refcursor; x int; BEGIN FETCH RELATIVE -2 FROM r INTO x; END",
			want: func(s Stmt) bool { f, ok := s.(*CursorFetch); return ok && f.Dir == "RELATIVE" && f.CountE != nil }},
		{name: "MOVE ALL", body: "DECLARE r refcursor; BEGIN MOVE BACKWARD ALL IN r; END",
			want: func(s Stmt) bool { f, ok := s.(*CursorFetch); return ok && f.Move && f.Count == "ALL" }},
		{name: "FOR over a cursor", body: "DECLARE c CURSOR (n int) FOR SELECT n; BEGIN FOR r IN c(1) LOOP NULL; END LOOP; END",
			want: func(s Stmt) bool { l, ok := s.(*CursorLoop); return ok && len(l.Args) == 1 }},
		{name: "integer loop stays", body: "DECLARE n int := 3; BEGIN FOR i IN n..5 LOOP NULL; END LOOP; END",
			want: func(s Stmt) bool { _, ok := s.(*ForInt); return ok }},
		{name: "open as a variable", body: "DECLARE open int; BEGIN open := 1; END",
			want: func(s Stmt) bool { _, ok := s.(*Assign); return ok }},
		{name: "typo without cursors", body: "BEGIN IF true THEN NULL; END; END", code: pgerror.SyntaxError},
		{name: "typo mentioning moves", body: "BEGIN -- move the rows\n PERFORM 1 END", code: pgerror.SyntaxError},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			fn, err := Parse("CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$" + tc.body + "$$")
			if tc.code != "" {
				pe, ok := pgerror.As(err)
				if !ok || pe.Code != tc.code {
					t.Fatalf("got %v, want SQLSTATE %s", err, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(fn.Body.Body) == 0 || !tc.want(fn.Body.Body[0]) {
				t.Fatalf("first statement %#v", fn.Body.Body)
			}
		})
	}
}
