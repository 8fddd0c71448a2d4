package main

// More scalar shapes: integer overflow, NULLs through COALESCE / NULLIF /
// GREATEST / CASE, numeric rounding and casts, string functions with
// regular expressions and formats, and SQL/JSON paths.

// overflowInt is an integer expression that may overflow int4, int2 or
// int8 (22003) on some rows.
func (g *gen) overflowInt(d int) string {
	switch g.pick(7) {
	case 0:
		return "(" + g.expr("int", d) + " + 2147483600)"
	case 1:
		return "(" + g.expr("int", d) + " * 100000000)"
	case 2:
		return "(" + g.expr("int", d) + ")::smallint * 1000"
	case 3:
		return "(" + g.colOf("big") + " " + []string{"*", "+", "-"}[g.pick(3)] + " " + []string{"2", "9223372036854775000", g.expr("int", d)}[g.pick(3)] + ")::int"
	case 4:
		// a column in each operand: PostgreSQL raises a constant's
		// overflow while planning, even when no row would compute it
		return "abs(" + g.colOf("int") + " * 0 - 2147483647 - 1)"
	case 5:
		return "((-2147483647 - 1 + 0 * " + g.colOf("int") + ") / " + []string{"-1", g.expr("int", d)}[g.pick(2)] + ")"
	}
	return "(" + g.colOf("big") + " / " + []string{"-1", "1000000", g.expr("int", d)}[g.pick(3)] + ")::int"
}

// nullInt nests the NULL-handling forms.
func (g *gen) nullInt(d int) string {
	switch g.pick(4) {
	case 0:
		return "coalesce(NULL, " + g.expr("int", d) + ", NULL, " + g.expr("int", d) + ")"
	case 1:
		return "nullif(coalesce(" + g.expr("int", d) + ", 0), " + g.lit("int") + ")"
	case 2:
		return "CASE WHEN " + g.pred(d) + " THEN NULL WHEN " + g.pred(d) + " THEN " + g.expr("int", d) + " END"
	}
	return []string{"num_nulls(", "num_nonnulls("}[g.pick(2)] + g.expr("int", d) + ", " + g.expr("text", d) + ", " + g.expr("num", d) + ")"
}

// numFunc is numeric rounding, casts and division scales.
func (g *gen) numFunc(d int) string {
	n := g.expr("num", d)
	switch g.pick(12) {
	case 0:
		return "round(" + n + ", " + []string{"-1", "0", "3", "-2"}[g.pick(4)] + ")"
	case 1:
		return "trunc(" + n + []string{"", ", 1", ", -1"}[g.pick(3)] + ")"
	case 2:
		return []string{"ceil(", "floor(", "abs(", "sign("}[g.pick(4)] + n + ")"
	case 3:
		return "(" + n + ")::numeric(" + []string{"4,1", "3,1", "5,3", "10,0"}[g.pick(4)] + ")"
	case 4:
		return "(" + g.expr("int", d) + "::numeric / " + []string{"3", "7", "0.3", "-8"}[g.pick(4)] + ")"
	case 5:
		return "mod(" + n + ", " + []string{"3", "0.7", "-2"}[g.pick(3)] + ")"
	case 6:
		return "div(" + n + ", " + []string{"3", "0.7"}[g.pick(2)] + ")"
	case 7:
		return "sqrt(abs(" + n + "))"
	case 8:
		return []string{"greatest(", "least("}[g.pick(2)] + n + ", " + g.lit("num") + ", " + g.expr("num", d) + ")"
	case 9:
		return "(" + n + " % " + []string{"1", "0.25", "-3"}[g.pick(3)] + ")"
	case 10:
		return "power(" + n + ", 2)"
	}
	return "(" + g.expr("int", d) + " / " + []string{"2.0", "3.00", "0.5"}[g.pick(3)] + ")"
}

