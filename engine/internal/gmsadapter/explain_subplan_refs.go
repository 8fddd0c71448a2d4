package gmsadapter

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Subqueries in expressions, printed as PostgreSQL 15's EXPLAIN prints
// them (docs 14.1; src/backend/commands/explain.c, ruleutils.c): a
// subquery evaluated once (uncorrelated scalar, ARRAY or EXISTS) is an
// "InitPlan n (returns $k)" under the top node of its query level, used
// as $k; one evaluated per outer row is a "SubPlan n" under the node that
// evaluates it, used as (SubPlan n), or (hashed SubPlan n) for an
// uncorrelated IN whose rows GMS hashes once. Plans are numbered as
// PostgreSQL's planner numbers them (a query level's select list, then
// its conditions, then HAVING; a nested subquery before its parent), and
// the parameters $k count what PostgreSQL allocates on the way: one per
// outer column a correlated subquery reads, one per column an IN
// compares, one per InitPlan's result.

// subKind is how a subquery expression uses its rows.
type subKind int

const (
	subScalar subKind = iota // (select …), ARRAY(select …), op ANY/ALL (select …)
	subIn                    // x IN (select …)
	subExists                // EXISTS (select …)
)

// subRef is a subquery's number and, for an InitPlan, its parameter.
type subRef struct {
	n, param     int
	init, hashed bool
}

// subState is the explainer's record of the plan's subqueries.
type subState struct {
	refs           map[*plan.Subquery]subRef
	plans          int // SubPlans and InitPlans numbered
	params         int // PARAM_EXEC slots PostgreSQL would have allocated
	printed        map[*plan.Subquery]bool
	same           map[*plan.Subquery]*plan.Subquery // a copy's first instance
	inits          []*explainNode                    // InitPlans of the query level being printed
	corr           []sql.ColSet                      // outer columns of the subplans being printed
	multi, counted bool                              // the plan reads more than one relation (keyRef)
	copies         map[string]*nodeStats             // summed counts of a node's copies (copiesStats)
}

// numberSubqueries numbers the subqueries of n's query level and, first,
// those nested in them.
func (e *explainer) numberSubqueries(n sql.Node) {
	if e.sub == nil {
		e.sub = &subState{refs: map[*plan.Subquery]subRef{}, printed: map[*plan.Subquery]bool{},
			same: map[*plan.Subquery]*plan.Subquery{}}
	}
	// select list, sort keys (the select list's hidden columns),
	// conditions, HAVING
	if !e.sub.counted { // the whole plan, once
		e.sub.counted = true
		e.countRelations(n)
	}
	var cats [4][]sql.Expression
	transform.Inspect(n, func(n sql.Node) bool {
		switch x := n.(type) {
		case *plan.Project:
			cats[0] = append(cats[0], ownProjections(x)...)
		case *plan.UpdateSource:
			cats[0] = append(cats[0], setsByColumn(x.UpdateExprs)...)
		case *plan.Sort:
			for _, f := range x.SortFields {
				cats[1] = append(cats[1], f.Column)
			}
		case *plan.TopN:
			for _, f := range x.Fields {
				cats[1] = append(cats[1], f.Column)
			}
		case *plan.GroupBy:
			cats[0] = append(cats[0], x.SelectedExprs...)
			cats[0] = append(cats[0], x.GroupByExprs...)
		case *plan.Having:
			cats[3] = append(cats[3], x.Cond)
		case *plan.Filter:
			cats[2] = append(cats[2], x.Expression)
		case *plan.JoinNode:
			if x.Filter != nil {
				cats[2] = append(cats[2], x.Filter)
			}
		case *IndexScan:
			cats[2] = append(cats[2], x.Conds...)
		case sql.Expressioner:
			cats[2] = append(cats[2], x.Expressions()...)
		}
		return true
	})
	listed := map[string]*plan.Subquery{}
	for c, cat := range cats {
		for _, x := range cat {
			sql.Inspect(x, func(x sql.Expression) bool {
				sq, kind := subqueryUse(x)
				if sq == nil {
					return true
				}
				key := sq.String()
				if first := listed[key]; c == 1 && first != nil {
					// a sort key GMS copies from the select list's
					// column: one subquery, computed below the sort
					e.sub.same[sq] = first
					return false
				}
				listed[key] = sq
				e.numberSubquery(sq, kind)
				return false
			})
		}
	}
}

