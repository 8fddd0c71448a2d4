package lint

import "fmt"

var ruleForeignTableInAPI = &rule{
	id: "0017", name: "foreign_table_in_api", title: "Foreign Table in API", level: LevelWarn, category: "SECURITY",
	description: "Detects foreign tables that are accessible over APIs.",
	run:         foreignTableInAPI,
}

// foreignTableInAPI: a foreign table in a schema PostgREST exposes,
// selectable by anon or authenticated: row level security does not
// apply to foreign tables, so the API reads the remote rows unfiltered.
func foreignTableInAPI(f *facts, r *rule) []Finding {
	var out []Finding
	for _, x := range f.relOrder {
		if x.kind != 'f' || !(x.anonSelect || x.authSelect) || !f.exposed[x.schema] || !f.userRel(x) {
			continue
		}
		out = append(out, r.finding(
			fmt.Sprintf("Foreign table `%s.%s` is accessible over APIs", x.schema, x.name),
			Metadata{Schema: x.schema, Name: x.name, Type: "foreign table"},
			fmt.Sprintf("foreign_table_in_api_%s_%s", x.schema, x.name)))
	}
	return out
}
