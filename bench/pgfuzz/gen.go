package main

import "math/rand"

// fixture is the schema and rows both sides start from: NULLs, duplicates
// and ties on purpose.
const fixture = `
CREATE TABLE t1 (id int PRIMARY KEY, a int, b text, c numeric(10,2), d boolean, e date);
CREATE TABLE t2 (id int PRIMARY KEY, t1_id int, x int, y text, j jsonb);
CREATE INDEX t1_a ON t1 (a);
CREATE INDEX t2_t1 ON t2 (t1_id);
CREATE INDEX t1_b ON t1 (b);
CREATE INDEX t1_e_id ON t1 (e DESC, id);
CREATE INDEX t1_lb ON t1 (lower(b));
CREATE INDEX t2_x ON t2 (x) WHERE y = 'x';
CREATE INDEX t2_t1_x ON t2 (t1_id, x);
CREATE UNIQUE INDEX t2_y_id ON t2 (y, id);
CREATE TABLE t3 (id int PRIMARY KEY, t1_id int, ts timestamptz, arr int[], tags text[], big bigint, s text);
CREATE INDEX t3_ts ON t3 (ts);
CREATE INDEX t3_t1 ON t3 (t1_id);
INSERT INTO t1 VALUES
 (1, 10, 'apple', 1.50, true, '2024-01-01'), (2, 20, 'banana', 2.25, false, '2024-02-29'),
 (3, NULL, 'cherry', NULL, NULL, NULL), (4, 10, 'Apple', -3.00, true, '2023-12-31'),
 (5, 30, NULL, 0.00, false, '2024-01-01'), (6, 20, 'date', 10.10, true, '2025-06-15'),
 (7, -5, '', 7.77, NULL, '2000-01-01'), (8, 0, 'fig', 2.25, false, NULL),
 (9, 30, 'grape', 100.00, true, '2024-03-01'), (10, NULL, NULL, NULL, NULL, NULL);
INSERT INTO t2 VALUES
 (1, 1, 5, 'x', '{"k": "x", "n": 1, "tags": ["a", "b"]}'), (2, 1, 7, 'y', '{"n": 2.5}'),
 (3, 2, NULL, 'x', NULL), (4, 4, 5, NULL, '{"k": null, "n": -3}'), (5, 9, 0, 'z', '[1, 2, {"k": "x"}]'),
 (6, NULL, 3, 'y', '{}'), (7, 11, 8, 'x', '"x"'), (8, 6, -1, '', '{"k": "y", "tags": []}'),
 (9, 6, 5, 'y', '{"k": "x", "n": 10, "o": {"p": true}}'), (10, 3, 2, 'z', '{"n": "7"}');
INSERT INTO t3 VALUES
 (1, 1, '2024-03-10 01:30:00-05', '{1,2,3}', '{a,b}', 9000000000, 'hello world'),
 (2, 2, '2024-03-10 03:30:00-04', '{3,NULL}', '{}', -1, 'foo-bar baz'),
 (3, NULL, NULL, NULL, NULL, NULL, NULL),
 (4, 4, '2024-11-03 01:30:00-04', '{}', '{x,NULL}', 2147483647, 'O''Reilly'),
 (5, 9, '2024-11-03 01:30:00-05', '{5,5,1}', '{b,a,b}', -2147483648, 'a,b,,c'),
 (6, 6, '2023-12-31 23:59:59.999999+00', '{10,20}', '{apple}', 0, '  padded  '),
 (7, 1, '2024-02-29 12:00:00+05:30', '{-5}', '{a}', 42, 'ÄÖü straße'),
 (8, 11, '2000-01-01 00:00:00+00', '{1,2,3,4,5}', '{c}', 123456789012, 'x_y%z');
`

type gen struct {
	r *rand.Rand
	// cols are the columns in scope, qualified.
	cols []col
}

type col struct {
	name string
	kind string // int, text, num, bool, date, json
}

