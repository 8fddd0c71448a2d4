package extensions

import (
	"context"
	_ "embed"
	"regexp"
	"runtime"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

//go:embed pgtap.sql
var pgtapScript string

//go:embed pgtap_schema.sql
var pgtapSchemaScript string

//go:embed pgtap_more.sql
var pgtapMoreScript string

//go:embed pgtap_inherit.sql
var pgtapInheritScript string

//go:embed pgtap_funcs.sql
var pgtapFuncsScript string

//go:embed pgtap_owner.sql
var pgtapOwnerScript string

//go:embed pgtap_has.sql
var pgtapHasScript string

//go:embed pgtap_privs.sql
var pgtapPrivsScript string

//go:embed pgtap_rules.sql
var pgtapRulesScript string

//go:embed pgtap_are.sql
var pgtapAreHelpers string

// pgtap stands in for pgTAP (pgtap.org), the unit-testing framework
// `supabase test db` runs: SQL functions returning TAP lines. The
// script (pgtap.sql) declares pgTAP's API; the bookkeeping (plan, test
// numbers, failures, TODO blocks) and everything that runs a query given
// as text (results_eq, set_eq, throws_ok, lives_ok…) is Go, below. The
// polymorphic signatures pgTAP declares with anyelement are one overload
// per common type (pgtap_types.go), because user functions here have no
// polymorphic arguments.
func pgtap() *Extension {
	return &Extension{
		Name:          "pgtap",
		Version:       "1.3.3",
		ScriptVersion: "1.2.0",
		Updates:       []Update{{From: "1.2.0", To: "1.3.3", Script: pgtap13Script}},
		Comment:       "Unit testing for PostgreSQL",
		Relocatable:   true,
		Script:        pgtapBodiesUnchecked + pgtapScript + pgtapOverloads() + pgtapSchemaScript + pgtapMoreScript + pgtapInheritScript + pgtapFuncsScript + pgtapOwnerScript + pgtapFunctionScript() + pgtapRelkindScript() + pgtapHasScript + pgtapPrivsScript + pgtapRulesScript + pgtapAreScript() + pgtapBodiesRestored,
		Funcs: map[string]Func{
			"tap_plan":            tapPlan,
			"tap_no_plan":         tapNoPlan,
			"tap_finish":          tapFinish,
			"tap_ok":              ScalarC(tapOK),
			"tap_diag":            Scalar(func(a []any) (any, error) { return tapDiag(a[0].(string)), nil }),
			"tap_todo":            tapNoRows(tapTodo),
			"tap_todo_end":        tapNoRows(tapTodoEnd),
			"tap_in_todo":         ScalarC(tapInTodo),
			"tap_skip":            ScalarC(tapSkip),
			"tap_num_failed":      ScalarC(tapNumFailed),
			"tap_results":         ScalarC(tapResults),
			"tap_throws":          ScalarC(tapThrows),
			"tap_cmp_ok":          ScalarC(tapCmpOK),
			"tap_check_test":      tapCheckTest,
			"tap_performs_ok":     ScalarC(tapPerformsOK),
			"tap_performs_within": ScalarC(tapPerformsWithin),
			"tap_row_eq":          ScalarC(tapRowEq),
			"tap_runtests":        Rows(tapRunTests),
			"tap_findfuncs":       ScalarC(tapFindFuncsSQL),
			"tap_do_tap":          Rows(tapDoTap),
			"tap_is_record":       ScalarC(tapIsRecord(false)),
			"tap_get":             ScalarC(tapGetCounter),
			"tap_set":             ScalarC(tapSetCounter),
			"tap_isnt_record":     ScalarC(tapIsRecord(true)),
			"tap_temptable":       ScalarC(tapTempTable),
			"tap_def_is":          ScalarC(tapDefIs),
			"tap_os_name":         Scalar(func([]any) (any, error) { return runtime.GOOS, nil }),
			"tap_v13":             ScalarC(tapIsV13),
			"tap_type":            ScalarC(tapType),
			"tap_retval":          ScalarC(tapRetval),
		},
	}
}

// tapNoRows adapts a function run for its effect to one returning SETOF
// boolean with no rows, as pgTAP's todo() and todo_end() do.
func tapNoRows(f func(ctx context.Context, c routine.Caller, a []any) (any, error)) Func {
	return Rows(func(ctx context.Context, c routine.Caller, _ *catalog.Function, a []any) ([][]any, error) {
		_, err := f(ctx, c, a)
		return [][]any{}, err
	})
}

// The script's ~500 SQL bodies are checked by this package's tests, not
// at every CREATE EXTENSION (it runs once per `tinybase test db`):
// check_function_bodies is off while the script runs and then back to the
// session's value, as PostgreSQL restores settings an extension script
// changes.
const (
	pgtapBodiesUnchecked = "SELECT pg_catalog.set_config('pgtap_state.check_function_bodies', pg_catalog.current_setting('check_function_bodies'), true);\n" +
		"SET LOCAL check_function_bodies = off;\n"
	pgtapBodiesRestored = "SELECT pg_catalog.set_config('check_function_bodies', pg_catalog.current_setting('pgtap_state.check_function_bodies'), true);\n"
)

// errNullQuery is PL/pgSQL's error for EXECUTE of a NULL string, which
// pgTAP's functions raise when given a NULL query.
func errNullQuery() error {
	return pgerror.New("22004", "query string argument of EXECUTE is null")
}

func tapRaise(msg string) error { return pgerror.New("P0001", "%s", msg) }

func tapPlan(ctx context.Context, c routine.Caller, _ *catalog.Function, args []any, _ *routine.TriggerData) (routine.Result, error) {
	n := int(args[0].(int32))
	if _, err := tapPlanState(ctx, c, n); err != nil { // pgtap_state.go
		return routine.Result{}, err
	}
	return routine.Result{Value: "1.." + strconv.Itoa(n)}, nil
}

func tapNoPlan(ctx context.Context, c routine.Caller, fn *catalog.Function, _ []any, tg *routine.TriggerData) (routine.Result, error) {
	if _, err := tapPlan(ctx, c, fn, []any{int32(0)}, tg); err != nil {
		return routine.Result{}, err
	}
	return routine.Result{Rows: [][]any{}}, nil
}

// tapFinish is pgTAP's finish(): the plan line of a no_plan() run and the
// "Looks like…" diagnostics.
func tapFinish(ctx context.Context, c routine.Caller, _ *catalog.Function, args []any, _ *routine.TriggerData) (routine.Result, error) {
	s, err := tapLoad(ctx, c)
	if err != nil {
		return routine.Result{}, err
	}
	if !s.exists {
		return routine.Result{}, s.missing
	}
	curr, ok := s.get("curr_test")
	if !ok {
		return routine.Result{}, tapRaise("# No tests run!")
	}
	rows, err := tapFinishRows(curr, s.getOr("plan", 0), s.getOr("failed", 0), len(args) > 0 && args[0] == true)
	return routine.Result{Rows: rows}, err
}

// tapFinishRows is pgTAP's _finish(tests run, tests planned, failures,
// raise).
func tapFinishRows(curr, plan, failed int, raise bool) ([][]any, error) {
	var rows [][]any
	if plan <= 0 {
		plan = curr
		rows = append(rows, []any{"1.." + strconv.Itoa(plan)})
	}
	switch {
	case curr != plan:
		rows = append(rows, []any{tapDiag("Looks like you planned " + strconv.Itoa(plan) + " test" + plural(plan) + " but ran " + strconv.Itoa(curr))})
	case failed > 0:
		if raise {
			return nil, tapRaise(strconv.Itoa(failed) + " test" + plural(failed) + " failed of " + strconv.Itoa(plan))
		}
		rows = append(rows, []any{tapDiag("Looks like you failed " + strconv.Itoa(failed) + " test" + plural(failed) + " of " + strconv.Itoa(plan))})
	}
	return rows, nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// tapDiag prefixes every line with "# ", as pgTAP's diag() does.
func tapDiag(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n# ")
	s = strings.ReplaceAll(s, "\n", "\n# ")
	s = strings.ReplaceAll(s, "\r", "\n# ")
	return "# " + s
}

// tapTodo is pgTAP's _add('todo', n, why): a TODO block of n tests (-1:
// until todo_end()).
func tapTodo(ctx context.Context, c routine.Caller, a []any) (any, error) {
	n := -1
	if a[0] != nil {
		n = int(a[0].(int32))
	}
	why := ""
	if a[1] != nil {
		why = a[1].(string)
	}
	s, err := tapLoad(ctx, c)
	if err != nil {
		return nil, err
	}
	if !s.exists {
		return nil, s.missing
	}
	return nil, s.add(ctx, c, "todo", n, why)
}

// tapTodoEnd closes the innermost todo_start() block.
func tapTodoEnd(ctx context.Context, c routine.Caller, _ []any) (any, error) {
	s, err := tapLoad(ctx, c)
	if err != nil {
		return nil, err
	}
	if !s.exists {
		return nil, s.missing
	}
	open := -1
	if t, ok := s.latest("todo", &open); ok {
		return nil, s.deleteID(ctx, c, t.id)
	}
	e := pgerror.New("P0001", "todo_end() called without todo_start()")
	e.Where = "PL/pgSQL function todo_end() line 7 at RAISE" // where pgTAP's todo_end raises it
	return nil, e
}

// tapInTodo is in_todo(): whether a TODO block is open.
func tapInTodo(ctx context.Context, c routine.Caller, _ []any) (any, error) {
	s, err := tapLoad(ctx, c)
	if err != nil {
		return nil, err
	}
	if !s.exists {
		return nil, s.missing
	}
	_, ok := s.get("todo")
	return ok, nil
}

// tapNumFailed is num_failed(): the failures so far, NULL before plan().
func tapNumFailed(ctx context.Context, c routine.Caller, _ []any) (any, error) {
	s, err := tapLoad(ctx, c)
	if err != nil {
		return nil, err
	}
	if !s.exists {
		return nil, s.missing
	}
	return tapCounterValue(s.get("failed")), nil
}

// tapResult records one test and returns its TAP line: ok(aok, descr)
// plus, for a failure, diagnostic lines.
func tapResult(ctx context.Context, c routine.Caller, aok *bool, descr *string, diag *string) (string, error) {
	s, err := tapLoad(ctx, c)
	if err != nil {
		return "", err
	}
	return s.result(ctx, c, aok, descr, diag)
}

// result is tapResult on a state already read.
func (s *tapState) result(ctx context.Context, c routine.Caller, aok *bool, descr *string, diag *string) (string, error) {
	noPlan := tapRaise("You tried to run a test without a plan! Gotta have a plan")
	if !s.exists {
		return "", noPlan
	}
	todoWhy, err := s.todoWhy(ctx, c)
	if err != nil {
		return "", err
	}
	if _, ok := s.get("plan"); !ok {
		return "", noPlan
	}
	passed := aok != nil && *aok
	curr, err := tapNextTest(ctx, c)
	if err != nil {
		return "", err
	}
	if !passed && todoWhy == nil {
		if err := s.set(ctx, c, "failed", s.getOr("failed", 0)+1); err != nil {
			return "", err
		}
	}
	if err := s.set(ctx, c, "curr_test", curr); err != nil {
		return "", err
	}
	var b strings.Builder
	if !passed {
		b.WriteString("not ")
	}
	b.WriteString("ok " + strconv.Itoa(curr))
	if descr != nil && *descr != "" {
		b.WriteString(" - " + tapDiag(*descr)[2:])
	}
	if todoWhy != nil {
		b.WriteString(" " + tapDiag("TODO "+*todoWhy))
	}
	if !passed {
		msg := "Failed "
		if todoWhy != nil {
			msg += "(TODO) "
		}
		msg += "test " + strconv.Itoa(curr)
		if descr != nil && *descr != "" {
			msg += ": \"" + *descr + "\""
		}
		b.WriteString("\n" + tapDiag(msg))
		if aok == nil {
			b.WriteString("\n" + tapDiag("    (test result was NULL)"))
		}
		if diag != nil {
			b.WriteString("\n" + tapDiag(*diag))
		}
	}
	return b.String(), nil
}

func optText(v any) *string {
	if v == nil {
		return nil
	}
	s := v.(string)
	return &s
}

func optBool(v any) *bool {
	if v == nil {
		return nil
	}
	b := v.(bool)
	return &b
}

// tapOK is ok(result, description, diagnostics-on-failure).
func tapOK(ctx context.Context, c routine.Caller, a []any) (any, error) {
	var diag *string
	if len(a) > 2 {
		diag = optText(a[2])
	}
	return tapResult(ctx, c, optBool(a[0]), optText(a[1]), diag)
}

// tapSkip is skip(why, how_many): passing tests marked "# SKIP".
func tapSkip(ctx context.Context, c routine.Caller, a []any) (any, error) {
	n := 1
	if a[1] != nil {
		n = int(a[1].(int32))
	}
	suffix := "SKIP"
	if a[0] != nil {
		suffix += " " + a[0].(string)
	}
	var lines []string
	yes := true
	for i := 0; i < n; i++ {
		l, err := tapResult(ctx, c, &yes, nil, nil)
		if err != nil {
			return nil, err
		}
		lines = append(lines, l+" "+tapDiag(suffix))
	}
	return strings.Join(lines, "\n"), nil
}

// tapQuery is pgTAP's _query: a bare word (or a quoted name) is the name
// of a prepared statement.
func tapQuery(q string) string {
	if strings.HasPrefix(q, "\"") || !strings.ContainsAny(q, " \t\n\r\f\v") {
		return "EXECUTE " + q
	}
	return q
}

// tapRows runs a query in a savepoint-free way and renders each row as
// PostgreSQL's record text (rec::text).
type tapRowSet struct {
	types []*types.Type
	rows  []string
}

func tapRun(ctx context.Context, c routine.Caller, q string) (*tapRowSet, error) {
	r, err := c.Query(ctx, tapQuery(q), nil, nil)
	if err != nil {
		return nil, err
	}
	rs := &tapRowSet{}
	for _, col := range r.Columns {
		rs.types = append(rs.types, col.Type)
	}
	env := c.Env()
	for _, row := range r.Rows {
		rs.rows = append(rs.rows, types.Output(nil, &types.RecordVal{Types: rs.types, Vals: row}, env))
	}
	return rs, nil
}

// tapSameShape reports whether two results could be compared as records:
// the same number of columns of the same types.
func tapSameShape(a, b *tapRowSet) bool {
	if len(a.types) != len(b.types) {
		return false
	}
	for i := range a.types {
		if a.types[i] != nil && b.types[i] != nil && a.types[i].OID != b.types[i].OID {
			return false
		}
	}
	return true
}

func tapTypeList(ts []*types.Type) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		if t != nil {
			s[i] = t.FormatType()
		}
	}
	return strings.Join(s, ",")
}

