// Command pgfuzz looks for wrong answers: it generates random queries
// over a small fixture, runs each on a fresh-schema tinybase engine and on
// PostgreSQL 15, and prints every query whose answers differ (rows as
// text, compared in order where ORDER BY fixes it and as multisets
// otherwise; or the SQLSTATE when one side fails).
//
// Usage:
//
//	go run ./bench/pgfuzz -pg URL [-n 2000] [-seed 1] [-errors] [-scales] [-folded] [-dml 8]
//	go run ./bench/pgfuzz -pg URL -q 'SELECT ...'
//
// The same seed gives the same queries. -errors also prints queries both
// sides reject with different SQLSTATEs. -q runs one query on the
// fixture and prints both answers (with error messages). A difference
// is a lead, not a verdict: reduce it by hand and record it as a
// conformance case. Numerics equal in value but printed with different
// scales (0 and 0.00) make differences that are only which equal value
// a group kept or which equal row came first: those are counted apart
// (-scales prints them).
//
// Every query also runs on a second tinybase session with index scans
// off (enable_indexscan): an answer that differs from the first
// session's is a plan changing results, printed as "(plan)" whatever
// PostgreSQL says; the fixture has indexes of several kinds
// (expression, partial, multi-column, unique) for plans to use. Every
// -dml-th statement is an UPDATE, INSERT (... ON CONFLICT) or DELETE
// with RETURNING, run in a transaction on both sides and rolled back,
// comparing what it returned and the table it left.
//
// gen.go holds the fixture and the expression generator (with scalar
// and correlated sub-selects: EXISTS, IN, ANY, ALL); query.go the query
// shapes: grouped queries with ordered and filtered aggregates (also by
// ROLLUP, CUBE and GROUPING SETS, with grouping()), window functions with
// frames, set operations, DISTINCT and DISTINCT ON, over t1, joins
// (inner, outer, full; USING, NATURAL, conditions on expressions, a
// self-join), LATERAL, a CTE, a WITH RECURSIVE walk or a grouped subquery
// in FROM; dml.go and dml2.go the data-modifying statements (upserts,
// DELETE ... USING, writable WITH queries). Expressions include string
// functions and simple CASE nested with COALESCE and NULLIF; scalar.go
// adds overflow, numeric rounding, regexps and SQL/JSON paths,
// temporal.go timestamptz in a zone with daylight saving, arrays.go
// int[] and text[], srf.go LATERAL set-returning functions. A data
// exception PostgreSQL raises while planning (EXPLAIN raises it too)
// where tinybase answers is counted apart; -folded prints them.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/tinybase/tinybase/engine"
)