var t1Cols = []col{{"t1.id", "int"}, {"t1.a", "int"}, {"t1.b", "text"}, {"t1.c", "num"}, {"t1.d", "bool"}, {"t1.e", "date"}}
var t2Cols = []col{{"t2.id", "int"}, {"t2.t1_id", "int"}, {"t2.x", "int"}, {"t2.y", "text"}, {"t2.j", "json"}}
var t3Cols = []col{{"t3.id", "int"}, {"t3.t1_id", "int"}, {"t3.ts", "ts"}, {"t3.arr", "arr"}, {"t3.tags", "tags"}, {"t3.big", "big"}, {"t3.s", "text"}}

func (g *gen) pick(n int) int { return g.r.Intn(n) }

func (g *gen) colOf(kind string) string {
	var cs []col
	for _, c := range g.cols {
		if c.kind == kind {
			cs = append(cs, c)
		}
	}
	if len(cs) == 0 {
		return g.lit(kind)
	}
	return cs[g.pick(len(cs))].name
}

func (g *gen) lit(kind string) string {
	switch kind {
	case "int":
		return []string{"0", "1", "2", "10", "20", "-5", "30", "NULL::int", "100"}[g.pick(9)]
	case "text":
		return []string{"'apple'", "'a'", "''", "'Apple'", "'x'", "'z'", "NULL::text", "'%a%'"}[g.pick(8)]
	case "num":
		return []string{"2.25", "0.5", "-1", "1.50", "NULL::numeric", "100"}[g.pick(6)]
	case "bool":
		return []string{"true", "false", "NULL::boolean"}[g.pick(3)]
	case "date":
		return []string{"DATE '2024-01-01'", "DATE '2023-06-30'", "NULL::date"}[g.pick(3)]
	case "json":
		return []string{`'{"k": "x", "n": 1}'::jsonb`, `'[1, "x"]'::jsonb`, "NULL::jsonb", `'{}'::jsonb`}[g.pick(4)]
	case "ts":
		return []string{"TIMESTAMPTZ '2024-03-09 12:00:00 America/New_York'", "'2024-03-10 02:30:00'::timestamptz", "NULL::timestamptz",
			"TIMESTAMPTZ '2024-11-03 00:59:59.5+00'", "'2024-01-31 23:00:00+09'::timestamptz"}[g.pick(5)]
	case "arr":
		return []string{"'{1,2,3}'::int[]", "'{}'::int[]", "ARRAY[NULL, 2]::int[]", "NULL::int[]", "ARRAY[5, 5]"}[g.pick(5)]
	case "big":
		return []string{"9223372036854775807::bigint", "(-9223372036854775807 - 1)::bigint", "3000000000::bigint", "NULL::bigint"}[g.pick(4)]
	}
	return "NULL"
}

