package main

import (
	"fmt"
	"strings"
)

// source is a FROM clause, the WITH clause it needs, the columns it
// brings into scope and a list of them that orders its rows totally.
type source struct {
	with, from, key string
	cols            []col
	// filter is a condition the source adds to the query's WHERE.
	filter string
}

func both() []col { return append(append([]col{}, t1Cols...), t2Cols...) }

// source picks what a query reads: t1, a join, a LATERAL subquery, a CTE
// or a grouped subquery in FROM.
func (g *gen) source() source {
	switch g.pick(16) {
	case 11, 12, 13, 14, 15:
		return g.srfSource()
	case 8:
		return source{from: "t1 " + []string{"JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"}[g.pick(4)] + " t2 ON " + []string{
			"t2.t1_id = t1.id AND t2.x > 3", "t2.x = t1.a % 10", "t2.t1_id = t1.id OR t2.x = t1.a", "t1.b = t2.y",
			"t2.t1_id BETWEEN t1.id AND t1.id + 1", "t2.t1_id = t1.id AND t1.d", "lower(t1.b) = t2.y OR t2.j ? t1.b",
			"t2.id = t1.id AND t2.x IS NOT NULL",
		}[g.pick(8)], key: "t1.id, t2.id", cols: both()}
	case 9:
		j := []string{"JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "NATURAL JOIN", "NATURAL FULL JOIN"}[g.pick(6)]
		if !strings.HasPrefix(j, "NATURAL") {
			j += " t2 USING (id)"
		} else {
			j += " t2"
		}
		return source{from: "t1 " + j, key: "t1.id, t2.id", cols: both()}
	case 10:
		return source{from: "t1 " + []string{"JOIN", "LEFT JOIN", "FULL JOIN"}[g.pick(3)] + " t1 AS u ON u.a = t1.a AND u.id <> t1.id" +
			" " + []string{"LEFT JOIN", "JOIN"}[g.pick(2)] + " t2 ON t2.t1_id = u.id",
			key: "t1.id, u.id, t2.id", cols: append(both(), col{"u.id", "int"}, col{"u.b", "text"}, col{"u.c", "num"})}
	}
	switch g.pick(9) {
	case 8:
		return g.recursive()
	case 3, 4:
		return source{from: "t1 " + []string{"JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"}[g.pick(4)] + " t2 ON t2.t1_id = t1.id",
			key: "t1.id, t2.id", cols: both()}
	case 5:
		return source{from: "t1, LATERAL (SELECT * FROM t2 WHERE t2.t1_id = t1.id ORDER BY t2.x DESC NULLS LAST, t2.id LIMIT 1) t2",
			key: "t1.id", cols: both()}
	case 6:
		g.cols = t1Cols
		body := "SELECT t1.id, " + g.expr("int", 2) + " AS v, " + g.expr("text", 2) + " AS w, t1.e FROM t1"
		if g.pick(2) == 0 {
			body += " WHERE " + g.pred(1)
		}
		cols := []col{{"c.id", "int"}, {"c.v", "int"}, {"c.w", "text"}, {"c.e", "date"}}
		src := source{with: "WITH c AS " + []string{"", "MATERIALIZED ", "NOT MATERIALIZED "}[g.pick(3)] + "(" + body + ") ",
			from: "c", key: "c.id", cols: cols}
		switch g.pick(4) {
		case 0: // a second reference: materialized unless NOT MATERIALIZED
			src.from = "c " + []string{"JOIN", "LEFT JOIN"}[g.pick(2)] + " c AS c2 ON c2.id = c.id + " + []string{"0", "1"}[g.pick(2)]
			src.key = "c.id, c2.id"
			src.cols = append(cols, col{"c2.v", "int"}, col{"c2.w", "text"})
		case 1: // a reference in a sub-select
			src.filter = "c.id " + []string{"IN", "NOT IN"}[g.pick(2)] + " (SELECT c2.id FROM c AS c2 WHERE c2.v IS NOT NULL)"
		}
		return src
	case 7:
		return source{from: "t1 LEFT JOIN (SELECT t2.t1_id, count(*) AS n, string_agg(t2.y, ',' ORDER BY t2.y) AS ys, jsonb_agg(t2.j ORDER BY t2.id) AS js" +
			" FROM t2 GROUP BY t2.t1_id) sq ON sq.t1_id = t1.id",
			key: "t1.id", cols: append(append([]col{}, t1Cols...), col{"sq.n", "int"}, col{"sq.ys", "text"}, col{"sq.js", "json"})}
	}
	return source{from: "t1", key: "t1.id", cols: t1Cols}
}

// recursive is a WITH RECURSIVE walk from some t1 rows down t2's
// t1_id links, bounded in depth; with UNION it also drops repeated rows.
func (g *gen) recursive() source {
	g.cols = t1Cols
	start := "SELECT t1.id, 0, t1.b FROM t1"
	if g.pick(2) == 0 {
		start += " WHERE " + g.pred(1)
	}
	g.cols = append(append([]col{}, t2Cols...), col{"r.id", "int"}, col{"r.n", "int"}, col{"r.path", "text"})
	step := "SELECT t2.id, r.n + 1, " + []string{"r.path || '>' || coalesce(t2.y, '?')", "concat(r.path, '/', t2.x)", g.expr("text", 1)}[g.pick(3)] +
		" FROM r JOIN t2 ON t2.t1_id = r.id WHERE r.n < " + []string{"2", "3"}[g.pick(2)]
	if g.pick(3) == 0 {
		step += " AND " + g.pred(1)
	}
	return source{with: "WITH RECURSIVE r(id, n, path) AS (" + start + " " + []string{"UNION ALL", "UNION"}[g.pick(2)] + " " + step + ") ",
		from: "r", key: "r.id, r.n, r.path", cols: []col{{"r.id", "int"}, {"r.n", "int"}, {"r.path", "text"}}}
}

var kinds = []string{"int", "text", "num", "bool", "date", "json", "ts", "arr"}

func (g *gen) kind() string { return kinds[g.pick(len(kinds))] }

// typedExpr is an expression cast to its type, so that a bare literal
// ('x') is no unknown-typed argument of a polymorphic aggregate.
func (g *gen) typedExpr() string {
	k := g.kind()
	return "(" + g.expr(k, 1) + ")::" + map[string]string{"int": "int", "text": "text", "num": "numeric",
		"bool": "boolean", "date": "date", "json": "jsonb", "ts": "timestamptz", "arr": "int[]"}[k]
}

// query is one random SELECT, and whether its ORDER BY fixes the order.
func (g *gen) query() (string, bool) {
	src := g.source()
	g.cols = src.cols
	var where string
	if g.pick(3) > 0 {
		where = " WHERE " + g.pred(2)
	}
	switch {
	case src.filter != "" && where == "":
		where = " WHERE " + src.filter
	case src.filter != "":
		where += " AND " + src.filter
	}
	var q string
	var ordered bool
	switch g.pick(10) {
	case 0, 1, 2:
		q, ordered = g.grouped(src, where)
	case 3:
		q, ordered = g.windowed(src, where)
	case 4:
		q, ordered = g.setOp()
		src.with = ""
	case 5:
		q, ordered = g.distinctOn(src, where)
	default:
		q, ordered = g.plain(src, where)
	}
	return src.with + q, ordered
}

// aggregate is an aggregate call over the rows in scope.
func (g *gen) aggregate() string {
	n := g.expr([]string{"int", "num"}[g.pick(2)], 1)
	switch g.pick(14) {
	case 0:
		return "count(*)"
	case 1:
		return "count(" + n + ")"
	case 2:
		return "sum(" + n + ")"
	case 3:
		return "min(" + n + ")"
	case 4:
		return "max(" + n + ")"
	case 5:
		return "avg(" + n + ")"
	case 6:
		return "count(DISTINCT " + n + ")"
	case 7:
		return "bool_or(" + n + " IS NULL)"
	case 8:
		return "count(*) FILTER (WHERE " + g.pred(1) + ")"
	case 9: // ordered by the argument itself, so ties cannot reorder it
		t := g.expr("text", 1)
		return "string_agg(" + t + ", ',' ORDER BY " + t + ")"
	case 10:
		e := g.typedExpr()
		return "array_agg(" + e + " ORDER BY " + e + " NULLS FIRST)"
	case 11:
		e := g.typedExpr()
		return "json_agg(" + e + " ORDER BY " + e + " DESC)::text" // json has no ordering for the outer ORDER BY
	case 12:
		e := g.typedExpr()
		return "jsonb_agg(" + e + " ORDER BY " + e + ")"
	default:
		return "sum(" + n + ") FILTER (WHERE " + g.pred(1) + ")"
	}
}

// grouped is an aggregate query with GROUP BY.
func (g *gen) grouped(src source, where string) (string, bool) {
	if g.pick(4) == 0 {
		return g.groupingSets(src, where)
	}
	key := g.expr(g.kind(), 1)
	q := "SELECT " + key + " AS k, " + g.aggregate() + " AS v FROM " + src.from + where + " GROUP BY 1"
	if g.pick(3) == 0 {
		q += " HAVING count(*) > " + []string{"0", "1"}[g.pick(2)]
	}
	return q + " ORDER BY 1 NULLS FIRST, 2", true
}

// groupingSets groups by ROLLUP, CUBE or GROUPING SETS of two keys;
// GROUPING() tells a key's NULL from a rolled-up one, so the order is
// total.
func (g *gen) groupingSets(src source, where string) (string, bool) {
	k1, k2 := g.columnExpr(), g.columnExpr()
	for i := 0; k2 == k1 && i < 4; i++ {
		// PostgreSQL tells equal keys apart by their place in the SELECT
		// list (GROUPING SETS ((1), (2)) nulls the other), tinybase by
		// their text: a known difference, not searched for again
		k2 = g.columnExpr()
	}
	if k2 == k1 {
		k2 = "(" + k1 + ") IS NULL"
	}
	by := []string{"ROLLUP (1, 2)", "CUBE (1, 2)", "GROUPING SETS ((1), (2), ())", "GROUPING SETS ((1, 2), (1))", "1, ROLLUP (2)"}[g.pick(5)]
	q := "SELECT " + k1 + " AS k1, " + k2 + " AS k2, grouping(" + k1 + ", " + k2 + ") AS g, " + g.aggregate() + " AS v FROM " + src.from + where + " GROUP BY " + by
	if g.pick(3) == 0 {
		q += " HAVING count(*) > " + []string{"0", "1"}[g.pick(2)]
	}
	return q + " ORDER BY 3, 1 NULLS FIRST, 2 NULLS FIRST, 4", true
}

// columnExpr is an expression that reads a column in scope: a constant
// key's rows are ones PostgreSQL may sort wrongly (it drops a constant
// sort key though grouping sets make it NULL in some rows).
func (g *gen) columnExpr() string {
	for i := 0; i < 8; i++ {
		e := g.expr(g.kind(), 1)
		for _, c := range g.cols {
			if strings.Contains(e, c.name) {
				return e
			}
		}
	}
	return g.cols[g.pick(len(g.cols))].name
}

// window is a window function call whose result cannot depend on how
// ties are broken: row-wise functions order by the source's key.
func (g *gen) window(key string) string {
	part := ""
	if g.pick(2) == 0 {
		part = "PARTITION BY " + g.expr(g.kind(), 1) + " "
	}
	e := g.expr(g.kind(), 1)
	n := g.expr([]string{"int", "num"}[g.pick(2)], 1)
	switch g.pick(12) {
	case 10:
		return "count(*) FILTER (WHERE " + g.pred(1) + ") OVER (" + part + "ORDER BY " + key + " " +
			[]string{"ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING", "RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW", "GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW"}[g.pick(3)] + ")"
	case 11:
		return "sum(" + n + ") FILTER (WHERE " + g.pred(1) + ") OVER (" + part + "ORDER BY " + key + " ROWS BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING EXCLUDE CURRENT ROW)"
	case 0:
		return "rank() OVER (" + part + "ORDER BY " + e + ")"
	case 1:
		return "dense_rank() OVER (" + part + "ORDER BY " + e + " DESC NULLS LAST)"
	case 2:
		return "lag(" + e + ") OVER (" + part + "ORDER BY " + key + ")"
	case 3:
		return "lead(" + n + ", 2, 0) OVER (" + part + "ORDER BY " + key + ")"
	case 4:
		return "sum(" + n + ") OVER (" + part + "ORDER BY " + key + " ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)"
	case 5:
		return "sum(" + n + ") OVER (" + part + "ORDER BY " + e + ")" // RANGE: peers count together
	case 6:
		return "count(*) OVER (" + part + ")"
	case 7:
		return "first_value(" + e + ") OVER (" + part + "ORDER BY " + key + ")"
	case 8:
		return "last_value(" + e + ") OVER (" + part + "ORDER BY " + key + " ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)"
	default:
		return "avg(" + n + ") OVER (" + part + "ORDER BY " + key + " ROWS BETWEEN CURRENT ROW AND 2 FOLLOWING)"
	}
}

// windowed lists every row with window functions, ordered by the key.
func (g *gen) windowed(src source, where string) (string, bool) {
	outs := []string{src.key, g.window(src.key) + " AS w1"}
	if g.pick(2) == 0 {
		outs = append(outs, g.window(src.key)+" AS w2")
	}
	return "SELECT " + strings.Join(outs, ", ") + " FROM " + src.from + where + " ORDER BY " + src.key, true
}

// setOp combines a query over t1 with one over t2.
func (g *gen) setOp() (string, bool) {
	k1, k2 := g.kind(), g.kind()
	if k1 == "json" {
		k1 = "text" // json has no equality operator for UNION to use
	}
	if k2 == "json" {
		k2 = "int"
	}
	side := func(cols []col) string {
		g.cols = cols
		s := "SELECT " + g.expr(k1, 1)
		if g.pick(2) == 0 {
			s += ", " + g.expr(k2, 1)
		} else {
			s += ", " + g.lit(k2)
		}
		s += " FROM " + strings.SplitN(cols[0].name, ".", 2)[0]
		if g.pick(2) == 0 {
			s += " WHERE " + g.pred(1)
		}
		return s
	}
	op := []string{"UNION", "UNION ALL", "INTERSECT", "INTERSECT ALL", "EXCEPT", "EXCEPT ALL"}[g.pick(6)]
	q := side(t1Cols) + " " + op + " " + side(t2Cols)
	if g.pick(2) == 0 {
		return q + " ORDER BY 1 NULLS FIRST, 2 DESC", true
	}
	return q, false
}

// distinctOn keeps the first row of each key, first by the source's key.
func (g *gen) distinctOn(src source, where string) (string, bool) {
	k := g.expr(g.kind(), 1)
	dir := []string{"", " DESC", " NULLS FIRST"}[g.pick(3)]
	return "SELECT DISTINCT ON (" + k + ") " + k + " AS k, " + g.expr(g.kind(), 2) + " AS v FROM " + src.from + where +
		" ORDER BY " + k + dir + ", " + src.key, true
}

// plain is an ungrouped SELECT, maybe DISTINCT, ordered and limited.
func (g *gen) plain(src source, where string) (string, bool) {
	n := 1 + g.pick(3)
	var outs []string
	for i := 0; i < n; i++ {
		outs = append(outs, g.expr(g.kind(), 2)+fmt.Sprintf(" AS c%d", i))
	}
	if g.pick(5) == 0 {
		outs = append(outs, "row_number() OVER (PARTITION BY "+g.colOf("int")+" ORDER BY "+src.key+") AS rn")
	}
	distinct := ""
	if g.pick(5) == 0 {
		distinct = "DISTINCT "
	}
	q := "SELECT " + distinct + strings.Join(outs, ", ") + " FROM " + src.from + where
	if g.pick(2) == 0 {
		var ords []string
		for i := range outs {
			ords = append(ords, fmt.Sprintf("%d %s", i+1, []string{"", "DESC", "NULLS FIRST", "DESC NULLS LAST"}[g.pick(4)]))
		}
		q += " ORDER BY " + strings.Join(ords, ", ")
		if g.pick(2) == 0 {
			q += fmt.Sprintf(" LIMIT %d", 1+g.pick(5))
			if g.pick(2) == 0 {
				q += fmt.Sprintf(" OFFSET %d", g.pick(3))
			}
			// a LIMIT under ties may keep different rows: compare
			// only when the order covers every column (it does here)
		}
		return q, true
	}
	return q, false
}
