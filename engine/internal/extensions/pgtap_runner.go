package extensions

import (
	"context"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// tapFindFuncs is pgTAP's findfuncs(schema, pattern, exclude): the
// functions whose names match pattern and not exclude, as
// "schema.name", sorted bytewise; schema NULL means the functions on the
// search path.
func tapFindFuncs(ctx context.Context, c routine.Caller, schema *string, pattern string, exclude *string) ([]string, error) {
	q := `SELECT DISTINCT pg_catalog.quote_ident(n.nspname) || '.' || pg_catalog.quote_ident(p.proname)
	        FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON p.pronamespace = n.oid
	       WHERE p.proname ~ $1 AND ($2::text IS NULL OR p.proname !~ $2) AND `
	args := []any{pattern, nil}
	if exclude != nil {
		args[1] = *exclude
	}
	params := &routine.Params{Types: []*types.Type{types.Text, types.Text}}
	if schema != nil {
		q += "n.nspname = $3"
		args = append(args, *schema)
		params.Types = append(params.Types, types.Text)
	} else {
		q += "pg_catalog.pg_function_is_visible(p.oid)"
	}
	r, err := c.Query(ctx, q, params, args)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(r.Rows))
	for _, row := range r.Rows {
		out = append(out, row[0].(string))
	}
	sortBytewise(out) // COLLATE "C"
	return out, nil
}

func sortBytewise(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// tapCallTAP runs "SELECT * FROM fn()" and returns its rows as text.
func tapCallTAP(ctx context.Context, c routine.Caller, fn string) ([]string, error) {
	r, err := c.Query(ctx, "SELECT * FROM "+fn+"()", nil, nil)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(r.Rows))
	for _, row := range r.Rows {
		if len(row) == 0 || row[0] == nil {
			out = append(out, "")
			continue
		}
		out = append(out, types.Output(r.Columns[0].Type, row[0], c.Env()))
	}
	return out, nil
}

// tapIndent puts four spaces before every line, as pgTAP's runner
// indents a subtest's output.
func tapIndent(s string) string { return "    " + strings.ReplaceAll(s, "\n", "\n    ") }

// tapRunTests is pgTAP's runtests(schema, pattern) (its _runner):
// xUnit-style test functions, each run with the setup and teardown
// functions around it as a TAP subtest and rolled back after; the startup
// and shutdown functions run once, before and after all of them. Since
// 1.3.0 any error inside a test is reported as the test dying and the run
// goes on; in 1.2.0 only a RAISE EXCEPTION (P0001) is, and any other
// error ends runtests. 1.3.0 also stopped indenting the "Subtest:" line.
func tapRunTests(ctx context.Context, c routine.Caller, _ *catalog.Function, a []any) ([][]any, error) {
	schema := optText(a[0])
	pattern := "^test"
	if len(a) > 1 && a[1] != nil {
		pattern = a[1].(string)
	}
	find := func(p string, exclude *string) ([]string, error) { return tapFindFuncs(ctx, c, schema, p, exclude) }
	startup, err := find("^startup", nil)
	if err != nil {
		return nil, err
	}
	shutdown, err := find("^shutdown", nil)
	if err != nil {
		return nil, err
	}
	setup, err := find("^setup", nil)
	if err != nil {
		return nil, err
	}
	teardown, err := find("^teardown", nil)
	if err != nil {
		return nil, err
	}
	fixtures := "^(startup|shutdown|setup|teardown)"
	tests, err := find(pattern, &fixtures)
	if err != nil {
		return nil, err
	}
	var rows [][]any
	emit := func(s string) { rows = append(rows, []any{s}) }
	runAll := func(fns []string, wrap func(string) string) error {
		for _, fn := range fns {
			out, err := tapCallTAP(ctx, c, fn)
			if err != nil {
				return err
			}
			for _, l := range out {
				emit(wrap(l))
			}
		}
		return nil
	}
	same := func(s string) string { return s }
	if _, err := tapPlan(ctx, c, nil, []any{int32(0)}, nil); err != nil {
		return nil, err
	}
	if err := runAll(startup, same); err != nil {
		return nil, err
	}
	st, err := tapLoad(ctx, c)
	if err != nil {
		return nil, err
	}
	tfailed := st.getOr("failed", 0)
	v13 := tapV13(c)
	for _, test := range tests {
		if v13 {
			emit(tapDiag("Subtest: " + test + "()"))
		} else {
			emit("    " + tapDiag("Subtest: "+test+"()"))
		}
		tok := true
		if st, err = tapLoad(ctx, c); err != nil {
			return nil, err
		}
		tnumb := st.getOr("curr_test", 0)
		if tnumb > 0 {
			if err := tapRestartTests(ctx, c, 1); err != nil {
				return nil, err
			}
			if err := st.set(ctx, c, "curr_test", 0); err != nil {
				return nil, err
			}
			if err := st.set(ctx, c, "failed", 0); err != nil {
				return nil, err
			}
		}
		sp := c.Savepoint()
		passed, died, err := tapSubtest(ctx, setup, test, teardown, c, runAll, emit, tfailed, v13)
		if err != nil {
			c.RollbackTo(sp)
			return nil, err
		}
		// Every subtest is rolled back, whatever it did.
		c.RollbackTo(sp)
		if died != nil {
			tok = false
			emit(tapIndent(tapDiag("Test died: " + tapErrorDiag(died))))
		} else if !passed {
			tok = false
		}
		// The numbering and failures go on from before the subtest.
		if err := tapRestartTests(ctx, c, tnumb+1); err != nil {
			return nil, err
		}
		if st, err = tapLoad(ctx, c); err != nil {
			return nil, err
		}
		if err := st.set(ctx, c, "curr_test", tnumb); err != nil {
			return nil, err
		}
		if err := st.set(ctx, c, "failed", tfailed); err != nil {
			return nil, err
		}
		line, err := st.result(ctx, c, &tok, &test, nil)
		if err != nil {
			return nil, err
		}
		emit(line)
		if !tok {
			tfailed++
		}
	}
	if err := runAll(shutdown, same); err != nil {
		return nil, err
	}
	if st, err = tapLoad(ctx, c); err != nil {
		return nil, err
	}
	fin, err := tapFinishRows(st.getOr("curr_test", 0), 0, tfailed, false)
	if err != nil {
		return nil, err
	}
	for _, r := range fin {
		emit(r[0].(string))
	}
	// The runner's state is gone afterwards, as pgTAP's _cleanup() drops it.
	if err := tapDropState(ctx, c); err != nil {
		return nil, err
	}
	return rows, nil
}

