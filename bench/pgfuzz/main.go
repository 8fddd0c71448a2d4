// Command pgfuzz looks for wrong answers: it generates random queries
// over a small fixture, runs each on a fresh-schema tinybase engine and on
// PostgreSQL 15, and prints every query whose answers differ (rows as
// text, compared in order where ORDER BY fixes it and as multisets
// otherwise; or the SQLSTATE when one side fails).
//
// Usage:
//
//	go run ./bench/pgfuzz -pg URL [-n 2000] [-seed 1] [-errors]
//	go run ./bench/pgfuzz -pg URL -q 'SELECT ...'
//
// The same seed gives the same queries. -errors also prints queries both
// sides reject with different SQLSTATEs. -q runs one query on the
// fixture and prints both answers. A difference is a lead, not a
// verdict: reduce it by hand and record it as a conformance case.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/tinybase/tinybase/engine"
)

// fixture is the schema and rows both sides start from: NULLs, duplicates
// and ties on purpose.
const fixture = `
CREATE TABLE t1 (id int PRIMARY KEY, a int, b text, c numeric(10,2), d boolean, e date);
CREATE TABLE t2 (id int PRIMARY KEY, t1_id int, x int, y text);
CREATE INDEX t1_a ON t1 (a);
CREATE INDEX t2_t1 ON t2 (t1_id);
INSERT INTO t1 VALUES
 (1, 10, 'apple', 1.50, true, '2024-01-01'), (2, 20, 'banana', 2.25, false, '2024-02-29'),
 (3, NULL, 'cherry', NULL, NULL, NULL), (4, 10, 'Apple', -3.00, true, '2023-12-31'),
 (5, 30, NULL, 0.00, false, '2024-01-01'), (6, 20, 'date', 10.10, true, '2025-06-15'),
 (7, -5, '', 7.77, NULL, '2000-01-01'), (8, 0, 'fig', 2.25, false, NULL),
 (9, 30, 'grape', 100.00, true, '2024-03-01'), (10, NULL, NULL, NULL, NULL, NULL);
INSERT INTO t2 VALUES
 (1, 1, 5, 'x'), (2, 1, 7, 'y'), (3, 2, NULL, 'x'), (4, 4, 5, NULL), (5, 9, 0, 'z'),
 (6, NULL, 3, 'y'), (7, 11, 8, 'x'), (8, 6, -1, ''), (9, 6, 5, 'y'), (10, 3, 2, 'z');
`

type gen struct {
	r *rand.Rand
	// cols are the columns in scope, qualified.
	cols []col
}

type col struct {
	name string
	kind string // int, text, num, bool, date
}

