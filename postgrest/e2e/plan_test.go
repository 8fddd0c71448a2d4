//go:build e2e

package e2e

import (
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/golang-jwt/jwt/v5"

	"github.com/tinybase/tinybase/postgrest"
)

// planFixture is an analyzed table of 1,000 rows (grp takes 10 values).
const planFixture = `create table nums (n int primary key, grp int not null, label text);
insert into nums select g, g % 10, 'n' || g from generate_series(1, 1000) as g;
grant select, insert on nums to anon;
analyze nums;
`

// TestSupabaseJSPlan runs plan.mjs: supabase-js's planned and estimated
// counts and .explain() on the engine and, when one is configured, on
// PostgreSQL 15.
func TestSupabaseJSPlan(t *testing.T) {
	dir := nodeModules(t)
	env := []string{"ANON_KEY=" + key(t, jwt.MapClaims{"iss": "supabase-demo", "role": "anon", "exp": 1983812996})}
	servePlan := func(t *testing.T, ex postgrest.Executor) string {
		srv, err := postgrest.New(postgrest.Config{Executor: ex, JWTSecret: secret, MaxRows: 1000, PlanEnabled: true})
		if err != nil {
			t.Fatal(err)
		}
		mux := http.NewServeMux()
		mux.Handle("/rest/v1/", http.StripPrefix("/rest/v1", srv))
		hs := httptest.NewServer(mux)
		t.Cleanup(hs.Close)
		return hs.URL
	}
	t.Run("engine", func(t *testing.T) {
		url := servePlan(t, engineExecutor(t, planFixture))
		t.Log(runNode(t, dir, "plan.mjs", append(env, "URL="+url)...))
	})
	if os.Getenv("TINYBASE_PG_URL") == "" {
		return
	}
	t.Run("postgresql", func(t *testing.T) {
		// the engine's bootstrap has the anon role; a bare cluster may not
		roles := "do $$ begin if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin; end if; end $$;\n"
		url := servePlan(t, pgExecutor(t, roles+planFixture))
		t.Log(runNode(t, dir, "plan.mjs", append(env, "URL="+url)...))
	})
}
