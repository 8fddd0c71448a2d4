package extensions_test

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"
)

// gqlIntrospectionQuery is the standard introspection query GraphQL
// clients send (the shape graphql-js's getIntrospectionQuery produces).
const gqlIntrospectionQuery = `
query IntrospectionQuery {
  __schema {
    queryType { name }
    mutationType { name }
    subscriptionType { name }
    types { ...FullType }
    directives { name description locations args { ...InputValue } }
  }
}
fragment FullType on __Type {
  kind
  name
  description
  fields(includeDeprecated: true) {
    name
    description
    args { ...InputValue }
    type { ...TypeRef }
    isDeprecated
    deprecationReason
  }
  inputFields { ...InputValue }
  interfaces { ...TypeRef }
  enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
  possibleTypes { ...TypeRef }
}
fragment InputValue on __InputValue {
  name
  description
  type { ...TypeRef }
  defaultValue
}
fragment TypeRef on __Type {
  kind name
  ofType { kind name ofType { kind name ofType { kind name ofType { kind name
    ofType { kind name ofType { kind name ofType { kind name } } } } } } }
}`

// gqlFeatures adds what the introspection, enum, function and
// aggregate tests use to the blog fixture.
const gqlFeatures = `
create type public.post_status as enum ('draft', 'published', 'in review');
comment on type public.post_status is e'@graphql({"mappings": {"in review": "in_review"}})';
create table public.article (id int primary key, status public.post_status not null default 'draft',
  statuses public.post_status[], score int, price numeric, weight float8, title text, ok boolean, day date,
  doc jsonb, big bigint generated always as (score * 2) stored);
comment on table public.article is e'@graphql({"aggregate": {"enabled": true}, "totalCount": {"enabled": true}})';
insert into public.article (id, status, statuses, score, price, weight, title, ok, day, doc) values
  (1, 'draft', '{draft}', 10, 1.50, 0.5, 'alpha', true, '2024-01-02', '{"a": 1}'),
  (2, 'published', '{published,"in review"}', 20, 2.25, 1.5, 'beta', false, '2024-03-04', null),
  (3, 'in review', null, null, null, null, 'gamma', true, '2023-12-31', '[1]');
create function public.add_nums(a int, b int) returns int immutable language sql as $$ select a + b $$;
create function public.greet(who text default 'world') returns text stable language sql as $$ select 'hello ' || who $$;
create function public.account_by_id(aid int) returns public.account stable language sql as $$ select * from public.account where id = aid $$;
create function public.accounts_after(lo int) returns setof public.account stable language sql as $$ select * from public.account where id > lo $$;
create function public.next_status(s public.post_status) returns public.post_status immutable language sql as $$ select case s when 'draft' then 'in review'::public.post_status else 'published' end $$;
create function public.count_articles() returns bigint volatile language sql as $$ select count(*) from public.article $$;
create function public.rename_account(aid int, new_email text) returns public.account volatile language sql as $$ update public.account set email = new_email where id = aid returning * $$;
create function public._shout(rec public.account) returns text stable language sql as $$ select upper(rec.email) $$;
create function public.with_out(a int, out b int) language sql as $$ select a $$;
create function public.takes_record(r record) returns int language plpgsql as $$ begin return 1; end $$;
create function public.void_fn() returns void language sql as $$ select $$;
create function public.overloaded(a int) returns int stable language sql as $$ select a $$;
create function public.overloaded(a text) returns text stable language sql as $$ select a $$;
grant all on all tables in schema public to anon, authenticated;
`

// introspect runs the standard introspection query and returns
// data.__schema.
func introspect(t *testing.T, query string) map[string]any {
	t.Helper()
	s := gqlSession(t, gqlFeatures)
	out, _ := gql(t, s, query, "").(map[string]any)
	data, _ := out["data"].(map[string]any)
	schema, _ := data["__schema"].(map[string]any)
	if schema == nil {
		b, _ := json.Marshal(out)
		t.Fatalf("introspection returned %s", b)
	}
	return schema
}