// expr is a scalar expression of kind, depth-bounded.
func (g *gen) expr(kind string, depth int) string {
	if depth <= 0 || g.pick(3) == 0 {
		if g.pick(4) == 0 {
			return g.lit(kind)
		}
		return g.colOf(kind)
	}
	d := depth - 1
	switch kind {
	case "int":
		switch g.pick(20) {
		case 14:
			return g.tsInt(d)
		case 15:
			return g.arrInt(d)
		case 16:
			return g.overflowInt(d)
		case 17:
			return g.nullInt(d)
		case 18:
			return []string{"least(", "greatest("}[g.pick(2)] + g.expr("int", d) + ", " + g.lit("int") + ", " + g.expr("int", d) + ")"
		case 19:
			return g.stringInt(d)
		case 12:
			return g.stringInt(d)
		case 13:
			return g.simpleCase("int", d)
		case 9:
			return "(" + g.expr("date", d) + " - " + g.expr("date", d) + ")"
		case 10:
			return "extract(" + []string{"dow", "month", "doy"}[g.pick(3)] + " from " + g.expr("date", d) + ")::int"
		case 11:
			switch g.pick(4) {
			case 0, 1:
				return g.scalarSubquery("int", d)
			case 2:
				return g.arrayInt(d)
			}
			return "jsonb_array_length(coalesce(" + g.expr("json", d) + " -> 'tags', '[]'))"
		case 0:
			return "(" + g.expr("int", d) + " " + []string{"+", "-", "*", "/", "%"}[g.pick(5)] + " " + g.expr("int", d) + ")"
		case 1:
			return "coalesce(" + g.expr("int", d) + ", " + g.expr("int", d) + ")"
		case 2:
			return "length(" + g.expr("text", d) + ")"
		case 3:
			return "CASE WHEN " + g.pred(d) + " THEN " + g.expr("int", d) + " ELSE " + g.expr("int", d) + " END"
		case 4:
			return "abs(" + g.expr("int", d) + ")"
		case 5:
			return "nullif(" + g.expr("int", d) + ", " + g.expr("int", d) + ")"
		case 6:
			return "greatest(" + g.expr("int", d) + ", " + g.expr("int", d) + ")"
		case 7:
			return "(" + g.expr("num", d) + ")::int"
		default:
			return "extract(year from " + g.expr("date", d) + ")::int"
		}
	case "text":
		switch g.pick(19) {
		case 14:
			return g.tsText(d)
		case 15:
			return g.arrText(d)
		case 16, 17:
			return g.stringFunc2(d)
		case 18:
			return g.jsonText(d)
		case 11, 12:
			return g.stringFunc(d)
		case 13:
			return g.simpleCase("text", d)
		case 7:
			return "(" + g.expr("json", d) + " ->> " + []string{"'k'", "'n'", "0", "2"}[g.pick(4)] + ")"
		case 8:
			return "(" + g.expr("json", d) + " #>> '{o,p}')"
		case 9:
			switch g.pick(4) {
			case 0, 1:
				return g.scalarSubquery("text", d)
			case 2:
				return "array_to_string(" + g.intArray(d) + ", " + []string{"','", "'-', '*'"}[g.pick(2)] + ")"
			}
			return "jsonb_typeof(" + g.expr("json", d) + ")"
		case 10:
			return "to_char(" + g.expr("date", d) + ", " + []string{"'YYYY-MM'", "'Dy DD Mon'", "'IW'"}[g.pick(3)] + ")"
		case 0:
			return "(" + g.expr("text", d) + " || " + g.expr("text", d) + ")"
		case 1:
			return "upper(" + g.expr("text", d) + ")"
		case 2:
			return "substr(" + g.expr("text", d) + ", 2, 3)"
		case 3:
			return "coalesce(" + g.expr("text", d) + ", 'none')"
		case 4:
			return g.expr("int", d) + "::text"
		case 5:
			return "lower(" + g.expr("text", d) + ")"
		default:
			return "concat(" + g.expr("text", d) + ", '-', " + g.expr("int", d) + ")"
		}
	case "num":
		switch g.pick(10) {
		case 6:
			return g.tsNum(d)
		case 7, 8, 9:
			return g.numFunc(d)
		case 5:
			return "(" + g.expr("json", d) + " ->> 'n')::numeric"
		case 0:
			return "(" + g.expr("num", d) + " " + []string{"+", "-", "*"}[g.pick(3)] + " " + g.expr("num", d) + ")"
		case 1:
			return "round(" + g.expr("num", d) + ", 1)"
		case 2:
			return g.expr("int", d) + "::numeric"
		case 3:
			return "coalesce(" + g.expr("num", d) + ", 0)"
		default:
			return "(" + g.expr("num", d) + " / 4)"
		}
	case "bool":
		return g.pred(d)
	case "date":
		switch g.pick(6) {
		case 3:
			return "(" + g.expr("date", d) + " + interval '" + []string{"1 month", "-1 day", "1 year 2 days"}[g.pick(3)] + "')::date"
		case 4:
			return "date_trunc('" + []string{"month", "year", "week"}[g.pick(3)] + "', " + g.expr("date", d) + ")::date"
		case 5:
			return "(" + g.expr("date", d) + " - " + g.expr("int", d) + ")"
		case 0:
			return "(" + g.expr("date", d) + " + " + g.expr("int", d) + ")"
		case 1:
			return "coalesce(" + g.expr("date", d) + ", DATE '1999-12-31')"
		default:
			return g.colOf("date")
		}
	case "json":
		switch g.pick(7) {
		case 5, 6:
			return g.jsonFunc(d)
		case 0:
			return "(" + g.expr("json", d) + " -> " + []string{"'o'", "'tags'", "2", "'k'"}[g.pick(4)] + ")"
		case 1:
			return "(" + g.expr("json", d) + " - 'k')"
		case 2:
			return "(" + g.expr("json", d) + ` || '{"z": 1}')`
		case 3:
			switch g.pick(4) {
			case 0:
				return "jsonb_build_array(" + g.expr("int", d) + ", " + g.expr("text", d) + ")"
			case 1:
				return "to_jsonb(" + g.intArray(d) + ")"
			case 2:
				return "jsonb_set(coalesce(" + g.expr("json", d) + `, '{}'), '{k}', to_jsonb(` + g.expr("text", d) + "))"
			}
			return "jsonb_build_object('v', " + g.expr([]string{"int", "text", "num", "bool", "date"}[g.pick(5)], d) + ")"
		default:
			return "coalesce(" + g.expr("json", d) + ", '[]')"
		}
	case "ts":
		return g.tsExpr(d)
	case "arr":
		return g.arrExpr(d)
	}
	return "NULL"
}