// countRelations sets multi when n, its subqueries' plans included,
// reads more than one relation.
func (e *explainer) countRelations(n sql.Node) {
	seen := 0
	var walk func(n sql.Node)
	walk = func(n sql.Node) {
		transform.Inspect(n, func(n sql.Node) bool {
			switch x := n.(type) {
			case *plan.TableAlias:
				seen++
				return false
			case *plan.ResolvedTable:
				if x.Name() != "" && !plan.IsDualTable(x.UnderlyingTable()) {
					seen++
				}
			case *IndexScan, *SharedScan, *CountStar:
				seen++
			}
			if ex, ok := n.(sql.Expressioner); ok {
				for _, x := range ex.Expressions() {
					sql.Inspect(x, func(x sql.Expression) bool {
						if sq, _ := subqueryUse(x); sq != nil {
							walk(sq.Query)
							return false
						}
						return true
					})
				}
			}
			return true
		})
	}
	walk(n)
	e.sub.multi = seen > 1
}

// keyRef is a sort or group key for printing: its columns qualified by
// their relation when the plan reads more than one, as PostgreSQL's
// EXPLAIN prefixes them (explain.c show_sort_group_keys).
func (e *explainer) keyRef(x sql.Expression) sql.Expression {
	if e.sub == nil || !e.sub.multi {
		return x
	}
	q, _, err := transform.Expr(x, func(x sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if gf, ok := x.(*expression.GetField); ok && gf.Table() != "" && !strings.Contains(gf.Name(), ".") {
			return gf.WithName(gf.Table() + "." + gf.Name()).WithTable(""), transform.NewTree, nil
		}
		return x, transform.SameTree, nil
	})
	if err != nil {
		return x
	}
	return q
}

// subqueryUse is the subquery x is (or tests), with how it is used.
func subqueryUse(x sql.Expression) (*plan.Subquery, subKind) {
	switch t := x.(type) {
	case *plan.InSubquery:
		if sq, ok := t.Right().(*plan.Subquery); ok && sq.Query != nil {
			return sq, subIn
		}
	case *plan.ExistsSubquery:
		if t.Query != nil && t.Query.Query != nil {
			return t.Query, subExists
		}
	case *plan.Subquery:
		if t.Query != nil {
			return t, subScalar
		}
	}
	return nil, 0
}

func (e *explainer) numberSubquery(sq *plan.Subquery, kind subKind) {
	if _, ok := e.sub.refs[sq]; ok {
		return
	}
	e.sub.refs[sq] = subRef{} // a cycle ends here
	e.numberSubqueries(sublinkPlan(sq))
	outer := sq.Correlated().Len()
	e.sub.params += outer
	if kind == subIn {
		e.sub.params += len(sq.Query.Schema())
	}
	e.sub.plans++
	r := subRef{n: e.sub.plans, init: outer == 0 && kind != subIn, hashed: outer == 0 && kind == subIn}
	if r.init {
		r.param = e.sub.params
		e.sub.params++
	}
	e.sub.refs[sq] = r
}

// sublinkPlan is the plan that produces a subquery's rows: for
// ARRAY(select …) and op ANY/ALL (select …), the select the translator
// wraps in an aggregate over "?sublink?" (translate/sublink.go), which
// PostgreSQL's executor folds in the SubPlan node itself.
func sublinkPlan(sq *plan.Subquery) sql.Node {
	n := sq.Query
	for {
		switch x := n.(type) {
		case *plan.Project:
			n = x.Child
			continue
		case *plan.GroupBy:
			n = x.Child
			continue
		case *plan.SubqueryAlias:
			if x.Name() == "?sublink?" {
				return x.Child
			}
		}
		return sq.Query
	}
}

