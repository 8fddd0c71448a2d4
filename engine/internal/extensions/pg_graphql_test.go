package extensions_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// gqlFixture is a blog schema (the shape of pg_graphql's documentation
// examples) with RLS on posts: anon sees published posts only.
const gqlFixture = `
create extension if not exists pg_graphql;
create table public.account (id serial primary key, email varchar(255) not null, created_at timestamp not null default '2024-01-01 00:00:00');
create table public.blog (id serial primary key, owner_id integer not null references public.account(id), name varchar(255) not null, description varchar(255));
create table public.blog_post (id bigserial primary key, blog_id integer not null references public.blog(id), title text not null, rating numeric, tags text[], published boolean not null default false);
comment on table public.blog_post is e'@graphql({"totalCount": {"enabled": true}})';
insert into public.account (email) values ('aardvark@x.com'), ('bat@x.com'), ('cat@x.com');
insert into public.blog (owner_id, name, description) values (1, 'A: Blog 1', 'a desc1'), (1, 'A: Blog 2', null), (2, 'B: Blog 3', 'b desc1');
insert into public.blog_post (blog_id, title, rating, tags, published) values
  (1, 'first', 4.5, '{a,b}', true), (1, 'second', null, null, false), (2, 'third', 3, '{b}', true), (3, 'fourth', 1.25, '{}', true);
alter table public.blog_post enable row level security;
create policy anon_published on public.blog_post for select to anon using (published);
create policy all_auth on public.blog_post for all to authenticated using (true) with check (true);
grant all on all tables in schema public to anon, authenticated;
grant all on all sequences in schema public to anon, authenticated;
`

func gqlSession(t *testing.T, extra ...string) *engine.Session {
	t.Helper()
	return enginetest.Session(t, enginetest.Migrated(t, append([]string{gqlFixture}, extra...)...))
}

// gql runs graphql.resolve and returns its document decoded.
func gql(t *testing.T, s *engine.Session, query, vars string) any {
	t.Helper()
	if vars == "" {
		vars = "{}"
	}
	res, err := s.Exec(context.Background(), "select graphql.resolve($q$"+query+"$q$, $v$"+vars+"$v$::jsonb)::text")
	if err != nil {
		t.Fatalf("resolve: %v", err)
	}
	var out any
	txt := *res[len(res)-1].Rows[0][0]
	if err := json.Unmarshal([]byte(txt), &out); err != nil {
		t.Fatalf("resolve returned %q: %v", txt, err)
	}
	return out
}

type gqlCase struct {
	name, query, vars, want string
	// setup runs first (SET ROLE ...); reset after
	setup string
}

func runGQL(t *testing.T, s *engine.Session, cases []gqlCase) {
	t.Helper()
	for _, c := range cases {
		if c.setup != "" {
			enginetest.Exec(t, s, c.setup)
		}
		got := gql(t, s, c.query, c.vars)
		if c.setup != "" {
			enginetest.Exec(t, s, "reset role")
		}
		var want any
		if err := json.Unmarshal([]byte(c.want), &want); err != nil {
			t.Fatalf("%s: bad want: %v", c.name, err)
		}
		if !reflect.DeepEqual(got, want) {
			g, _ := json.Marshal(got)
			t.Errorf("%s:\n got: %s\nwant: %s", c.name, g, c.want)
		}
	}
}

func TestGraphQLSmoke(t *testing.T) {
	s := gqlSession(t)
	runGQL(t, s, []gqlCase{
		{name: "collection", query: `{ accountCollection { edges { cursor node { id email createdAt: created_at } } } }`,
			want: `{"data": {"accountCollection": {"edges": [
				{"cursor": "WzFd", "node": {"id": 1, "email": "aardvark@x.com", "createdAt": "2024-01-01T00:00:00"}},
				{"cursor": "WzJd", "node": {"id": 2, "email": "bat@x.com", "createdAt": "2024-01-01T00:00:00"}},
				{"cursor": "WzNd", "node": {"id": 3, "email": "cat@x.com", "createdAt": "2024-01-01T00:00:00"}}]}}}`},
	})
}

