// Command planbench measures issue 19's query shapes (and subqueries over
// a comments table) over the wire on
// tinybase and PostgreSQL side by side: the same schema and rows on both,
// every statement sent with bound parameters through pgx's prepared
// statement cache, the median latency of each shape per table size, and
// each server's CPU per statement when it runs on this machine.
// bench/planner.sh builds and runs it.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/tinybase/tinybase/bench/internal/only"
	"github.com/tinybase/tinybase/bench/internal/servercpu"
)

// shape is one measured statement: its SQL and the arguments of the i-th
// execution for a table of n posts.
type shape struct {
	name string
	sql  func(n int) string
	args func(r *rand.Rand, n int) []any
}

var shapes = []shape{
	{"keyset page", func(int) string {
		return "select id, user_id, title from posts where published and id > $1 order by id limit 20"
	}, func(r *rand.Rand, n int) []any { return []any{int64(r.Intn(n - 100))} }},
	{"latest 20", func(int) string {
		return "select id, title, created_at from posts order by created_at desc limit 20"
	}, nil},
	{"id = any($1) (10 ids)", func(int) string {
		return "select id, user_id, title from posts where id = any($1::bigint[])"
	}, func(r *rand.Rand, n int) []any {
		ids := make([]int64, 10)
		for i := range ids {
			ids[i] = int64(1 + r.Intn(n))
		}
		return []any{ids}
	}},
	{"FK join, one user", func(int) string {
		return "select p.id, p.title, u.name from posts p join users u on u.id = p.user_id where u.id = $1"
	}, func(r *rand.Rand, n int) []any { return []any{int64(1 + r.Intn(users(n)))} }},
	{"LEFT JOIN, one user", func(int) string {
		return "select u.name, p.id, p.title from users u left join posts p on p.user_id = u.id where u.id = $1"
	}, func(r *rand.Rand, n int) []any { return []any{int64(1 + r.Intn(users(n)))} }},
	{"offset N/2 limit 20", func(n int) string {
		return "select id, title from posts order by id limit 20 offset " + strconv.Itoa(n/2)
	}, nil},
	// ORDER BY an unindexed column: a bounded top-N sort over every row
	{"order by title limit 20", func(int) string {
		return "select * from posts order by title limit 20"
	}, nil},
	// a three-table chain written from the largest table, the selective
	// filter on the last: the join order comes from the statistics
	{"join chain, bad order", func(int) string {
		return "select c.id, p.title, u.name from comments c join posts p on p.id = c.post_id join users u on u.id = p.user_id where u.name = $1"
	}, func(r *rand.Rand, n int) []any { return []any{"user " + strconv.Itoa(1+r.Intn(users(n)))} }},
	{"join chain, good order", func(int) string {
		return "select c.id, p.title, u.name from users u join posts p on u.id = p.user_id join comments c on p.id = c.post_id where u.name = $1"
	}, func(r *rand.Rand, n int) []any { return []any{"user " + strconv.Itoa(1+r.Intn(users(n)))} }},
	{"count(*) group by user_id", func(int) string {
		return "select user_id, count(*) from posts group by user_id"
	}, nil},
	// subqueries (comments on every other post): probes of the inner
	// table's index per outer row, lookups driven by the subquery's keys,
	// a scalar subquery per row
	{"EXISTS, one user's posts", func(int) string {
		return "select p.id, p.title from posts p where p.user_id = $1 and exists (select 1 from comments c where c.post_id = p.id)"
	}, func(r *rand.Rand, n int) []any { return []any{int64(1 + r.Intn(users(n)))} }},
	{"NOT EXISTS, one user's posts", func(int) string {
		return "select p.id, p.title from posts p where p.user_id = $1 and not exists (select 1 from comments c where c.post_id = p.id)"
	}, func(r *rand.Rand, n int) []any { return []any{int64(1 + r.Intn(users(n)))} }},
	{"EXISTS order by id limit 20", func(int) string {
		return "select p.id, p.title from posts p where exists (select 1 from comments c where c.post_id = p.id) order by p.id limit 20"
	}, nil},
	{"id IN (subquery)", func(int) string {
		return "select p.id, p.title from posts p where p.id in (select c.post_id from comments c where c.body = $1)"
	}, func(r *rand.Rand, n int) []any { return []any{"comment " + strconv.Itoa(r.Intn(n/20))} }},
	{"scalar subquery per row", func(int) string {
		return "select p.id, (select u.name from users u where u.id = p.user_id) from posts p where p.user_id = $1"
	}, func(r *rand.Rand, n int) []any { return []any{int64(1 + r.Intn(users(n)))} }},
	// PostgREST's Prefer: count=exact counts the filtered rows;
	// count=planned reads the estimate of the same query's plan instead
	{"count=exact (published)", func(int) string {
		return "select count(*) from posts where published"
	}, nil},
	{"count=planned (published)", func(int) string {
		return "explain (format json) select 1 from posts where published"
	}, nil},
}

