package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// queryScope is what translating one SELECT level tracks: its named
// windows, the clause being translated (aggregates and window functions
// are not allowed everywhere), and whether we are inside an aggregate's
// arguments (aggregates do not nest).
type queryScope struct {
	windows map[string]*pg.WindowDef
	clause  string
	inAgg   bool
	// aggBare is set with inAgg when the call reads no column outside
	// its subqueries: PostgreSQL then takes it for the level of an
	// outer aggregate inside them, and refuses them as nested.
	aggBare bool
	// targets is the SELECT list, for ORDER BY ordinals and aliases.
	targets []*pg.Node
	// setOpTargets is the leftmost SELECT list of a set operation, whose
	// names its ORDER BY sees.
	setOpTargets []*pg.Node
	// distinct is set for SELECT DISTINCT, whose ORDER BY sorts its
	// output rows.
	distinct bool
	// rowCols names the columns of FROM items usable as whole-row values,
	// ctes those of the visible WITH items, parent is the enclosing level
	// (wholerow.go).
	rowCols map[string]*rowSource
	ctes    map[string]*rowSource
	parent  *queryScope
	// hiddenRows are this level's FROM items that the FROM subquery being
	// translated cannot see: itself, and every item unless it is LATERAL.
	hiddenRows map[string]bool
	// firstFrom is set while translating the first FROM item, which has
	// no earlier items to refer to laterally.
	firstFrom bool
	// cases holds the FROM tables' exact column names (column_case.go).
	cases *caseScope
	// derived is set for a level GMS builds as a derived table (srf_outer.go).
	derived bool
	// joins holds the names aliased joins hide (join_alias.go); from is
	// the level's FROM list.
	joins *joinScope
	from  []*pg.Node
	// depth counts SELECT levels from the statement's top (1); it tags
	// the level's aggregates (aggregate_level.go). fromNames holds every
	// FROM item's name, opaque is set when one has columns the translator
	// cannot list, and target is 1 + the SELECT-list entry being
	// translated (0 outside the list).
	depth     int
	fromNames map[string]bool
	opaque    bool
	target    int
	// dmlInputs marks UPDATE ... FROM and DELETE ... USING, where every
	// bare name is an input column (dmlRowScope).
	dmlInputs bool
	// held maps a subquery of a grouped level to the level's columns it
	// reads (group_dependents.go). argsHere is set while the SELECT list,
	// HAVING and ORDER BY are translated, whose subqueries may hold this
	// level's aggregates; outerAggs collects them while one such subquery
	// is translated, and hoisted records that one did (sublink_args.go).
	held      map[*pg.SubLink][]*pg.Node
	argsHere  bool
	outerAggs *[]*pg.FuncCall
	hoisted   bool
	// dmlTarget is the target of the UPDATE or DELETE being translated
	// (dmlKind) at the statement's level, whose columns an aggregate in
	// a subquery may read (aggregate_level.go)
	dmlTarget *pg.RangeVar
	dmlKind   string
}

// enterSelect starts a SELECT level; the returned func restores the outer one.
func (t *Translator) enterSelect(s *pg.SelectStmt) func() {
	saved := t.q
	t.q = queryScope{windows: map[string]*pg.WindowDef{}, rowCols: map[string]*rowSource{}, parent: &saved, cases: t.newCaseScope(s, saved.cases), derived: t.nextDerived,
		joins: newJoinScope(s.FromClause, saved.hidesNames()), from: s.FromClause, depth: saved.depth + 1, fromNames: map[string]bool{}}
	if t.q.joins != nil {
		t.addFullMerged(t.q.joins, s.FromClause) // join_alias.go
	}
	t.nextDerived = false
	t.collectRows(s, &saved)
	for _, w := range s.WindowClause {
		wd := w.GetWindowDef()
		if _, dup := t.q.windows[wd.Name]; dup {
			failAt(wd.Location, pgerror.WindowingError, "window \"%s\" is already defined", wd.Name)
		}
		def := &pg.WindowDef{Refname: wd.Refname, PartitionClause: wd.PartitionClause, OrderClause: wd.OrderClause,
			FrameOptions: wd.FrameOptions, StartOffset: wd.StartOffset, EndOffset: wd.EndOffset, Location: wd.Location}
		t.q.windows[wd.Name] = t.resolveWindow(def)
	}
	return func() { t.q = saved }
}

// inClause runs fn with the clause name set.
func (t *Translator) inClause(clause string, fn func()) {
	saved := t.q.clause
	t.q.clause = clause
	defer func() { t.q.clause = saved }()
	fn()
}

// resolveWindow expands OVER w and OVER (w ORDER BY ...) against the
// WINDOW clause (PostgreSQL docs 4.2.8).
func (t *Translator) resolveWindow(w *pg.WindowDef) *pg.WindowDef {
	ref := w.Refname
	simple := false
	if ref == "" && w.Name != "" {
		ref, simple = w.Name, true
	}
	if ref == "" {
		return w
	}
	base, ok := t.q.windows[ref]
	if !ok {
		failAt(w.Location, pgerror.UndefinedObject, "window \"%s\" does not exist", ref)
	}
	if simple {
		return base
	}
	if len(w.PartitionClause) > 0 {
		failAt(w.Location, pgerror.WindowingError, "cannot override PARTITION BY clause of window \"%s\"", ref)
	}
	if len(w.OrderClause) > 0 && len(base.OrderClause) > 0 {
		failAt(w.Location, pgerror.WindowingError, "cannot override ORDER BY clause of window \"%s\"", ref)
	}
	if base.FrameOptions&frameNonDefault != 0 {
		failAt(w.Location, pgerror.WindowingError, "cannot copy window \"%s\" because it has a frame clause", ref)
	}
	out := &pg.WindowDef{PartitionClause: base.PartitionClause, OrderClause: base.OrderClause,
		FrameOptions: w.FrameOptions, StartOffset: w.StartOffset, EndOffset: w.EndOffset, Location: w.Location}
	if len(w.OrderClause) > 0 {
		out.OrderClause = w.OrderClause
	}
	return out
}

// clauseOr returns the clause being translated, or def.
func (q *queryScope) clauseOr(def string) string {
	if q.clause != "" {
		return q.clause
	}
	return def
}

// targetsHaveStar reports whether a SELECT list has a * entry, which hides
// the output column count from the translator.
func targetsHaveStar(list []*pg.Node) bool {
	for _, n := range list {
		if cr := n.GetResTarget().GetVal().GetColumnRef(); cr != nil && cr.Fields[len(cr.Fields)-1].GetAStar() != nil {
			return true
		}
	}
	return false
}
