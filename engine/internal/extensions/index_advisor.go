package extensions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/hypo"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// indexAdvisor stands in for Supabase's index_advisor 0.2
// (supabase/index_advisor): index_advisor(query) EXPLAINs the query (its
// $n parameters bound to NULL, as the real one runs a generic plan), makes
// a hypothetical B-tree index (hypopg) on every column of a scalar type
// of every user table or materialized view that has no single-column
// index of its own, EXPLAINs again, and returns the costs before and
// after with a CREATE INDEX statement for each hypothetical index the new
// plan uses. Then, as the real one does, it drops every hypothetical
// index of the session. An error is returned in the errors column, not
// raised.
func indexAdvisor() *Extension {
	return &Extension{
		Name:        "index_advisor",
		Version:     "0.2.0",
		Comment:     "Query index advisor",
		Relocatable: true,
		Requires:    []string{"hypopg"},
		Funcs:       map[string]Func{"index_advisor": Rows(indexAdvisorRun)},
		Script: `
CREATE FUNCTION index_advisor(query text)
  RETURNS TABLE (startup_cost_before jsonb, startup_cost_after jsonb, total_cost_before jsonb,
                 total_cost_after jsonb, index_statements text[], errors text[])
  LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'index_advisor';
`,
	}
}

// advisorTypes are the column types index_advisor indexes (by OID): the
// integer, floating, numeric, boolean, date/time, uuid and string types.
var advisorTypes = "20,16,1082,1184,1114,701,23,21,700,1083,2950,1700,25,18,1042,1043"

var (
	blockComment = regexp.MustCompile(`(?s)/\*.*?\*/`)
	lineComment  = regexp.MustCompile(`--[^\r\n]*`)
	spaces       = regexp.MustCompile(`\s+`)
	trailingSemi = regexp.MustCompile(`;\s*$`)
)

func indexAdvisorRun(ctx context.Context, c routine.Caller, _ *catalog.Function, args []any) ([][]any, error) {
	q, _ := args[0].(string)
	row, err := advise(ctx, c, q)
	if err != nil {
		var pe *pgerror.Error
		msg := err.Error()
		if errors.As(err, &pe) {
			msg = pe.Message
		}
		if cerr := c.Err(ctx); cerr != nil {
			return nil, cerr // cancellation and statement_timeout stop the caller too
		}
		return [][]any{{nil, nil, nil, nil, types.NewArray(types.Text, []any{}), types.NewArray(types.Text, []any{msg})}}, nil
	}
	return [][]any{row}, nil
}

// advise runs the advisor on one query.
func advise(ctx context.Context, c routine.Caller, q string) ([]any, error) {
	set, err := hypoSetOf(c)
	if err != nil {
		return nil, err
	}
	// comments often hold semicolons; the query must be one statement
	q = blockComment.ReplaceAllString(q, "")
	q = lineComment.ReplaceAllString(q, " ")
	q = strings.TrimSpace(spaces.ReplaceAllString(q, " "))
	q = trailingSemi.ReplaceAllString(q, "")
	if strings.Contains(q, ";") {
		return nil, pgerror.New(pgerror.RaiseException, "Query must not contain a semicolon")
	}
	if q == "" {
		return nil, pgerror.New(pgerror.SyntaxError, "syntax error at end of input")
	}
	q, err = bindNulls(q)
	if err != nil {
		return nil, err
	}
	before, err := explainCosts(ctx, c, q)
	if err != nil {
		return nil, err
	}
	defer set.Reset()
	if err := advisorCandidates(ctx, c, set); err != nil {
		return nil, err
	}
	after, err := explainCosts(ctx, c, q)
	if err != nil {
		return nil, err
	}
	lower := strings.ToLower(after.plan)
	var used []*hypo.Index
	for _, ix := range set.List() {
		if strings.Contains(lower, strings.ToLower(ix.Name)) {
			used = append(used, ix)
		}
	}
	sort.SliceStable(used, func(i, j int) bool {
		if used[i].RelOID != used[j].RelOID {
			return used[i].RelOID < used[j].RelOID
		}
		return indkeyText(used[i]) < indkeyText(used[j])
	})
	stmts := make([]any, len(used))
	for i, ix := range used {
		stmts[i] = ix.Def(pgident.QuoteIfNeeded)
	}
	return []any{before.startup, after.startup, before.total, after.total,
		types.NewArray(types.Text, stmts), types.NewArray(types.Text, []any{})}, nil
}

