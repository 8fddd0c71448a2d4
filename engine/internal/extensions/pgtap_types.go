package extensions

import "strings"

// pgtapTypes are the types pgTAP's anyelement assertions (is, isnt,
// cmp_ok, isa_ok) and anyarray forms (results_eq(sql, array)…) are
// declared for. PostgreSQL's overload resolution picks the one a call
// needs as it would resolve anyelement: two values of one type.
var pgtapTypes = []string{
	"text", "name", "character", "character varying", "integer", "bigint", "smallint", "numeric", "real", "double precision",
	"boolean", "uuid", "date", "timestamp without time zone", "timestamp with time zone",
	"time without time zone", "interval", "jsonb", "bytea", "oid", "regtype",
	"text[]", "name[]", "integer[]", "bigint[]", "uuid[]", "boolean[]", "inet", "inet[]",
}

// pgtapUnorderedTypes have no equality operator, so of the anyelement
// assertions only cmp_ok (with the operator it is given) and isa_ok apply
// to them, as in PostgreSQL, where is() on them fails at run time.
var pgtapUnorderedTypes = []string{"polygon"}

// pgtapArrayTypes are the element arrays of results_eq(sql, array) and
// the other query-versus-array forms.
var pgtapArrayTypes = []string{"text[]", "integer[]", "bigint[]", "uuid[]", "name[]", "numeric[]", "boolean[]"}

// pgtapOverloads returns the script declaring the per-type overloads.
func pgtapOverloads() string {
	var b strings.Builder
	def := func(sig, ret, body string) {
		b.WriteString("CREATE FUNCTION @extschema@." + sig + " RETURNS " + ret + " LANGUAGE sql AS $$ " + body + " $$;\n")
	}
	for _, t := range pgtapTypes {
		def("is("+t+", "+t+", text)", "text",
			"SELECT @extschema@._tap($1 IS NOT DISTINCT FROM $2, $3, '        have: ' || coalesce($1::text, 'NULL') || E'\\n        want: ' || coalesce($2::text, 'NULL'))")
		def("is("+t+", "+t+")", "text", "SELECT @extschema@.is($1, $2, NULL)")
		def("isnt("+t+", "+t+", text)", "text",
			"SELECT @extschema@._tap($1 IS DISTINCT FROM $2, $3, '        have: ' || coalesce($1::text, 'NULL') || E'\\n        want: anything else')")
		def("isnt("+t+", "+t+")", "text", "SELECT @extschema@.isnt($1, $2, NULL)")
		def("cmp_ok("+t+", text, "+t+", text)", "text", "SELECT @extschema@._cmp_ok($1::text, $2, $3::text, '"+t+"', $4)")
		def("cmp_ok("+t+", text, "+t+")", "text", "SELECT @extschema@._cmp_ok($1::text, $2, $3::text, '"+t+"', NULL)")
		def("isa_ok("+t+", regtype, text)", "text",
			"SELECT @extschema@._tap('"+t+"'::regtype = $2, $3 || ' isa ' || $2::text, '    ' || $3 || ' isn''t a \"' || $2::text || '\" it''s a \"' || '"+t+"'::regtype::text || '\"')")
		def("isa_ok("+t+", regtype)", "text", "SELECT @extschema@.isa_ok($1, $2, 'the value')")
	}
	for _, t := range pgtapUnorderedTypes {
		def("cmp_ok("+t+", text, "+t+", text)", "text", "SELECT @extschema@._cmp_ok($1::text, $2, $3::text, '"+t+"', $4)")
		def("cmp_ok("+t+", text, "+t+")", "text", "SELECT @extschema@._cmp_ok($1::text, $2, $3::text, '"+t+"', NULL)")
		def("isa_ok("+t+", regtype, text)", "text",
			"SELECT @extschema@._tap('"+t+"'::regtype = $2, $3 || ' isa ' || $2::text, '    ' || $3 || ' isn''t a \"' || $2::text || '\" it''s a \"' || '"+t+"'::regtype::text || '\"')")
		def("isa_ok("+t+", regtype)", "text", "SELECT @extschema@.isa_ok($1, $2, 'the value')")
	}
	pgtapDefaultOverloads(def)
	for _, t := range pgtapArrayTypes {
		q := "'SELECT * FROM pg_catalog.unnest(' || quote_literal($2::text) || '::" + t + ")'"
		for _, fn := range []string{"results_eq", "results_ne", "set_eq", "set_ne", "bag_eq", "bag_ne"} {
			def(fn+"(text, "+t+", text)", "text", "SELECT @extschema@._results('"+fn+"', $1, "+q+", $3)")
			def(fn+"(text, "+t+")", "text", "SELECT @extschema@._results('"+fn+"', $1, "+q+", NULL)")
		}
		for _, fn := range []string{"results_eq", "results_ne"} {
			def(fn+"(refcursor, "+t+", text)", "text", "SELECT @extschema@._results('"+fn+"', @extschema@._cursor_rows($1), "+q+", $3)")
			def(fn+"(refcursor, "+t+")", "text", "SELECT @extschema@._results('"+fn+"', @extschema@._cursor_rows($1), "+q+", NULL)")
		}
	}
	return b.String()
}
