package session

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// equivRun runs one statement and prints what a client sees: the columns,
// the rows as text (sorted when sorted is set), the tag, or the error.
func equivRun(s *Session, q string, sorted bool) string {
	rows, err := s.Query(context.Background(), q)
	if err != nil {
		return "ERROR " + errText(err)
	}
	var b strings.Builder
	for _, c := range rows.Columns() {
		fmt.Fprintf(&b, "%s:%d ", c.Name, c.TypeOID)
	}
	b.WriteString("\n")
	var lines []string
	for rows.Next() {
		var cells []string
		for _, v := range rows.Text() {
			if v == nil {
				cells = append(cells, "NULL")
			} else {
				cells = append(cells, *v)
			}
		}
		lines = append(lines, strings.Join(cells, "|"))
	}
	if err := rows.Close(); err != nil {
		return "ERROR " + errText(err)
	}
	if sorted {
		sort.Strings(lines)
	}
	return b.String() + strings.Join(lines, "\n") + "\n" + rows.Tag()
}

func errText(err error) string {
	if pe, ok := err.(*Error); ok {
		return pe.Code + " " + pe.Message + " / " + pe.Detail
	}
	return err.Error()
}

// equivCatalogQueries reads every relation the engine serves in
// pg_catalog and information_schema, and the deparsed stored expressions.
func equivCatalogQueries(t *testing.T, s *Session) []string {
	rels := equivRun(s, `select n.nspname || '.' || c.relname from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
		where n.nspname in ('pg_catalog', 'information_schema') and c.relkind in ('r', 'v')`, true)
	lines := strings.Split(rels, "\n")
	if len(lines) < 40 || strings.HasPrefix(rels, "ERROR") {
		t.Fatalf("system relations: %s", rels)
	}
	var qs []string
	for _, rel := range lines[1 : len(lines)-1] {
		switch rel {
		case "pg_catalog.pg_stat_activity", "pg_catalog.pg_locks", "pg_catalog.pg_stat_database",
			"pg_catalog.pg_stat_user_tables", "pg_catalog.pg_stat_user_indexes",
			"pg_catalog.pg_stat_all_tables", "pg_catalog.pg_stat_all_indexes":
			// describe the running backends, the moment they are read and
			// what ran before (the SQL-built engine ran the bootstrap)
			continue
		}
		qs = append(qs, "select * from "+rel)
	}
	return append(qs,
		`select c.relname, pg_get_expr(d.adbin, d.adrelid) from pg_attrdef d join pg_class c on c.oid = d.adrelid`,
		`select conrelid::regclass, conname, pg_get_constraintdef(oid) from pg_constraint`,
		`select indexrelid::regclass, pg_get_indexdef(indexrelid) from pg_index`,
		`select table_schema, table_name, column_name, column_default, is_generated, generation_expression from information_schema.columns`,
	)
}

