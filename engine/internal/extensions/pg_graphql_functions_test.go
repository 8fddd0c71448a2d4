package extensions_test

import (
	"encoding/json"
	"testing"
)

func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestGraphQLFunctions: stable and immutable functions are Query fields,
// volatile ones Mutation fields; a function of a table's row is a
// computed field of its type; setof <table> is a collection.
func TestGraphQLFunctions(t *testing.T) {
	s := gqlSession(t, gqlFeatures)
	errOnly := func(msg string) string { return `{"data": null, "errors": [{"message": ` + jsonString(msg) + `}]}` }
	runGQL(t, s, []gqlCase{
		{name: "scalar", query: `{ add_nums(a: 2, b: 3) }`, want: `{"data": {"add_nums": 5}}`},
		{name: "default argument", query: `{ a: greet b: greet(who: "you") }`, want: `{"data": {"a": "hello world", "b": "hello you"}}`},
		{name: "variables", query: `query ($x: Int!) { add_nums(a: $x, b: $x) }`, vars: `{"x": 21}`, want: `{"data": {"add_nums": 42}}`},
		{name: "enum in and out", query: `{ next_status(s: draft) }`, want: `{"data": {"next_status": "in_review"}}`},
		{name: "row", query: `{ account_by_id(aid: 2) { __typename nodeId email shout blogCollection { edges { node { name } } } } }`,
			want: `{"data": {"account_by_id": {"__typename": "account", "nodeId": "WyJwdWJsaWMiLCAiYWNjb3VudCIsIDJd", "email": "bat@x.com", "shout": "BAT@X.COM",
				"blogCollection": {"edges": [{"node": {"name": "B: Blog 3"}}]}}}}`},
		{name: "no row is null", query: `{ account_by_id(aid: 99) { email } }`, want: `{"data": {"account_by_id": null}}`},
		{name: "setof is a collection", query: `{ accounts_after(lo: 1, first: 1, orderBy: [{id: DescNullsLast}]) { pageInfo { hasNextPage } edges { node { id } } } }`,
			want: `{"data": {"accounts_after": {"pageInfo": {"hasNextPage": true}, "edges": [{"node": {"id": 3}}]}}}`},
		{name: "setof filtered", query: `{ accounts_after(lo: 0, filter: {email: {startsWith: "c"}}) { edges { node { email } } } }`,
			want: `{"data": {"accounts_after": {"edges": [{"node": {"email": "cat@x.com"}}]}}}`},
		{name: "computed field", query: `{ accountCollection(first: 2) { edges { node { id shout } } } }`,
			want: `{"data": {"accountCollection": {"edges": [{"node": {"id": 1, "shout": "AARDVARK@X.COM"}}, {"node": {"id": 2, "shout": "BAT@X.COM"}}]}}}`},
		{name: "volatile is a mutation", query: `mutation { count_articles rename_account(aid: 3, new_email: "cow@x.com") { id email } }`,
			want: `{"data": {"count_articles": "3", "rename_account": {"id": 3, "email": "cow@x.com"}}}`},
		{name: "mutation applied", query: `{ account_by_id(aid: 3) { email } }`, want: `{"data": {"account_by_id": {"email": "cow@x.com"}}}`},
		{name: "volatile not on Query", query: `{ count_articles }`, want: errOnly(`Unknown field "count_articles" on type Query`)},
		{name: "stable not on Mutation", query: `mutation { add_nums(a: 1, b: 1) }`, want: errOnly(`Unknown field "add_nums" on type Mutation`)},
		{name: "missing argument", query: `{ add_nums(a: 1) }`, want: errOnly("Missing required argument b")},
		{name: "unknown argument", query: `{ add_nums(a: 1, b: 2, c: 3) }`, want: errOnly(`Unknown argument "c" on field "add_nums"`)},
		{name: "OUT parameters are not exposed", query: `{ with_out(a: 1) }`, want: errOnly(`Unknown field "with_out" on type Query`)},
		{name: "overloads are ambiguous", query: `{ overloaded(a: 1) }`, want: errOnly(`Unknown field "overloaded" on type Query`)},
		{name: "void is not exposed", query: `mutation { void_fn }`, want: errOnly(`Unknown field "void_fn" on type Mutation`)},
		{name: "function errors are errors", query: `{ add_nums(a: 2147483647, b: 1) }`, want: errOnly("integer out of range")},
		{name: "not executable by anon", setup: "revoke execute on function public.add_nums(int, int) from public, anon; set role anon",
			query: `{ add_nums(a: 1, b: 1) }`, want: errOnly(`Unknown field "add_nums" on type Query`)},
	})
}

// TestGraphQLFunctionsInflected: inflect_names camel-cases function and
// argument names, and strips a computed field's leading underscore.
func TestGraphQLFunctionsInflected(t *testing.T) {
	s := gqlSession(t, gqlFeatures, `comment on schema public is e'@graphql({"inflect_names": true})'`)
	runGQL(t, s, []gqlCase{
		{name: "camel", query: `{ accountById(aid: 1) { shout } addNums(a: 1, b: 1) }`,
			want: `{"data": {"accountById": {"shout": "AARDVARK@X.COM"}, "addNums": 2}}`},
		{name: "camel arguments", query: `mutation { renameAccount(aid: 1, newEmail: "n@x.com") { email } }`,
			want: `{"data": {"renameAccount": {"email": "n@x.com"}}}`},
	})
}