// indkeyText is pg_index.indkey as text (the real advisor's sort key).
func indkeyText(ix *hypo.Index) string {
	parts := make([]string, len(ix.Keys))
	for i, k := range ix.Keys {
		parts[i] = strconv.Itoa(int(k.AttNum))
	}
	return strings.Join(parts, " ")
}

// bindNulls replaces the query's $n parameters with NULL: the plan is
// then made without their values, as the real advisor's generic plan is.
func bindNulls(q string) (string, error) {
	sc, err := pgtree.Scan(q)
	if err != nil {
		pe := pgtree.SyntaxError(err)
		pe.Position = 0
		return "", pe
	}
	var b strings.Builder
	last := 0
	for _, tok := range sc.Tokens {
		if tok.Token != pg.Token_PARAM {
			continue
		}
		b.WriteString(q[last:tok.Start])
		b.WriteString("NULL")
		last = int(tok.End)
	}
	b.WriteString(q[last:])
	return b.String(), nil
}

type planCosts struct {
	startup, total any // jsonb numbers
	plan           string
}

// explainCosts EXPLAINs q in JSON and reads the top node's costs.
func explainCosts(ctx context.Context, c routine.Caller, q string) (planCosts, error) {
	r, err := c.Query(ctx, "EXPLAIN (FORMAT JSON) "+q, nil, nil)
	if err != nil {
		return planCosts{}, err
	}
	var text strings.Builder
	for _, row := range r.Rows {
		if s, ok := row[0].(string); ok {
			text.WriteString(s)
		}
	}
	var doc []struct {
		Plan struct {
			Startup float64 `json:"Startup Cost"`
			Total   float64 `json:"Total Cost"`
		} `json:"Plan"`
	}
	if err := json.Unmarshal([]byte(text.String()), &doc); err != nil || len(doc) == 0 {
		return planCosts{}, pgerror.New(pgerror.InternalError, "index_advisor: cannot read the query's plan")
	}
	num := func(f float64) any {
		v, _ := types.ParseJSON(fmt.Sprintf("%.2f", f), types.JSONB)
		return v
	}
	return planCosts{startup: num(doc[0].Plan.Startup), total: num(doc[0].Plan.Total), plan: text.String()}, nil
}

// advisorCandidates adds a hypothetical B-tree index on each column the
// advisor considers: of a permanent table or materialized view outside
// the system schemas and not an extension's, of a scalar type, and
// without a plain single-column index.
func advisorCandidates(ctx context.Context, c routine.Caller, set *hypo.Set) error {
	r, err := c.Query(ctx, `SELECT c.oid, n.nspname::text, c.relname::text, a.attname::text, a.attnum
		FROM pg_catalog.pg_class c
		JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
		JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid
		WHERE c.relkind IN ('r', 'm') AND c.relpersistence = 'p'
		  AND n.nspname NOT IN ('pg_catalog', 'pg_toast', 'information_schema')
		  AND a.attnum > 0 AND NOT a.attisdropped
		  AND a.atttypid IN (`+advisorTypes+`)
		  AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d WHERE d.deptype = 'e' AND d.objid = c.oid)
		  AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_index i
		                  WHERE i.indrelid = c.oid AND i.indkey = ARRAY[a.attnum]::smallint[]
		                    AND i.indexprs IS NULL AND i.indpred IS NULL)
		ORDER BY c.oid, a.attnum`, nil, nil)
	if err != nil {
		return err
	}
	min, err := hypoMinOID(ctx, c)
	if err != nil {
		return err
	}
	for _, row := range r.Rows {
		rel, _ := int64Of(row[0])
		num, _ := int64Of(row[4])
		set.Add(&hypo.Index{RelOID: uint32(rel), Schema: row[1].(string), Table: row[2].(string), AM: "btree", AMOID: 403,
			Keys: []hypo.Key{{Column: row[3].(string), AttNum: int16(num)}}}, min)
	}
	return nil
}
