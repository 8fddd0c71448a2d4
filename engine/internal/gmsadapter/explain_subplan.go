package gmsadapter

import (
	"fmt"
	"math"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/tinybase/tinybase/engine/internal/expr"
)

// EXPLAIN of subqueries (docs 14.1, "Using EXPLAIN"): a scalar subquery
// in the select list runs per row as PostgreSQL's SubPlan, printed under
// the node that evaluates it as "SubPlan n" with the subquery's own plan
// (an Index Scan keyed by the outer row where GMS looks the table up); an
// [NOT] EXISTS the planner probes per outer row is a Nested Loop Semi (Anti)
// Join over the probed index.

// subPlans adds the plans of the subqueries in exprs: SubPlans under
// out, InitPlans under the query level's top node.
func (e *explainer) subPlans(exprs []sql.Expression, out *explainNode) {
	for _, x := range exprs {
		e.refs(x, out, false) // explain_subplan_refs.go
	}
}

// lookupJoin prints a semi (anti) join that probes an index per outer
// row (rule_semi_join_lookup.go).
func (e *explainer) lookupJoin(j *HashSemiJoin) *explainNode {
	l := e.node(j.Child)
	s := j.Lookup
	t := s.Table.UnderlyingTable()
	innerRows := e.tableRows(t)
	kind := "Index Scan"
	if j.indexOnly() {
		kind = "Index Only Scan"
	}
	name := fmt.Sprintf("%s using %s on %s", kind, e.indexName(t, s.Index), s.Table.Name())
	if j.LookupAlias != "" {
		name += " " + j.LookupAlias
	}
	probeCost := 0.29 + math.Log2(innerRows+2)*0.01
	inner := &explainNode{name: name, rows: 1, cost: probeCost, width: width(s.Schema()), stats: e.stats(s)}
	markPulledUp(inner)
	cols := s.Index.Expressions()
	var conds []string
	for k, key := range s.Eq {
		c := cols[k]
		if i := strings.LastIndexByte(c, '.'); i >= 0 {
			c = c[i+1:]
		}
		conds = append(conds, "("+c+" = "+outerText(key)+")")
	}
	inner.details = append(inner.details, [2]string{"Index Cond", joinConds(conds)})
	if len(j.Keep) > 0 {
		inner.details = append(inner.details, [2]string{"Filter", condText(expression.JoinAnd(j.Keep...))})
	}
	name = "Nested Loop Semi Join"
	if j.Anti {
		name = "Nested Loop Anti Join"
	}
	return &explainNode{name: name, rows: l.rows, cost: l.cost + l.rows*probeCost, width: l.width, stats: e.stats(j),
		kids: []*explainNode{l, inner}}
}

// indexOnly reports whether the probe reads only columns its index holds
// (PostgreSQL's Index Only Scan): the keys and the inner conditions'.
func (j *HashSemiJoin) indexOnly() bool {
	cols, ok := indexColumns(j.Lookup.Index, j.Lookup.Table.Schema())
	if !ok {
		return false
	}
	in := map[int]bool{}
	for _, c := range cols {
		in[c] = true
	}
	only := true
	for _, x := range append(append([]sql.Expression{}, j.InnerKeys...), j.Keep...) {
		sql.Inspect(x, func(x sql.Expression) bool {
			if gf, ok := x.(*expression.GetField); ok && gf.Index() >= j.Scope && !in[gf.Index()-j.Scope] {
				only = false
			}
			return only
		})
	}
	return only
}

// outerText prints an expression of an outer row, its columns qualified
// by their table as PostgreSQL prints a parameterized scan's keys
// (`p.user_id`).
func outerText(e sql.Expression) string {
	q, _, err := transform.Expr(e, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if gf, ok := x.(*expression.GetField); ok && gf.Table() != "" && !strings.Contains(gf.Name(), ".") {
			// without its table, which a cast around it would print again
			return gf.WithName(gf.Table() + "." + gf.Name()).WithTable(""), transform.NewTree, nil
		}
		return x, transform.SameTree, nil
	})
	if err != nil {
		return exprText(e)
	}
	return exprText(q)
}

// ownProjections are p's projections less those repeating its child
// projection's (reuseInner): their subqueries are the child's.
func ownProjections(p *plan.Project) []sql.Expression {
	inner, ok := p.Child.(*plan.Project)
	if !ok {
		return p.Projections
	}
	var out []sql.Expression
next:
	for _, e := range p.Projections {
		if a, ok := e.(*expression.Alias); ok {
			for _, ie := range inner.Projections {
				if ia, ok := ie.(*expression.Alias); ok && ia.Name() == a.Name() && ia.Child.String() == a.Child.String() {
					continue next
				}
			}
		}
		out = append(out, e)
	}
	return out
}

