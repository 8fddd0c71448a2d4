package extensions_test

import (
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// advisorFixture: posts of 10,000 rows with an index on title, and
// index_advisor installed with hypopg (CASCADE).
const advisorFixture = `
CREATE EXTENSION index_advisor WITH SCHEMA extensions CASCADE;
CREATE TABLE posts (id int PRIMARY KEY, user_id int, kind int, title text, body text, meta jsonb);
INSERT INTO posts SELECT g, g, g % 2, 't' || g, 'b' || g, '{}' FROM generate_series(1, 10000) g;
CREATE INDEX posts_title_idx ON posts (title);
ANALYZE posts;
`

// TestIndexAdvisor: the advisor suggests an index on a filtered column,
// none on an indexed one, and reports errors in its errors column.
func TestIndexAdvisor(t *testing.T) {
	s := enginetest.Session(t, enginetest.Migrated(t, advisorFixture))
	run(t, hypoEngineTargets(t, s), []sqlCase{
		{name: "filtered column", sql: `SELECT index_statements, errors FROM index_advisor('SELECT * FROM posts WHERE user_id = $1')`,
			want: `{"CREATE INDEX ON public.posts USING btree (user_id)"}|{}`},
		{name: "costs", sql: `SELECT pg_typeof(total_cost_before), total_cost_after::text::numeric < total_cost_before::text::numeric,
			startup_cost_before IS NOT NULL AND startup_cost_after IS NOT NULL FROM index_advisor('SELECT * FROM posts WHERE user_id = $1')`,
			want: "jsonb|t|t"},
		{name: "constant", sql: `SELECT index_statements FROM index_advisor('select id from posts where user_id = 42')`,
			want: `{"CREATE INDEX ON public.posts USING btree (user_id)"}`},
		{name: "indexed column", sql: `SELECT index_statements, errors, total_cost_after = total_cost_before FROM index_advisor('SELECT * FROM posts WHERE title = $1')`,
			want: `{}|{}|t`},
		{name: "primary key", sql: `SELECT index_statements FROM index_advisor('SELECT * FROM posts WHERE id = $1')`, want: `{}`},
		{name: "comments and trailing semicolon", sql: `SELECT index_statements, errors FROM index_advisor('/* a; b */ SELECT * FROM posts -- c; d
			WHERE user_id = $1;')`, want: `{"CREATE INDEX ON public.posts USING btree (user_id)"}|{}`},
		{name: "hypothetical indexes dropped", sql: `SELECT count(*) FROM hypopg_list_indexes`, want: "0"},
		{name: "semicolon", sql: `SELECT startup_cost_before, total_cost_after, index_statements, errors FROM index_advisor('SELECT 1; SELECT 2')`,
			want: `<null>|<null>|{}|{"Query must not contain a semicolon"}`},
		{name: "missing table", sql: `SELECT index_statements, errors FROM index_advisor('SELECT * FROM nope WHERE a = $1')`,
			want: `{}|{"relation \"nope\" does not exist"}`},
		{name: "syntax", sql: `SELECT errors FROM index_advisor('SELEC 1')`, want: `{"syntax error at or near \"SELEC\""}`},
		{name: "null", sql: `SELECT errors FROM index_advisor(NULL)`, want: `{"syntax error at end of input"}`},
	})
}

// TestIndexAdvisorRequiresHypopg: CREATE EXTENSION index_advisor without
// hypopg fails as PostgreSQL does for a missing required extension.
func TestIndexAdvisorRequiresHypopg(t *testing.T) {
	s := enginetest.Session(t, enginetest.New(t))
	run(t, hypoEngineTargets(t, s), []sqlCase{
		{name: "without cascade", sql: `CREATE EXTENSION index_advisor`, code: "42704", msg: `required extension "hypopg" is not installed`},
		{name: "cascade", sql: `CREATE EXTENSION index_advisor CASCADE; SELECT extname FROM pg_extension WHERE extname IN ('hypopg', 'index_advisor') ORDER BY 1`,
			want: "hypopg\nindex_advisor"},
	})
}
