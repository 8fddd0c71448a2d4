package main

import (
	"context"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/tinybase/tinybase/engine"
)

// dml is one random data-modifying statement with RETURNING, and the
// table it changes.
func (g *gen) dml() (stmt, table string) {
	switch g.pick(14) {
	case 6, 7, 8, 9, 10, 11, 12, 13:
		return g.dml2()
	case 0:
		g.cols = t1Cols
		return "UPDATE t1 SET a = " + g.expr("int", 1) + ", b = " + g.expr("text", 1) + " WHERE " + g.pred(1) +
			" RETURNING t1.id, t1.a, t1.b, " + g.expr(g.kind(), 1), "t1"
	case 1:
		g.cols = t2Cols
		return "DELETE FROM t2 WHERE " + g.pred(1) + " RETURNING *", "t2"
	case 2:
		g.cols = t1Cols
		return "INSERT INTO t2 (id, t1_id, x, y, j) SELECT t1.id + 100, " + g.expr("int", 1) + ", " + g.expr("int", 1) + ", " +
			g.expr("text", 1) + ", " + g.expr("json", 1) + " FROM t1 WHERE " + g.pred(1) + " RETURNING id, t1_id, x, y, j", "t2"
	case 3:
		g.cols = t1Cols
		return "INSERT INTO t2 (id, t1_id, x, y) SELECT t1.id, t1.a, " + g.expr("int", 1) + ", t1.b FROM t1 WHERE " + g.pred(1) +
			" ON CONFLICT (id) DO UPDATE SET x = EXCLUDED.x + t2.x, y = coalesce(EXCLUDED.y, t2.y)" +
			[]string{"", " WHERE t2.x IS NOT NULL"}[g.pick(2)] + " RETURNING t2.id, t2.x, t2.y", "t2"
	case 4:
		g.cols = both()
		return "UPDATE t2 SET x = " + g.expr("int", 1) + " FROM t1 WHERE t1.id = t2.t1_id AND " + g.pred(1) +
			" RETURNING t2.id, t2.x, t1.a", "t2"
	default:
		g.cols = t1Cols
		return "DELETE FROM t1 WHERE " + g.pred(1) + " AND NOT EXISTS (SELECT 1 FROM t2 WHERE t2.t1_id = t1.id) RETURNING id, b", "t1"
	}
}

// dmlAnswer is what a DML statement returned and the table it left,
// read inside a transaction that is then rolled back, so the fixture
// stays as it was.
type dmlAnswer struct {
	ret, after answer
}

func dmlOnTinybase(ctx context.Context, s *engine.Session, stmt, table string) dmlAnswer {
	if _, err := s.Exec(ctx, "BEGIN"); err != nil {
		return dmlAnswer{ret: answer{code: "GOERR " + err.Error()}}
	}
	defer func() { _, _ = s.Exec(context.Background(), "ROLLBACK") }()
	d := dmlAnswer{ret: onTinybase(ctx, s, stmt)}
	if d.ret.code == "" {
		d.after = onTinybase(ctx, s, afterQuery(table))
	}
	return d
}

func dmlOnPostgres(ctx context.Context, c *pgx.Conn, stmt, table string) dmlAnswer {
	if _, err := c.Exec(ctx, "BEGIN"); err != nil {
		return dmlAnswer{ret: answer{code: "GOERR " + err.Error()}}
	}
	defer func() { _, _ = c.Exec(context.Background(), "ROLLBACK") }()
	d := dmlAnswer{ret: onPostgres(ctx, c, stmt)}
	if d.ret.code == "" {
		d.after = onPostgres(ctx, c, afterQuery(table))
	}
	return d
}

// afterQuery reads the tables a statement changed ("t1" or "t1,t2"),
// each row tagged with its table, in a total order.
func afterQuery(tables string) string {
	var parts []string
	for _, t := range strings.Split(tables, ",") {
		parts = append(parts, "SELECT '"+t+"' AS t, "+t+".id, "+t+"::text AS r FROM "+t)
	}
	return strings.Join(parts, " UNION ALL ") + " ORDER BY 1, 2"
}