// text is a subquery's reference where its expression uses it.
func (r subRef) text(kind subKind) string {
	if r.init {
		return fmt.Sprintf("$%d", r.param)
	}
	if r.hashed {
		return fmt.Sprintf("(hashed SubPlan %d)", r.n)
	}
	return fmt.Sprintf("(SubPlan %d)", r.n)
}

// subRefExpr stands for a subquery in a printed expression.
type subRefExpr struct {
	sql.Expression // the subquery expression, for its type
	text           string
}

func (s *subRefExpr) String() string             { return s.text }
func (s *subRefExpr) Children() []sql.Expression { return nil }
func (s *subRefExpr) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	return s, nil
}

// refs returns x for printing: each subquery replaced by its reference,
// its plan added under out (a SubPlan) or under the query level's top
// node (an InitPlan); the outer columns of the subplan being printed
// qualified by their relation (PostgreSQL's "n3.x"), and, when bare is
// set (a scan of one relation), the other columns without theirs.
func (e *explainer) refs(x sql.Expression, out *explainNode, bare bool) sql.Expression {
	if x == nil || e.sub == nil {
		return x
	}
	if sq, kind := subqueryUse(x); sq != nil {
		if first := e.sub.same[sq]; first != nil {
			sq = first
		}
		r, ok := e.sub.refs[sq]
		if !ok { // a subquery the numbering did not reach
			e.numberSubquery(sq, kind)
			r = e.sub.refs[sq]
		}
		e.attachSubplan(sq, r, out)
		return &subRefExpr{Expression: x, text: r.text(kind)}
	}
	if gf, ok := x.(*expression.GetField); ok {
		for _, c := range e.sub.corr {
			if c.Contains(gf.Id()) && gf.Table() != "" && !strings.Contains(gf.Name(), ".") {
				return gf.WithName(gf.Table() + "." + gf.Name()).WithTable("")
			}
		}
		if gf.Name() == "count*()" { // GMS's name of count(*)
			gf = gf.WithName("count(*)")
		}
		if bare {
			return gf.WithTable("")
		}
		return gf
	}
	kids := x.Children()
	if len(kids) == 0 {
		return x
	}
	changed := false
	nk := make([]sql.Expression, len(kids))
	for i, k := range kids {
		nk[i] = e.refs(k, out, bare)
		changed = changed || nk[i] != k
	}
	if !changed {
		return x
	}
	y, err := x.WithChildren(nk...)
	if err != nil {
		return x
	}
	return y
}

// attachSubplan prints sq's plan once: a SubPlan after out's children,
// an InitPlan with its query level's.
func (e *explainer) attachSubplan(sq *plan.Subquery, r subRef, out *explainNode) {
	if e.sub.printed[sq] {
		return
	}
	e.sub.printed[sq] = true
	k := e.levelNode(sublinkPlan(sq), sq.Correlated())
	if r.init {
		k.subplan = fmt.Sprintf("InitPlan %d (returns $%d)", r.n, r.param)
		e.sub.inits = append(e.sub.inits, k)
		return
	}
	k.subplan = fmt.Sprintf("SubPlan %d", r.n)
	k.subplanN = r.n
	out.kids = append(out.kids, k)
	if r.hashed {
		out.cost += k.cost
	} else {
		out.cost += out.rows * k.cost
	}
}

