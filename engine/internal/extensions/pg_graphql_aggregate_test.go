package extensions_test

import "testing"

// TestGraphQLAggregates: the aggregate field of a connection whose table
// enables it by directive: count, sum, avg, min, max over the rows the
// filter selects (pagination does not apply).
func TestGraphQLAggregates(t *testing.T) {
	s := gqlSession(t, gqlFeatures,
		`comment on table public.blog_post is e'@graphql({"totalCount": {"enabled": true}, "aggregate": {"enabled": true}})'`)
	runGQL(t, s, []gqlCase{
		{name: "all", query: `{ articleCollection(first: 1) { aggregate { count sum { score price weight big } avg { score price weight } min { title day ok score } max { title day ok price } } } }`,
			want: `{"data": {"articleCollection": {"aggregate": {"count": 3,
				"sum": {"score": 30, "price": 3.75, "weight": 2, "big": 60},
				"avg": {"score": 15, "price": 1.875, "weight": 1},
				"min": {"title": "alpha", "day": "2023-12-31", "ok": false, "score": 10},
				"max": {"title": "gamma", "day": "2024-03-04", "ok": true, "price": 2.25}}}}}`},
		{name: "filtered", query: `{ articleCollection(filter: {status: {neq: published}}) { totalCount aggregate { count avg { score } max { score } } } }`,
			want: `{"data": {"articleCollection": {"totalCount": 2, "aggregate": {"count": 2, "avg": {"score": 10}, "max": {"score": 10}}}}}`},
		{name: "no rows", query: `{ articleCollection(filter: {id: {gt: 9}}) { aggregate { count sum { score } min { title } } } }`,
			want: `{"data": {"articleCollection": {"aggregate": {"count": 0, "sum": {"score": null}, "min": {"title": null}}}}}`},
		{name: "aliases", query: `{ articleCollection { aggregate { n: count total: sum { s: score } } } }`,
			want: `{"data": {"articleCollection": {"aggregate": {"n": 3, "total": {"s": 30}}}}}`},
		{name: "through a relationship", query: `{ blogCollection(first: 1) { edges { node { blog_postCollection { aggregate { count avg { rating } } } } } } }`,
			want: `{"data": {"blogCollection": {"edges": [{"node": {"blog_postCollection": {"aggregate": {"count": 2, "avg": {"rating": 4.5}}}}}]}}}`},
		{name: "under RLS", setup: "set role anon", query: `{ blog_postCollection { aggregate { count sum { rating } } } }`,
			want: `{"data": {"blog_postCollection": {"aggregate": {"count": 3, "sum": {"rating": 8.75}}}}}`},
		{name: "needs the directive", query: `{ accountCollection { aggregate { count } } }`,
			want: `{"data": null, "errors": [{"message": "enable the aggregate directive to use aggregates"}]}`},
		{name: "not aggregatable", query: `{ articleCollection { aggregate { sum { title } } } }`,
			want: `{"data": null, "errors": [{"message": "Unknown field \"title\" on type articleSumAggregateResult"}]}`},
	})
}
