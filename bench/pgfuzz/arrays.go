package main

// Arrays as columns hold them: int[] and text[] values with NULL
// elements, empty arrays and repeats, under the operators and functions
// PostgREST filters and applications use (@>, <@, &&, ||, ANY, ALL,
// slices, array_position, array_remove, array_replace).

// arrExpr is an int[] expression.
func (g *gen) arrExpr(d int) string {
	switch g.pick(9) {
	case 0:
		return "(" + g.expr("arr", d) + " || " + g.expr("arr", d) + ")"
	case 1:
		if g.pick(2) == 0 {
			return "(" + g.expr("arr", d) + " || " + g.expr("int", d) + ")"
		}
		return "(" + g.expr("int", d) + " || " + g.expr("arr", d) + ")"
	case 2:
		return "array_remove(" + g.expr("arr", d) + ", " + g.expr("int", d) + ")"
	case 3:
		return "array_replace(" + g.expr("arr", d) + ", " + g.lit("int") + ", " + g.expr("int", d) + ")"
	case 4:
		return "(" + g.expr("arr", d) + ")[" + []string{"2:3", ":1", "2:", "0:10", "3:2"}[g.pick(5)] + "]"
	case 5:
		return g.intArray(d)
	case 6:
		return "ARRAY(SELECT s.x FROM t2 s WHERE s.t1_id = " + g.colOf("int") + " ORDER BY s.id)"
	case 7:
		return "array_prepend(" + g.expr("int", d) + ", " + g.expr("arr", d) + ")"
	}
	return "coalesce(" + g.expr("arr", d) + ", '{}')"
}

// arrInt is an integer computed from an int[].
func (g *gen) arrInt(d int) string {
	a := g.expr("arr", d)
	switch g.pick(6) {
	case 0:
		return "cardinality(" + a + ")"
	case 1:
		return "array_position(" + a + ", " + g.expr("int", d) + ")"
	case 2:
		return "(" + a + ")[" + []string{"1", "2", "0", "-1"}[g.pick(4)] + "]"
	case 3:
		return "array_upper(" + a + ", 1)"
	case 4:
		return "array_position(" + a + ", " + g.lit("int") + ", 2)"
	}
	return "array_length(" + a + ", 1)"
}

// arrText is text computed from an array.
func (g *gen) arrText(d int) string {
	switch g.pick(5) {
	case 0:
		return "array_to_string(" + g.expr("arr", d) + ", " + []string{"','", "'-', '*'"}[g.pick(2)] + ")"
	case 1:
		return g.expr("arr", d) + "::text"
	case 2:
		return "(" + g.tags() + ")[" + []string{"1", "2"}[g.pick(2)] + "]"
	case 3:
		return "array_to_string(" + g.tags() + ", '|', '?')"
	}
	return "(" + g.tags() + " || " + g.expr("text", d) + ")::text"
}

// tags is a text[]: the tags column when in scope, else a literal or a
// split string.
func (g *gen) tags() string {
	for _, c := range g.cols {
		if c.kind == "tags" && g.pick(3) > 0 {
			return c.name
		}
	}
	switch g.pick(4) {
	case 0:
		return "'{a,b}'::text[]"
	case 1:
		return "string_to_array(" + g.colOf("text") + ", " + []string{"','", "' '", "''", "NULL"}[g.pick(4)] + ")"
	case 2:
		return "'{}'::text[]"
	}
	return "ARRAY['x', NULL]"
}

// arrPred is a condition on arrays.
func (g *gen) arrPred(d int) string {
	switch g.pick(7) {
	case 0:
		return g.expr("arr", d) + " " + []string{"@>", "<@", "&&", "=", "<"}[g.pick(5)] + " " + g.expr("arr", d)
	case 1:
		return g.expr("int", d) + " = ANY (" + g.expr("arr", d) + ")"
	case 2:
		return g.expr("int", d) + " " + []string{"<>", ">", "<="}[g.pick(3)] + " ALL (" + g.expr("arr", d) + ")"
	case 3:
		return g.tags() + " " + []string{"@>", "&&", "<@"}[g.pick(3)] + " " + []string{"ARRAY['a']", "'{b,x}'", "'{}'"}[g.pick(3)]
	case 4:
		return g.expr("text", d) + " = ANY (" + g.tags() + ")"
	case 5:
		return g.expr("arr", d) + " IS " + []string{"", "NOT "}[g.pick(2)] + "NULL"
	}
	return "array_position(" + g.expr("arr", d) + ", " + g.expr("int", d) + ") IS NOT NULL"
}