// tapSubtest runs one test function with its setup and teardown and
// emits its plan and failure summary; an error pgTAP's runner catches
// (v13: any but a cancellation or a failed ASSERT, as WHEN OTHERS; 1.2.0:
// a RAISE EXCEPTION) is returned as died, any other as err.
func tapSubtest(ctx context.Context, setup []string, test string, teardown []string, c routine.Caller,
	runAll func([]string, func(string) string) error, emit func(string), tfailed int, v13 bool) (passed bool, died *pgerror.Error, err error) {
	fail := func(e error) (bool, *pgerror.Error, error) {
		pe, ok := pgerror.As(e)
		if ok && (pe.Code == "P0001" || v13 && pe.Code != pgerror.QueryCanceled && pe.Code != "P0004") {
			// caught in pgTAP's _runner, inside its loop over the test's rows
			d := *pe
			where := "PL/pgSQL function _runner(text[],text[],text[],text[],text[]) line 62 at FOR over EXECUTE statement"
			if d.Where != "" {
				where = d.Where + "\n" + where
			}
			d.Where = tapWithOuterContext(c, where)
			return false, &d, nil
		}
		return false, nil, e
	}
	if err := runAll(setup, tapIndent); err != nil {
		return fail(err)
	}
	if err := runAll([]string{test}, tapIndent); err != nil {
		return fail(err)
	}
	if err := runAll(teardown, tapIndent); err != nil {
		return fail(err)
	}
	st, err := tapLoad(ctx, c)
	if err != nil {
		return false, nil, err
	}
	fnumb := st.getOr("curr_test", 0)
	emit("    1.." + strconv.Itoa(fnumb))
	if fnumb == 0 {
		emit("    # No tests run!")
		return false, nil, nil
	}
	if ffailed := st.getOr("failed", 0); ffailed > 0 {
		// pgTAP 1.2.0 chooses the plural by the failures before this
		// subtest, 1.3.0 by this subtest's.
		n := tfailed
		if v13 {
			n = ffailed
		}
		emit("    " + tapDiag("Looks like you failed "+strconv.Itoa(ffailed)+" test"+plural(n)+" of "+strconv.Itoa(fnumb)))
		return false, nil, nil
	}
	return true, nil, nil
}

// tapIntersect is a INTERSECT b (INTERSECT ALL when bag), in a's order.
func tapIntersect(a, b []string, bag bool) []string {
	count := map[string]int{}
	for _, r := range b {
		count[r]++
	}
	seen := map[string]bool{}
	var out []string
	for _, r := range a {
		if count[r] == 0 || !bag && seen[r] {
			continue
		}
		if bag {
			count[r]--
		}
		seen[r] = true
		out = append(out, r)
	}
	return out
}