// stringFunc2 is more text functions: regular expressions with flags,
// overlay, formats with widths, quoting and number formatting.
func (g *gen) stringFunc2(d int) string {
	t := g.expr("text", d)
	switch g.pick(14) {
	case 0:
		return "overlay(" + t + " placing " + []string{"'XY'", "''"}[g.pick(2)] + " from " + []string{"1", "2", "4"}[g.pick(3)] + []string{"", " for 0", " for 2", " for 10"}[g.pick(4)] + ")"
	case 1:
		return "regexp_replace(" + t + ", " + []string{"'A'", "'([a-z])[a-z]'", "'\\s+'", "'^|$'", "'[^a-z]'"}[g.pick(5)] + ", " + []string{"'#'", "'<\\&>'", "''"}[g.pick(3)] + ", '" + []string{"gi", "i", "g", "gx", "c"}[g.pick(5)] + "')"
	case 2:
		return "(regexp_match(" + t + ", " + []string{"'([a-z]+)\\s*([a-z]*)'", "'(a)|(e)'", "'(?i)(p+)'"}[g.pick(3)] + "))[" + []string{"1", "2"}[g.pick(2)] + "]"
	case 3:
		return "substring(" + t + " from " + []string{"'[a-z]+'", "'(.)$'", "'^(.)'"}[g.pick(3)] + ")"
	case 4:
		return []string{"quote_literal(", "quote_ident(", "quote_nullable("}[g.pick(3)] + t + ")"
	case 5:
		return "format(" + []string{"'%-6s|%6s|%%'", "'%3$s %1$s'", "'%L = %L'", "'%*s'"}[g.pick(4)] + ", " + []string{g.expr("int", d) + ", " + t, t + ", " + g.expr("int", d) + ", 'z'"}[g.pick(2)] + ")"
	case 6:
		return "to_char(" + g.expr("num", d) + ", '" + []string{"FM9990.00", "999D9", "S0000.0", "9.99EEEE", "FM999,999.99", "PL999"}[g.pick(6)] + "')"
	case 7:
		return "to_char(" + g.expr("int", d) + ", '" + []string{"000", "FM9999", "999th", "RN"}[g.pick(4)] + "')"
	case 8:
		return "initcap(" + t + " || ' wORLD foo-bar o''neil')"
	case 9:
		return []string{"lpad(", "rpad("}[g.pick(2)] + t + ", " + g.expr("int", d) + ", 'xy')"
	case 10:
		return "split_part(" + t + ", " + []string{"' '", "','", "'-'"}[g.pick(3)] + ", " + []string{"-1", "-2", "3", g.expr("int", d)}[g.pick(4)] + ")"
	case 11:
		return "regexp_replace(" + t + ", '(\\w+) (\\w+)', '\\2 \\1')"
	case 12:
		return "md5(coalesce(" + t + ", ''))"
	}
	return []string{"upper(", "lower(", "initcap("}[g.pick(3)] + g.colOf("text") + ")"
}

var paths = []string{"'$.n'", "'$.tags[*]'", "'$.** ? (@ == \"x\")'", "'$.k'", "'$[*] ? (@ > 1)'", "'strict $.o.p'", "'$.tags.size()'", "'$.n.type()'", "'lax $[0]'"}

func (g *gen) path() string { return paths[g.pick(len(paths))] }

// jsonFunc is a jsonb from paths, deletion, insertion and the builders
// over timestamps and arrays.
func (g *gen) jsonFunc(d int) string {
	j := g.expr("json", d)
	switch g.pick(10) {
	case 0:
		return "(" + j + " #> '" + []string{"{o,p}", "{tags,0}", "{2,k}", "{}"}[g.pick(4)] + "')"
	case 1:
		return "jsonb_path_query_first(" + j + ", " + g.path() + ")"
	case 2:
		return "jsonb_path_query_array(" + j + ", " + g.path() + ")"
	case 3:
		return "(" + j + " #- '" + []string{"{tags,0}", "{o}", "{0}"}[g.pick(3)] + "')"
	case 4:
		return "jsonb_strip_nulls(" + j + ")"
	case 5:
		return "to_jsonb(" + g.expr([]string{"ts", "arr", "num", "date"}[g.pick(4)], d) + ")"
	case 6:
		return "jsonb_build_object('t', " + g.expr("ts", d) + ", 'a', " + g.expr("arr", d) + ")"
	case 7:
		return "(" + j + " - " + []string{"0", "-1", "'{k,n}'::text[]"}[g.pick(3)] + ")"
	case 8:
		return "jsonb_insert(coalesce(" + j + ", '{}'), '{tags,0}', '\"z\"'" + []string{"", ", true"}[g.pick(2)] + ")"
	}
	return "(" + j + " -> " + []string{"-1", "'n'", "0"}[g.pick(3)] + ")"
}

// jsonText is text read from a jsonb.
func (g *gen) jsonText(d int) string {
	j := g.expr("json", d)
	switch g.pick(4) {
	case 0:
		return "(" + j + " #>> '" + []string{"{tags,1}", "{}", "{k}"}[g.pick(3)] + "')"
	case 1:
		return "(jsonb_path_query_first(" + j + ", " + g.path() + ") #>> '{}')"
	case 2:
		return j + "::text"
	}
	return "(" + j + " ->> -1)"
}

// jsonPred is a condition through SQL/JSON paths and key operators.
func (g *gen) jsonPred(d int) string {
	j := g.expr("json", d)
	switch g.pick(5) {
	case 0:
		return j + " @? " + g.path()
	case 1:
		return j + " @@ '" + []string{"$.n > 1", "$.k == \"x\"", "$.tags[*] == \"a\"", "exists($.o)"}[g.pick(4)] + "'"
	case 2:
		return "jsonb_path_exists(" + j + ", " + g.path() + ")"
	case 3:
		return j + " ?& array['k', 'n']"
	}
	return j + " ? " + g.expr("text", d)
}