// intArray is an int[] built from expressions (with NULLs and
// duplicates as they come).
func (g *gen) intArray(d int) string {
	switch g.pick(3) {
	case 0:
		return "array[" + g.expr("int", d) + ", " + g.expr("int", d) + ", " + g.lit("int") + "]"
	case 1:
		return "array_append(array[" + g.expr("int", d) + "], " + g.expr("int", d) + ")"
	}
	return "array_remove(array[" + g.expr("int", d) + ", " + g.expr("int", d) + ", 1], " + g.expr("int", d) + ")"
}

// arrayInt is an integer computed from an array.
func (g *gen) arrayInt(d int) string {
	a := g.intArray(d)
	switch g.pick(4) {
	case 0:
		return "cardinality(" + a + ")"
	case 1:
		return "array_position(" + a + ", " + g.expr("int", d) + ")"
	case 2:
		return "(" + a + ")[" + []string{"1", "2", "0", "3"}[g.pick(4)] + "]"
	}
	return "array_length(" + a + ", 1)"
}

func (g *gen) pred(depth int) string {
	d := depth - 1
	if depth <= 0 {
		d = 0
	}
	kinds := []string{"int", "text", "num", "date", "ts"}
	k := kinds[g.pick(len(kinds))]
	switch g.pick(20) {
	case 14, 15:
		return g.arrPred(d)
	case 16:
		return g.jsonPred(d)
	case 17:
		return g.expr("text", d) + " " + []string{"~", "~*", "!~", "SIMILAR TO", "NOT SIMILAR TO"}[g.pick(5)] + " " +
			[]string{"'^[a-c]'", "'e$'", "'%(a|b)%'", "'[[:upper:]]'", "'\\s'", "'^$'"}[g.pick(6)]
	case 18:
		return g.expr("ts", d) + " " + []string{"<", ">=", "=", "<>"}[g.pick(4)] + " " + g.expr("ts", d)
	case 19:
		return g.expr(k, d) + " " + []string{"IS DISTINCT FROM", "=", "<"}[g.pick(3)] + " " + []string{"NULL", "coalesce(" + g.expr(k, d) + ", " + g.lit(k) + ")"}[g.pick(2)]
	case 13:
		if g.pick(2) == 0 {
			return "starts_with(" + g.expr("text", d) + ", " + g.lit("text") + ")"
		}
		return "(" + g.expr("text", d) + " ^@ " + g.lit("text") + ")"
	case 11:
		return g.expr("json", d) + " " + []string{"@>", "<@"}[g.pick(2)] + " " + []string{`'{"k": "x"}'`, `'{}'`, `'[1]'`, `'{"n": 1}'`}[g.pick(4)]
	case 12:
		return g.expr("json", d) + " " + []string{"? 'k'", "?| array['n', 'o']", "? 'x'"}[g.pick(3)]
	case 0:
		return g.expr(k, d) + " " + []string{"=", "<>", "<", "<=", ">", ">="}[g.pick(6)] + " " + g.expr(k, d)
	case 1:
		return g.expr(k, d) + " IS " + []string{"", "NOT "}[g.pick(2)] + "NULL"
	case 2:
		if depth > 0 {
			return "(" + g.pred(d) + " " + []string{"AND", "OR"}[g.pick(2)] + " " + g.pred(d) + ")"
		}
		return g.colOf("bool")
	case 3:
		return "NOT (" + g.pred(d) + ")"
	case 4:
		return g.expr("int", d) + " IN (" + g.lit("int") + ", " + g.lit("int") + ", " + g.lit("int") + ")"
	case 5:
		return g.expr("int", d) + " BETWEEN " + g.lit("int") + " AND " + g.lit("int")
	case 6:
		return g.expr("text", d) + " " + []string{"LIKE", "ILIKE", "NOT LIKE"}[g.pick(3)] + " " + []string{"'a%'", "'%e'", "'%a%'", "'_'", "''"}[g.pick(5)]
	case 7:
		return "EXISTS (SELECT 1 FROM t2 s WHERE s.t1_id = " + g.colOf("int") + " AND s.x " + []string{">", "<", "="}[g.pick(3)] + " " + g.lit("int") + ")"
	case 8:
		if g.pick(2) == 0 {
			return g.correlated(d)
		}
		return g.expr("int", d) + " " + []string{"IN", "NOT IN"}[g.pick(2)] + " (SELECT s.x FROM t2 s WHERE s.y " + []string{"= 'x'", "IS NOT NULL", "<> 'y'"}[g.pick(3)] + ")"
	case 9:
		return g.expr(k, d) + " IS " + []string{"", "NOT "}[g.pick(2)] + "DISTINCT FROM " + g.expr(k, d)
	default:
		return g.colOf("bool")
	}
}