// levelNode prints the plan of one query level with its InitPlans under
// its top node, before its children, in their numbers' order.
func (e *explainer) levelNode(n sql.Node, corr sql.ColSet) *explainNode {
	saved := e.sub.inits
	e.sub.inits = nil
	e.sub.corr = append(e.sub.corr, corr)
	out := e.node(n)
	e.sub.corr = e.sub.corr[:len(e.sub.corr)-1]
	inits := e.sub.inits
	e.sub.inits = saved
	if len(inits) > 0 {
		sort.SliceStable(inits, func(i, j int) bool { return initNumber(inits[i]) < initNumber(inits[j]) })
		for _, k := range inits {
			out.cost += k.cost
			k.subplanN = initNumber(k)
		}
		out.kids = append(inits, out.kids...)
	}
	return out
}

func initNumber(k *explainNode) int {
	var n int
	fmt.Sscanf(k.subplan, "InitPlan %d", &n)
	return n
}

// renameRelations gives each relation a subplan reads again a name of its
// own, as PostgreSQL's EXPLAIN does (ruleutils.c set_rtable_names: n3,
// then n3_1): the main plan's names first, then each subplan's in its
// number's order.
func renameRelations(root *explainNode) {
	used := map[string]bool{}
	var subs, pulled []*explainNode
	var walk func(n *explainNode, top bool)
	walk = func(n *explainNode, top bool) {
		switch {
		case n.subplan != "" && !top:
			subs = append(subs, n)
			return
		case n.pulledUp && !top:
			pulled = append(pulled, n)
			return
		}
		renameRelation(n, used)
		for _, k := range n.kids {
			walk(k, false)
		}
	}
	walk(root, true)
	for i := 0; i < len(pulled); i++ { // the query's relations first
		walk(pulled[i], true)
	}
	// then every subplan's, nested ones too, in their numbers' order
	var all []*explainNode
	var gather func(n *explainNode)
	gather = func(n *explainNode) {
		if n.subplan != "" {
			all = append(all, n)
		}
		for _, k := range n.kids {
			gather(k)
		}
	}
	for _, n := range subs {
		gather(n)
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].subplanN < all[b].subplanN })
	for _, n := range all {
		pulled = pulled[:0]
		walk(n, true) // its nested subplans are in all
		for i := 0; i < len(pulled); i++ {
			walk(pulled[i], true)
		}
	}
}

// markPulledUp marks n, the top of a semi join's subquery side: a
// relation PostgreSQL pulled up from a subquery comes after the query's
// own in its range table, so it is the one renamed.
func markPulledUp(n *explainNode) {
	n.pulledUp = true
}

// pulledUpName is the name of table, a relation of j's subquery side,
// where j's outer side reads a relation of the same name: the first
// numbered name the outer side does not use (renameRelation's, in the
// common case of one such relation).
func pulledUpName(table string, j *HashSemiJoin) string {
	outer := map[string]bool{}
	var sides []sql.Node
	if j.Child != nil {
		sides = append(sides, j.Child)
	}
	if j.Probe != nil {
		sides = append(sides, j.Probe)
	}
	for _, side := range sides {
		transform.Inspect(side, func(n sql.Node) bool {
			switch x := n.(type) {
			case *plan.TableAlias:
				outer[x.Name()] = true
				return false
			case *plan.ResolvedTable:
				outer[x.Name()] = true
			case *IndexScan:
				outer[x.Name()] = true
			}
			return true
		})
	}
	if j.ProbeAlias != "" {
		outer[j.ProbeAlias] = true
	}
	if !outer[table] {
		return table
	}
	for k := 1; ; k++ {
		if alt := fmt.Sprintf("%s_%d", table, k); !outer[alt] {
			return alt
		}
	}
}

// renameRelation names a scan's relation uniquely among used: a name
// used before gets PostgreSQL's numbered suffix.
func renameRelation(n *explainNode, used map[string]bool) {
	i := strings.LastIndex(n.name, " on ")
	if i < 0 {
		return
	}
	switch kind := n.name[:i]; {
	case strings.HasPrefix(kind, "Bitmap Index Scan"), kind == "Update", kind == "Delete", kind == "Insert", kind == "Subquery Scan":
		return
	}
	f := strings.Fields(n.name[i+4:])
	if len(f) == 0 || len(f) > 2 {
		return
	}
	ref := f[len(f)-1]
	if !used[ref] {
		used[ref] = true
		return
	}
	for k := 1; ; k++ {
		alt := fmt.Sprintf("%s_%d", ref, k)
		if !used[alt] {
			used[alt] = true
			n.name = n.name[:i+4] + f[0] + " " + alt
			return
		}
	}
}