// equivWrites exercise what the image rebuilds from text (defaults,
// generated columns, expression and partial unique indexes), and checks,
// foreign keys, sequences, auth helpers under claims and grants.
var equivWrites = []struct {
	role, claims string
	q            string
}{
	{"", "", `insert into auth.users (id, email, email_confirmed_at, phone_confirmed_at) values ('00000000-0000-0000-0000-000000000001', 'A@x.com', '2024-01-02', '2024-01-01')
		returning id, email, confirmed_at, is_sso_user, is_anonymous, email_change_confirm_status, confirmation_token, phone_change, phone, created_at is null`},
	{"", "", `insert into auth.users (id, email) values ('00000000-0000-0000-0000-000000000002', 'A@x.com')`},
	{"", "", `insert into auth.users (id, email, is_sso_user) values ('00000000-0000-0000-0000-000000000002', 'A@x.com', true) returning confirmed_at`},
	{"", "", `insert into auth.users (id, confirmation_token) values ('00000000-0000-0000-0000-000000000003', 'tok'), ('00000000-0000-0000-0000-000000000004', 'tok')`},
	{"", "", `insert into auth.users (id, confirmation_token) values ('00000000-0000-0000-0000-000000000003', '12 3'), ('00000000-0000-0000-0000-000000000004', '12 3')`},
	{"", "", `insert into auth.users (id, email_change_confirm_status) values ('00000000-0000-0000-0000-000000000005', 3)`},
	{"", "", `update auth.users set phone_confirmed_at = '2023-12-31' where id = '00000000-0000-0000-0000-000000000001' returning confirmed_at`},
	{"", "", `insert into auth.refresh_tokens (token) values ('a'), ('b') returning id, token`},
	{"", "", `select nextval('auth.refresh_tokens_id_seq'), currval('auth.refresh_tokens_id_seq')`},
	{"", "", `insert into auth.identities (provider_id, user_id, identity_data, provider) values ('p1', '00000000-0000-0000-0000-000000000001', '{"email": "MiXeD@Example.COM"}', 'email')
		returning email, id is not null`},
	{"", "", `insert into auth.sso_providers (id, resource_id) values ('00000000-0000-0000-0000-0000000000a1', '')`},
	{"", "", `insert into auth.sso_providers (id, resource_id) values ('00000000-0000-0000-0000-0000000000a1', 'Res')`},
	{"", "", `insert into auth.sso_providers (id, resource_id) values ('00000000-0000-0000-0000-0000000000a2', 'rES')`},
	{"", "", `insert into auth.sso_domains (id, sso_provider_id, domain) values ('00000000-0000-0000-0000-0000000000b1', '00000000-0000-0000-0000-0000000000a1', 'Example.com')`},
	{"", "", `insert into auth.sso_domains (id, sso_provider_id, domain) values ('00000000-0000-0000-0000-0000000000b2', '00000000-0000-0000-0000-0000000000a1', 'EXAMPLE.COM')`},
	{"", "", `insert into auth.sso_domains (id, sso_provider_id, domain) values ('00000000-0000-0000-0000-0000000000b3', '00000000-0000-0000-0000-0000000000ff', 'other.com')`},
	{"", "", `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at) values
		('00000000-0000-0000-0000-0000000000c1', '00000000-0000-0000-0000-000000000001', ' ', 'totp', 'verified', now(), now()),
		('00000000-0000-0000-0000-0000000000c2', '00000000-0000-0000-0000-000000000001', ' ', 'totp', 'unverified', now(), now()) returning factor_type, status`},
	{"", "", `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at) values
		('00000000-0000-0000-0000-0000000000c3', '00000000-0000-0000-0000-000000000001', 'phone', 'totp', 'verified', now(), now()),
		('00000000-0000-0000-0000-0000000000c4', '00000000-0000-0000-0000-000000000001', 'phone', 'phone', 'verified', now(), now())`},
	{"", "", `insert into auth.mfa_factors (id, user_id, factor_type, status, created_at, updated_at) values ('00000000-0000-0000-0000-0000000000c5', '00000000-0000-0000-0000-000000000001', 'nope', 'verified', now(), now())`},
	{"", "", `insert into storage.buckets (id, name) values ('avatars', 'avatars') returning id, public, avif_autodetection, type, created_at = updated_at`},
	{"", "", `insert into storage.objects (bucket_id, name) values ('avatars', 'a/b/c.png') returning path_tokens, id is not null, created_at is not null`},
	{"", "", `insert into storage.objects (bucket_id, name) values ('missing', 'x')`},
	{"", "", `delete from storage.buckets where id = 'avatars'`},
	{"", "", `alter table auth.users add column tb_extra int default 7`},
	{"", "", `insert into auth.users (id) values ('00000000-0000-0000-0000-000000000009') returning tb_extra, is_sso_user, email_change_confirm_status`},
	{"", "", `insert into auth.users (id, email) values ('00000000-0000-0000-0000-00000000000a', 'a@x.com')`},
	{"authenticated", `{"sub": "00000000-0000-0000-0000-000000000001", "role": "authenticated", "email": "a@x.com"}`, `select auth.uid(), auth.role(), auth.email(), auth.jwt() ->> 'email'`},
	{"authenticated", `{"sub": "00000000-0000-0000-0000-000000000001", "role": "authenticated"}`, `select count(*) from storage.objects`},
	{"authenticated", `{"sub": "00000000-0000-0000-0000-000000000001", "role": "authenticated"}`, `select count(*) from auth.users`},
	{"anon", `{"role": "anon"}`, `insert into storage.buckets (id, name) values ('x', 'x')`},
	{"anon", `{"role": "anon"}`, `select auth.uid()`},
	{"service_role", `{"role": "service_role"}`, `insert into storage.buckets (id, name) values ('svc', 'svc') returning id, public`},
	{"service_role", `{"role": "service_role"}`, `select count(*) from storage.objects`},
	{"", "", `drop table auth.users`},
	{"", "", `truncate auth.refresh_tokens restart identity`},
	{"", "", `insert into auth.refresh_tokens (token) values ('c') returning id`},
}

// TestBootstrapImageEquivalent opens one engine from the image and one by
// running the bootstrap SQL and compares everything a client can observe:
// every pg_catalog and information_schema relation, the stored
// expressions as PostgreSQL prints them, then writes that exercise them.
func TestBootstrapImageEquivalent(t *testing.T) {
	fromSQL, err := buildTemplateSQL()
	if err != nil {
		t.Fatal(err)
	}
	fromImage, err := openImage(&bootstrapImage)
	if err != nil {
		t.Fatal(err)
	}
	sessions := func(e *Engine, role, claims string) *Session {
		s, err := e.Connect(SessionOptions{User: "postgres", Role: role, Claims: claims})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(s.Close)
		return s
	}
	a, b := sessions(fromSQL, "", ""), sessions(fromImage, "", "")
	for _, q := range equivCatalogQueries(t, a) {
		if diff := cmp.Diff(equivRun(a, q, true), equivRun(b, q, true)); diff != "" {
			t.Errorf("%s (-SQL +image):\n%s", q, diff)
		}
	}
	for _, w := range equivWrites {
		a, b := a, b
		if w.role != "" {
			a, b = sessions(fromSQL, w.role, w.claims), sessions(fromImage, w.role, w.claims)
		}
		want, got := equivRun(a, w.q, false), equivRun(b, w.q, false)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s (-SQL +image):\n%s", w.q, diff)
		}
		t.Logf("%s\n=> %s", w.q, want)
	}
}