// TestGraphQLExtension: pg_graphql is installed as Supabase's projects
// have it, the db dump line is a no-op, and DROP / CREATE EXTENSION give
// PostgreSQL's catalog rows.
func TestGraphQLExtension(t *testing.T) {
	s := installed(t, "plpgsql")[:1]
	run(t, s, []sqlCase{
		{name: "installed", sql: `select extname, extversion, n.nspname, extrelocatable from pg_extension e join pg_namespace n on n.oid = e.extnamespace where extname = 'pg_graphql'`,
			want: "pg_graphql|1.5.11|graphql|f"},
		{name: "db dump line", sql: `create extension if not exists "pg_graphql" with schema "graphql"; select 1`, want: "1"},
		{name: "wrong schema", sql: `create extension if not exists pg_graphql with schema extensions`, want: ""},
		{name: "signatures", sql: `select p.proname, pg_get_function_arguments(p.oid), pg_get_function_result(p.oid) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('graphql', 'graphql_public') order by 1`,
			want: "_internal_resolve|query text, variables jsonb DEFAULT '{}'::jsonb, \"operationName\" text DEFAULT NULL::text, extensions jsonb DEFAULT NULL::jsonb|jsonb\n" +
				"comment_directive|comment_ text|jsonb\n" +
				"exception|message text|text\n" +
				"get_schema_version||integer\n" +
				"graphql|\"operationName\" text DEFAULT NULL::text, query text DEFAULT NULL::text, variables jsonb DEFAULT NULL::jsonb, extensions jsonb DEFAULT NULL::jsonb|jsonb\n" +
				"increment_schema_version||event_trigger\n" +
				"resolve|query text, variables jsonb DEFAULT '{}'::jsonb, \"operationName\" text DEFAULT NULL::text, extensions jsonb DEFAULT NULL::jsonb|jsonb"},
		{name: "event triggers", sql: `select evtname, evtevent from pg_event_trigger where evtname like 'graphql%' order by 1`,
			want: "graphql_watch_ddl|ddl_command_end\ngraphql_watch_drop|sql_drop"},
		{name: "schema version moves with DDL", sql: `create table v0 as select graphql.get_schema_version() v; create table ddl_x (id int); select graphql.get_schema_version() > v from v0`, want: "t"},
		{name: "comment_directive", sql: `select graphql.comment_directive('@graphql({"totalCount": {"enabled": true}})'), graphql.comment_directive('plain')`,
			want: `{"totalCount": {"enabled": true}}|{}`},
		{name: "exception", sql: `select graphql.exception('boom')`, code: "22000", msg: "boom"},
		{name: "anon may call", sql: `set role anon; select graphql_public.graphql(query := '{ __typename }'); reset role`, want: `{"data": {"__typename": "Query"}}`},
		{name: "drop", sql: `drop extension pg_graphql; select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('graphql', 'graphql_public')`, want: "0"},
		{name: "no event triggers left", sql: `select count(*) from pg_event_trigger where evtname like 'graphql%'`, want: "0"},
		{name: "DDL after drop", sql: `create table after_drop (id int primary key); select 1`, want: "1"},
		{name: "recreate", sql: `create extension pg_graphql; select graphql.resolve('{ __typename }')`, want: `{"data": {"__typename": "Query"}}`},
	})
}

func TestGraphQLFilters(t *testing.T) {
	s := gqlSession(t)
	titles := func(ts ...string) string {
		b, _ := json.Marshal(ts)
		var edges []string
		var list []string
		_ = json.Unmarshal(b, &list)
		for _, x := range list {
			edges = append(edges, `{"node": {"title": "`+x+`"}}`)
		}
		out := `{"data": {"blog_postCollection": {"edges": [`
		for i, e := range edges {
			if i > 0 {
				out += ","
			}
			out += e
		}
		return out + `]}}}`
	}
	q := func(filter string) string {
		return `{ blog_postCollection(filter: ` + filter + `) { edges { node { title } } } }`
	}
	runGQL(t, s, []gqlCase{
		{name: "eq", query: q(`{title: {eq: "third"}}`), want: titles("third")},
		{name: "neq", query: q(`{title: {neq: "third"}}`), want: titles("first", "second", "fourth")},
		{name: "lt numeric", query: q(`{rating: {lt: "4"}}`), want: titles("third", "fourth")},
		{name: "gte bigint", query: q(`{id: {gte: "3"}}`), want: titles("third", "fourth")},
		{name: "in", query: q(`{blog_id: {in: [2, 3]}}`), want: titles("third", "fourth")},
		{name: "is null", query: q(`{rating: {is: NULL}}`), want: titles("second")},
		{name: "is not null", query: q(`{rating: {is: NOT_NULL}, published: {eq: false}}`), want: titles()},
		{name: "like", query: q(`{title: {like: "%ir%"}}`), want: titles("first", "third")},
		{name: "ilike", query: q(`{title: {ilike: "F%"}}`), want: titles("first", "fourth")},
		{name: "startsWith", query: q(`{title: {startsWith: "fo"}}`), want: titles("fourth")},
		{name: "or", query: q(`{or: [{title: {eq: "first"}}, {title: {eq: "fourth"}}]}`), want: titles("first", "fourth")},
		{name: "and not", query: q(`{and: [{published: {eq: true}}], not: {title: {eq: "first"}}}`), want: titles("third", "fourth")},
		{name: "contains", query: q(`{tags: {contains: ["b"]}}`), want: titles("first", "third")},
		{name: "variables", query: `query Q($t: String!) { blog_postCollection(filter: {title: {eq: $t}}) { edges { node { title } } } }`,
			vars: `{"t": "second"}`, want: titles("second")},
		{name: "variable filter object", query: `query Q($f: blog_postFilter) { blog_postCollection(filter: $f) { edges { node { title } } } }`,
			vars: `{"f": {"title": {"in": ["first", "second"]}}}`, want: titles("first", "second")},
		{name: "unknown column", query: q(`{nope: {eq: 1}}`), want: `{"data": null, "errors": [{"message": "Unknown field \"nope\" on type blog_postFilter"}]}`},
		{name: "injection is a value", query: q(`{title: {eq: "x' or true --"}}`), want: titles()},
	})
}

