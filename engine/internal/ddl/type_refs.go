package ddl

import (
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Policies, views and CHECK constraints keep their expressions as SQL
// text, and column defaults nodes carrying a *types.Type, where
// PostgreSQL keeps trees that refer to types by OID (with pg_depend rows
// on them). The functions below give them the same behaviour: they
// follow ALTER TYPE ... RENAME TO / SET SCHEMA, and DROP TYPE finds them
// (2BP01, or CASCADE drops them).

// typeRef matches the names in stored text that denote type q (OID oid)
// in catalog cat: q's qualified name, or its bare name when the search
// path finds q by it.
func typeRef(h Host, cat *catalog.Catalog, q catalog.QName, oid uint32) translate.TypeRef {
	return func(names []string) bool {
		switch len(names) {
		case 2:
			return names[0] == q.Schema && names[1] == q.Name
		case 1:
			if names[0] != q.Name {
				return false
			}
			_, d, ok := FindType(h, cat, catalog.QName{Name: names[0]})
			return ok && d.Type.OID == oid
		}
		return false
	}
}

// followTypeInText rewrites the policies and views of cat naming type
// old (per ref, resolved before the change) to name it as now: a bare
// name stays bare on a rename, a moved type is written qualified.
func followTypeInText(cat *catalog.Catalog, ref translate.TypeRef, old, now catalog.QName) *catalog.Catalog {
	to := typeNamesTo(old, now)
	return rewritePolicyViewTexts(cat,
		func(e string) (string, bool, bool) { return translate.RetypeInExpr(e, ref, to) },
		func(q string) (string, bool, bool) { return translate.RetypeInQuery(q, ref, to) })
}

// rewritePolicyViewTexts puts into cat the policies whose USING or WITH
// CHECK text and the views whose query text a rewrite changed; each
// rewrite returns the new text, whether it changed and whether it parsed.
func rewritePolicyViewTexts(cat *catalog.Catalog, inExpr, inQuery func(string) (string, bool, bool)) *catalog.Catalog {
	for _, ps := range cat.AllPolicies() {
		for _, p := range ps {
			np := *p
			changed := false
			for _, e := range []*string{&np.Using, &np.Check} {
				if *e == "" {
					continue
				}
				if text, ch, ok := inExpr(*e); ok && ch {
					*e, changed = text, true
				}
			}
			if changed {
				cat = cat.PutPolicy(np)
			}
		}
	}
	for _, v := range cat.Views() {
		if text, ch, ok := inQuery(v.Query); ok && ch {
			nv := *v
			nv.Query = text
			cat = cat.PutView(nv)
		}
	}
	return cat
}

// typeTextDependents are what DROP TYPE removes with the type besides
// its columns and routines: the policies and views naming it, using a
// column of it (which goes with the type under CASCADE) or calling a
// routine that goes; the defaults and CHECK constraints naming it.
type typeTextDependents struct {
	// colViews read a dropped column; views name the type.
	colViews, views []catalog.QName
	// defaults are the columns (not dropped) whose default uses the type.
	defaults []columnUse
	// checks are the CHECK constraints naming the type.
	checks   []tableCheck
	policies []*catalog.Policy
	// detail are PostgreSQL's lines for them ("policy p on table t
	// depends on type x"), in the order it lists them.
	detail []string
}

// routines are the OIDs of the routines DROP TYPE drops with the type: a
// policy calling one goes too (PostgreSQL's also depends on the type
// itself through the typed constants of such a call).
func findTypeTextDependents(h Host, cat *catalog.Catalog, q catalog.QName, oid uint32, cols []tableColumn, routines []typeUser) typeTextDependents {
	var out typeTextDependents
	ref := typeRef(h, cat, q, oid)
	dropped := map[catalog.QName][]string{}
	for _, u := range cols {
		t := catalog.QName{Schema: u.table.SchemaName(), Name: u.table.Name()}
		dropped[t] = append(dropped[t], u.column)
	}
	seen := map[catalog.QName]bool{}
	for _, u := range cols {
		t := catalog.QName{Schema: u.table.SchemaName(), Name: u.table.Name()}
		for _, v := range cat.Dependents(t) {
			vq := catalog.QName{Schema: v.Schema, Name: v.Name}
			if !seen[vq] && translate.ViewReadsColumn(v, t.Name, u.column) {
				seen[vq] = true
				out.colViews = append(out.colViews, vq)
				out.detail = append(out.detail, relationDesc(h, "view", v.Schema, v.Name)+" depends on "+columnDesc(h, t.Schema, t.Name, u.column))
			}
		}
	}
	ctx := h.SQLContext()
	for _, t := range allTables(h, ctx, h.StorageTxn()) {
		tq := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
		for _, col := range t.Schema() {
			if col.Default == nil || col.Default.Expr == nil || slices.Contains(dropped[tq], col.Name) {
				continue
			}
			if exprUsesType(col.Default.Expr, oid, ref) {
				out.defaults = append(out.defaults, columnUse{table: t, col: col})
				out.detail = append(out.detail, "default value for "+columnDesc(h, tq.Schema, tq.Name, col.Name)+" depends on type "+q.Name)
			}
		}
	}
	gone := map[uint32]bool{}
	for _, r := range routines {
		gone[r.oid] = true
	}
	var goneFuncs []*catalog.Function
	for _, f := range cat.AllFunctions() {
		if gone[f.OID] {
			goneFuncs = append(goneFuncs, f)
		}
	}
	typeOID := func(names []string) (uint32, bool) {
		if _, d, ok := FindType(h, cat, catalog.QName{Schema: schemaOf(names), Name: names[len(names)-1]}); ok {
			return d.Type.OID, true
		}
		if t, ok := types.ByName(names[len(names)-1]); ok {
			return t.OID, true
		}
		return 0, false
	}
	calls := func(text string) bool {
		if text == "" || len(goneFuncs) == 0 {
			return false
		}
		for _, c := range translate.ExprCalls(text) {
			for _, f := range goneFuncs {
				n := c.Names
				named := len(n) == 1 && n[0] == f.Name || len(n) == 2 && n[0] == f.Schema && n[1] == f.Name
				if named && translate.CallsRoutine(c, f, cat.Functions(catalog.QName{Schema: f.Schema, Name: f.Name}), typeOID) {
					return true
				}
			}
		}
		return false
	}
	for _, t := range allTables(h, ctx, h.StorageTxn()) {
		checks, err := t.StoredChecks(ctx)
		if err != nil {
			continue
		}
		for _, ch := range checks {
			if translate.ExprUsesType(ch.CheckExpression, ref) {
				out.checks = append(out.checks, tableCheck{t, ch.Name})
				out.detail = append(out.detail, "constraint "+ch.Name+" on "+relationDesc(h, "table", t.SchemaName(), t.Name())+" depends on type "+q.Name)
			}
		}
	}
	var byOID []*catalog.Policy
	for _, ps := range cat.AllPolicies() {
		for _, p := range ps {
			uses := (p.Using != "" && translate.ExprUsesType(p.Using, ref)) || (p.Check != "" && translate.ExprUsesType(p.Check, ref)) ||
				calls(p.Using) || calls(p.Check)
			for _, col := range dropped[p.Table] {
				uses = uses || slices.Contains(translate.ExprColumns(p.Using), col) || slices.Contains(translate.ExprColumns(p.Check), col)
			}
			if uses {
				byOID = append(byOID, p)
			}
		}
	}
	slices.SortFunc(byOID, func(a, b *catalog.Policy) int { return int(a.OID) - int(b.OID) })
	for _, p := range byOID {
		out.policies = append(out.policies, p)
		out.detail = append(out.detail, policyDesc(h, p)+" depends on type "+q.Name)
	}
	for _, v := range cat.Views() {
		vq := catalog.QName{Schema: v.Schema, Name: v.Name}
		if !seen[vq] && translate.QueryUsesType(v.Query, ref) {
			seen[vq] = true
			out.views = append(out.views, vq)
			out.detail = append(out.detail, relationDesc(h, "view", v.Schema, v.Name)+" depends on type "+q.Name)
		}
	}
	return out
}

func policyDesc(h Host, p *catalog.Policy) string {
	return "policy " + p.Name + " on " + relationDesc(h, "table", p.Table.Schema, p.Table.Name)
}

// dropTypeTextDependents removes what findTypeTextDependents found,
// reporting each as DROP ... CASCADE does.
func dropTypeTextDependents(h Host, cat *catalog.Catalog, deps typeTextDependents) (*catalog.Catalog, error) {
	dropViews := func(vs []catalog.QName) error {
		for _, v := range vs {
			if _, ok := cat.View(v); !ok {
				continue // dropped with a view it reads
			}
			h.DropCascades(relationDesc(h, "view", v.Schema, v.Name))
			var err error
			if cat, err = dropRelationCascade(h, cat, v, "view", true); err != nil {
				return err
			}
			cat = cat.DropView(v)
		}
		return nil
	}
	if err := dropViews(deps.colViews); err != nil {
		return nil, err
	}
	if err := dropDefaultsAndChecks(h, deps.defaults, deps.checks); err != nil {
		return nil, err
	}
	for _, p := range deps.policies {
		if _, ok := cat.Policy(p.Table, p.Name); !ok {
			continue // dropped with a routine it calls
		}
		h.DropCascades(policyDesc(h, p))
		cat = cat.DropPolicy(p.Table, p.Name)
	}
	if err := dropViews(deps.views); err != nil {
		return nil, err
	}
	return cat, nil
}

// joinDetail is a 2BP01 error's DETAIL.
func joinDetail(lines []string) string { return strings.Join(lines, "\n") }

// typeNamesTo writes a type name of old (as written) for type now.
func typeNamesTo(old, now catalog.QName) func([]string) []string {
	return func(names []string) []string {
		if len(names) == 1 && old.Schema == now.Schema {
			return []string{now.Name}
		}
		return []string{now.Schema, now.Name}
	}
}

// retypeDefaults installs a renamed or moved type in the CHECK
// constraints, column defaults and generated columns using it: the
// constraints keep text, the others nodes that carry the *types.Type, so
// pg_get_expr / pg_get_constraintdef print its new name, as PostgreSQL's
// (by OID) do.
func retypeDefaults(h Host, oid uint32, nt *types.Type, ref translate.TypeRef, old, now catalog.QName) error {
	swap := typeSwap(oid, nt)
	to := typeNamesTo(old, now)
	shown := func(text string) (string, bool) {
		out, changed, ok := translate.RetypeInExpr(text, ref, to)
		return out, ok && changed
	}
	return rewriteTableExprs(h,
		func(text string) (string, bool, bool) { return translate.RetypeInExpr(text, ref, to) },
		func(e sql.Expression) (sql.Expression, bool) {
			re, ok := expr.Retype(e, swap, shown)
			if !ok {
				re = e
			}
			if lit, ok2 := retypeRegtypeLiterals(re, ref, to); ok2 {
				re, ok = lit, true
			}
			return re, ok
		},
		func(e sql.Expression) (sql.Expression, bool) { return expr.Retype(e, swap, shown) })
}

// retypeRegtypeLiterals renames the type in a stored default's regtype
// constants (their value is the type's name), as PostgreSQL's (by OID)
// follow it.
func retypeRegtypeLiterals(e sql.Expression, ref translate.TypeRef, to func([]string) []string) (sql.Expression, bool) {
	out, same, err := transform.Expr(e, func(n sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		l, ok := n.(*expr.Literal)
		if !ok || expr.TypeOf(l).Kind != types.KindRegtype {
			return n, transform.SameTree, nil
		}
		v, ok := l.Value.(string)
		if names, named := translate.RegtypeNames(v); !ok || !named || !ref(names) {
			return n, transform.SameTree, nil
		}
		text, _ := translate.RetypeRegtypeText(v, to)
		nl := *l
		nl.Value = text
		return &nl, transform.NewTree, nil
	})
	if err != nil || same == transform.SameTree {
		return e, false
	}
	return out, true
}

// exprUsesType reports whether a stored default's nodes are of the type
// (or an array of it), or its folded text names it.
func exprUsesType(e sql.Expression, oid uint32, ref translate.TypeRef) bool {
	uses := func(t *types.Type) (*types.Type, bool) {
		return t, t != nil && (t.OID == oid || t.Kind == types.KindArray && t.Elem != nil && t.Elem.OID == oid)
	}
	found := false
	transform.InspectExpr(e, func(n sql.Expression) bool {
		if _, ok := expr.Retype(n, uses, func(text string) (string, bool) { return text, translate.ExprUsesType(text, ref) }); ok {
			found = true
		}
		if l, ok := n.(*expr.Literal); ok && expr.TypeOf(l).Kind == types.KindRegtype {
			if v, ok := l.Value.(string); ok {
				if names, named := translate.RegtypeNames(v); named && ref(names) {
					found = true
				}
			}
		}
		return found
	})
	return found
}

// tableCheck is a CHECK constraint of a table.
type tableCheck struct {
	table *storage.Table
	name  string
}

// schemaOf is the schema part of a one- or two-part name ("" for one).
func schemaOf(names []string) string {
	if len(names) == 2 {
		return names[0]
	}
	return ""
}

// dropDefaultsAndChecks removes column defaults and CHECK constraints
// that depend on a dropped object, reporting each as DROP ... CASCADE
// does.
func dropDefaultsAndChecks(h Host, defaults []columnUse, checks []tableCheck) error {
	ctx := h.SQLContext()
	for _, d := range defaults {
		h.DropCascades("default value for " + columnDesc(h, d.table.SchemaName(), d.table.Name(), d.col.Name))
		nc := d.col.Copy()
		nc.Default = nil
		if err := d.table.ModifyColumn(ctx, d.col.Name, nc, nil); err != nil {
			return h.MapError(err)
		}
	}
	for _, c := range checks {
		h.DropCascades("constraint " + c.name + " on " + relationDesc(h, "table", c.table.SchemaName(), c.table.Name()))
		if err := c.table.DropCheck(ctx, c.name); err != nil {
			return h.MapError(err)
		}
	}
	return nil
}

// rewriteTableExprs rewrites, in every table, the CHECK constraints'
// texts with inCheck (new text, changed, parsed) and the column defaults
// and generated columns' expressions with inDefault and inGenerated (new
// expression, changed): the places a renamed or moved object's name is
// stored in a table.
func rewriteTableExprs(h Host, inCheck func(string) (string, bool, bool), inDefault, inGenerated func(sql.Expression) (sql.Expression, bool)) error {
	ctx := h.SQLContext()
	for _, t := range allTables(h, ctx, h.StorageTxn()) {
		checks, err := t.StoredChecks(ctx)
		if err != nil {
			return h.MapError(err)
		}
		for _, ch := range checks {
			text, changed, ok := inCheck(ch.CheckExpression)
			if !ok || !changed {
				continue
			}
			if err := t.DropCheck(ctx, ch.Name); err != nil {
				return h.MapError(err)
			}
			ch.CheckExpression = text
			if err := t.CreateCheck(ctx, &ch); err != nil {
				return h.MapError(err)
			}
		}
		for _, col := range t.Schema() {
			var nc *sql.Column
			if col.Default != nil && col.Default.Expr != nil {
				if e, ok := inDefault(col.Default.Expr); ok {
					nc = col.Copy()
					d := *col.Default
					d.Expr = e
					nc.Default = &d
				}
			}
			if col.Generated != nil && col.Generated.Expr != nil {
				if e, ok := inGenerated(col.Generated.Expr); ok {
					if nc == nil {
						nc = col.Copy()
					}
					g := *col.Generated
					g.Expr = e
					nc.Generated = &g
				}
			}
			if nc == nil {
				continue
			}
			if err := t.ModifyColumn(ctx, col.Name, nc, nil); err != nil {
				return h.MapError(err)
			}
		}
	}
	return nil
}
