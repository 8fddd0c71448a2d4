package extensions_test

import (
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestGraphQLEnums: enum columns are GraphQL enums (labels renamed by the
// type's mappings directive) in results, filters, ordering and
// mutations.
func TestGraphQLEnums(t *testing.T) {
	s := gqlSession(t, gqlFeatures)
	runGQL(t, s, []gqlCase{
		{name: "output mapped", query: `{ articleCollection { edges { node { id status statuses } } } }`,
			want: `{"data": {"articleCollection": {"edges": [{"node": {"id": 1, "status": "draft", "statuses": ["draft"]}},
				{"node": {"id": 2, "status": "published", "statuses": ["published", "in_review"]}}, {"node": {"id": 3, "status": "in_review", "statuses": null}}]}}}`},
		{name: "eq mapped value", query: `{ articleCollection(filter: {status: {eq: in_review}}) { edges { node { id } } } }`,
			want: `{"data": {"articleCollection": {"edges": [{"node": {"id": 3}}]}}}`},
		{name: "in", query: `{ articleCollection(filter: {status: {in: [draft, in_review]}}) { edges { node { id } } } }`,
			want: `{"data": {"articleCollection": {"edges": [{"node": {"id": 1}}, {"node": {"id": 3}}]}}}`},
		{name: "neq", query: `{ articleCollection(filter: {status: {neq: draft}}) { edges { node { id } } } }`,
			want: `{"data": {"articleCollection": {"edges": [{"node": {"id": 2}}, {"node": {"id": 3}}]}}}`},
		{name: "variable", query: `query ($s: post_status) { articleCollection(filter: {status: {eq: $s}}) { edges { node { id } } } }`,
			vars: `{"s": "published"}`, want: `{"data": {"articleCollection": {"edges": [{"node": {"id": 2}}]}}}`},
		{name: "order by enum sort order", query: `{ articleCollection(orderBy: [{status: DescNullsLast}]) { edges { node { id } } } }`,
			want: `{"data": {"articleCollection": {"edges": [{"node": {"id": 3}}, {"node": {"id": 2}}, {"node": {"id": 1}}]}}}`},
		{name: "not a value", query: `{ articleCollection(filter: {status: {eq: nope}}) { edges { node { id } } } }`,
			want: `{"data": null, "errors": [{"message": "Invalid input for post_status type"}]}`},
		{name: "label is not the mapped name", query: `{ articleCollection(filter: {status: {eq: "in review"}}) { edges { node { id } } } }`,
			want: `{"data": null, "errors": [{"message": "Invalid input for post_status type"}]}`},
		{name: "insert", query: `mutation { insertIntoarticleCollection(objects: [{id: 4, status: in_review, statuses: [draft, in_review]}]) { records { id status statuses } } }`,
			want: `{"data": {"insertIntoarticleCollection": {"records": [{"id": 4, "status": "in_review", "statuses": ["draft", "in_review"]}]}}}`},
		{name: "update", query: `mutation { updatearticleCollection(set: {status: published}, filter: {id: {eq: 4}}) { records { status } } }`,
			want: `{"data": {"updatearticleCollection": {"records": [{"status": "published"}]}}}`},
	})
	if got, want := enginetest.LastRows(enginetest.Exec(t, s, `select status, statuses from public.article where id = 4`)), `published|{draft,"in review"}`; got != want {
		t.Errorf("stored: %q, want %q", got, want)
	}
}