func TestGraphQLOrderAndPagination(t *testing.T) {
	s := gqlSession(t)
	runGQL(t, s, []gqlCase{
		{name: "order desc nulls first", query: `{ blog_postCollection(orderBy: [{rating: DescNullsFirst}]) { edges { node { title } } } }`,
			want: `{"data": {"blog_postCollection": {"edges": [{"node": {"title": "second"}}, {"node": {"title": "first"}}, {"node": {"title": "third"}}, {"node": {"title": "fourth"}}]}}}`},
		{name: "order asc nulls last", query: `{ blog_postCollection(orderBy: {rating: AscNullsLast}) { edges { node { title } } } }`,
			want: `{"data": {"blog_postCollection": {"edges": [{"node": {"title": "fourth"}}, {"node": {"title": "third"}}, {"node": {"title": "first"}}, {"node": {"title": "second"}}]}}}`},
		{name: "first page", query: `{ blog_postCollection(first: 2) { pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } totalCount } }`,
			want: `{"data": {"blog_postCollection": {"pageInfo": {"hasNextPage": true, "hasPreviousPage": false, "startCursor": "WzFd", "endCursor": "WzJd"},
				"edges": [{"cursor": "WzFd", "node": {"id": "1"}}, {"cursor": "WzJd", "node": {"id": "2"}}], "totalCount": 4}}}`},
		{name: "after", query: `{ blog_postCollection(first: 2, after: "WzJd") { pageInfo { hasNextPage hasPreviousPage } edges { node { id } } } }`,
			want: `{"data": {"blog_postCollection": {"pageInfo": {"hasNextPage": false, "hasPreviousPage": true}, "edges": [{"node": {"id": "3"}}, {"node": {"id": "4"}}]}}}`},
		{name: "last before", query: `{ blog_postCollection(last: 2, before: "WzRd") { pageInfo { hasNextPage hasPreviousPage } edges { node { id } } } }`,
			want: `{"data": {"blog_postCollection": {"pageInfo": {"hasNextPage": true, "hasPreviousPage": true}, "edges": [{"node": {"id": "2"}}, {"node": {"id": "3"}}]}}}`},
		{name: "last", query: `{ blog_postCollection(last: 1) { edges { node { id } } } }`,
			want: `{"data": {"blog_postCollection": {"edges": [{"node": {"id": "4"}}]}}}`},
		{name: "cursor over ordered column", query: `{ blog_postCollection(first: 1, after: "WyIzIiwgM10=", orderBy: [{rating: DescNullsLast}]) { edges { node { title } } } }`,
			want: `{"data": {"blog_postCollection": {"edges": [{"node": {"title": "fourth"}}]}}}`},
		{name: "offset", query: `{ blog_postCollection(first: 1, offset: 2) { edges { node { id } } } }`,
			want: `{"data": {"blog_postCollection": {"edges": [{"node": {"id": "3"}}]}}}`},
		{name: "totalCount needs the directive", query: `{ accountCollection { totalCount } }`,
			want: `{"data": null, "errors": [{"message": "Unknown field \"totalCount\" on type accountConnection"}]}`},
		{name: "first and last", query: `{ accountCollection(first: 1, last: 1) { __typename } }`,
			want: `{"data": null, "errors": [{"message": "only one of \"first\" and \"last\" may be provided"}]}`},
		{name: "bad cursor", query: `{ accountCollection(after: "!!") { __typename } }`,
			want: `{"data": null, "errors": [{"message": "Invalid cursor"}]}`},
	})
}