// tapResults implements the assertions comparing query results: kind is
// results_eq, results_ne, set_eq, set_ne, bag_eq, bag_ne, is_empty or
// isnt_empty; want is a query (nil for the *_empty kinds).
func tapResults(ctx context.Context, c routine.Caller, a []any) (any, error) {
	if a[1] == nil || (a[2] == nil && !strings.HasSuffix(a[0].(string), "_empty")) {
		return nil, errNullQuery()
	}
	kind := a[0].(string)
	descr := optText(a[3])
	have, err := tapRun(ctx, c, a[1].(string))
	if err != nil {
		return nil, err
	}
	yes, no := true, false
	report := func(ok bool, diag string) (any, error) {
		if ok {
			return tapResult(ctx, c, &yes, descr, nil)
		}
		if diag == "" {
			return tapResult(ctx, c, &no, descr, nil)
		}
		return tapResult(ctx, c, &no, descr, &diag)
	}
	switch kind {
	case "is_empty":
		if len(have.rows) == 0 {
			return report(true, "")
		}
		return report(false, "    Unexpected records:\n        "+strings.Join(have.rows, "\n        "))
	case "isnt_empty":
		return report(len(have.rows) > 0, "")
	}
	want, err := tapRun(ctx, c, a[2].(string))
	if err != nil {
		return nil, err
	}
	switch kind {
	case "results_eq", "results_ne":
		if !tapSameShape(have, want) {
			// PostgreSQL cannot compare the records (42804); results_eq
			// and results_ne both report the first rows and the error.
			d := "    Number of columns or their types differ between the queries"
			if len(have.rows) > 0 && len(want.rows) > 0 && have.rows[0] != want.rows[0] {
				d += ":\n        have: " + have.rows[0] + "\n        want: " + want.rows[0]
			}
			return report(false, d+"\n        ERROR: "+tapRecordMismatch(have.types, want.types))
		}
		n := max(len(have.rows), len(want.rows))
		for i := 0; i < n; i++ {
			h, w := "NULL", "NULL"
			if i < len(have.rows) {
				h = have.rows[i]
			}
			if i < len(want.rows) {
				w = want.rows[i]
			}
			if h != w || i >= len(have.rows) || i >= len(want.rows) {
				if kind == "results_ne" {
					return report(true, "")
				}
				return report(false, "    Results differ beginning at row "+strconv.Itoa(i+1)+":\n        have: "+h+"\n        want: "+w)
			}
		}
		if kind == "results_ne" {
			return report(false, "")
		}
		return report(true, "")
	}
	if !tapSameShape(have, want) {
		return report(false, "    Columns differ between queries:\n        have: ("+tapTypeList(have.types)+")\n        want: ("+tapTypeList(want.types)+")")
	}
	bag := strings.HasPrefix(kind, "bag")
	switch kind {
	case "set_has", "bag_has":
		if missing := tapExcept(want.rows, have.rows, bag); len(missing) > 0 {
			return report(false, "    Missing records:\n        "+strings.Join(missing, "\n        "))
		}
		return report(true, "")
	case "set_hasnt", "bag_hasnt":
		if extra := tapIntersect(want.rows, have.rows, bag); len(extra) > 0 {
			return report(false, "    Extra records:\n        "+strings.Join(extra, "\n        "))
		}
		return report(true, "")
	}
	extras, missing := tapExcept(have.rows, want.rows, bag), tapExcept(want.rows, have.rows, bag)
	if strings.HasSuffix(kind, "_ne") {
		return report(len(extras) > 0 || len(missing) > 0, "")
	}
	var d []string
	if len(extras) > 0 {
		d = append(d, "    Extra records:\n        "+strings.Join(extras, "\n        "))
	}
	if len(missing) > 0 {
		d = append(d, "    Missing records:\n        "+strings.Join(missing, "\n        "))
	}
	if len(d) == 0 {
		return report(true, "")
	}
	// Each block is its own diag() in pgTAP.
	return report(false, strings.Join(d, "\n"))
}