// tapRowEq is row_eq(query, row, description): the query's first
// row (NULL when it returns none) against the wanted row.
func tapRowEq(ctx context.Context, c routine.Caller, a []any) (any, error) {
	if a[0] == nil {
		return nil, errNullQuery()
	}
	have, err := tapRun(ctx, c, a[0].(string))
	if err != nil {
		return nil, err
	}
	h := "NULL"
	if len(have.rows) > 0 {
		h = have.rows[0]
	}
	w := "NULL"
	if a[1] != nil {
		w = types.Output(types.Record, a[1], c.Env())
	}
	var descr *string
	if len(a) > 2 {
		descr = optText(a[2])
	}
	ok := len(have.rows) > 0 && a[1] != nil && h == w || len(have.rows) == 0 && a[1] == nil
	if ok {
		return tapResult(ctx, c, &ok, descr, nil)
	}
	d := "        have: " + h + "\n        want: " + w
	return tapResult(ctx, c, &ok, descr, &d)
}

// tapFindFuncsSQL is findfuncs(schema, pattern, exclude).
func tapFindFuncsSQL(ctx context.Context, c routine.Caller, a []any) (any, error) {
	if a[1] == nil {
		return nil, nil
	}
	names, err := tapFindFuncs(ctx, c, optText(a[0]), a[1].(string), optText(a[2]))
	if err != nil {
		return nil, err
	}
	vals := make([]any, len(names))
	for i, n := range names {
		vals[i] = n
	}
	return types.NewArray(types.Text, vals), nil
}

// tapDoTap is do_tap(schema, pattern): every matching function's TAP, each
// after a diagnostic naming it unless client_min_messages hides notices
// (pgTAP's _is_verbose).
func tapDoTap(ctx context.Context, c routine.Caller, _ *catalog.Function, a []any) ([][]any, error) {
	pattern := "^test"
	if a[1] != nil {
		pattern = a[1].(string)
	}
	fns, err := tapFindFuncs(ctx, c, optText(a[0]), pattern, nil)
	if err != nil {
		return nil, err
	}
	level, _ := c.Setting("client_min_messages")
	verbose := true
	switch strings.ToLower(level) {
	case "warning", "error", "fatal", "panic":
		verbose = false
	}
	var rows [][]any
	for _, fn := range fns {
		if verbose {
			rows = append(rows, []any{tapDiag(fn + "()")})
		}
		out, err := tapCallTAP(ctx, c, fn)
		if err != nil {
			return nil, err
		}
		for _, l := range out {
			rows = append(rows, []any{l})
		}
	}
	return rows, nil
}

// tapIsRecord is is(row, row, description) and, with not set,
// isnt(row, row, description): rows compared by their text forms (IS NOT
// DISTINCT FROM), diagnostics as is() and isnt() print them.
func tapIsRecord(not bool) func(ctx context.Context, c routine.Caller, a []any) (any, error) {
	return func(ctx context.Context, c routine.Caller, a []any) (any, error) {
		text := func(v any) string {
			if v == nil {
				return "NULL"
			}
			return types.Output(types.Record, v, c.Env())
		}
		have, want := text(a[0]), text(a[1])
		var descr *string
		if len(a) > 2 {
			descr = optText(a[2])
		}
		same := have == want && (a[0] == nil) == (a[1] == nil)
		if not {
			ok := !same
			d := "        have: " + have + "\n        want: anything else"
			return tapResult(ctx, c, &ok, descr, &d)
		}
		d := "        have: " + have + "\n        want: " + want
		return tapResult(ctx, c, &same, descr, &d)
	}
}

// tapGetCounter is pgTAP's _get(label): the value of the label's row in
// __tcache__, NULL when there is none.
func tapGetCounter(ctx context.Context, c routine.Caller, a []any) (any, error) {
	s, err := tapLoad(ctx, c)
	if err != nil {
		return nil, err
	}
	if !s.exists {
		return nil, s.missing
	}
	return tapCounterValue(s.get(a[0].(string))), nil
}

// tapSetCounter is pgTAP's _set(label, value): the value.
func tapSetCounter(ctx context.Context, c routine.Caller, a []any) (any, error) {
	if a[0] == nil {
		return nil, nil
	}
	s, err := tapLoad(ctx, c)
	if err != nil {
		return nil, err
	}
	if !s.exists {
		return nil, s.missing
	}
	if a[1] == nil {
		// pgTAP's _set builds its UPDATE by concatenation: NULL
		return nil, errNullQuery()
	}
	if err := s.set(ctx, c, a[0].(string), int(a[1].(int32))); err != nil {
		return nil, err
	}
	return a[1], nil
}
