package extensions

import _ "embed"

//go:embed pg_graphql.sql
var pgGraphQLScript string

// pgGraphQL stands in for pg_graphql 1.5 (supabase/pg_graphql): the
// graphql schema's functions, sequence and event triggers, and
// graphql.resolve answering GraphQL over the tables, views, enums and
// functions of the search path, in the calling role (so grants and RLS
// apply), by running SQL in the calling session (pg_graphql_resolve.go).
// The reflected schema (pg_graphql_schema.go, _functions.go) gives the
// type system introspection shows (pg_graphql_types.go,
// _introspect.go). pg_graphql is not relocatable and always lives in
// schema graphql.
func pgGraphQL() *Extension {
	return &Extension{
		Name:    "pg_graphql",
		Version: "1.5.11",
		Comment: "pg_graphql: GraphQL support",
		Schema:  "graphql",
		Script:  pgGraphQLScript,
		Funcs: map[string]Func{
			"resolve_wrapper": graphqlResolveFunc,
		},
	}
}
