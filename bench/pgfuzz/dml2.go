package main

// More writes as Supabase applications make them: upserts with
// RETURNING (DO NOTHING, DO UPDATE with a WHERE and jsonb merges),
// DELETE ... USING, UPDATE ... FROM, multi-column SET from a sub-select,
// array and timestamp updates, and writable WITH queries feeding another
// write or a SELECT; the tables they change are compared after.
func (g *gen) dml2() (stmt, table string) {
	switch g.pick(10) {
	case 0:
		g.cols = t1Cols
		return "INSERT INTO t2 (id, t1_id, x, y, j) SELECT t1.id " + []string{"", "+ 5"}[g.pick(2)] + ", t1.id, t1.a, t1.b, jsonb_build_object('b', t1.b) FROM t1 WHERE " + g.pred(1) +
			" ON CONFLICT" + []string{" (id)", "", " (id) WHERE true"}[g.pick(3)] + " DO NOTHING RETURNING *", "t2"
	case 1:
		g.cols = t1Cols
		return "INSERT INTO t2 AS cur (id, t1_id, x, j) VALUES (" + []string{"1", "11", "5"}[g.pick(3)] + ", " + g.expr("int", 1) + ", " + g.lit("int") + ", " + g.lit("json") + "), (" +
			[]string{"2", "12"}[g.pick(2)] + ", 3, 4, '{\"m\": 1}')" +
			" ON CONFLICT (id) DO UPDATE SET j = coalesce(cur.j, '{}') || coalesce(EXCLUDED.j, '{}'), x = coalesce(EXCLUDED.x, cur.x) * 2" +
			[]string{"", " WHERE cur.j IS NOT NULL", " WHERE EXCLUDED.x > cur.x"}[g.pick(3)] + " RETURNING cur.*, cur.j ->> 'k'", "t2"
	case 2:
		g.cols = both()
		return "DELETE FROM t2 USING t1 WHERE t1.id = t2.t1_id AND " + g.pred(1) + " RETURNING t2.*, t1.b, " + g.expr(g.kind(), 1), "t2"
	case 3:
		g.cols = t3Cols
		return "UPDATE t3 SET arr = " + g.expr("arr", 1) + ", ts = " + g.expr("ts", 1) + ", tags = array_append(tags, " + g.expr("text", 1) + ") WHERE " + g.pred(1) +
			" RETURNING id, arr, ts, tags, " + g.expr(g.kind(), 1), "t3"
	case 4:
		g.cols = t1Cols
		return "UPDATE t1 SET (a, b) = (SELECT max(s.x), string_agg(s.y, ',' ORDER BY s.id) FROM t2 s WHERE s.t1_id = t1.id) WHERE " + g.pred(1) + " RETURNING *", "t1"
	case 5:
		g.cols = t2Cols
		return "WITH d AS (DELETE FROM t2 WHERE " + g.pred(1) + " RETURNING *) SELECT count(*), sum(x), string_agg(y, ',' ORDER BY id), max(j::text) FROM d", "t2"
	case 6:
		g.cols = t1Cols
		return "WITH u AS (UPDATE t1 SET a = coalesce(a, 0) + 1 WHERE " + g.pred(1) + " RETURNING id, a, b) INSERT INTO t2 (id, t1_id, x, y) SELECT id + 200, id, a, b FROM u RETURNING *", "t1,t2"
	case 7:
		g.cols = t2Cols
		// grouped, so no t1 row joins two: which one an UPDATE ... FROM
		// takes is PostgreSQL's plan's choice
		return "WITH moved AS (DELETE FROM t2 WHERE " + g.pred(1) + " RETURNING id, t1_id, x) UPDATE t1 SET a = t1.a + m.x FROM (SELECT t1_id, sum(x) AS x, min(id) AS id FROM moved GROUP BY t1_id) m" +
			" WHERE m.t1_id = t1.id RETURNING t1.id, t1.a, m.id", "t1,t2"
	case 8:
		g.cols = t3Cols
		return "INSERT INTO t3 (id, t1_id, ts, arr, tags, big, s) SELECT id + 100, t1_id, " + g.expr("ts", 1) + ", " + g.expr("arr", 1) + ", tags, big, " + g.expr("text", 1) +
			" FROM t3 WHERE " + g.pred(1) + " RETURNING id, ts, arr, s", "t3"
	}
	g.cols = both()
	return "UPDATE t2 SET j = jsonb_set(coalesce(t2.j, '{}'), '{a}', to_jsonb(t1.a)), y = " + g.expr("text", 1) +
		" FROM t1 WHERE t1.id = t2.t1_id AND " + g.pred(1) + " RETURNING t2.id, t2.j, t2.y, t1.e", "t2"
}