// users is the users table's size for n posts: 100 posts per user.
func users(n int) int { return n / 100 }

func setup(ctx context.Context, c *pgx.Conn, n int) error {
	stmts := []string{
		"drop table if exists comments",
		"drop table if exists posts",
		"drop table if exists users",
		"create table users (id bigint primary key, name text not null)",
		"create table posts (id bigint primary key, user_id bigint not null references users(id), published bool not null, created_at timestamptz not null, title text not null)",
		fmt.Sprintf("insert into users select g, 'user ' || g from generate_series(1, %d) g", users(n)),
		// created_at is not in id order: a scan in id order does not give it
		fmt.Sprintf("insert into posts select g, 1 + (g * 7919) %% %d, g %% 3 <> 0, timestamptz '2024-01-01 00:00:00+00' + ((g * 37) %% %d) * interval '1 second', 'post number ' || g from generate_series(1, %d) g", users(n), n, n),
		"create table comments (id bigint primary key, post_id bigint not null references posts(id), body text not null)",
		// every other post has comments: EXISTS finds half, NOT EXISTS the rest
		fmt.Sprintf("insert into comments select g, 2 + (g * 13) %% %d * 2, 'comment ' || (g %% %d) from generate_series(1, %d) g", n/2, n/20, n),
		"create index comments_post_id_idx on comments (post_id)",
		"create index posts_user_id_idx on posts (user_id)",
		"create index posts_created_at_idx on posts (created_at)",
		"analyze posts",
		"analyze users",
		"analyze comments",
	}
	for _, s := range stmts {
		if _, err := c.Exec(ctx, s); err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	return nil
}

// run returns the median latency of a shape over iters executions (after
// a warm-up), the server's CPU per execution (0 when pid's is not known),
// and the rows the last one returned.
func run(ctx context.Context, c *pgx.Conn, pid int, s shape, n, iters int) (time.Duration, time.Duration, int, error) {
	r := rand.New(rand.NewSource(1))
	q := s.sql(n)
	lat := make([]time.Duration, 0, iters)
	rows := 0
	warm := iters/5 + 3
	var cpu0 time.Duration
	cpuOK := false
	for i := 0; i < iters+warm; i++ {
		var args []any
		if s.args != nil {
			args = s.args(r, n)
		}
		if i == warm {
			cpu0, cpuOK = servercpu.Of(pid)
		}
		start := time.Now()
		rs, err := c.Query(ctx, q, args...)
		if err != nil {
			return 0, 0, 0, err
		}
		rows = 0
		for rs.Next() {
			rows++
		}
		rs.Close()
		if err := rs.Err(); err != nil {
			return 0, 0, 0, err
		}
		if i >= warm {
			lat = append(lat, time.Since(start))
		}
	}
	var cpu time.Duration
	if cpu1, ok := servercpu.Of(pid); ok && cpuOK {
		cpu = (cpu1 - cpu0) / time.Duration(iters)
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	return lat[len(lat)/2], cpu, rows, nil
}

// serverPID is the process serving c when it runs on this machine:
// PostgreSQL's backend (pg_backend_pid), tinybase's server given by
// -tinybase-pid; 0 when not known.
func serverPID(ctx context.Context, c *pgx.Conn, name string, tinybasePID int) int {
	if name == "tinybase" {
		return tinybasePID
	}
	var pid int
	if err := c.QueryRow(ctx, "select pg_backend_pid()").Scan(&pid); err != nil {
		return 0
	}
	if _, ok := servercpu.Of(pid); !ok {
		return 0 // another machine's
	}
	return pid
}

func main() {
	tbURL := flag.String("tinybase", "", "tinybase URL")
	pgURL := flag.String("postgres", "", "PostgreSQL URL")
	sizes := flag.String("sizes", "10000,100000", "post counts")
	iters := flag.Int("iters", 200, "measured executions per shape")
	onlyFlag := flag.String("only", "", "measure only shapes whose name contains this (alternatives separated by |)")
	benchPID, _ := strconv.Atoi(os.Getenv("TINYBASE_BENCH_PID")) // bench/side_by_side.sh's tbserve
	tbPID := flag.Int("tinybase-pid", benchPID, "the tinybase server's process, for its CPU per statement (default $TINYBASE_BENCH_PID)")
	flag.Parse()
	ctx := context.Background()
	type target struct {
		name string
		conn *pgx.Conn
		pid  int
	}
	var targets []target
	for _, t := range []struct{ name, url string }{{"tinybase", *tbURL}, {"postgres", *pgURL}} {
		if t.url == "" {
			continue
		}
		c, err := pgx.Connect(ctx, t.url)
		if err != nil {
			log.Fatalf("%s: %v", t.name, err)
		}
		defer c.Close(ctx)
		targets = append(targets, target{t.name, c, serverPID(ctx, c, t.name, *tbPID)})
	}
	type key struct {
		shape string
		n     int
	}
	med := map[key][]time.Duration{}
	cpu := map[key][]time.Duration{}
	var ns []int
	for _, f := range strings.Split(*sizes, ",") {
		n, err := strconv.Atoi(f)
		if err != nil {
			log.Fatal(err)
		}
		ns = append(ns, n)
		for _, t := range targets {
			start := time.Now()
			if err := setup(ctx, t.conn, n); err != nil {
				log.Fatalf("%s setup: %v", t.name, err)
			}
			fmt.Fprintf(os.Stderr, "%s: %d rows loaded in %v\n", t.name, n, time.Since(start).Round(time.Millisecond))
		}
		for _, s := range shapes {
			if !only.Selected(s.name, *onlyFlag) {
				continue
			}
			k := key{s.name, n}
			var counts []int
			for _, t := range targets {
				m, c, rows, err := run(ctx, t.conn, t.pid, s, n, *iters)
				if err != nil {
					log.Fatalf("%s %s: %v", t.name, s.name, err)
				}
				med[k] = append(med[k], m)
				cpu[k] = append(cpu[k], c)
				counts = append(counts, rows)
			}
			if len(counts) == 2 && counts[0] != counts[1] {
				log.Fatalf("%s at %d: tinybase returned %d rows, postgres %d", s.name, n, counts[0], counts[1])
			}
		}
	}
	us := func(d time.Duration) string {
		if d <= 0 {
			return "-"
		}
		return strconv.FormatFloat(float64(d.Nanoseconds())/1000, 'f', 1, 64)
	}
	fmt.Printf("%-28s %8s %12s %12s %8s %10s %10s %8s\n", "shape (median µs)", "rows", "tinybase", "postgres", "ratio", "tb cpu", "pg cpu", "ratio")
	for _, s := range shapes {
		for _, n := range ns {
			m, c := med[key{s.name, n}], cpu[key{s.name, n}]
			if len(m) == 0 {
				continue
			}
			line := fmt.Sprintf("%-28s %8d %12s", s.name, n, us(m[0]))
			if len(m) == 2 {
				line += fmt.Sprintf(" %12s %7.2fx", us(m[1]), float64(m[0])/float64(m[1]))
			}
			// the servers' CPU per statement, when they run here
			if len(c) == 2 && c[0] > 0 && c[1] > 0 {
				line += fmt.Sprintf(" %10s %10s %7.2fx", us(c[0]), us(c[1]), float64(c[0])/float64(c[1]))
			} else if len(c) > 0 && c[0] > 0 {
				line += fmt.Sprintf(" %10s", us(c[0]))
			}
			fmt.Println(line)
		}
		if len(ns) == 2 {
			a, b := med[key{s.name, ns[0]}], med[key{s.name, ns[1]}]
			if len(a) > 0 && len(b) > 0 {
				fmt.Printf("%-28s %8s %11.2fx", "", "growth", float64(b[0])/float64(a[0]))
				if len(a) == 2 {
					fmt.Printf(" %11.2fx", float64(b[1])/float64(a[1]))
				}
				fmt.Println()
			}
		}
	}
}