type answer struct {
	code, msg string
	rows      []string
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
		return answer{code: pe.Code, msg: pe.Message}
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
		return answer{code: pe.Code, msg: pe.Message}
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

// numberRE finds decimal numbers in a row's text.
var numberRE = regexp.MustCompile(`-?[0-9]+\.[0-9]+`)

// scaleOnly reports whether two answers differ only in the scale numbers
// are printed with (0 against 0.00): which of several equal numerics a
// group, a DISTINCT or a set operation keeps, or which came first among
// equal sort keys, is the plan's choice in PostgreSQL too.
func scaleOnly(a, b answer, ordered bool) bool {
	if a.code != "" || b.code != "" || len(a.rows) != len(b.rows) {
		return false
	}
	canon := func(rows []string) []string {
		out := make([]string, len(rows))
		for i, r := range rows {
			out[i] = numberRE.ReplaceAllStringFunc(r, func(n string) string {
				n = strings.TrimRight(strings.TrimRight(n, "0"), ".")
				if n == "-0" {
					n = "0"
				}
				return n
			})
		}
		if !ordered {
			slices.Sort(out)
		}
		return out
	}
	return slices.Equal(canon(a.rows), canon(b.rows))
}

// plannedError reports whether PostgreSQL raises the data exception
// code (class 22) for stmt while planning it: EXPLAIN, which plans but
// runs nothing, fails with it too. PostgreSQL folds constant
// sub-expressions (1 / 0, '{}'::jsonb - 0, an overflowing cast, a
// constant CASE branch) at plan time, so it fails even where no row
// would compute them; tinybase computes them per row, as the SQL
// standard's evaluation does, and answers.
func plannedError(ctx context.Context, c *pgx.Conn, stmt, code string) bool {
	if !strings.HasPrefix(code, "22") {
		return false
	}
	_, err := c.Exec(ctx, "EXPLAIN "+stmt, pgx.QueryExecModeSimpleProtocol)
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == code
}

func main() {
	pgURL := flag.String("pg", "", "PostgreSQL 15 URL (a database this command may fill)")
	n := flag.Int("n", 2000, "queries to run")
	seed := flag.Int64("seed", 1, "random seed")
	showErrors := flag.Bool("errors", false, "also print queries both sides reject with different SQLSTATEs")
	showScales := flag.Bool("scales", false, "also print answers that differ only in numeric scale (0 against 0.00)")
	one := flag.String("q", "", "run only this query and print both answers (for reducing a difference)")
	showFolded := flag.Bool("folded", false, "also print answers PostgreSQL gives as an error raised while planning (EXPLAIN raises it too) where tinybase answers")
	dmlEvery := flag.Int("dml", 8, "make every n-th statement an UPDATE, INSERT or DELETE with RETURNING, rolled back (0: none)")
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
	if _, err := pg.Exec(ctx, "DROP SCHEMA IF EXISTS pgfuzz CASCADE; CREATE SCHEMA pgfuzz; SET search_path = pgfuzz; SET TimeZone = '"+timezone+"';"+fixture); err != nil {
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
	if _, err := s.Exec(ctx, "SET TimeZone = '"+timezone+"';"+fixture); err != nil {
		fmt.Fprintln(os.Stderr, "pgfuzz: fixture on tinybase:", err)
		os.Exit(1)
	}
	// a second session with index scans off: its answers are the
	// sequential plans', which every other plan must match
	seq, err := e.Connect(engine.SessionOptions{User: "postgres", Database: "postgres"})
	if err == nil {
		_, err = seq.Exec(ctx, "SET search_path = public; SET enable_indexscan = off; SET TimeZone = '"+timezone+"'")
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pgfuzz:", err)
		os.Exit(1)
	}
	if *one != "" {
		a, b := onTinybase(ctx, s, *one), onPostgres(ctx, pg, *one)
		fmt.Printf("--   tinybase: %s %s\n--   postgres: %s %s\n", a, a.msg, b, b.msg)
		if c := onTinybase(ctx, seq, *one); !same(a, c, false) {
			fmt.Printf("--   tinybase, index scans off: %s %s\n", c, c.msg)
		}
		return
	}
	g := &gen{r: rand.New(rand.NewSource(*seed))}
	diffs, codes, scales, plans, dmls, folded := 0, 0, 0, 0, 0, 0
	for i := 0; i < *n; i++ {
		if *dmlEvery > 0 && i%*dmlEvery == *dmlEvery-1 {
			stmt, table := g.dml()
			qctx, cancel := context.WithTimeout(ctx, 5*time.Second)
			a := dmlOnTinybase(qctx, s, stmt, table)
			b := dmlOnPostgres(qctx, pg, stmt, table)
			cancel()
			if same(a.ret, b.ret, false) && same(a.after, b.after, true) ||
				scaleOnly(a.ret, b.ret, false) && scaleOnly(a.after, b.after, true) {
				continue
			}
			if a.ret.code == "" && plannedError(ctx, pg, stmt, b.ret.code) {
				folded++
				if !*showFolded {
					continue
				}
			}
			dmls++
			fmt.Printf("-- #%d (DML)\n%s;\n--   tinybase: %s\n--   postgres: %s\n--   tinybase after: %s\n--   postgres after: %s\n",
				i, stmt, a.ret, b.ret, a.after, b.after)
			continue
		}
		q, ordered := g.query()
		qctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		a := onTinybase(qctx, s, q)
		b := onPostgres(qctx, pg, q)
		c := onTinybase(qctx, seq, q)
		cancel()
		if !same(a, c, ordered) && !scaleOnly(a, c, ordered) {
			plans++
			fmt.Printf("-- #%d (plan)\n%s;\n--   tinybase: %s\n--   tinybase, index scans off: %s\n--   postgres: %s\n", i, q, a, c, b)
			continue
		}
		if same(a, b, ordered) {
			continue
		}
		if a.code == "" && plannedError(ctx, pg, q, b.code) {
			folded++
			if !*showFolded {
				continue
			}
		}
		if scaleOnly(a, b, ordered) {
			scales++
			if !*showScales {
				continue
			}
		}
		if a.code != "" && b.code != "" && !strings.HasPrefix(a.code, "GOERR") {
			codes++
			if !*showErrors {
				continue
			}
		} else if !scaleOnly(a, b, ordered) {
			diffs++
		}
		fmt.Printf("-- #%d\n%s;\n--   tinybase: %s\n--   postgres: %s\n", i, q, a, b)
	}
	fmt.Printf("%d queries: %d different answers, %d different SQLSTATEs, %d differing only in numeric scale, %d plan-dependent answers, %d different DML results, %d PostgreSQL errors raised while planning\n",
		*n, diffs, codes, scales, plans, dmls, folded)
}
