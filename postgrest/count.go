package postgrest

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
)

// Prefer: count=planned and count=estimated (docs: references/api/
// pagination_count, "Planned Count" and "Estimated Count").
//
// PostgREST plans the read's count query — SELECT 1 FROM the table WHERE
// the request's filters, without its limit — with EXPLAIN (FORMAT JSON)
// after the main query, in the same transaction, and takes the top plan
// node's "Plan Rows". count=planned answers that estimate alone;
// count=estimated counts exactly up to db-max-rows (the count query
// limited to db-max-rows + 1 rows) and, when the exact count passes
// db-max-rows (or there is no db-max-rows), answers the larger of the
// exact count and the estimate.

// exactCountSQL is the main query's total_result_set expression for
// count=exact and count=estimated (null::bigint otherwise); conds are the
// read's WHERE conditions, bound on the main statement's builder.
func exactCountSQL(pref string, from string, conds []string, maxRows int) string {
	if pref != "exact" && pref != "estimated" {
		return "null::bigint"
	}
	where := ""
	if len(conds) > 0 {
		where = " where " + strings.Join(conds, " and ")
	}
	if pref == "estimated" && maxRows > 0 {
		// one row more than db-max-rows tells that it was passed
		return "(select count(*) from (select 1 from " + from + where + " limit " + strconv.Itoa(maxRows+1) + ") as _postgrest_c)"
	}
	return "(select count(*) from " + from + where + ")"
}

// plannedCount runs EXPLAIN (FORMAT JSON) of the read's count query and
// returns the top node's row estimate; ok is false when the plan has
// none. The conditions are bound on their own builder after fromArgs
// (the parameters from refers to: an RPC's arguments) so the statement
// carries exactly the parameters it references.
func (s *Server) plannedCount(ctx context.Context, q Querier, root *readNode, from string, fromArgs []any) (int64, bool, error) {
	b := s.builder()
	b.args = append(b.args, fromArgs...)
	sql := "select 1 from " + from
	if w := b.conds(root); len(w) > 0 {
		sql += " where " + strings.Join(w, " and ")
	}
	res, err := q.Query(ctx, "explain (format json) "+sql, b.args...)
	if err != nil {
		return 0, false, err
	}
	if len(res.Rows) == 0 || len(res.Rows[0]) == 0 || res.Rows[0][0] == nil {
		return 0, false, nil
	}
	n, ok := planRows(*res.Rows[0][0])
	return n, ok, nil
}

// planRows reads "Plan Rows" of the first plan of EXPLAIN (FORMAT JSON)
// output, as PostgREST decodes it (nth 0 . "Plan" . "Plan Rows").
func planRows(doc string) (int64, bool) {
	var plans []struct {
		Plan struct {
			Rows *float64 `json:"Plan Rows"`
		} `json:"Plan"`
	}
	if err := json.Unmarshal([]byte(doc), &plans); err != nil || len(plans) == 0 || plans[0].Plan.Rows == nil {
		return 0, false
	}
	return int64(*plans[0].Plan.Rows), true
}

// countTotal is the total PostgREST answers for a count preference from
// the exact count (nil when not counted) and the planned one (nil when
// not planned or the plan had no estimate).
func countTotal(pref string, exact *string, planned *int64, maxRows int) *string {
	switch pref {
	case "planned":
		if planned == nil {
			return nil
		}
		s := strconv.FormatInt(*planned, 10)
		return &s
	case "estimated":
		if exact == nil {
			return nil
		}
		n, err := strconv.ParseInt(*exact, 10, 64)
		if err != nil || (maxRows > 0 && n <= int64(maxRows)) {
			return exact
		}
		if planned == nil {
			return nil
		}
		s := strconv.FormatInt(max(n, *planned), 10)
		return &s
	}
	return exact
}