// tapRecordMismatch is PostgreSQL's error comparing rows of two shapes
// (record_eq).
func tapRecordMismatch(a, b []*types.Type) string {
	if len(a) != len(b) {
		return "cannot compare record types with different numbers of columns"
	}
	for i := range a {
		if a[i].OID != b[i].OID {
			return "cannot compare dissimilar column types " + a[i].FormatType() + " and " + b[i].FormatType() + " at record column " + strconv.Itoa(i+1)
		}
	}
	return ""
}

// tapExcept is a EXCEPT b (EXCEPT ALL when bag), in a's order.
func tapExcept(a, b []string, bag bool) []string {
	count := map[string]int{}
	for _, r := range b {
		count[r]++
	}
	seen := map[string]bool{}
	var out []string
	for _, r := range a {
		if bag {
			if count[r] > 0 {
				count[r]--
				continue
			}
			out = append(out, r)
			continue
		}
		if count[r] > 0 || seen[r] {
			continue
		}
		seen[r] = true
		out = append(out, r)
	}
	return out
}

// tapThrows runs a statement that should (throws_*) or should not
// (lives_ok) raise: kind is throws_ok, throws_like, throws_ilike,
// throws_matching, throws_imatching or lives_ok; code and msg are what
// throws_ok expects, pattern what the others match.
func tapThrows(ctx context.Context, c routine.Caller, a []any) (any, error) {
	if a[1] == nil {
		return nil, errNullQuery()
	}
	kind, q := a[0].(string), a[1].(string)
	code, msg, descr := optText(a[2]), optText(a[3]), optText(a[4])
	// throws_ok(sql, x, y) and throws_ok(sql, x): x is an SQLSTATE when it
	// is five bytes long, otherwise the message (and y the description).
	switch kind {
	case "throws_ok/3":
		if code != nil && len(*code) != 5 {
			code, msg, descr = nil, code, msg
		}
		kind = "throws_ok"
	case "throws_ok/2":
		if code != nil && len(*code) != 5 {
			code, msg = nil, code
		}
		kind = "throws_ok"
	}
	sp := c.Savepoint()
	_, qerr := c.Query(ctx, tapQuery(q), nil, nil)
	if qerr != nil {
		if ctx.Err() != nil {
			return nil, qerr
		}
		c.RollbackTo(sp)
	} else {
		c.Release(sp)
	}
	yes, no := true, false
	var pe *pgerror.Error
	if qerr != nil {
		var ok bool
		if pe, ok = pgerror.As(qerr); !ok {
			return nil, qerr
		}
	}
	switch kind {
	case "lives_ok":
		if pe == nil {
			return tapResult(ctx, c, &yes, descr, nil)
		}
		// The context PostgreSQL gives the error: where pgTAP's lives_ok
		// EXECUTEs the statement.
		where := "SQL statement \"" + tapQuery(q) + "\"\nPL/pgSQL function lives_ok(text,text) line 14 at EXECUTE"
		if pe.Where != "" {
			where = pe.Where + "\n" + where
		}
		e := *pe
		e.Where = tapWithOuterContext(c, where)
		d := "    died: " + tapErrorDiag(&e)
		return tapResult(ctx, c, &no, descr, &d)
	case "throws_ok":
		if descr == nil {
			var s string
			switch {
			case code != nil && msg != nil:
				s = "threw " + *code + ": " + *msg
			case code != nil:
				s = "threw " + *code
			case msg != nil:
				s = "threw " + *msg
			default:
				s = "threw an exception"
			}
			descr = &s
		}
		want := "an exception"
		if code != nil {
			want = *code
		}
		if pe == nil {
			d := "      caught: no exception\n      wanted: " + want
			return tapResult(ctx, c, &no, descr, &d)
		}
		if (code == nil || pe.Code == *code) && (msg == nil || pe.Message == *msg) {
			return tapResult(ctx, c, &yes, descr, nil)
		}
		if msg != nil {
			want += ": " + *msg
		}
		d := "      caught: " + pe.Code + ": " + pe.Message + "\n      wanted: " + want
		return tapResult(ctx, c, &no, descr, &d)
	}
	// throws_like and friends: msg is the pattern.
	if pe == nil {
		d := "    no exception thrown"
		return tapResult(ctx, c, &no, descr, &d)
	}
	pat := ""
	if msg != nil {
		pat = *msg
	}
	var ok bool
	switch kind {
	case "throws_like", "throws_ilike":
		ok = tapLike(pe.Message, pat, kind == "throws_ilike")
	case "throws_matching", "throws_imatching":
		rx := pat
		if kind == "throws_imatching" {
			rx = "(?i)" + rx
		}
		re, err := regexp.Compile(rx)
		if err != nil {
			return nil, pgerror.New("2201B", "invalid regular expression: %s", err.Error())
		}
		ok = re.MatchString(pe.Message)
	}
	if ok {
		return tapResult(ctx, c, &yes, descr, nil)
	}
	d := "   error message: " + quoteLiteral(pe.Message) + "\n   doesn't match: " + quoteLiteral(pat)
	return tapResult(ctx, c, &no, descr, &d)
}