// stringFunc is one of the text functions applications use most.
func (g *gen) stringFunc(d int) string {
	t := g.expr("text", d)
	n := []string{"0", "1", "2", "-1", "5", g.expr("int", d)}[g.pick(6)]
	switch g.pick(14) {
	case 0:
		return "replace(" + t + ", " + []string{"'a'", "'p'", "''", "NULL"}[g.pick(4)] + ", " + []string{"'A'", "'--'", "''"}[g.pick(3)] + ")"
	case 1:
		return "split_part(" + t + ", " + []string{"'p'", "'a'", "','", "''"}[g.pick(4)] + ", " + []string{"1", "2", "-1"}[g.pick(3)] + ")"
	case 2:
		return []string{"left(", "right("}[g.pick(2)] + t + ", " + n + ")"
	case 3:
		return []string{"lpad(", "rpad("}[g.pick(2)] + t + ", " + []string{"0", "3", "7"}[g.pick(3)] + []string{"", ", '*'", ", ''"}[g.pick(3)] + ")"
	case 4:
		return []string{"btrim(", "ltrim(", "rtrim("}[g.pick(3)] + t + []string{"", ", 'a'", ", 'ae'"}[g.pick(3)] + ")"
	case 5:
		return "initcap(" + t + ")"
	case 6:
		return "reverse(" + t + ")"
	case 7:
		return "regexp_replace(" + t + ", " + []string{"'[aeiou]'", "'^(.)(.*)$'", "'p+'"}[g.pick(3)] + ", " + []string{"'_'", "'\\2\\1'", "''"}[g.pick(3)] + []string{"", ", 'g'", ", 'i'"}[g.pick(3)] + ")"
	case 8:
		return "repeat(" + t + ", " + []string{"0", "2", "-1"}[g.pick(3)] + ")"
	case 9:
		return "format(" + []string{"'%s-%s'", "'[%2$s|%1$s]'", "'%L'", "'%I'"}[g.pick(4)] + ", " + t + ", " + g.expr("int", d) + ")"
	case 10:
		return "translate(" + t + ", 'ape', 'APE')"
	case 11:
		return "nullif(" + t + ", " + g.expr("text", d) + ")"
	case 12:
		return "concat_ws(" + []string{"','", "NULL", "''"}[g.pick(3)] + ", " + t + ", " + g.expr("int", d) + ", " + g.expr("text", d) + ")"
	default:
		return "coalesce(nullif(" + t + ", ''), " + g.expr("text", d) + ", 'none')"
	}
}