func TestGraphQLRelationshipsAndNodes(t *testing.T) {
	s := gqlSession(t)
	runGQL(t, s, []gqlCase{
		{name: "to-one and to-many", query: `{ blogCollection(first: 1) { edges { node { name owner { email } blog_postCollection { edges { node { title } } } } } } }`,
			want: `{"data": {"blogCollection": {"edges": [{"node": {"name": "A: Blog 1", "owner": {"email": "aardvark@x.com"},
				"blog_postCollection": {"edges": [{"node": {"title": "first"}}, {"node": {"title": "second"}}]}}}]}}}`},
		{name: "nested filter", query: `{ accountCollection(filter: {id: {eq: 1}}) { edges { node { blogCollection(filter: {description: {is: NULL}}) { edges { node { name } } } } } } }`,
			want: `{"data": {"accountCollection": {"edges": [{"node": {"blogCollection": {"edges": [{"node": {"name": "A: Blog 2"}}]}}}]}}}`},
		{name: "nodeId", query: `{ accountCollection(first: 1) { edges { node { nodeId } } } }`,
			want: `{"data": {"accountCollection": {"edges": [{"node": {"nodeId": "WyJwdWJsaWMiLCAiYWNjb3VudCIsIDFd"}}]}}}`},
		{name: "node", query: `{ node(nodeId: "WyJwdWJsaWMiLCAiYWNjb3VudCIsIDJd") { nodeId __typename ... on account { email } ... on blog { name } } }`,
			want: `{"data": {"node": {"nodeId": "WyJwdWJsaWMiLCAiYWNjb3VudCIsIDJd", "__typename": "account", "email": "bat@x.com"}}}`},
		{name: "fragments aliases typename", query: `query { a: accountCollection(first: 1) { __typename edges { __typename node { ...F } } } } fragment F on account { mail: email __typename }`,
			want: `{"data": {"a": {"__typename": "accountConnection", "edges": [{"__typename": "accountEdge", "node": {"mail": "aardvark@x.com", "__typename": "account"}}]}}}`},
		{name: "skip include", query: `query ($no: Boolean!) { accountCollection(first: 1) { edges { node { id email @skip(if: $no) created_at @include(if: $no) } } } }`,
			vars: `{"no": true}`, want: `{"data": {"accountCollection": {"edges": [{"node": {"id": 1, "created_at": "2024-01-01T00:00:00"}}]}}}`},
		{name: "unknown field", query: `{ nopeCollection { __typename } }`,
			want: `{"data": null, "errors": [{"message": "Unknown field \"nopeCollection\" on type Query"}]}`},
		{name: "parse error has no data", query: `{ accountCollection { `, want: `{"errors": [{"message": "input:1:23: Expected Name, found <EOF>"}]}`},
	})
}

func TestGraphQLInflection(t *testing.T) {
	s := gqlSession(t, `comment on schema public is e'@graphql({"inflect_names": true})'`)
	runGQL(t, s, []gqlCase{
		{name: "inflected names", query: `{ blogPostCollection(first: 1, filter: {blogId: {eq: 1}}) { edges { node { blogId blog { owner { createdAt } } __typename } } } }`,
			want: `{"data": {"blogPostCollection": {"edges": [{"node": {"blogId": 1, "blog": {"owner": {"createdAt": "2024-01-01T00:00:00"}}, "__typename": "BlogPost"}}]}}}`},
		{name: "to-many inflected", query: `{ blogCollection(first: 1) { edges { node { blogPostCollection { edges { node { title } } } } } } }`,
			want: `{"data": {"blogCollection": {"edges": [{"node": {"blogPostCollection": {"edges": [{"node": {"title": "first"}}, {"node": {"title": "second"}}]}}}]}}}`},
	})
}

