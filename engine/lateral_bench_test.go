package engine_test

import (
	"fmt"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// BenchmarkLateralEmbed runs the SQL PostgREST generates for
// /teams?select=name,profiles(username) (a LEFT JOIN LATERAL json_agg
// embed) over 100 teams of 10 profiles, planned afresh each time (the
// text varies), so it covers lateral planning and execution.
func BenchmarkLateralEmbed(b *testing.B) {
	e := seededEmbed(b)
	s := mustSession(b, e)
	for i := 0; i < b.N; i++ {
		exec(b, s, fmt.Sprintf(`WITH pgrst_source AS ( SELECT "public"."teams"."name", COALESCE( "teams_profiles_1"."teams_profiles_1", '[]') AS "profiles" FROM "public"."teams" LEFT JOIN LATERAL ( SELECT json_agg("teams_profiles_1")::jsonb AS "teams_profiles_1" FROM (SELECT "profiles_1"."username" FROM "public"."profiles" AS "profiles_1" WHERE "profiles_1"."team_id" = "public"."teams"."id" ) AS "teams_profiles_1" ) AS "teams_profiles_1" ON TRUE WHERE "public"."teams"."id" > %d ORDER BY "teams"."id" ) SELECT pg_catalog.count(_postgrest_t) AS page_total, coalesce(json_agg(_postgrest_t), '[]') AS body FROM ( SELECT * FROM pgrst_source ) _postgrest_t`, -(i%1000)-1))
	}
}

func seededEmbed(tb testing.TB) *engine.Engine {
	tb.Helper()
	e := enginetest.New(tb)
	s := mustSession(tb, e)
	defer s.Close()
	exec(tb, s, "create table teams (id bigint primary key, name text not null)")
	exec(tb, s, "create table profiles (id bigint primary key, team_id bigint references teams(id), username text not null)")
	insertRows(tb, s, "teams", 100, func(i int) string { return fmt.Sprintf("(%d, 'team %d')", i, i) })
	insertRows(tb, s, "profiles", 1000, func(i int) string { return fmt.Sprintf("(%d, %d, 'user %d')", i, 1+i%100, i) })
	return e
}
