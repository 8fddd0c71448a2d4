// Command genisn records where PostgreSQL 15's isn extension puts the
// hyphens of an EAN-13 number (ean13_out), as ranges of the number's
// first twelve digits, into engine/internal/types/ext_isn_gen.go. isn
// hyphenates after fixed tables of ISBN groups and publishers, ISMN,
// ISSN, UPC and EAN-13 prefixes; tinybase does not copy those tables but
// asks the server: it prints numbers and reads the hyphens back.
//
// The twelve-digit space is explored as a tree of prefixes: a prefix
// whose ten children, each sampled at its first, last and two other
// numbers, all print with the same hyphens is one range; otherwise its
// children are explored. The ranges found are then checked against
// numbers drawn at random (weighted towards the 977, 978, 979 and 0
// prefixes, where the tables are); a number the ranges mispredict sends
// the exploration back down its prefix, until a check finds none. Run it
// against a PostgreSQL 15 server with the isn module (a transaction
// creates the extension and is rolled back):
//
//	TINYBASE_PG_URL=$(bash .ci/pg.sh url) go generate ./engine/internal/types
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"go/format"
	"log"
	"math/rand"
	"os"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"
)

const digits = 12 // an EAN-13 number without its check digit

// prober prints twelve-digit numbers with the server's ean13_out and
// remembers the hyphen masks (bit i: a hyphen after digit i).
type prober struct {
	ctx    context.Context
	conn   pgx.Tx
	schema string
	seen   map[string]uint16
	asked  int
}

func (p *prober) masks(nums []string) {
	var todo []string
	for _, n := range nums {
		if _, ok := p.seen[n]; !ok {
			todo = append(todo, n)
			p.seen[n] = 0xffff // a placeholder, replaced below
		}
	}
	for len(todo) > 0 {
		batch := todo[:min(len(todo), 20000)]
		todo = todo[len(batch):]
		q := fmt.Sprintf(`SELECT s, (s || '?')::%s.ean13::text FROM unnest($1::text[]) AS s`, pgx.Identifier{p.schema}.Sanitize())
		rows, err := p.conn.Query(p.ctx, q, batch)
		if err != nil {
			log.Fatal(err)
		}
		var s, out string
		if _, err := pgx.ForEachRow(rows, []any{&s, &out}, func() error {
			m, err := maskOf(s, out)
			if err != nil {
				return err
			}
			p.seen[s] = m
			return nil
		}); err != nil {
			log.Fatal(err)
		}
		p.asked += len(batch)
	}
}

// maskOf reads the hyphens of out, ean13_out's text of the number num
// followed by "-" and its check digit.
func maskOf(num, out string) (uint16, error) {
	if len(out) < 2 || out[len(out)-2] != '-' {
		return 0, fmt.Errorf("genisn: %s printed as %q, without a check digit", num, out)
	}
	var m uint16
	i := 0
	for _, c := range out[:len(out)-2] {
		switch {
		case c == '-' && i > 0:
			m |= 1 << (i - 1)
		case c >= '0' && c <= '9' && i < digits && byte(c) == num[i]:
			i++
		default:
			return 0, fmt.Errorf("genisn: %s printed as %q", num, out)
		}
	}
	if i != digits {
		return 0, fmt.Errorf("genisn: %s printed as %q", num, out)
	}
	return m, nil
}

// fills are the numbers a prefix is sampled at.
func fills(prefix string, rnd *rand.Rand) []string {
	rest := digits - len(prefix)
	out := []string{prefix + strings.Repeat("0", rest), prefix + strings.Repeat("9", rest)}
	for k := 0; k < 2 && rest > 0; k++ {
		var b strings.Builder
		b.WriteString(prefix)
		for j := 0; j < rest; j++ {
			b.WriteByte(byte('0' + rnd.Intn(10)))
		}
		out = append(out, b.String())
	}
	return out
}

// explore returns the uniform prefixes under the given ones, each with
// its mask.
func explore(p *prober, start []string, rnd *rand.Rand) map[string]uint16 {
	leaves := map[string]uint16{}
	level := start
	for len(level) > 0 {
		samples := map[string][]string{}
		var all []string
		for _, pre := range level {
			if len(pre) == digits {
				continue
			}
			for c := byte('0'); c <= '9'; c++ {
				f := fills(pre+string(c), rnd)
				samples[pre] = append(samples[pre], f...)
				all = append(all, f...)
			}
		}
		p.masks(all)
		var next []string
		for _, pre := range level {
			if len(pre) == digits {
				p.masks([]string{pre})
				leaves[pre] = p.seen[pre]
				continue
			}
			s := samples[pre]
			uniform := true
			for _, n := range s[1:] {
				if p.seen[n] != p.seen[s[0]] {
					uniform = false
					break
				}
			}
			if uniform {
				leaves[pre] = p.seen[s[0]]
				continue
			}
			for c := byte('0'); c <= '9'; c++ {
				next = append(next, pre+string(c))
			}
		}
		level = next
	}
	return leaves
}

