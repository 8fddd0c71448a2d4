package plpgsql

import (
	"testing"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// TestCursorsNotSupportedYet: bodies using cursors are refused with
// 0A000, while other parse errors keep their syntax error.
func TestCursorsNotSupportedYet(t *testing.T) {
	tests := []struct {
		name, body, code string
	}{
		{"bound cursor", "DECLARE c CURSOR FOR SELECT 1; x int; BEGIN OPEN c; FETCH c INTO x; CLOSE c; END", pgerror.FeatureNotSupported},
		{"refcursor", "DECLARE r refcursor; BEGIN OPEN r FOR SELECT 1; CLOSE r; END", pgerror.FeatureNotSupported},
		{"FOR over a cursor", "DECLARE c CURSOR (n int) FOR SELECT n; BEGIN FOR r IN c(1) LOOP NULL; END LOOP; END", pgerror.FeatureNotSupported},
		{"typo without cursors", "BEGIN IF true THEN NULL; END; END", pgerror.SyntaxError},
		{"typo mentioning moves", "BEGIN -- move the rows\n PERFORM 1 END", pgerror.SyntaxError},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$" + tc.body + "$$")
			pe, ok := pgerror.As(err)
			if !ok || pe.Code != tc.code {
				t.Fatalf("got %v, want SQLSTATE %s", err, tc.code)
			}
		})
	}
}
