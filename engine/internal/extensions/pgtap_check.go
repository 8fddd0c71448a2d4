package extensions

import (
	"context"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
)

var tapDescrRe = regexp.MustCompile(`(?:not )?ok [0-9]+ - ([^\n]+)`)

// runeSub is PostgreSQL's substring(s FROM k): from the k-th character
// (1-based).
func runeSub(s string, k int) string {
	r := []rune(s)
	if k < 1 {
		k = 1
	}
	if k > len(r) {
		return ""
	}
	return string(r[k-1:])
}

// tapCheckTest is pgTAP's check_test(have, pass, name, description,
// diagnostics, match): it takes back the test that produced have and
// reports, as up to three tests of their own, whether it passed as
// expected and printed the expected description and diagnostics.
func tapCheckTest(ctx context.Context, c routine.Caller, _ *catalog.Function, a []any, _ *routine.TriggerData) (routine.Result, error) {
	have := ""
	if a[0] != nil {
		have = a[0].(string)
	}
	eok := a[1] == true
	name, edescr, ediag := optText(a[2]), optText(a[3]), optText(a[4])
	matchit := len(a) > 5 && a[5] == true

	aok := strings.HasPrefix(have, "ok")
	adescr := ""
	if m := tapDescrRe.FindStringSubmatch(have); m != nil {
		adescr = m[1]
	}
	// The test that produced have is taken back: its number is the next
	// test's, and its failure is no longer counted.
	st, err := tapLoad(ctx, c)
	if err != nil {
		return routine.Result{}, err
	}
	if !st.exists {
		return routine.Result{}, st.missing
	}
	tnumb := st.getOr("curr_test", 0)
	if err := tapRestartTests(ctx, c, tnumb); err != nil {
		return routine.Result{}, err
	}
	if !aok {
		if err := st.set(ctx, c, "failed", st.getOr("failed", 0)-1); err != nil {
			return routine.Result{}, err
		}
	}
	descr := "Test should "
	if name != nil {
		descr = *name + " should "
	}
	var rows [][]any
	is := func(h, w, d string) error {
		ok := h == w
		diag := "        have: " + h + "\n        want: " + w
		l, err := tapResult(ctx, c, &ok, &d, &diag)
		rows = append(rows, []any{l})
		return err
	}
	boolText := func(b bool) string {
		if b {
			return "true"
		}
		return "false"
	}
	verb := "fail"
	if eok {
		verb = "pass"
	}
	if err := is(boolText(aok), boolText(eok), descr+verb); err != nil {
		return routine.Result{}, err
	}
	if edescr != nil {
		if err := is(adescr, *edescr, descr+"have the proper description"); err != nil {
			return routine.Result{}, err
		}
	}
	if ediag != nil {
		start := 9
		if aok {
			start = 4
		}
		adiag := runeSub(have, start+len(strconv.Itoa(tnumb)))
		if adescr != "" {
			adiag = runeSub(adiag, 1+len([]rune(" - "+tapDiag(adescr)[2:])))
		}
		if !aok {
			msg := "Failed test " + strconv.Itoa(tnumb)
			if adescr != "" {
				msg += ": \"" + adescr + "\""
			}
			adiag = runeSub(adiag, 1+len([]rune(tapDiag(msg))))
		}
		if *ediag != "" {
			adiag = runeSub(adiag, 2)
		}
		adiag = strings.ReplaceAll(runeSub(adiag, 3), "\n# ", "\n")
		d := descr + "have the proper diagnostics"
		if matchit {
			re, err := regexp.Compile(*ediag)
			ok := err == nil && re.MatchString(adiag)
			diag := "                  " + quoteLiteral(adiag) + "\n   doesn't match: " + quoteLiteral(*ediag)
			l, err := tapResult(ctx, c, &ok, &d, &diag)
			if err != nil {
				return routine.Result{}, err
			}
			rows = append(rows, []any{l})
		} else if err := is(adiag, *ediag, d); err != nil {
			return routine.Result{}, err
		}
	}
	return routine.Result{Rows: rows}, nil
}

// tapPerformsOK is performs_ok(sql, milliseconds, description): the
// statement runs once and must take less than the limit.
func tapPerformsOK(ctx context.Context, c routine.Caller, a []any) (any, error) {
	if a[0] == nil || a[1] == nil {
		return nil, errNullQuery()
	}
	q, limit, descr := a[0].(string), a[1].(string), optText(a[2])
	max, err := strconv.ParseFloat(limit, 64)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if _, err := c.Query(ctx, tapQuery(q), nil, nil); err != nil {
		return nil, err
	}
	ms := float64(time.Since(start).Microseconds()) / 1000
	ok := ms < max
	if ok {
		return tapResult(ctx, c, &ok, descr, nil)
	}
	d := "      runtime: " + strconv.FormatFloat(ms, 'f', 3, 64) + " ms\n      exceeds: " + limit + " ms"
	return tapResult(ctx, c, &ok, descr, &d)
}

// tapPerformsWithin is performs_within(query, average, within, iterations,
// description): the query runs iterations times; the slowest fifth of the
// runs is left out (warm-up and noise) and the others' average runtime
// must be within `within` ms of `average`.
func tapPerformsWithin(ctx context.Context, c routine.Caller, a []any) (any, error) {
	if a[0] == nil {
		return nil, errNullQuery()
	}
	q, avgText, withinText, descr := a[0].(string), optText(a[1]), optText(a[2]), optText(a[4])
	if avgText == nil || withinText == nil || a[3] == nil {
		return nil, nil
	}
	want, err := strconv.ParseFloat(*avgText, 64)
	if err != nil {
		return nil, err
	}
	within, err := strconv.ParseFloat(*withinText, 64)
	if err != nil {
		return nil, err
	}
	n := int(a[3].(int32))
	if n < 1 {
		n = 1
	}
	runs := make([]float64, 0, n)
	for i := 0; i < n; i++ {
		start := time.Now()
		if _, err := c.Query(ctx, tapQuery(q), nil, nil); err != nil {
			return nil, err
		}
		runs = append(runs, float64(time.Since(start).Nanoseconds())/1e6) // a cached statement can take under 1 µs
	}
	sort.Float64s(runs)
	keep := max(1, n*4/5)
	sum := 0.0
	for _, r := range runs[:keep] {
		sum += r
	}
	got := sum / float64(keep)
	ok := math.Abs(got-want) < within
	if ok {
		return tapResult(ctx, c, &ok, descr, nil)
	}
	d := " average runtime: " + strconv.FormatFloat(got, 'f', -1, 64) + " ms\n desired average: " + *avgText + " +/- " + *withinText + " ms"
	return tapResult(ctx, c, &ok, descr, &d)
}