// TestGraphQLIntrospectionValid: the standard introspection query
// returns a schema clients can build, and the requests the other tests
// send validate against it.
func TestGraphQLIntrospectionValid(t *testing.T) {
	schema := introspect(t, gqlIntrospectionQuery)
	built, err := checkIntrospection(schema)
	if err != nil {
		t.Fatalf("introspection result is not a valid schema: %v", err)
	}
	var names []string
	for _, typ := range listOfMaps(schema["types"]) {
		names = append(names, typ["name"].(string))
	}
	if !sort.StringsAreSorted(names) {
		t.Errorf("types not sorted by name: %v", names)
	}
	for _, want := range []string{"Query", "Mutation", "Node", "PageInfo", "Cursor", "BigInt", "BigFloat", "Date", "Datetime",
		"JSON", "Opaque", "Time", "UUID", "IntFilter", "StringFilter", "StringListFilter", "FilterIs", "OrderByDirection",
		"account", "accountConnection", "accountEdge", "accountFilter", "accountOrderBy", "accountInsertInput",
		"accountUpdateInput", "accountInsertResponse", "accountUpdateResponse", "accountDeleteResponse",
		"post_status", "post_statusFilter", "articleAggregate", "articleSumAggregateResult", "articleMaxAggregateResult",
		"__Schema", "__Type", "__TypeKind"} {
		if built.types[want] == nil {
			t.Errorf("type %s missing", want)
		}
	}
	dirs := listOfMaps(schema["directives"])
	if len(dirs) != 2 || dirs[0]["name"] != "include" || dirs[1]["name"] != "skip" {
		t.Errorf("directives: %v", dirs)
	}
	for _, q := range []string{
		`{ accountCollection(first: 2, after: "WzFd", orderBy: [{email: DescNullsLast}], filter: {email: {like: "%x%"}}) { edges { cursor node { nodeId id email blogCollection { totalCount: __typename } } } pageInfo { hasNextPage endCursor } } }`,
		`{ blog_postCollection(filter: {tags: {contains: ["a"]}, rating: {gt: "1"}}) { totalCount edges { node { blog { owner { email } } } } } }`,
		`mutation { insertIntoaccountCollection(objects: [{email: "x"}]) { affectedCount records { id } } updateaccountCollection(set: {email: "y"}, filter: {id: {eq: 1}}, atMost: 1) { records { id } } deleteFromaccountCollection(filter: {id: {eq: 9}}) { affectedCount } }`,
		`{ node(nodeId: "x") { nodeId ... on account { email } } }`,
		`{ articleCollection(filter: {status: {in: [draft, in_review]}, title: {neq: "x"}}) { aggregate { count sum { score price } avg { weight } min { title day } max { ok } } } }`,
		`{ add_nums(a: 1, b: 2) greet next_status(s: in_review) account_by_id(aid: 1) { shout email } accounts_after(lo: 1, first: 1) { edges { node { id } } } }`,
		`mutation { count_articles rename_account(aid: 1, new_email: "z") { email } }`,
		gqlIntrospectionQuery,
	} {
		if err := built.validate(q); err != nil {
			t.Errorf("%s\ndoes not validate against the introspected schema: %v", q, err)
		}
	}
	// the generated column is not an input, doc is neither filter nor order
	for _, bad := range []string{
		`mutation { insertIntoarticleCollection(objects: [{big: "1"}]) { affectedCount } }`,
		`{ articleCollection(filter: {doc: {eq: "{}"}}) { totalCount } }`,
		`{ articleCollection(filter: {statuses: {contains: [draft]}}) { totalCount } }`,
		`{ articleCollection(filter: {status: {eq: nope}}) { totalCount } }`,
		`{ articleCollection(orderBy: [{statuses: AscNullsLast}]) { totalCount } }`,
		`{ with_out(a: 1) }`,
		`{ takes_record }`,
		`mutation { void_fn }`,
		`{ blogCollection { aggregate { count } } }`,
	} {
		if built.validate(bad) == nil {
			t.Errorf("%s\nvalidates, want an error", bad)
		}
	}
}

// TestGraphQLIntrospectionCheckFails: the check above rejects an
// introspection result whose references do not resolve.
func TestGraphQLIntrospectionCheckFails(t *testing.T) {
	schema := introspect(t, gqlIntrospectionQuery)
	types := schema["types"].([]any)
	kept := types[:0]
	for _, typ := range types {
		if typ.(map[string]any)["name"] != "accountEdge" {
			kept = append(kept, typ)
		}
	}
	schema["types"] = kept
	if _, err := checkIntrospection(schema); err == nil || !strings.Contains(err.Error(), "accountEdge") {
		t.Fatalf("a schema missing accountEdge: %v", err)
	}
}