// probeJoin prints a semi join that reads the distinct inner keys and
// looks each up in the outer table (rule_semi_join_lookup.go).
func (e *explainer) probeJoin(j *HashSemiJoin) *explainNode {
	in := e.node(j.Inner)
	markPulledUp(in) // explain_subplan_refs.go
	keys := j.innerKeyText()
	agg := &explainNode{name: "HashAggregate", rows: in.rows, cost: in.cost + in.rows*0.01, width: in.width,
		details: [][2]string{{"Group Key", strings.Join(keys, ", ")}}, kids: []*explainNode{in}}
	s := j.Probe
	t := s.Table.UnderlyingTable()
	name := fmt.Sprintf("Index Scan using %s on %s", e.indexName(t, s.Index), s.Table.Name())
	if j.ProbeAlias != "" {
		name += " " + j.ProbeAlias
	}
	cols := s.Index.Expressions()
	c := cols[0]
	if i := strings.LastIndexByte(c, '.'); i >= 0 {
		c = c[i+1:]
	}
	probeCost := 0.29 + math.Log2(e.tableRows(t)+2)*0.01
	probe := &explainNode{name: name, rows: 1, cost: probeCost, width: width(s.Schema()),
		details: [][2]string{{"Index Cond", "(" + c + " = " + keys[0] + ")"}}}
	return &explainNode{name: "Nested Loop", rows: in.rows, cost: agg.cost + in.rows*probeCost, width: probe.width, stats: e.stats(j),
		kids: []*explainNode{agg, probe}}
}

// lookupResidue is a filter's condition less the equalities a run-time
// index lookup under it already applies (GMS keeps them in the filter;
// PostgreSQL prints them only as the Index Cond), or nil when none is
// left.
func lookupResidue(f *plan.Filter) sql.Expression {
	child := f.Child
	if a, ok := child.(*plan.TableAlias); ok {
		child = a.Child
	}
	ita, ok := child.(*plan.IndexedTableAccess)
	if !ok || ita.IsStatic() {
		return f.Expression
	}
	cols := ita.Index().Expressions()
	keys := ita.Expressions()
	applied := func(l, r sql.Expression) bool {
		gf, ok := l.(*expression.GetField)
		if !ok {
			return false
		}
		for k, key := range keys {
			if k < len(cols) && strings.EqualFold(cols[k][strings.LastIndexByte(cols[k], '.')+1:], gf.Name()) && r.String() == key.String() {
				return true
			}
		}
		return false
	}
	var rest []sql.Expression
	for _, c := range splitAnd(f.Expression, nil) {
		var l, r sql.Expression
		switch x := c.(type) {
		case *expression.Equals:
			l, r = x.Left(), x.Right()
		case *expr.BinOp:
			if x.Op == "=" {
				l, r = x.Left, x.Right
			}
		}
		if l != nil && (applied(l, r) || applied(r, l)) {
			continue
		}
		rest = append(rest, c)
	}
	if len(rest) == 0 {
		return nil
	}
	return expression.JoinAnd(rest...)
}

// leafName is the alias (or name) of the first table a plan reads.
func leafName(n sql.Node) string {
	name := ""
	transform.Inspect(n, func(n sql.Node) bool {
		if name != "" {
			return false
		}
		switch x := n.(type) {
		case *plan.TableAlias:
			name = x.Name()
		case *plan.ResolvedTable:
			name = x.Name()
		case *IndexScan:
			name = x.Name()
		}
		return name == ""
	})
	return name
}

// innerKeyText prints the inner keys, qualified by their table as
// PostgreSQL prints a join's columns.
func (j *HashSemiJoin) innerKeyText() []string {
	schema := j.Inner.Schema()
	keys := make([]string, len(j.InnerKeys))
	for i, k := range j.InnerKeys {
		keys[i] = exprText(k)
		if gf, ok := k.(*expression.GetField); ok {
			table := leafName(j.Inner) // its alias, as the query names it
			if table == "" {
				table = gf.Table()
			}
			if c := gf.Index() - j.Scope; table == "" && c >= 0 && c < len(schema) {
				table = schema[c].Source
			}
			if table != "" {
				keys[i] = pulledUpName(table, j) + "." + gf.Name() // explain_subplan_refs.go
			}
		}
	}
	return keys
}

// semiCond is a hash semi join's Hash Cond with qualified columns.
func (e *explainer) semiCond(j *HashSemiJoin) string {
	inner := j.innerKeyText()
	parts := make([]string, len(j.OuterKeys))
	for i, o := range j.OuterKeys {
		parts[i] = "(" + outerText(o) + " = " + inner[i] + ")"
	}
	return joinConds(parts)
}

// mergeJoin prints a semi (anti) join that reads the inner index in order
// beside the outer rows (rule_semi_join_merge.go).
func (e *explainer) mergeJoin(j *HashSemiJoin) *explainNode {
	l := e.node(j.Child)
	s := j.Merge
	t := s.Table.UnderlyingTable()
	innerRows := e.tableRows(t)
	kind := "Index Scan"
	if j.indexOnly() {
		kind = "Index Only Scan"
	}
	name := fmt.Sprintf("%s using %s on %s", kind, e.indexName(t, s.Index), s.Table.Name())
	if j.LookupAlias != "" {
		name += " " + j.LookupAlias
	}
	inner := &explainNode{name: name, rows: innerRows, cost: 0.29 + innerRows*0.01, width: width(s.Schema())}
	markPulledUp(inner)
	name = "Merge Semi Join"
	if j.Anti {
		name = "Merge Anti Join"
	}
	return &explainNode{name: name, rows: l.rows, cost: l.cost + inner.cost, width: l.width, stats: e.stats(j),
		details: [][2]string{{"Merge Cond", e.semiCond(j)}}, kids: []*explainNode{l, inner}}
}
