package security

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// nonScalarFuncs are functions a bare scalar subquery must keep wrapped:
// aggregates and set-returning functions change meaning outside it.
var nonScalarFuncs = map[string]bool{
	"count": true, "sum": true, "avg": true, "min": true, "max": true, "array_agg": true, "string_agg": true,
	"json_agg": true, "jsonb_agg": true, "json_object_agg": true, "jsonb_object_agg": true, "bool_and": true,
	"bool_or": true, "every": true, "generate_series": true, "unnest": true, "json_array_elements": true,
	"jsonb_array_elements": true, "json_each": true, "jsonb_each": true, "random": true, "nextval": true,
	"gen_random_uuid": true, "uuid_generate_v4": true, "clock_timestamp": true, "range_agg": true, "range_intersect_agg": true,
}

// initplans rewrites, inside a policy expression, each scalar subquery
// that is a bare "(SELECT expr)" with no FROM into "(expr)": PostgreSQL
// evaluates such a subquery once per statement (an initplan), and the
// functions policies wrap this way (auth.uid(), auth.jwt(),
// current_setting) are stable, so the value is the same — but GMS would
// re-run the subquery for every row.
func initplans(n *pg.Node) {
	visitNodes(n, func(x *pg.Node) {
		inline(x)
	})
}

func inline(x *pg.Node) {
	sl := x.GetSubLink()
	if sl == nil || sl.SubLinkType != pg.SubLinkType_EXPR_SUBLINK {
		return
	}
	sel := sl.Subselect.GetSelectStmt()
	if sel == nil || len(sel.FromClause) > 0 || sel.WhereClause != nil || len(sel.TargetList) != 1 ||
		sel.Op != pg.SetOperation_SETOP_NONE || len(sel.GroupClause) > 0 || sel.HavingClause != nil ||
		sel.LimitCount != nil || sel.WithClause != nil || len(sel.ValuesLists) > 0 || sel.DistinctClause != nil {
		return
	}
	val := sel.TargetList[0].GetResTarget().GetVal()
	if val == nil {
		return
	}
	safe := true
	visitNodes(val, func(y *pg.Node) {
		if fc := y.GetFuncCall(); fc != nil {
			parts := pgtree.Names(fc.Funcname)
			if nonScalarFuncs[strings.ToLower(parts[len(parts)-1])] || fc.Over != nil || fc.AggStar {
				safe = false
			}
		}
		if y.GetSubLink() != nil || y.GetColumnRef() != nil {
			safe = false
		}
	})
	if !safe {
		return
	}
	x.Node = val.Node
}