func TestGraphQLIntrospectionTypes(t *testing.T) {
	s := gqlSession(t, gqlFeatures)
	runGQL(t, s, []gqlCase{
		{name: "__type table", query: `{ __type(name: "blog") { kind name interfaces { name } fields { name type { kind name ofType { kind name } } } } }`,
			want: `{"data": {"__type": {"kind": "OBJECT", "name": "blog", "interfaces": [{"name": "Node"}], "fields": [
				{"name": "nodeId", "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "SCALAR", "name": "ID"}}},
				{"name": "id", "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "SCALAR", "name": "Int"}}},
				{"name": "owner_id", "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "SCALAR", "name": "Int"}}},
				{"name": "name", "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "SCALAR", "name": "String"}}},
				{"name": "description", "type": {"kind": "SCALAR", "name": "String", "ofType": null}},
				{"name": "owner", "type": {"kind": "NON_NULL", "name": null, "ofType": {"kind": "OBJECT", "name": "account"}}},
				{"name": "blog_postCollection", "type": {"kind": "OBJECT", "name": "blog_postConnection", "ofType": null}}]}}}`},
		{name: "__type enum", query: `{ __type(name: "post_status") { kind enumValues { name } } }`,
			want: `{"data": {"__type": {"kind": "ENUM", "enumValues": [{"name": "draft"}, {"name": "published"}, {"name": "in_review"}]}}}`},
		{name: "__type connection with aggregate", query: `{ __type(name: "articleConnection") { fields { name type { name } } } }`,
			want: `{"data": {"__type": {"fields": [{"name": "edges", "type": {"name": null}}, {"name": "pageInfo", "type": {"name": null}},
				{"name": "totalCount", "type": {"name": null}}, {"name": "aggregate", "type": {"name": "articleAggregate"}}]}}}`},
		{name: "__type unknown", query: `{ __type(name: "Nope") { name } }`, want: `{"data": {"__type": null}}`},
		{name: "mutation args", query: `{ __type(name: "Mutation") { fields(includeDeprecated: true) { name args { name defaultValue } } } }`,
			want: `{"data": {"__type": {"fields": [
				{"name": "count_articles", "args": []},
				{"name": "deleteFromaccountCollection", "args": [{"name": "filter", "defaultValue": null}, {"name": "atMost", "defaultValue": "1"}]},
				{"name": "deleteFromarticleCollection", "args": [{"name": "filter", "defaultValue": null}, {"name": "atMost", "defaultValue": "1"}]},
				{"name": "deleteFromblogCollection", "args": [{"name": "filter", "defaultValue": null}, {"name": "atMost", "defaultValue": "1"}]},
				{"name": "deleteFromblog_postCollection", "args": [{"name": "filter", "defaultValue": null}, {"name": "atMost", "defaultValue": "1"}]},
				{"name": "insertIntoaccountCollection", "args": [{"name": "objects", "defaultValue": null}]},
				{"name": "insertIntoarticleCollection", "args": [{"name": "objects", "defaultValue": null}]},
				{"name": "insertIntoblogCollection", "args": [{"name": "objects", "defaultValue": null}]},
				{"name": "insertIntoblog_postCollection", "args": [{"name": "objects", "defaultValue": null}]},
				{"name": "rename_account", "args": [{"name": "aid", "defaultValue": null}, {"name": "new_email", "defaultValue": null}]},
				{"name": "updateaccountCollection", "args": [{"name": "set", "defaultValue": null}, {"name": "filter", "defaultValue": null}, {"name": "atMost", "defaultValue": "1"}]},
				{"name": "updatearticleCollection", "args": [{"name": "set", "defaultValue": null}, {"name": "filter", "defaultValue": null}, {"name": "atMost", "defaultValue": "1"}]},
				{"name": "updateblogCollection", "args": [{"name": "set", "defaultValue": null}, {"name": "filter", "defaultValue": null}, {"name": "atMost", "defaultValue": "1"}]},
				{"name": "updateblog_postCollection", "args": [{"name": "set", "defaultValue": null}, {"name": "filter", "defaultValue": null}, {"name": "atMost", "defaultValue": "1"}]}]}}}`},
		{name: "typename everywhere", query: `{ __typename articleCollection(first: 1) { __typename pageInfo { __typename } edges { __typename node { __typename } } aggregate { __typename sum { __typename } } } __schema { __typename queryType { __typename name } } }`,
			want: `{"data": {"__typename": "Query", "articleCollection": {"__typename": "articleConnection", "pageInfo": {"__typename": "PageInfo"},
				"edges": [{"__typename": "articleEdge", "node": {"__typename": "article"}}], "aggregate": {"__typename": "articleAggregate", "sum": {"__typename": "articleSumAggregateResult"}}},
				"__schema": {"__typename": "__Schema", "queryType": {"__typename": "__Type", "name": "Query"}}}}`},
		{name: "mutation response typename", query: `mutation { updateaccountCollection(set: {email: "q"}, filter: {id: {eq: 99}}) { __typename } }`,
			want: `{"data": {"updateaccountCollection": {"__typename": "accountUpdateResponse"}}}`},
		{name: "anon sees only granted tables", setup: "revoke all on public.blog from anon; set role anon",
			query: `{ __type(name: "blog") { name } q: __type(name: "Query") { fields { name } } }`,
			want: `{"data": {"__type": null, "q": {"fields": [{"name": "accountCollection"}, {"name": "account_by_id"}, {"name": "accounts_after"}, {"name": "add_nums"},
				{"name": "articleCollection"}, {"name": "blog_postCollection"}, {"name": "greet"}, {"name": "next_status"}, {"name": "node"}]}}}`},
		{name: "reference to an RLS table is nullable", setup: "alter table public.account enable row level security",
			query: `{ __type(name: "blog") { fields { name type { kind name } } } }`,
			want: `{"data": {"__type": {"fields": [{"name": "nodeId", "type": {"kind": "NON_NULL", "name": null}}, {"name": "id", "type": {"kind": "NON_NULL", "name": null}},
				{"name": "owner_id", "type": {"kind": "NON_NULL", "name": null}}, {"name": "name", "type": {"kind": "NON_NULL", "name": null}},
				{"name": "description", "type": {"kind": "SCALAR", "name": "String"}}, {"name": "owner", "type": {"kind": "OBJECT", "name": "account"}},
				{"name": "blog_postCollection", "type": {"kind": "OBJECT", "name": "blog_postConnection"}}]}}}`},
	})
}

