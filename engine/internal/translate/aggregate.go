package translate

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// aggregateNames are the built-in aggregates tinybase implements
// (PostgreSQL docs 9.21).
var aggregateNames = map[string]bool{
	"count": true, "sum": true, "avg": true, "min": true, "max": true,
	"bool_and": true, "bool_or": true, "every": true,
	"array_agg": true, "string_agg": true,
	"json_agg": true, "jsonb_agg": true, "json_object_agg": true, "jsonb_object_agg": true,
	"stddev": true, "stddev_samp": true, "stddev_pop": true,
	"variance": true, "var_samp": true, "var_pop": true,
	"percentile_cont": true, "percentile_disc": true, "mode": true,
	"range_agg": true, "range_intersect_agg": true,
	"corr": true, "covar_pop": true, "covar_samp": true, "regr_slope": true, "regr_intercept": true,
	"regr_r2": true, "regr_count": true, "regr_avgx": true, "regr_avgy": true,
	"regr_sxx": true, "regr_syy": true, "regr_sxy": true,
}

// orderedSetNames are the ordered-set aggregates (WITHIN GROUP).
var orderedSetNames = map[string]bool{"percentile_cont": true, "percentile_disc": true, "mode": true}

// windowNames are the general-purpose window functions (docs 9.22).
var windowNames = map[string]bool{
	"row_number": true, "rank": true, "dense_rank": true, "percent_rank": true, "cume_dist": true,
	"ntile": true, "lag": true, "lead": true, "first_value": true, "last_value": true, "nth_value": true,
}

// Frame option bits of parsenodes.h.
const (
	frameNonDefault        = 0x00001
	frameRows              = 0x00004
	frameGroups            = 0x00008
	frameStartUnbPreceding = 0x00020
	frameEndUnbPreceding   = 0x00040
	frameStartUnbFollowing = 0x00080
	frameEndUnbFollowing   = 0x00100
	frameStartCurrentRow   = 0x00200
	frameEndCurrentRow     = 0x00400
	frameStartOffPreceding = 0x00800
	frameEndOffPreceding   = 0x01000
	frameStartOffFollowing = 0x02000
	frameEndOffFollowing   = 0x04000
	frameExcludeCurrentRow = 0x08000
	frameExcludeGroup      = 0x10000
	frameExcludeTies       = 0x20000
)