func TestGraphQLMutations(t *testing.T) {
	s := gqlSession(t)
	runGQL(t, s, []gqlCase{
		{name: "insert", query: `mutation { insertIntoaccountCollection(objects: [{email: "dog@x.com"}, {email: "eel@x.com", created_at: "2025-02-03T04:05:06"}]) { affectedCount records { id email created_at } } }`,
			want: `{"data": {"insertIntoaccountCollection": {"affectedCount": 2, "records": [{"id": 4, "email": "dog@x.com", "created_at": "2024-01-01T00:00:00"}, {"id": 5, "email": "eel@x.com", "created_at": "2025-02-03T04:05:06"}]}}}`},
		{name: "update", query: `mutation { updateaccountCollection(set: {email: "dog2@x.com"}, filter: {id: {eq: 4}}) { affectedCount records { email blogCollection { edges { node { id } } } } } }`,
			want: `{"data": {"updateaccountCollection": {"affectedCount": 1, "records": [{"email": "dog2@x.com", "blogCollection": {"edges": []}}]}}}`},
		{name: "update too many rolls back", query: `mutation { updateaccountCollection(set: {email: "same"}, filter: {id: {gt: 3}}) { affectedCount } }`,
			want: `{"data": null, "errors": [{"message": "update impacts too many records"}]}`},
		{name: "rolled back", query: `{ accountCollection(filter: {email: {eq: "same"}}) { edges { node { id } } } }`,
			want: `{"data": {"accountCollection": {"edges": []}}}`},
		{name: "update atMost", query: `mutation { updateaccountCollection(set: {email: "same"}, filter: {id: {gt: 3}}, atMost: 2) { affectedCount } }`,
			want: `{"data": {"updateaccountCollection": {"affectedCount": 2}}}`},
		{name: "delete", query: `mutation { deleteFromaccountCollection(filter: {id: {eq: 5}}) { affectedCount records { id email } } }`,
			want: `{"data": {"deleteFromaccountCollection": {"affectedCount": 1, "records": [{"id": 5, "email": "same"}]}}}`},
		{name: "delete too many", query: `mutation { deleteFromblog_postCollection(filter: {id: {gt: "0"}}, atMost: 2) { affectedCount } }`,
			want: `{"data": null, "errors": [{"message": "delete impacts too many records"}]}`},
		{name: "delete rolled back", query: `{ blog_postCollection { totalCount } }`,
			want: `{"data": {"blog_postCollection": {"totalCount": 4}}}`},
		{name: "delete referenced", query: `mutation { deleteFromaccountCollection(filter: {id: {eq: 1}}) { affectedCount } }`,
			want: `{"data": null, "errors": [{"message": "update or delete on table \"account\" violates foreign key constraint \"blog_owner_id_fkey\" on table \"blog\""}]}`},
		{name: "constraint error", query: `mutation { insertIntoblogCollection(objects: [{owner_id: 99, name: "x"}]) { affectedCount } }`,
			want: `{"data": null, "errors": [{"message": "insert or update on table \"blog\" violates foreign key constraint \"blog_owner_id_fkey\""}]}`},
		{name: "query in mutation", query: `mutation { accountCollection { __typename } }`,
			want: `{"data": null, "errors": [{"message": "Unknown field \"accountCollection\" on type Mutation"}]}`},
		{name: "count after", query: `{ accountCollection { edges { node { id } } } }`,
			want: `{"data": {"accountCollection": {"edges": [{"node": {"id": 1}}, {"node": {"id": 2}}, {"node": {"id": 3}}, {"node": {"id": 4}}]}}}`},
	})
}

// TestGraphQLRLS: resolve runs its SQL in the caller's role, so grants
// and row level security decide what GraphQL sees and changes.
func TestGraphQLRLS(t *testing.T) {
	s := gqlSession(t, `revoke all on public.account from anon`)
	runGQL(t, s, []gqlCase{
		{name: "anon sees published", setup: "set role anon", query: `{ blog_postCollection { totalCount edges { node { title } } } }`,
			want: `{"data": {"blog_postCollection": {"totalCount": 3, "edges": [{"node": {"title": "first"}}, {"node": {"title": "third"}}, {"node": {"title": "fourth"}}]}}}`},
		{name: "authenticated sees all", setup: "set role authenticated", query: `{ blog_postCollection { totalCount } }`,
			want: `{"data": {"blog_postCollection": {"totalCount": 4}}}`},
		{name: "anon cannot see ungranted table", setup: "set role anon", query: `{ accountCollection { __typename } }`,
			want: `{"data": null, "errors": [{"message": "Unknown field \"accountCollection\" on type Query"}]}`},
		{name: "anon update hidden rows", setup: "set role anon", query: `mutation { updateblog_postCollection(set: {title: "x"}, filter: {title: {eq: "second"}}) { affectedCount } }`,
			want: `{"data": {"updateblog_postCollection": {"affectedCount": 0}}}`},
		{name: "anon first page", setup: "set role anon", query: `{ blog_postCollection(first: 1) { edges { node { title } } } }`,
			want: `{"data": {"blog_postCollection": {"edges": [{"node": {"title": "first"}}]}}}`},
	})
}