type rangeMask struct {
	lo   string // the range's first number; it ends where the next begins
	mask uint16
}

// ranges merges the uniform prefixes into ranges of the number space.
func ranges(leaves map[string]uint16) []rangeMask {
	keys := make([]string, 0, len(leaves))
	for k := range leaves {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []rangeMask
	for _, k := range keys {
		if len(out) > 0 && out[len(out)-1].mask == leaves[k] {
			continue
		}
		out = append(out, rangeMask{k + strings.Repeat("0", digits-len(k)), leaves[k]})
	}
	return out
}

func lookup(rs []rangeMask, n string) uint16 {
	i := sort.Search(len(rs), func(i int) bool { return rs[i].lo > n })
	return rs[i-1].mask
}

// randomNumbers draws n numbers, a sixth of them anywhere and the rest
// under the prefixes the isn tables cover.
func randomNumbers(rnd *rand.Rand, n int) []string {
	prefixes := []string{"", "978", "979", "9790", "977", "0"}
	out := make([]string, 0, n)
	for i := 0; i < n; i++ {
		pre := prefixes[i%len(prefixes)]
		var b strings.Builder
		b.WriteString(pre)
		for b.Len() < digits {
			b.WriteByte(byte('0' + rnd.Intn(10)))
		}
		out = append(out, b.String())
	}
	return out
}

func main() {
	out := flag.String("o", "ext_isn_gen.go", "output file")
	checks := flag.Int("check", 300000, "random numbers per check round")
	flag.Parse()
	ctx := context.Background()
	url := os.Getenv("TINYBASE_PG_URL")
	if url == "" {
		log.Fatal("genisn: set TINYBASE_PG_URL to a PostgreSQL 15 server")
	}
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close(ctx)
	var version string
	if err := conn.QueryRow(ctx, "SHOW server_version_num").Scan(&version); err != nil || !strings.HasPrefix(version, "15") {
		log.Fatalf("genisn: PostgreSQL 15 required (%s, %v)", version, err)
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		log.Fatal(err)
	}
	defer func() { _ = tx.Rollback(ctx) }()
	if _, err := tx.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS isn"); err != nil {
		log.Fatal(err)
	}
	var schema string
	if err := tx.QueryRow(ctx, "SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'isn'").Scan(&schema); err != nil {
		log.Fatal(err)
	}
	p := &prober{ctx: ctx, conn: tx, schema: strings.Trim(schema, `"`), seen: map[string]uint16{}}
	rnd := rand.New(rand.NewSource(15))
	leaves := explore(p, []string{""}, rnd)
	rs := ranges(leaves)
	for round := 1; ; round++ {
		nums := randomNumbers(rnd, *checks)
		p.masks(nums)
		redo := map[string]bool{}
		for _, n := range nums {
			if lookup(rs, n) == p.seen[n] {
				continue
			}
			// the uniform prefix holding n was not: explore it again
			for k := range leaves {
				if strings.HasPrefix(n, k) {
					redo[k] = true
					delete(leaves, k)
				}
			}
		}
		log.Printf("genisn: round %d: %d ranges, %d numbers asked, %d prefixes mispredicted", round, len(rs), p.asked, len(redo))
		if len(redo) == 0 {
			break
		}
		var start []string
		for k := range redo {
			start = append(start, k)
		}
		for k, m := range exploreDeep(p, start, rnd) {
			leaves[k] = m
		}
		rs = ranges(leaves)
	}

	var b bytes.Buffer
	b.WriteString("// Code generated by internal/genisn from PostgreSQL 15's isn module; DO NOT EDIT.\n\npackage types\n\n")
	b.WriteString("// isnHyphens are where ean13_out puts hyphens in the first twelve\n// digits: from each number (in order) to the next, bit i of the mask\n// is a hyphen after digit i.\n")
	b.WriteString("var isnHyphens = [...]isnRange{\n")
	for _, r := range rs {
		fmt.Fprintf(&b, "\t{%s, %#04x},\n", strings.TrimLeft(r.lo, "0")+map[bool]string{true: "0"}[strings.TrimLeft(r.lo, "0") == ""], r.mask)
	}
	b.WriteString("}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// exploreDeep explores prefixes again, a level deeper than before: a
// prefix that looked uniform was not.
func exploreDeep(p *prober, start []string, rnd *rand.Rand) map[string]uint16 {
	var kids []string
	for _, k := range start {
		for c := byte('0'); c <= '9' && len(k) < digits; c++ {
			kids = append(kids, k+string(c))
		}
	}
	return explore(p, kids, rnd)
}
