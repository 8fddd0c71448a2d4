package session

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestParamCastTypes(t *testing.T) {
	cases := []struct {
		sql  string
		n    int
		want string // type per parameter, "-" when not cast-typed
	}{
		{"select * from t where id = $1::uuid", 1, "uuid"},
		{"select * from t where id = $1::pg_catalog.int8 and b = $2", 2, "int8 -"},
		{"update t set a = $2::timestamptz, b = $2::timestamptz where id = $1::uuid", 2, "uuid timestamptz"},
		{"select * from t where a = $1::timestamptz or b = $1", 1, "-"}, // also used bare
		{"select * from t where a = $1::int4 or b = $1::int8", 1, "-"},  // two types
		{"select * from t where a = $1::varchar(255)", 1, "-"},          // typmod
		{"select * from t where a = $1::text[]", 1, "-"},                // array
		{"select * from t where a = $1::auth.aal_level", 1, "-"},        // not built in
		{"select * from t where a = $1", 1, "-"},
	}
	for _, c := range cases {
		stmt, _, err := (&Engine{}).parseOne(c.sql, false)
		if err != nil {
			t.Fatal(err)
		}
		typs := paramCastTypes(stmt, c.n, nil)
		var got []string
		for i := 0; i < c.n; i++ {
			if typs == nil || typs[i] == nil {
				got = append(got, "-")
			} else {
				got = append(got, typs[i].Name)
			}
		}
		if diff := cmp.Diff(c.want, strings.Join(got, " ")); diff != "" {
			t.Errorf("%s: %s", c.sql, diff)
		}
	}
}

// TestCastArgsCached runs statements whose string arguments are cast, the
// second time from the cache, and an argument that is not valid input.
func TestCastArgsCached(t *testing.T) {
	e := newPlanEngine(t, false,
		"create table ct (id uuid primary key, at timestamptz, n bigint)",
		"insert into ct values ('11111111-1111-1111-1111-111111111111', '2026-01-02 03:04:05+00', 1), ('22222222-2222-2222-2222-222222222222', null, 2)")
	s := connectT(t, e)
	q := "select n, at from ct where id = $1::uuid"
	run := func(args ...any) string {
		rows, err := s.Query(context.Background(), q, args...)
		if err != nil {
			return "ERROR " + err.Error()
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var cols []string
			for _, v := range rows.Text() {
				if v == nil {
					cols = append(cols, "NULL")
				} else {
					cols = append(cols, *v)
				}
			}
			out = append(out, strings.Join(cols, "|"))
		}
		if err := rows.Err(); err != nil {
			return "ERROR " + err.Error()
		}
		return strings.Join(out, ";")
	}
	got := []string{
		run("11111111-1111-1111-1111-111111111111"),
		run("22222222-2222-2222-2222-222222222222"),
		run("33333333-3333-3333-3333-333333333333"),
		run("not-a-uuid"),
		run("11111111-1111-1111-1111-111111111111"),
	}
	want := []string{
		"1|2026-01-02 03:04:05+00",
		"2|NULL",
		"",
		`ERROR ERROR: invalid input syntax for type uuid: "not-a-uuid" (SQLSTATE 22P02)`,
		"1|2026-01-02 03:04:05+00",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Error(diff)
	}
	c, _, ok := s.cachedParametric(q+"\x00"+s.CurrentUser()+"\x00"+mustSetting(t, s, "search_path"), e.ddlVersion.Load(), []any{"11111111-1111-1111-1111-111111111111"})
	if !ok || c.plan == nil {
		t.Errorf("statement with a cast string argument not cached with its plan (entry %v)", ok)
	}
}

func mustSetting(t *testing.T, s *Session, name string) string {
	t.Helper()
	v, ok := s.Setting(name)
	if !ok {
		t.Fatalf("no setting %s", name)
	}
	return v
}