// TestBootstrapImageParallel opens engines from one image-built template
// in parallel and uses its tables at once, so the first-use build of the
// stored expressions races with itself (run with -race).
func TestBootstrapImageParallel(t *testing.T) {
	tmpl, err := openImage(&bootstrapImage)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := tmpl.Snapshot().Connect(SessionOptions{User: "postgres"})
			if err != nil {
				errs <- err
				return
			}
			defer s.Close()
			for _, q := range []string{
				fmt.Sprintf(`insert into auth.users (id, email) values ('00000000-0000-0000-0000-%012d', 'u%d@x.com')`, i+1, i),
				`insert into auth.sso_providers (id) values ('00000000-0000-0000-0000-0000000000a1')`,
				`insert into auth.sso_domains (id, sso_provider_id, domain) values (gen_random_uuid(), '00000000-0000-0000-0000-0000000000a1', 'Same.com')`,
				`insert into storage.buckets (id, name) values ('b', 'b')`,
				`insert into storage.objects (bucket_id, name) values ('b', 'x/y')`,
				`select column_default, generation_expression from information_schema.columns where table_schema in ('auth', 'storage')`,
			} {
				if out := equivRun(s, q, false); strings.HasPrefix(out, "ERROR") {
					errs <- fmt.Errorf("%s: %s", q, out)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestImageRoundTrip images a database beyond the bootstrap's: a table
// with rows (written as text), an enum, a composite type, a view, a
// function, a policy, a trigger, serial and identity columns, and checks
// that the built engine answers as the original and images the same.
func TestImageRoundTrip(t *testing.T) {
	orig, err := Open(Options{NoBootstrap: true})
	if err != nil {
		t.Fatal(err)
	}
	s := connectT(t, orig)
	for _, q := range []string{
		`create type mood as enum ('sad', 'ok', 'happy')`,
		`create type pair as (a int, b text)`,
		`create table kv (k text primary key, v jsonb, n numeric(10,2), at timestamptz, tags text[], m mood, b bytea, u uuid, d date)`,
		`insert into kv values ('a', '{"x": [1, 2]}', 1.5, '2024-01-02 03:04:05.123456+00', '{x,"y z"}', 'ok', '\xdeadbeef', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', '2024-02-29'),
			('b', null, null, null, null, null, null, null, null)`,
		`create table nokey (a int, b text)`,
		`insert into nokey values (1, 'x'), (1, 'x'), (null, null)`,
		`create table items (id serial primary key, code int generated always as identity, name text not null default 'n', lname text generated always as (lower(name)) stored, kv text references kv(k), check (length(name) < 10))`,
		`create unique index items_lname on items (lower(name)) where kv is not null`,
		`create view kv_view as select k, v from kv`,
		`create function bump() returns trigger language plpgsql as $$ begin new.name := new.name || '!'; return new; end $$`,
		`create trigger items_bump before insert on items for each row execute function bump()`,
		`alter table items enable row level security`,
		`create policy items_read on items for select using (name <> 'hidden')`,
		`comment on table kv is 'key values'`,
	} {
		if out := equivRun(s, q, false); strings.HasPrefix(out, "ERROR") {
			t.Fatalf("%s: %s", q, out)
		}
	}
	img, err := imageOf(orig)
	if err != nil {
		t.Fatal(err)
	}
	built, err := openImage(&img)
	if err != nil {
		t.Fatal(err)
	}
	again, err := imageOf(built)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(img, again); diff != "" {
		t.Errorf("image of the built engine (-want +got):\n%s", diff)
	}
	a, b := connectT(t, orig), connectT(t, built)
	for _, q := range append(equivCatalogQueries(t, a),
		`select * from kv order by k`,
		`select * from nokey`,
		`select * from kv_view order by k`,
		`insert into items (name, kv) values ('Abc', 'a') returning *`,
		`insert into items (name, kv) values ('ABC', 'a') returning *`,
		`insert into items (name, kv) values ('waytoolongname', null) returning *`,
		`insert into items (name, kv) values ('x', 'zz') returning *`,
		`insert into items (name) values ('hidden') returning *`,
		`select nextval('items_id_seq')`,
		`select (1, 'x')::pair, 'happy'::mood < 'ok'::mood`,
	) {
		if diff := cmp.Diff(equivRun(a, q, true), equivRun(b, q, true)); diff != "" {
			t.Errorf("%s (-original +image):\n%s", q, diff)
		}
	}
}
