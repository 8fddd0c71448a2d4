package extensions

import (
	"fmt"
	"strings"
)

// pgtapAreScript declares pgTAP's *_are assertions: the objects of one kind
// are exactly the names the test lists, else the diagnostics name the
// extra and the missing ones ("    Extra tables:\n        foo"). They
// differ only in the list they read and the words they use, so each is a
// row below and its signatures are generated, as pgTAP declares them:
// per schema (or, without one, what the search path finds), per table (or
// the visible table) or for the whole cluster.
func pgtapAreScript() string {
	var b strings.Builder
	b.WriteString(pgtapAreHelpers)
	def := func(sig, body string) {
		b.WriteString("CREATE FUNCTION @extschema@." + sig + " RETURNS text LANGUAGE sql AS $$ SELECT " + body + " $$;\n")
	}
	// compare returns the call comparing list (the current objects) with
	// the wanted names in argument want, described by argument desc.
	compare := func(elem, noun, list string, want, desc int) string {
		f := "_names_are"
		if elem == "text" {
			f = "_texts_are"
		}
		w := fmt.Sprintf("$%d", want)
		if noun == "types" {
			// since 1.3 the wanted types are normalised (int4 is integer)
			w = "@extschema@._wanted_types(" + w + ")"
		}
		return fmt.Sprintf("@extschema@.%s('%s', %s, %s, $%d)", f, noun, list, w, desc)
	}
	// In a schema, or else on the search path. list has %s where the
	// schema (or NULL) goes.
	for _, f := range []struct {
		name, elem, noun, what, list, pathDesc string
	}{
		{"tables_are", "name", "tables", "tables", "@extschema@._rels('{r,p}', %s)", ""},
		{"views_are", "name", "views", "views", "@extschema@._rels('{v}', %s)", ""},
		{"materialized_views_are", "name", "Materialized views", "materialized views", "@extschema@._rels('{m}', %s)", ""},
		{"foreign_tables_are", "name", "foreign tables", "foreign tables", "@extschema@._rels('{f}', %s)", ""},
		{"sequences_are", "name", "sequences", "sequences", "@extschema@._rels('{S}', %s)", ""},
		{"functions_are", "name", "functions", "functions", "@extschema@._funcs(%s)", ""},
		// types_are, domains_are and enums_are all report "types", as pgTAP does.
		{"types_are", "name", "types", "types", "@extschema@._types(%s, NULL)", ""},
		{"domains_are", "name", "types", "domains", "@extschema@._types(%s, '{d}')", ""},
		{"enums_are", "name", "types", "enums", "@extschema@._types(%s, '{e}')", ""},
		{"opclasses_are", "name", "operator classes", "operator classes", "@extschema@._opclasses(%s)", ""},
		{"operators_are", "text", "operators", "operators", "@extschema@._operators(%s)", "'There should be the correct operators'"},
		{"extensions_are", "name", "extensions", "extensions", "@extschema@._extensions(%s)", "'Should have the correct extensions'"},
	} {
		pathDesc := f.pathDesc
		if pathDesc == "" {
			pathDesc = "'Search path ' || pg_catalog.current_setting('search_path') || ' should have the correct " + f.what + "'"
		}
		def(f.name+"(name, "+f.elem+"[], text)", compare(f.elem, f.noun, fmt.Sprintf(f.list, "$1"), 2, 3))
		def(f.name+"(name, "+f.elem+"[])", "@extschema@."+f.name+"($1, $2, 'Schema ' || quote_ident($1) || ' should have the correct "+f.what+"')")
		def(f.name+"("+f.elem+"[], text)", compare(f.elem, f.noun, fmt.Sprintf(f.list, "NULL"), 1, 2))
		def(f.name+"("+f.elem+"[])", "@extschema@."+f.name+"($1, "+pathDesc+")")
	}
	// Of one table, named with its schema or as the search path finds it.
	for _, f := range []struct{ name, noun, rel, list string }{
		{"columns_are", "columns", "Table", "@extschema@._cols"},
		{"indexes_are", "indexes", "Table", "@extschema@._indexes"},
		{"triggers_are", "triggers", "Table", "@extschema@._triggers"},
		{"rules_are", "rules", "Relation", "@extschema@._rules"},
	} {
		says := " should have the correct " + f.noun + "'"
		def(f.name+"(name, name, name[], text)", compare("name", f.noun, f.list+"($1, $2)", 3, 4))
		def(f.name+"(name, name, name[])", "@extschema@."+f.name+"($1, $2, $3, '"+f.rel+" ' || quote_ident($1) || '.' || quote_ident($2) || '"+says+")")
		def(f.name+"(name, name[], text)", compare("name", f.noun, f.list+"(NULL, $1)", 2, 3))
		def(f.name+"(name, name[])", "@extschema@."+f.name+"($1, $2, '"+f.rel+" ' || quote_ident($1) || '"+says+")")
	}
	// Cluster-wide.
	for _, f := range []struct{ name, elem, noun, what, list string }{
		{"tablespaces_are", "name", "tablespaces", "tablespaces", "ARRAY(SELECT spcname FROM pg_catalog.pg_tablespace)"},
		{"schemas_are", "name", "schemas", "schemas",
			// pgTAP 1.2.0's NOT LIKE 'pg_%' also left out pgx…; 1.3 escapes the _
			"ARRAY(SELECT nspname FROM pg_catalog.pg_namespace WHERE nspname !~ CASE WHEN @extschema@._pgtap13() THEN '^pg_' ELSE '^pg.' END AND nspname <> 'information_schema')"},
		{"roles_are", "name", "roles", "roles", "ARRAY(SELECT rolname FROM pg_catalog.pg_roles)"},
		{"users_are", "name", "users", "users", "ARRAY(SELECT usename FROM pg_catalog.pg_user)"},
		{"groups_are", "name", "groups", "groups", "ARRAY(SELECT groname FROM pg_catalog.pg_group)"},
		{"languages_are", "name", "languages", "procedural languages", "ARRAY(SELECT lanname FROM pg_catalog.pg_language WHERE lanispl)"},
		{"casts_are", "text", "casts", "casts",
			"ARRAY(SELECT pg_catalog.format_type(castsource, NULL) || ' AS ' || pg_catalog.format_type(casttarget, NULL) FROM pg_catalog.pg_cast)"},
	} {
		def(f.name+"("+f.elem+"[], text)", compare(f.elem, f.noun, f.list, 1, 2))
		def(f.name+"("+f.elem+"[])", "@extschema@."+f.name+"($1, 'There should be the correct "+f.what+"')")
	}
	return b.String()
}
