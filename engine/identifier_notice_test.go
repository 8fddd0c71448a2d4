package engine_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestIdentifierTruncationNotice checks the NOTICE PostgreSQL raises for
// identifiers longer than 63 bytes (recorded with psql from PostgreSQL 15).
func TestIdentifierTruncationNotice(t *testing.T) {
	long := strings.Repeat("b", 70)
	tests := []struct {
		sql  string
		want []engine.Notice
	}{
		{"create table " + long + " (id int)", []engine.Notice{{Severity: "NOTICE", Code: "42622",
			Message: `identifier "` + long + `" will be truncated to "` + long[:63] + `"`}}},
		{`select 1 as "` + strings.Repeat("Q x", 22) + `"`, []engine.Notice{{Severity: "NOTICE", Code: "42622",
			Message: `identifier "` + strings.Repeat("Q x", 22) + `" will be truncated to "` + strings.Repeat("Q x", 21) + `"`}}},
		{"select '" + long + "' as a", nil},
		{"select 1 as " + strings.Repeat("a", 63), nil},
	}
	e := enginetest.New(t)
	s := mustSession(t, e)
	for _, tc := range tests {
		rows, err := s.Query(context.Background(), tc.sql)
		if err != nil {
			t.Fatalf("%s: %v", tc.sql, err)
		}
		rows.Close()
		if diff := cmp.Diff(tc.want, rows.Notices()); diff != "" {
			t.Errorf("%s: notices (-want +got):\n%s", tc.sql, diff)
		}
	}
}