// TestGraphQLBadInput: hostile requests are GraphQL errors, never a
// panic or an SQL error escaping resolve.
func TestGraphQLBadInput(t *testing.T) {
	s := gqlSession(t)
	errOnly := func(msg string) string {
		b, _ := json.Marshal(map[string]any{"data": nil, "errors": []any{map[string]any{"message": msg}}})
		return string(b)
	}
	runGQL(t, s, []gqlCase{
		{name: "fragment cycle", query: `{ accountCollection { edges { node { ...A } } } } fragment A on account { ...A }`, want: errOnly("fragment nesting too deep")},
		{name: "negative first", query: `{ accountCollection(first: -1) { __typename } }`, want: errOnly(`"first", "last" and "offset" may not be negative`)},
		{name: "string as Int", query: `query ($n: Int) { accountCollection(first: $n) { __typename } }`, vars: `{"n": "x"}`, want: errOnly("Invalid input for Int type")},
		{name: "bad nodeId", query: `{ node(nodeId: "not base64") { nodeId } }`, want: errOnly("Invalid value passed to nodeId argument")},
		{name: "bad value type", query: `{ accountCollection(filter: {id: {eq: "x"}}) { __typename } }`, want: errOnly(`invalid input syntax for type integer: "x"`)},
		{name: "one named operation", query: `query A { __typename }`, vars: `{}`, want: `{"data": {"__typename": "Query"}}`},
		{name: "two operations unnamed", query: `query A { __typename } query B { __typename }`, want: errOnly("Operation name required when multiple operations are present")},
		{name: "subscription", query: `subscription { accountCollection { __typename } }`, want: errOnly("Subscriptions are not supported")},
		{name: "unknown introspection field", query: `{ __schema { queryType { nope } } }`, want: errOnly(`Unknown field "nope" on type __Type`)},
		{name: "__type of a wrapper-free name only", query: `{ __type(name: "[Int]") { name } }`, want: `{"data": {"__type": null}}`},
		{name: "empty", query: ``, want: errOnly("No operation found")},
	})
	res, err := s.Exec(context.Background(), `select graphql.resolve(null), graphql_public.graphql()`)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range res[0].Rows[0] {
		if want := `{"data": null, "errors": [{"message": "No operation found"}]}`; *v != want {
			t.Errorf("column %d: %s, want %s", i, *v, want)
		}
	}
}

// TestGraphQLOneToOne: a foreign key over unique columns gives a single
// (nullable) record on the referenced side instead of a collection.
func TestGraphQLOneToOne(t *testing.T) {
	s := gqlSession(t, `create table public.profile (id int primary key, account_id int not null unique references public.account(id), bio text);
insert into public.profile values (1, 2, 'bat bio');
grant all on public.profile to anon, authenticated`)
	runGQL(t, s, []gqlCase{
		{name: "both directions", query: `{ accountCollection(first: 2) { edges { node { id profile { bio account { email } } } } } }`,
			want: `{"data": {"accountCollection": {"edges": [{"node": {"id": 1, "profile": null}}, {"node": {"id": 2, "profile": {"bio": "bat bio", "account": {"email": "bat@x.com"}}}}]}}}`},
		{name: "no collection", query: `{ accountCollection { edges { node { profileCollection { totalCount } } } } }`,
			want: `{"data": null, "errors": [{"message": "Unknown field \"profileCollection\" on type account"}]}`},
		{name: "introspected nullable", query: `{ __type(name: "account") { fields { name type { kind name } } } }`,
			want: `{"data": {"__type": {"fields": [{"name": "nodeId", "type": {"kind": "NON_NULL", "name": null}}, {"name": "id", "type": {"kind": "NON_NULL", "name": null}},
				{"name": "email", "type": {"kind": "NON_NULL", "name": null}}, {"name": "created_at", "type": {"kind": "NON_NULL", "name": null}},
				{"name": "blogCollection", "type": {"kind": "OBJECT", "name": "blogConnection"}}, {"name": "profile", "type": {"kind": "OBJECT", "name": "profile"}}]}}}`},
	})
}
