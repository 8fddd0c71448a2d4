package session

import (
	"context"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestSearchPathFollowsSettings checks SearchPath's memo against changes of
// search_path (SET, SET LOCAL, rollback) and of the role $user names.
func TestSearchPathFollowsSettings(t *testing.T) {
	e := newPlanEngine(t, true)
	s := connectT(t, e)
	steps := []struct {
		sql  string // run before asking; "" asks again
		want []string
	}{
		{"set search_path = a, B, \"C\"", []string{"a", "b", "C"}},
		{"", []string{"a", "b", "C"}},
		{"set search_path = \"$user\", public", []string{s.CurrentUser(), "public"}},
		{"set role authenticated", []string{"authenticated", "public"}},
		{"reset role", []string{s.CurrentUser(), "public"}},
		{"begin", []string{s.CurrentUser(), "public"}},
		{"set local search_path = x", []string{"x"}},
		{"rollback", []string{s.CurrentUser(), "public"}},
		{"set search_path = '$USER', y", []string{"$USER", "y"}}, // a quoted name, not $user
	}
	for _, st := range steps {
		if st.sql != "" {
			rows, err := s.Query(context.Background(), st.sql)
			if err != nil {
				t.Fatalf("%s: %v", st.sql, err)
			}
			if err := rows.Close(); err != nil {
				t.Fatalf("%s: %v", st.sql, err)
			}
		}
		got := s.SearchPath()
		if diff := cmp.Diff(st.want, got); diff != "" {
			t.Errorf("after %q: search path (-want +got):\n%s", st.sql, diff)
		}
		_ = append(got, "appended") // must not reach the memo
		if diff := cmp.Diff(st.want, s.SearchPath()); diff != "" {
			t.Errorf("after %q and an append: search path (-want +got):\n%s", st.sql, diff)
		}
	}
}
