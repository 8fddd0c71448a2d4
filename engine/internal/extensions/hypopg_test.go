package extensions_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// hypoFixture is a table of 10,000 rows whose user_id has a row per value
// (an index scan's case) and whose kind takes 2 values, with an index on
// title, analyzed.
const hypoFixture = `
CREATE EXTENSION hypopg WITH SCHEMA extensions;
CREATE TABLE posts (id int PRIMARY KEY, user_id int, kind int, title text, body text);
INSERT INTO posts SELECT g, g, g % 2, 't' || g, 'b' || g FROM generate_series(1, 10000) g;
CREATE INDEX posts_title_idx ON posts (title);
CREATE VIEW posts_v AS SELECT * FROM posts;
ANALYZE posts;
`

// hypoEngineTargets is installed's engine target alone: hypopg and
// index_advisor are Go stand-ins, and their OIDs and costs are
// tinybase's, so PostgreSQL is no oracle for these exact answers.
func hypoEngineTargets(t *testing.T, s *engine.Session) []target {
	return []target{engineTarget(s)}
}

// plan returns EXPLAIN's lines for q.
func plan(t *testing.T, s *engine.Session, q string) string {
	t.Helper()
	res, err := s.Exec(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return enginetest.LastRows(res)
}

var hypoScan = regexp.MustCompile(`^Index Scan using "<(\d+)>btree_posts_user_id" on posts `)

// TestHypopgExplain: plain EXPLAIN plans with a hypothetical index as with
// a real one, and without it after hypopg_reset; EXPLAIN ANALYZE and the
// query itself never use it.
func TestHypopgExplain(t *testing.T) {
	s := enginetest.Session(t, enginetest.Migrated(t, hypoFixture))
	const q = `EXPLAIN SELECT * FROM posts WHERE user_id = 1`
	if p := plan(t, s, q); !strings.HasPrefix(p, "Seq Scan on posts") {
		t.Fatalf("before: %s", p)
	}
	made := plan(t, s, `SELECT indexrelid || ' ' || indexname FROM hypopg_create_index('CREATE INDEX ON posts (user_id)')`)
	p := plan(t, s, q)
	m := hypoScan.FindStringSubmatch(p)
	if m == nil || made != m[1]+" <"+m[1]+">btree_posts_user_id" {
		t.Fatalf("with the hypothetical index: %s (created %s)", p, made)
	}
	if !strings.Contains(p, "Index Cond: (user_id = 1)") {
		t.Errorf("no Index Cond: %s", p)
	}
	if j := plan(t, s, `EXPLAIN (FORMAT JSON) SELECT * FROM posts WHERE user_id = 1`); !strings.Contains(j, `"Index Name": "<`+m[1]+`>btree_posts_user_id"`) {
		t.Errorf("JSON: %s", j)
	}
	if j := plan(t, s, `EXPLAIN (FORMAT JSON) SELECT * FROM posts WHERE user_id < 100`); !strings.Contains(j, `"Node Type": "Bitmap Index Scan"`) ||
		!strings.Contains(j, `"Index Name": "<`+m[1]+`>btree_posts_user_id"`) || strings.Contains(j, `"Relation Name": "\"`) {
		t.Errorf("JSON of a bitmap scan: %s", j)
	}
	if p := plan(t, s, `EXPLAIN ANALYZE SELECT * FROM posts WHERE user_id = 1`); !strings.HasPrefix(p, "Seq Scan on posts") {
		t.Errorf("EXPLAIN ANALYZE planned with a hypothetical index: %s", p)
	}
	if got := plan(t, s, `SELECT count(*), min(id) FROM posts WHERE user_id = 1`); got != "1|1" {
		t.Errorf("query with a hypothetical index: %s", got)
	}
	// not transactional: ROLLBACK keeps it
	plan(t, s, `BEGIN; SELECT * FROM hypopg_create_index('CREATE INDEX ON posts (kind)'); ROLLBACK`)
	if got := plan(t, s, `SELECT count(*) FROM hypopg_list_indexes`); got != "2" {
		t.Errorf("after ROLLBACK: %s indexes", got)
	}
	// per session
	other := enginetest.Session(t, enginetest.Migrated(t, hypoFixture))
	if p := plan(t, other, q); !strings.HasPrefix(p, "Seq Scan on posts") {
		t.Errorf("another session sees the hypothetical index: %s", p)
	}
	plan(t, s, `SELECT hypopg_reset()`)
	if p := plan(t, s, q); !strings.HasPrefix(p, "Seq Scan on posts") {
		t.Errorf("after hypopg_reset: %s", p)
	}
}

// TestHypopgFunctions walks hypopg's functions and views, and its errors.
func TestHypopgFunctions(t *testing.T) {
	s := enginetest.Session(t, enginetest.Migrated(t, hypoFixture))
	tg := hypoEngineTargets(t, s)
	// names carry their OIDs: compare them with the OID taken out
	const name = `regexp_replace(%s, '^<[0-9]+>', '<>')`
	n := func(col string) string { return strings.Replace(name, "%s", col, 1) }
	run(t, tg, []sqlCase{
		{name: "create", sql: `SELECT ` + n("indexname") + `, indexname = '<' || indexrelid || '>btree_posts_user_id' FROM hypopg_create_index('create index on posts(user_id)')`, want: "<>btree_posts_user_id|t"},
		{name: "several", sql: `SELECT ` + n("indexname") + ` FROM hypopg_create_index('CREATE INDEX x ON public.posts USING hash (title); CREATE UNIQUE INDEX ON posts (lower(title), kind DESC) WHERE kind > 0; create index on posts (kind) include (body)')`,
			want: "<>hash_posts_title\n<>btree_posts_expr_kind\n<>btree_posts_kind_body"},
		{name: "list", sql: `SELECT ` + n("index_name") + `, schema_name, table_name, am_name FROM hypopg_list_indexes ORDER BY indexrelid`,
			want: "<>btree_posts_user_id|public|posts|btree\n<>hash_posts_title|public|posts|hash\n<>btree_posts_expr_kind|public|posts|btree\n<>btree_posts_kind_body|public|posts|btree"},
		{name: "hypopg()", sql: `SELECT innatts, indisunique, indkey, indoption, indexprs, indpred, amid, indrelid = 'posts'::regclass FROM hypopg() ORDER BY indexrelid`,
			want: "1|f|{2}|{0}|<null>|<null>|403|t\n1|f|{4}|{0}|<null>|<null>|405|t\n2|t|{0,3}|{0,3}|lower(title)|(kind > 0)|403|t\n2|f|{3,5}|{0}|<null>|<null>|403|t"},
		{name: "indexdef", sql: `SELECT hypopg_get_indexdef(indexrelid) FROM hypopg_list_indexes ORDER BY indexrelid`,
			want: "CREATE INDEX ON public.posts USING btree (user_id)\nCREATE INDEX ON public.posts USING hash (title)\nCREATE UNIQUE INDEX ON public.posts USING btree (lower(title), kind DESC) WHERE (kind > 0)\nCREATE INDEX ON public.posts USING btree (kind) INCLUDE (body)"},
		{name: "relation size", sql: `SELECT hypopg_relation_size(indexrelid) BETWEEN 8192 * 20 AND 8192 * 200 FROM hypopg_list_indexes ORDER BY indexrelid LIMIT 1`, want: "t"},
		{name: "unknown oid", sql: `SELECT hypopg_drop_index(1), hypopg_get_indexdef(1), hypopg_relation_size(1), hypopg_hide_index(1), hypopg_unhide_index(1)`, want: "f|<null>|0|f|f"},
		{name: "strict", sql: `SELECT count(*) FROM hypopg_create_index(NULL)`, want: "0"},
		{name: "drop", sql: `SELECT hypopg_drop_index(indexrelid) FROM hypopg_list_indexes WHERE am_name = 'hash'; SELECT count(*) FROM hypopg_list_indexes`, want: "3"},
		{name: "drop again", sql: `SELECT bool_or(hypopg_drop_index(indexrelid)) FROM hypopg_list_indexes WHERE am_name = 'hash'`, want: "<null>"},
		{name: "not create index", sql: `SELECT count(*) FROM hypopg_create_index('SELECT 1')`, want: "0"},
		{name: "syntax", sql: `SELECT * FROM hypopg_create_index('garbage')`, code: "42601", msg: `syntax error at or near "garbage"`},
		{name: "missing table", sql: `SELECT * FROM hypopg_create_index('CREATE INDEX ON nope (a)')`, code: "42P01", msg: `relation "nope" does not exist`},
		{name: "missing column", sql: `SELECT * FROM hypopg_create_index('CREATE INDEX ON posts (nope)')`, code: "XX000", msg: `hypopg: column "nope" does not exist`},
		{name: "missing column in predicate", sql: `SELECT * FROM hypopg_create_index('CREATE INDEX ON posts (kind) WHERE nope > 1')`, code: "42703", msg: `column "nope" does not exist`},
		{name: "view", sql: `SELECT * FROM hypopg_create_index('CREATE INDEX ON posts_v (kind)')`, code: "XX000", msg: `hypopg: "posts_v" is not a table or materialized view`},
		{name: "gin", sql: `SELECT * FROM hypopg_create_index('CREATE INDEX ON posts USING gin (kind)')`, code: "XX000", msg: `hypopg: access method "gin" is not supported`},
		{name: "no such am", sql: `SELECT * FROM hypopg_create_index('CREATE INDEX ON posts USING nope (kind)')`, code: "42704", msg: `hypopg: access method "nope" does not exist`},
		{name: "unique hash", sql: `SELECT * FROM hypopg_create_index('CREATE UNIQUE INDEX ON posts USING hash (kind)')`, code: "0A000", msg: `hypopg: access method "hash" does not support unique indexes`},
		{name: "multicolumn hash", sql: `SELECT * FROM hypopg_create_index('CREATE INDEX ON posts USING hash (kind, id)')`, code: "0A000", msg: `hypopg: access method "hash" does not support multicolumn indexes`},
		{name: "included expression", sql: `SELECT * FROM hypopg_create_index('CREATE INDEX ON posts (kind) INCLUDE ((id + 1))')`, code: "0A000", msg: `hypopg: expressions are not supported in included columns`},
		{name: "reset", sql: `SELECT hypopg_reset(); SELECT count(*) FROM hypopg_list_indexes`, want: "0"},
		{name: "quoted names", sql: `CREATE SCHEMA "Odd S"; CREATE TABLE "Odd S"."My T" ("X" int, y int);
			SELECT ` + n("indexname") + `, hypopg_get_indexdef(indexrelid) FROM hypopg_create_index('CREATE INDEX ON "Odd S"."My T" ("X" DESC NULLS LAST, y NULLS FIRST)')`,
			want: `<>btree_My T_X_y|CREATE INDEX ON "Odd S"."My T" USING btree ("X" DESC NULLS LAST, y NULLS FIRST)`},
	})
	if p := plan(t, s, `EXPLAIN SELECT * FROM "Odd S"."My T" WHERE "X" = 1`); !regexp.MustCompile(`"<\d+>btree_My T_X_y"`).MatchString(p) {
		t.Errorf("quoted names: %s", p)
	}
}

// TestHypopgHide: hidden indexes, hypothetical or real, are left out of
// EXPLAIN's plans until unhidden.
func TestHypopgHide(t *testing.T) {
	s := enginetest.Session(t, enginetest.Migrated(t, hypoFixture))
	const q = `EXPLAIN SELECT * FROM posts WHERE user_id = 1`
	plan(t, s, `SELECT * FROM hypopg_create_index('CREATE INDEX ON posts (user_id)')`)
	if got := plan(t, s, `SELECT hypopg_hide_index(indexrelid), hypopg_hide_index(indexrelid) FROM hypopg_list_indexes`); got != "t|f" {
		t.Fatalf("hide: %s", got)
	}
	if p := plan(t, s, q); !strings.HasPrefix(p, "Seq Scan on posts") {
		t.Errorf("hidden hypothetical index planned: %s", p)
	}
	if got := plan(t, s, `SELECT is_hypo, table_name, am_name FROM hypopg_hidden_indexes`); got != "t|posts|btree" {
		t.Errorf("hypopg_hidden_indexes: %s", got)
	}
	plan(t, s, `SELECT hypopg_unhide_all_indexes()`)
	if p := plan(t, s, q); hypoScan.FindString(p) == "" {
		t.Errorf("unhidden: %s", p)
	}
	plan(t, s, `SELECT hypopg_reset(); CREATE INDEX posts_user_idx ON posts (user_id)`)
	if p := plan(t, s, q); !strings.Contains(p, "posts_user_idx") {
		t.Fatalf("real index: %s", p)
	}
	if got := plan(t, s, `SELECT hypopg_hide_index('posts_user_idx'::regclass); SELECT index_name, is_hypo FROM hypopg_hidden_indexes`); got != "posts_user_idx|f" {
		t.Errorf("hidden real index: %s", got)
	}
	if p := plan(t, s, q); !strings.HasPrefix(p, "Seq Scan on posts") {
		t.Errorf("hidden real index planned: %s", p)
	}
	if got := plan(t, s, `SELECT count(*) FROM posts WHERE user_id = 1`); got != "1" {
		t.Errorf("query: %s", got)
	}
	if got := plan(t, s, `SELECT hypopg_unhide_index('posts_user_idx'::regclass), hypopg_unhide_index('posts_user_idx'::regclass)`); got != "t|f" {
		t.Errorf("unhide: %s", got)
	}
	if p := plan(t, s, q); !strings.Contains(p, "posts_user_idx") {
		t.Errorf("unhidden real index: %s", p)
	}
}
