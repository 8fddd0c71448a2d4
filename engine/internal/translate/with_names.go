package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// PostgreSQL looks a bare FROM name up among the visible WITH items
// before the relations: a WITH item named like a view hides the view. A
// recursive view depends on it, since CREATE RECURSIVE VIEW v stores
// WITH RECURSIVE v AS (...) SELECT ... FROM v.

// maxViewDepth bounds nested view expansion: PostgreSQL binds a view's
// relations when it is created, so its views cannot reach themselves,
// but tinybase resolves a view's names when it is used.
const maxViewDepth = 100

// pushWith makes w's item names visible until the returned func runs.
func (t *Translator) pushWith(w *pg.WithClause) func() {
	if w == nil || len(w.Ctes) == 0 {
		return func() {}
	}
	names := withItemNames(w.Ctes)
	t.countWithNames(names, 1)
	return func() { t.countWithNames(names, -1) }
}

// hideWithItems hides names while a non-recursive WITH item's body is
// translated: it sees only the items before it (and outer ones).
func (t *Translator) hideWithItems(names []string) func() {
	var shown []string
	for _, n := range names {
		if t.withNames[n] > 0 {
			shown = append(shown, n)
		}
	}
	t.countWithNames(shown, -1)
	return func() { t.countWithNames(shown, 1) }
}

func (t *Translator) countWithNames(names []string, by int) {
	if t.withNames == nil {
		t.withNames = map[string]int{}
	}
	for _, n := range names {
		t.withNames[n] += by
		if t.withNames[n] <= 0 {
			delete(t.withNames, n)
		}
	}
}

func withItemNames(ctes []*pg.Node) []string {
	out := make([]string, 0, len(ctes))
	for _, c := range ctes {
		if cte := c.GetCommonTableExpr(); cte != nil {
			out = append(out, cte.Ctename)
		}
	}
	return out
}

// isWithItem reports whether rv names a visible WITH item.
func (t *Translator) isWithItem(rv *pg.RangeVar) bool {
	return rv.Schemaname == "" && t.withNames[rv.Relname] > 0
}

// enterView starts expanding view name: the statement's WITH items are
// not visible in the view's query. It fails past maxViewDepth nested
// views, as PostgreSQL's rewriter does on a view that reaches itself.
func (t *Translator) enterView(name string) func() {
	if t.viewDepth >= maxViewDepth {
		fail(pgerror.New(pgerror.InvalidObjectDefinition, "infinite recursion detected in rules for relation %q", name))
	}
	saved := t.withNames
	t.withNames = nil
	t.viewDepth++
	return func() {
		t.withNames = saved
		t.viewDepth--
	}
}