// TestGraphQLExecutionFollowsSchema: what introspection leaves out is
// rejected when requested, as pg_graphql's validation does.
func TestGraphQLExecutionFollowsSchema(t *testing.T) {
	s := gqlSession(t, gqlFeatures, `revoke insert, delete on public.article from anon; revoke update on public.article from anon; grant update (score, ok) on public.article to anon`)
	errOnly := func(msg string) string { return `{"data": null, "errors": [{"message": ` + jsonString(msg) + `}]}` }
	runGQL(t, s, []gqlCase{
		{name: "operator of another filter type", query: `{ articleCollection(filter: {score: {like: "1%"}}) { totalCount } }`,
			want: errOnly(`Unknown field "like" on type IntFilter`)},
		{name: "json is not filterable", query: `{ articleCollection(filter: {doc: {eq: "{}"}}) { totalCount } }`,
			want: errOnly(`Unknown field "doc" on type articleFilter`)},
		{name: "arrays are not orderable", query: `{ articleCollection(orderBy: [{statuses: AscNullsLast}]) { totalCount } }`,
			want: errOnly(`Unknown field "statuses" on type articleOrderBy`)},
		{name: "generated column is not an input", query: `mutation { insertIntoarticleCollection(objects: [{id: 9, big: "1"}]) { affectedCount } }`,
			want: errOnly(`Input for type articleInsertInput contains extra keys ["big"]`)},
		{name: "regex", query: `{ articleCollection(filter: {title: {regex: "^[ab]"}}) { totalCount } }`,
			want: `{"data": {"articleCollection": {"totalCount": 2}}}`},
		{name: "iregex", query: `{ articleCollection(filter: {title: {iregex: "^G"}}) { totalCount } }`,
			want: `{"data": {"articleCollection": {"totalCount": 1}}}`},
		{name: "no insert privilege, no insert field", setup: "set role anon",
			query: `mutation { insertIntoarticleCollection(objects: [{id: 9}]) { affectedCount } }`,
			want:  errOnly(`Unknown field "insertIntoarticleCollection" on type Mutation`)},
		{name: "no column privilege, no input field", setup: "set role anon",
			query: `mutation { updatearticleCollection(set: {title: "x"}, filter: {id: {eq: 1}}) { affectedCount } }`,
			want:  errOnly(`Input for type articleUpdateInput contains extra keys ["title"]`)},
		{name: "anon's introspection agrees", setup: "set role anon",
			query: `{ __type(name: "articleUpdateInput") { inputFields { name } } m: __type(name: "Mutation") { fields { name } } }`,
			want: `{"data": {"__type": {"inputFields": [{"name": "score"}, {"name": "ok"}]},
				"m": {"fields": [{"name": "count_articles"}, {"name": "deleteFromaccountCollection"}, {"name": "deleteFromblogCollection"}, {"name": "deleteFromblog_postCollection"},
				{"name": "insertIntoaccountCollection"}, {"name": "insertIntoblogCollection"}, {"name": "insertIntoblog_postCollection"}, {"name": "rename_account"},
				{"name": "updateaccountCollection"}, {"name": "updatearticleCollection"}, {"name": "updateblogCollection"}, {"name": "updateblog_postCollection"}]}}}`},
	})
}