// stringInt is an integer from a string function.
func (g *gen) stringInt(d int) string {
	t := g.expr("text", d)
	switch g.pick(5) {
	case 0:
		return "strpos(" + t + ", " + g.lit("text") + ")"
	case 1:
		return "position(" + []string{"'p'", "'a'", "''"}[g.pick(3)] + " in " + t + ")"
	case 2:
		return "char_length(" + t + ")"
	case 3:
		return "octet_length(" + t + ")"
	default:
		return "ascii(" + t + ")"
	}
}

// simpleCase is CASE x WHEN ... nested with COALESCE and NULLIF, maybe
// without ELSE.
func (g *gen) simpleCase(kind string, d int) string {
	k := []string{"int", "text"}[g.pick(2)]
	q := "CASE " + g.expr(k, d)
	for i := 0; i <= g.pick(2); i++ {
		q += " WHEN " + g.lit(k) + " THEN " + g.expr(kind, d)
	}
	if g.pick(3) > 0 {
		q += " ELSE coalesce(nullif(" + g.expr(kind, d) + ", " + g.lit(kind) + "), " + g.expr(kind, d) + ")"
	}
	return q + " END"
}

// scalarSubquery is a sub-select giving one value, correlated with the
// rows in scope through one of their integer columns.
func (g *gen) scalarSubquery(kind string, d int) string {
	c := g.colOf("int")
	if kind == "text" {
		return []string{
			"(SELECT string_agg(s.y, ',' ORDER BY s.id) FROM t2 s WHERE s.t1_id = " + c + ")",
			"(SELECT s.y FROM t2 s WHERE s.id = " + c + ")",
			"(SELECT max(u.b) FROM t1 u WHERE u.a = " + c + ")",
		}[g.pick(3)]
	}
	return []string{
		"(SELECT max(s.x) FROM t2 s WHERE s.t1_id = " + c + ")",
		"(SELECT count(*) FROM t2 s WHERE s.x > " + g.expr("int", d) + ")",
		"(SELECT s.x FROM t2 s WHERE s.id = " + c + ")",
		"(SELECT sum(u.a) FROM t1 u WHERE u.id < " + c + " AND u.d)",
		"coalesce((SELECT min(s.x) FROM t2 s WHERE s.t1_id = " + c + " AND s.y <> 'x'), -1)",
	}[g.pick(5)]
}

// correlated is a predicate over a sub-select that reads the rows in
// scope: [NOT] EXISTS, [NOT] IN, = ANY, > ALL.
func (g *gen) correlated(d int) string {
	c := g.colOf("int")
	where := []string{"s.t1_id = " + c, "s.x > " + c, "s.t1_id = " + c + " AND s.y IS NOT NULL", "s.id <> " + c}[g.pick(4)]
	switch g.pick(5) {
	case 0:
		return []string{"", "NOT "}[g.pick(2)] + "EXISTS (SELECT 1 FROM t2 s WHERE " + where + ")"
	case 1:
		return g.expr("int", d) + " " + []string{"IN", "NOT IN"}[g.pick(2)] + " (SELECT s.x FROM t2 s WHERE " + where + ")"
	case 2:
		return g.expr("int", d) + " = ANY (SELECT s.x FROM t2 s WHERE " + where + ")"
	case 3:
		return g.expr("int", d) + " > ALL (SELECT s.x FROM t2 s WHERE " + where + ")"
	default:
		return g.expr("text", d) + " IN (SELECT u.b FROM t1 u WHERE u.a = " + c + ")"
	}
}