// havingNode prints HAVING as PostgreSQL does: a Filter of the aggregate
// below it.
func (e *explainer) havingNode(h *plan.Having) *explainNode {
	out := e.node(h.Child)
	out.details = append(out.details, [2]string{"Filter", condText(e.refs(h.Cond, out, false))})
	if st := e.stats(h); st != nil {
		out.stats = st
	}
	return out
}

// sortRefs are fields with their subqueries replaced by references, the
// SubPlans under child (PostgreSQL computes such a key in the scan below
// the sort); a key that is a subquery is parenthesized as PostgreSQL
// prints a sort key that is not a column.
func (e *explainer) sortRefs(fields sql.SortFields, child *explainNode) sql.SortFields {
	var out sql.SortFields
	for i, f := range fields {
		c := e.keyRef(e.refs(f.Column, child, false))
		if c == f.Column {
			continue
		}
		if out == nil {
			out = append(sql.SortFields{}, fields...)
		}
		if r, ok := c.(*subRefExpr); ok {
			c = &subRefExpr{Expression: r.Expression, text: "(" + r.text + ")"}
		}
		out[i].Column = c
	}
	if out == nil {
		return fields
	}
	return out
}

// copiesStats are the counts of the copies GMS ran of a subplan's node n:
// each evaluation of a subquery runs a copy of its plan with the outer
// row prepended to its scans (plan.PrependRowInPlan), so the counts of
// the evaluations, summed, are n's, over as many loops.
func (e *explainer) copiesStats(n sql.Node) *nodeStats {
	if e.sub.copies == nil {
		e.sub.copies = map[string]*nodeStats{}
		e.inst.mu.Lock()
		for k, st := range e.inst.stats {
			key := fmt.Sprintf("%T %s", k, k.String())
			sum := e.sub.copies[key]
			if sum == nil {
				sum = &nodeStats{}
				e.sub.copies[key] = sum
			}
			sum.rows += st.rows
			sum.loops += st.loops
			sum.first += st.first
			sum.total += st.total
		}
		e.inst.mu.Unlock()
	}
	return e.sub.copies[fmt.Sprintf("%T %s", n, n.String())]
}

// updateSource prints the rows an UPDATE reads as PostgreSQL does: the
// scan below its Update node, which computes the new values, so a
// subquery in SET is a SubPlan of the scan.
func (e *explainer) updateSource(u *plan.UpdateSource) *explainNode {
	out := e.node(u.Child)
	for _, x := range u.UpdateExprs {
		e.refs(x, out, false)
	}
	return out
}

// setsByColumn are an UPDATE's SET assignments in its table's column
// order, the order of PostgreSQL's target list.
func setsByColumn(sets []sql.Expression) []sql.Expression {
	col := func(x sql.Expression) int {
		if sf, ok := x.(*expression.SetField); ok {
			if gf, ok := sf.LeftChild.(*expression.GetField); ok {
				return gf.Index()
			}
		}
		return math.MaxInt
	}
	out := append([]sql.Expression{}, sets...)
	sort.SliceStable(out, func(i, j int) bool { return col(out[i]) < col(out[j]) })
	return out
}

// scansOne reports whether n reads one relation, whose columns
// PostgreSQL prints without its name.
func scansOne(n *explainNode) bool {
	if strings.HasPrefix(n.name, "Bitmap Heap Scan") || strings.HasPrefix(n.name, "Subquery Scan") {
		return true
	}
	for _, k := range n.kids {
		if k.subplan == "" {
			return false
		}
	}
	return true
}
