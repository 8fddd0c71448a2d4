package main

// Sources that read set-returning functions and the timestamp / array
// table: LATERAL jsonb_array_elements, jsonb_each, unnest WITH
// ORDINALITY, generate_series (integers and timestamps across a
// daylight-saving change), regexp_matches and jsonb_path_query, each
// with a key that orders its rows totally. Ordinality is bigint: the
// generator reads it as int, since tinybase's array functions are not
// yet anycompatible (array_replace(int[], int, bigint) is 42883 here).
func (g *gen) srfSource() source {
	t3t1 := append(append([]col{}, t3Cols...), t1Cols...)
	switch g.pick(10) {
	case 0:
		return source{from: "t2, LATERAL jsonb_array_elements(CASE jsonb_typeof(t2.j) WHEN 'array' THEN t2.j ELSE coalesce(t2.j -> 'tags', '[]') END) WITH ORDINALITY AS e(v, n)",
			key: "t2.id, e.n", cols: append(append([]col{}, t2Cols...), col{"e.v", "json"}, col{"e.n::int", "int"})}
	case 1:
		return source{from: "t1 " + []string{"LEFT JOIN", "JOIN"}[g.pick(2)] + " LATERAL generate_series(" + []string{"1", "t1.a % 4", "0"}[g.pick(3)] + ", " +
			[]string{"t1.id % 3", "t1.a / 10", "2"}[g.pick(3)] + ") AS gs(n) ON " + []string{"true", "gs.n <> t1.id % 2"}[g.pick(2)],
			key: "t1.id, gs.n", cols: append(append([]col{}, t1Cols...), col{"gs.n", "int"})}
	case 2:
		return source{from: "t3, LATERAL unnest(t3.arr) WITH ORDINALITY AS un(v, n)",
			key: "t3.id, un.n", cols: append(append([]col{}, t3Cols...), col{"un.v", "int"}, col{"un.n::int", "int"})}
	case 3:
		return source{from: "t3 LEFT JOIN LATERAL unnest(t3.tags, t3.arr) WITH ORDINALITY AS un(tag, v, n) ON true",
			key: "t3.id, un.n", cols: append(append([]col{}, t3Cols...), col{"un.tag", "text"}, col{"un.v", "int"}, col{"un.n::int", "int"})}
	case 4:
		return source{from: "t2 CROSS JOIN LATERAL jsonb_each(CASE jsonb_typeof(t2.j) WHEN 'object' THEN t2.j ELSE '{}' END) AS kv(key, value)",
			key: "t2.id, kv.key", cols: append(append([]col{}, t2Cols...), col{"kv.key", "text"}, col{"kv.value", "json"})}
	case 5:
		return source{from: "t3, LATERAL generate_series(t3.ts, t3.ts + interval '" + []string{"2 days", "5 hours"}[g.pick(2)] + "', interval '" +
			[]string{"1 day", "1 hour", "10 hours"}[g.pick(3)] + "') WITH ORDINALITY AS gt(at, n)",
			key: "t3.id, gt.n", cols: append(append([]col{}, t3Cols...), col{"gt.at", "ts"}, col{"gt.n::int", "int"})}
	case 6:
		return source{from: "t1, LATERAL regexp_matches(t1.b, '" + []string{"([aeiou])", "(p+)(.)", "^(.)"}[g.pick(3)] + "', '" + []string{"g", "gi", ""}[g.pick(3)] + "') WITH ORDINALITY AS m(m, n)",
			key: "t1.id, m.n", cols: append(append([]col{}, t1Cols...), col{"(m.m)[1]", "text"}, col{"m.n::int", "int"})}
	case 7:
		return source{from: "t2, LATERAL jsonb_path_query(t2.j, " + []string{"'$.tags[*]'", "'$.*'", "'lax $[*]'", "'$.** ? (@.type() == \"number\")'"}[g.pick(4)] + ") WITH ORDINALITY AS p(v, n)",
			key: "t2.id, p.n", cols: append(append([]col{}, t2Cols...), col{"p.v", "json"}, col{"p.n::int", "int"})}
	case 8:
		return source{from: "t3 " + []string{"JOIN", "LEFT JOIN", "FULL JOIN"}[g.pick(3)] + " t1 ON t1.id = t3.t1_id",
			key: "t3.id, t1.id", cols: t3t1}
	}
	return source{from: "t3", key: "t3.id", cols: t3Cols}
}