var t1Cols = []col{{"t1.id", "int"}, {"t1.a", "int"}, {"t1.b", "text"}, {"t1.c", "num"}, {"t1.d", "bool"}, {"t1.e", "date"}}
var t2Cols = []col{{"t2.id", "int"}, {"t2.t1_id", "int"}, {"t2.x", "int"}, {"t2.y", "text"}}

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
		switch g.pick(9) {
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
		switch g.pick(7) {
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
		switch g.pick(5) {
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
		switch g.pick(3) {
		case 0:
			return "(" + g.expr("date", d) + " + " + g.expr("int", d) + ")"
		case 1:
			return "coalesce(" + g.expr("date", d) + ", DATE '1999-12-31')"
		default:
			return g.colOf("date")
		}
	}
	return "NULL"
}

func (g *gen) pred(depth int) string {
	d := depth - 1
	if depth <= 0 {
		d = 0
	}
	kinds := []string{"int", "text", "num", "date"}
	k := kinds[g.pick(len(kinds))]
	switch g.pick(11) {
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
		return g.expr("int", d) + " " + []string{"IN", "NOT IN"}[g.pick(2)] + " (SELECT s.x FROM t2 s WHERE s.y " + []string{"= 'x'", "IS NOT NULL", "<> 'y'"}[g.pick(3)] + ")"
	case 9:
		return g.expr(k, d) + " IS " + []string{"", "NOT "}[g.pick(2)] + "DISTINCT FROM " + g.expr(k, d)
	default:
		return g.colOf("bool")
	}
}

var aggs = []string{"count(*)", "count(%s)", "sum(%s)", "min(%s)", "max(%s)", "avg(%s)", "count(DISTINCT %s)", "bool_or(%s IS NULL)"}

// query is one random SELECT, and whether its ORDER BY fixes the order.
func (g *gen) query() (string, bool) {
	join := g.pick(3)
	from := "t1"
	g.cols = t1Cols
	switch join {
	case 1:
		from = "t1 " + []string{"JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"}[g.pick(4)] + " t2 ON t2.t1_id = t1.id"
		g.cols = append(append([]col{}, t1Cols...), t2Cols...)
	case 2:
		if g.pick(2) == 0 {
			from = "t1, LATERAL (SELECT * FROM t2 WHERE t2.t1_id = t1.id ORDER BY t2.x DESC NULLS LAST, t2.id LIMIT 1) t2"
			g.cols = append(append([]col{}, t1Cols...), t2Cols...)
		}
	}
	var where string
	if g.pick(3) > 0 {
		where = " WHERE " + g.pred(2)
	}
	kinds := []string{"int", "text", "num", "bool", "date"}
	if g.pick(3) == 0 { // aggregate with GROUP BY
		k := kinds[g.pick(len(kinds))]
		key := g.expr(k, 1)
		ak := []string{"int", "num"}[g.pick(2)]
		agg := aggs[g.pick(len(aggs))]
		if strings.Contains(agg, "%s") {
			agg = fmt.Sprintf(agg, g.expr(ak, 1))
		}
		q := "SELECT " + key + " AS k, " + agg + " AS v FROM " + from + where + " GROUP BY 1"
		if g.pick(3) == 0 {
			q += " HAVING count(*) > " + []string{"0", "1"}[g.pick(2)]
		}
		return q + " ORDER BY 1 NULLS FIRST, 2", true
	}
	n := 1 + g.pick(3)
	var outs []string
	for i := 0; i < n; i++ {
		outs = append(outs, g.expr(kinds[g.pick(len(kinds))], 2)+fmt.Sprintf(" AS c%d", i))
	}
	if g.pick(5) == 0 {
		outs = append(outs, "row_number() OVER (PARTITION BY "+g.colOf("int")+" ORDER BY t1.id"+func() string {
			if join != 0 {
				return ", t2.id"
			}
			return ""
		}()+") AS rn")
	}
	distinct := ""
	if g.pick(5) == 0 {
		distinct = "DISTINCT "
	}
	q := "SELECT " + distinct + strings.Join(outs, ", ") + " FROM " + from + where
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

type answer struct {
	code string
	rows []string
}

func (a answer) String() string {
	if a.code != "" {
		return "ERROR " + a.code
	}
	return fmt.Sprintf("%d rows: %s", len(a.rows), strings.Join(a.rows, " | "))
}

func row(vals []*string) string {
	parts := make([]string, len(vals))
	for i, v := range vals {
		if v == nil {
			parts[i] = "NULL"
		} else {
			parts[i] = *v
		}
	}
	return strings.Join(parts, ",")
}

func onTinybase(ctx context.Context, s *engine.Session, q string) answer {
	rows, err := s.Query(ctx, q)
	if err == nil {
		var out []string
		for rows.Next() {
			out = append(out, row(rows.Text()))
		}
		if err = rows.Err(); err == nil {
			return answer{rows: out}
		}
	}
	var pe *engine.Error
	if errors.As(err, &pe) {
		return answer{code: pe.Code}
	}
	return answer{code: "GOERR " + err.Error()}
}

func onPostgres(ctx context.Context, c *pgx.Conn, q string) answer {
	rows, err := c.Query(ctx, q, pgx.QueryExecModeSimpleProtocol)
	if err == nil {
		var out []string
		for rows.Next() {
			raw := rows.RawValues()
			vals := make([]*string, len(raw))
			for i, b := range raw {
				if b != nil {
					s := string(b)
					vals[i] = &s
				}
			}
			out = append(out, row(vals))
		}
		rows.Close()
		if err = rows.Err(); err == nil {
			return answer{rows: out}
		}
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return answer{code: pe.Code}
	}
	return answer{code: "GOERR " + err.Error()}
}

func same(a, b answer, ordered bool) bool {
	if a.code != "" || b.code != "" {
		return a.code == b.code
	}
	if !ordered {
		a.rows, b.rows = slices.Clone(a.rows), slices.Clone(b.rows)
		slices.Sort(a.rows)
		slices.Sort(b.rows)
	}
	return slices.Equal(a.rows, b.rows)
}

func main() {
	pgURL := flag.String("pg", "", "PostgreSQL 15 URL (a database this command may fill)")
	n := flag.Int("n", 2000, "queries to run")
	seed := flag.Int64("seed", 1, "random seed")
	showErrors := flag.Bool("errors", false, "also print queries both sides reject with different SQLSTATEs")
	one := flag.String("q", "", "run only this query and print both answers (for reducing a difference)")
	flag.Parse()
	if *pgURL == "" {
		fmt.Fprintln(os.Stderr, "pgfuzz: -pg URL is required")
		os.Exit(2)
	}
	ctx := context.Background()
	pg, err := pgx.Connect(ctx, *pgURL)
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgfuzz:", err)
		os.Exit(1)
	}
	defer pg.Close(ctx)
	if _, err := pg.Exec(ctx, "DROP SCHEMA IF EXISTS pgfuzz CASCADE; CREATE SCHEMA pgfuzz; SET search_path = pgfuzz;"+fixture); err != nil {
		fmt.Fprintln(os.Stderr, "pgfuzz: fixture on PostgreSQL:", err)
		os.Exit(1)
	}
	e, err := engine.Open(engine.Options{NoBootstrap: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgfuzz:", err)
		os.Exit(1)
	}
	s, err := e.Connect(engine.SessionOptions{User: "postgres", Database: "postgres"})
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgfuzz:", err)
		os.Exit(1)
	}
	if _, err := s.Exec(ctx, fixture); err != nil {
		fmt.Fprintln(os.Stderr, "pgfuzz: fixture on tinybase:", err)
		os.Exit(1)
	}
	if *one != "" {
		a, b := onTinybase(ctx, s, *one), onPostgres(ctx, pg, *one)
		fmt.Printf("--   tinybase: %s\n--   postgres: %s\n", a, b)
		return
	}
	g := &gen{r: rand.New(rand.NewSource(*seed))}
	diffs, codes := 0, 0
	for i := 0; i < *n; i++ {
		q, ordered := g.query()
		qctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		a := onTinybase(qctx, s, q)
		b := onPostgres(qctx, pg, q)
		cancel()
		if same(a, b, ordered) {
			continue
		}
		if a.code != "" && b.code != "" && !strings.HasPrefix(a.code, "GOERR") {
			codes++
			if !*showErrors {
				continue
			}
		} else {
			diffs++
		}
		fmt.Printf("-- #%d\n%s;\n--   tinybase: %s\n--   postgres: %s\n", i, q, a, b)
	}
	fmt.Printf("%d queries: %d different answers, %d different SQLSTATEs\n", *n, diffs, codes)
}