// tapWithOuterContext appends the context of the routines calling c to
// where, as PostgreSQL's context of an error caught in a PL/pgSQL
// function lists every frame on the stack.
func tapWithOuterContext(c routine.Caller, where string) string {
	oc, ok := c.(interface{ OuterContext() string })
	if !ok {
		return where
	}
	if outer := oc.OuterContext(); outer != "" {
		if where != "" {
			where += "\n"
		}
		where += outer
	}
	return where
}

// tapErrorDiag is pgTAP's _error_diag: the error with its fields.
func tapErrorDiag(e *pgerror.Error) string {
	s := e.Code + ": " + e.Message
	add := func(label, v string) {
		if v != "" {
			s += "\n        " + label + v
		}
	}
	add("DETAIL:     ", e.Detail)
	add("HINT:       ", e.Hint)
	add("SCHEMA:     ", e.Schema)
	add("TABLE:      ", e.Table)
	add("COLUMN:     ", e.Column)
	add("CONSTRAINT: ", e.Constraint)
	add("TYPE:       ", e.DataType)
	if e.Where != "" {
		s += "\n        CONTEXT:\n            " + strings.ReplaceAll(e.Where, "\n", "\n            ")
	}
	return s
}

// quoteLiteral is quote_literal(): E” when the value holds a backslash.
func quoteLiteral(s string) string {
	q := "'" + strings.ReplaceAll(s, "'", "''") + "'"
	if strings.Contains(s, `\`) {
		return "E" + strings.ReplaceAll(q, `\`, `\\`)
	}
	return q
}

// tapCmpOK is cmp_ok(have, op, want, description) over values given as
// text with their type's name.
func tapCmpOK(ctx context.Context, c routine.Caller, a []any) (any, error) {
	if a[1] == nil {
		return nil, pgerror.New(pgerror.SyntaxError, "syntax error at or near \"NULL\"")
	}
	have, op, want, typ, descr := optText(a[0]), a[1].(string), optText(a[2]), a[3].(string), optText(a[4])
	lit := func(v *string) string {
		if v == nil {
			return "NULL"
		}
		return quoteLiteral(*v)
	}
	r, err := c.Query(ctx, "SELECT "+lit(have)+"::"+typ+" "+op+" "+lit(want)+"::"+typ, nil, nil)
	if err != nil {
		return nil, err
	}
	ok := len(r.Rows) == 1 && r.Rows[0][0] == true
	if ok {
		return tapResult(ctx, c, &ok, descr, nil)
	}
	d := "    " + lit(have) + "\n        " + op + "\n    " + lit(want)
	return tapResult(ctx, c, &ok, descr, &d)
}

// tapLike is LIKE with backslash as the escape character.
func tapLike(s, pat string, ci bool) bool {
	var b strings.Builder
	b.WriteString("(?s)^")
	if ci {
		b.WriteString("(?i)")
	}
	for i := 0; i < len(pat); i++ {
		switch ch := pat[i]; ch {
		case '%':
			b.WriteString(".*")
		case '_':
			b.WriteString(".")
		case '\\':
			if i+1 < len(pat) {
				i++
				b.WriteString(regexp.QuoteMeta(pat[i : i+1]))
			}
		default:
			b.WriteString(regexp.QuoteMeta(string(ch)))
		}
	}
	b.WriteString("$")
	re, err := regexp.Compile(b.String())
	return err == nil && re.MatchString(s)
}
