package extensions

import "strings"

// pgtapRelkindScript declares has_<kind> and hasnt_<kind> for the
// relation kinds pgTAP tests one relkind of (sequences, composite types,
// foreign tables, materialized views), generated from one table because
// the blocks differ only in the relkind, the noun of the default
// description and which of pgTAP's signatures the kind has: (schema,
// name, description), (schema, name), (name, description), (name).
func pgtapRelkindScript() string {
	var b strings.Builder
	b.WriteString("\n-- Relations by relkind (_rexists is pgtap_schema.sql's).\n")
	def := func(sig, body string) {
		b.WriteString("CREATE FUNCTION @extschema@." + sig + " RETURNS text LANGUAGE sql AS $$ SELECT " + body + " $$;\n")
	}
	const (
		withSchema = 1 << iota
		withSchemaDefault
		plain
	)
	for _, k := range []struct {
		kind, relkind, noun string
		has, hasnt          int
	}{
		{"sequence", "S", "Sequence", withSchema | withSchemaDefault | plain, withSchema | plain},
		{"composite", "c", "Composite type", withSchema | plain, withSchema | plain},
		{"foreign_table", "f", "Foreign table", withSchema | withSchemaDefault | plain, withSchema | withSchemaDefault | plain},
		{"materialized_view", "m", "Materialized view", withSchema | plain, withSchema | plain},
	} {
		for _, v := range []struct {
			fn, not, says string
			forms         int
		}{
			{"has_", "", " should exist'", k.has}, {"hasnt_", "NOT ", " should not exist'", k.hasnt},
		} {
			fn := v.fn + k.kind
			exists := v.not + "@extschema@._rexists('{" + k.relkind + "}'::char[], "
			if v.forms&withSchema != 0 {
				def(fn+"(name, name, text)", "@extschema@.ok("+exists+"$1, $2), $3)")
			}
			if v.forms&withSchemaDefault != 0 {
				def(fn+"(name, name)", "@extschema@.ok("+exists+"$1, $2), '"+k.noun+" ' || quote_ident($1) || '.' || quote_ident($2) || '"+v.says+")")
			}
			if v.forms&plain != 0 {
				def(fn+"(name, text)", "@extschema@.ok("+exists+"$1), $2)")
				def(fn+"(name)", "@extschema@."+fn+"($1, '"+k.noun+" ' || quote_ident($1) || '"+v.says+")")
			}
		}
	}
	return b.String()
}