// aggregateCall translates an aggregate or window function call into the
// carrier function GMS plans as an aggregate (see expr.AggCarrier).
func (t *Translator) aggregateCall(name string, f *pg.FuncCall) sqlparser.Expr {
	isWin := windowNames[name]
	if isWin && f.Over == nil {
		failAt(f.Location, pgerror.WrongObjectType, "window function %s requires an OVER clause", name)
	}
	if f.AggWithinGroup != orderedSetNames[name] {
		if f.AggWithinGroup {
			failAt(f.Location, pgerror.WrongObjectType, "%s is not an ordered-set aggregate, so it cannot have WITHIN GROUP", name)
		}
		failAt(f.Location, pgerror.WrongObjectType, "WITHIN GROUP is required for ordered-set aggregate %s", name)
	}
	level := t.q.depth
	if f.Over == nil {
		if k := t.aggOwner(f); k > 0 {
			level = t.outerAggregate(f, name, k) // aggregate_level.go
		}
	}
	switch c := t.q.clause; {
	case level != t.q.depth:
	case f.Over != nil && c != "":
		failAt(f.Location, pgerror.WindowingError, "window functions are not allowed in %s", c)
	case f.Over == nil && c != "" && c != "HAVING":
		failAt(f.Location, pgerror.GroupingError, "aggregate functions are not allowed in %s", c)
	case t.q.inAgg && f.Over != nil:
		failAt(f.Location, pgerror.GroupingError, "aggregate function calls cannot contain window function calls")
	case t.q.inAgg:
		failAt(f.Location, pgerror.GroupingError, "aggregate function calls cannot be nested")
	}
	if f.Over == nil && level == t.q.depth {
		saved, bare := t.q.inAgg, t.q.aggBare
		t.q.inAgg, t.q.aggBare = true, !readsColumn(f)
		defer func() { t.q.inAgg, t.q.aggBare = saved, bare }()
	}
	spec := expr.AggSpec{Level: level, Name: name, Star: f.AggStar, Distinct: f.AggDistinct, NArgs: len(f.Args), Window: f.Over != nil, WithinGroup: f.AggWithinGroup}
	if aggs := t.userAggregates(names(f.Funcname)); len(aggs) > 0 && !isWin {
		spec.User = t.userAggResolver(aggs, aggregateNames[name]) // aggregate_user.go
	}
	if spec.WithinGroup && f.Over != nil {
		failAt(f.Location, pgerror.FeatureNotSupported, "OVER is not supported for ordered-set aggregate %s", name)
	}
	if f.Over != nil {
		// a window call's subqueries compute no aggregates of this level
		// (GMS plans windows over ungrouped rows): sublink_args.go
		defer func(saved bool) { t.q.argsHere = saved }(t.q.argsHere)
		t.q.argsHere = false
	}
	var desc strings.Builder
	desc.WriteString(name)
	if f.AggDistinct {
		desc.WriteString(" distinct")
	}
	if f.AggStar {
		desc.WriteString("*")
	}
	exprs := sqlparser.SelectExprs{}
	add := func(e sqlparser.Expr) { exprs = append(exprs, &sqlparser.AliasedExpr{Expr: e}) }
	for _, a := range f.Args {
		add(t.scalar(a))
	}
	if f.AggFilter != nil {
		if isWin {
			failAt(f.Location, pgerror.FeatureNotSupported, "FILTER is not implemented for non-aggregate window functions")
		}
		spec.Filter = true
		desc.WriteString(" filter")
		add(t.scalar(f.AggFilter))
	}
	for _, o := range f.AggOrder {
		sb := o.GetSortBy()
		k := expr.SortKey{Desc: sb.SortbyDir == pg.SortByDir_SORTBY_DESC}
		k.NullsFirst = k.Desc
		switch sb.SortbyNulls {
		case pg.SortByNulls_SORTBY_NULLS_FIRST:
			k.NullsFirst = true
		case pg.SortByNulls_SORTBY_NULLS_LAST:
			k.NullsFirst = false
		}
		spec.Order = append(spec.Order, k)
		desc.WriteString(" order")
		if k.Desc {
			desc.WriteString(" desc")
		}
		if k.NullsFirst != k.Desc {
			desc.WriteString(" nulls " + map[bool]string{true: "first", false: "last"}[k.NullsFirst])
		}
		add(t.scalar(sb.Node))
	}
	fe := &sqlparser.FuncExpr{Name: sqlparser.NewColIdent(expr.AggCarrier)}
	if f.Over != nil {
		w := t.resolveWindow(f.Over)
		over := &sqlparser.Over{}
		for _, p := range w.PartitionClause {
			over.PartitionBy = append(over.PartitionBy, t.scalar(p))
		}
		over.OrderBy = t.orderBy(windowOrderConstants(w.OrderClause))
		fe.Over = over
		if fo := w.FrameOptions; fo&frameNonDefault != 0 {
			fr := &expr.FrameSpec{Rows: fo&frameRows != 0, Groups: fo&frameGroups != 0, StartOff: -1, EndOff: -1}
			switch {
			case fo&frameExcludeCurrentRow != 0:
				fr.Exclude = 'c'
			case fo&frameExcludeGroup != 0:
				fr.Exclude = 'g'
			case fo&frameExcludeTies != 0:
				fr.Exclude = 't'
			}
			if fr.Groups && len(w.OrderClause) == 0 {
				failAt(w.Location, pgerror.WindowingError, "GROUPS mode requires an ORDER BY clause")
			}
			switch {
			case fo&frameStartUnbPreceding != 0:
				fr.Start = expr.BoundUnboundedPreceding
			case fo&frameStartCurrentRow != 0:
				fr.Start = expr.BoundCurrentRow
			case fo&frameStartOffPreceding != 0:
				fr.Start = expr.BoundPreceding
			case fo&frameStartOffFollowing != 0:
				fr.Start = expr.BoundFollowing
			case fo&frameStartUnbFollowing != 0:
				fr.Start = expr.BoundUnboundedFollowing
			}
			switch {
			case fo&frameEndUnbFollowing != 0:
				fr.End = expr.BoundUnboundedFollowing
			case fo&frameEndCurrentRow != 0:
				fr.End = expr.BoundCurrentRow
			case fo&frameEndOffPreceding != 0:
				fr.End = expr.BoundPreceding
			case fo&frameEndOffFollowing != 0:
				fr.End = expr.BoundFollowing
			case fo&frameEndUnbPreceding != 0:
				fr.End = expr.BoundUnboundedPreceding
			}
			if !fr.Rows && !fr.Groups && (fr.Start == expr.BoundPreceding || fr.Start == expr.BoundFollowing || fr.End == expr.BoundPreceding || fr.End == expr.BoundFollowing) && len(w.OrderClause) != 1 {
				failAt(w.Location, pgerror.WindowingError, "RANGE with offset PRECEDING/FOLLOWING requires exactly one ORDER BY column")
			}
			n := len(exprs)
			if w.StartOffset != nil {
				fr.StartOff = n
				n++
				add(t.scalar(w.StartOffset))
			}
			if w.EndOffset != nil {
				fr.EndOff = n
				add(t.scalar(w.EndOffset))
			}
			spec.Frame = fr
			desc.WriteString(" frame" + itoa(int64(fo)))
		}
	} else if isWin {
		failAt(f.Location, pgerror.WrongObjectType, "window function %s requires an OVER clause", name)
	}
	spec.Desc = desc.String()
	specLit := t.inject("aggspec "+spec.Desc, -1, nil, func([]sql.Expression) (sql.Expression, error) {
		return expr.NewAggSpec(spec), nil
	})
	fe.Exprs = append(sqlparser.SelectExprs{&sqlparser.AliasedExpr{Expr: specLit}}, exprs...)
	return fe
}

// IsBuiltinAggregate reports whether name is a built-in aggregate
// tinybase implements (pg_proc lists it).
func IsBuiltinAggregate(name string) bool { return aggregateNames[name] }

// IsBuiltinWindow reports whether name is a built-in window function
// tinybase implements.
func IsBuiltinWindow(name string) bool { return windowNames[name] }

// windowOrderConstants wraps an integer constant in a window's ORDER BY
// in a cast: there it is a constant sort key (every row a peer), not the
// ordinal of a SELECT-list entry as in the query's ORDER BY.
func windowOrderConstants(list []*pg.Node) []*pg.Node {
	var out []*pg.Node
	for _, n := range list {
		if sb := n.GetSortBy(); sb != nil && sb.Node.GetAConst() != nil && sb.Node.GetAConst().GetIval() != nil {
			c := pgtree.Clone(sb)
			c.Node = &pg.Node{Node: &pg.Node_TypeCast{TypeCast: &pg.TypeCast{Arg: sb.Node,
				TypeName: &pg.TypeName{Names: []*pg.Node{{Node: &pg.Node_String_{String_: &pg.String{Sval: "int4"}}}}, Location: -1}, Location: -1}}}
			n = &pg.Node{Node: &pg.Node_SortBy{SortBy: c}}
		}
		out = append(out, n)
	}
	return out
}
