package ddl

import (
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Regclass constants in stored expressions ('t'::regclass, the sequence
// of nextval('s'), a regclass column's default 'a') are bound to the
// relation's OID in PostgreSQL, with a pg_depend row on it. tinybase
// keeps their names (as text in policies, views and CHECK constraints, as
// literals in column defaults and generated columns), so the functions
// below give them the same behaviour: RENAME and SET SCHEMA of the
// relation rewrite the names (translate.RenameRegclassInExpr), and DROP
// finds them (2BP01, or CASCADE drops them). type_refs.go does the same
// for type names.

// regclassRef matches a regclass constant's name that denotes relation
// old, which the statement renames or moves to now: a qualified name of
// it, or its bare name when the search path finds old by it (the moved
// relation itself is not in the way).
func regclassRef(h Host, cat *catalog.Catalog, old, now catalog.QName) translate.RegclassRef {
	return func(name string) bool {
		parts, ok := types.SplitIdentifierString(name, '.')
		if !ok || len(parts) == 0 {
			return false
		}
		if len(parts) == 3 {
			parts = parts[1:] // the database's name
		}
		switch len(parts) {
		case 2:
			return parts[1] == old.Name && LookupSchemas(h, parts[0])[0] == old.Schema
		case 1:
			if parts[0] != old.Name {
				return false
			}
			for _, sc := range h.SearchPath() {
				if sc == old.Schema {
					return true
				}
				if sc == now.Schema && parts[0] == now.Name {
					continue
				}
				if RelationExists(h, cat, catalog.QName{Schema: sc, Name: parts[0]}) {
					return false
				}
			}
		}
		return false
	}
}

// regclassTo writes a matched name for the relation's new place: a bare
// name stays bare on a rename, a moved relation is named qualified.
func regclassTo(old, now catalog.QName) func(string) string {
	return func(name string) string {
		parts, _ := types.SplitIdentifierString(name, '.')
		if len(parts) == 1 && old.Schema == now.Schema {
			return pgident.QuoteIfNeeded(now.Name)
		}
		return pgident.QuoteIfNeeded(now.Schema) + "." + pgident.QuoteIfNeeded(now.Name)
	}
}

// followRegclass rewrites the regclass constants naming relation old,
// renamed or moved to now, in every stored expression: policies, views,
// materialized views, trigger WHEN conditions, CHECK constraints, column
// defaults and generated columns. It returns the catalog with the policies and views changed;
// the tables change in the session's transaction.
func followRegclass(h Host, cat *catalog.Catalog, old, now catalog.QName) (*catalog.Catalog, error) {
	ref := regclassRef(h, cat, old, now)
	to := regclassTo(old, now)
	cat = rewritePolicyViewTexts(cat,
		func(e string) (string, bool, bool) { return translate.RenameRegclassInExpr(e, ref, to) },
		func(q string) (string, bool, bool) { return translate.RenameRegclassInQuery(q, ref, to) })
	for _, m := range cat.Matviews() {
		if text, ch, ok := translate.RenameRegclassInQuery(m.Text, ref, to); ok && ch {
			cat = cat.PutMatview(m.Table, text)
		}
	}
	for _, tg := range cat.AllTriggers() {
		if tg.When == "" {
			continue
		}
		if text, ch, ok := translate.RenameRegclassInExpr(tg.When, ref, to); ok && ch {
			nt := *tg
			nt.When = text
			cat = cat.PutTrigger(nt)
		}
	}
	rename := func(e sql.Expression) (sql.Expression, bool) { return renameRegclassLiterals(e, ref, to) }
	err := rewriteTableExprs(h,
		func(text string) (string, bool, bool) { return translate.RenameRegclassInExpr(text, ref, to) },
		rename, rename)
	if err != nil {
		return nil, err
	}
	return cat, nil
}

// followRegclassInIndexes rewrites the regclass constants naming
// relation old, renamed or moved to now, in the expression indexes' keys
// and partial indexes' predicates. It runs once the relation has its new
// name: the keys are translated anew from their text, and a constant
// naming a relation that does not exist (yet) would not translate.
func followRegclassInIndexes(h Host, old, now catalog.QName) error {
	ref := regclassRef(h, h.Catalog(), old, now)
	to := regclassTo(old, now)
	rename := func(text, _ string) (string, bool, error) {
		out, changed, ok := translate.RenameRegclassInExpr(text, ref, to)
		if !ok || !changed {
			return text, false, nil
		}
		return out, true, nil
	}
	ctx := h.SQLContext()
	tr := &translate.Translator{Env: h.Env(), Catalog: h.TranslatorCatalog()}
	for _, t := range allTables(h, ctx, h.StorageTxn()) {
		if err := rewriteIndexTexts(ctx, tr, t, rename); err != nil { // rename_exprs.go
			return h.MapError(err)
		}
	}
	return nil
}

// renameRegclassLiterals rewrites a stored default's regclass constants
// (their value is the name) and the text of a folded constant or of a
// generated column's source that names them.
func renameRegclassLiterals(e sql.Expression, ref translate.RegclassRef, to func(string) string) (sql.Expression, bool) {
	out, same, err := transform.Expr(e, func(n sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := n.(type) {
		case *expr.Literal:
			nl := *x
			changed := false
			if s, ok := x.Value.(string); ok && expr.TypeOf(x).Kind == types.KindRegclass && ref(s) {
				nl.Value, changed = to(s), true
			}
			if x.Shown != "" {
				if text, ch, ok := translate.RenameRegclassInExpr(x.Shown, ref, to); ok && ch {
					nl.Shown, changed = text, true
				}
			}
			if changed {
				return &nl, transform.NewTree, nil
			}
		case *expr.FuncCall:
			if l, name, ok := sequenceNameArg(x); ok && expr.TypeOf(l).Kind != types.KindRegclass && ref(name) {
				nl := *l
				nl.Value = to(name)
				nf := *x
				nf.Args = append([]sql.Expression{&nl}, x.Args[1:]...)
				return &nf, transform.NewTree, nil
			}
		case *translate.SourceText:
			if text, ch, ok := translate.RenameRegclassInExpr(x.Text, ref, to); ok && ch {
				return &translate.SourceText{Child: x.Child, Text: text}, transform.NewTree, nil
			}
		}
		return n, transform.SameTree, nil
	})
	if err != nil || same == transform.SameTree {
		return e, false
	}
	return out, true
}

// sequenceNameArg is the string constant a nextval, currval or setval
// call takes its sequence from (PostgreSQL's regclass constant; tinybase
// may keep it as text).
func sequenceNameArg(fc *expr.FuncCall) (*expr.Literal, string, bool) {
	switch fc.Name {
	case "nextval", "currval", "setval":
	default:
		return nil, "", false
	}
	if len(fc.Args) == 0 {
		return nil, "", false
	}
	l, ok := fc.Args[0].(*expr.Literal)
	if !ok {
		return nil, "", false
	}
	name, ok := l.Value.(string)
	return l, name, ok
}

// regclassUses are the stored expressions naming a relation DROP removes
// (findRegclassUses): without CASCADE they refuse the DROP, with it they
// go (a default is removed, a constraint, policy or view dropped).
type regclassUses struct {
	defaults []columnUse
	checks   []tableCheck
	indexes  []tableIndex
	policies []*catalog.Policy
	triggers []*catalog.Trigger
	views    []catalog.QName
	matviews []catalog.QName
	// detail are PostgreSQL's DETAIL lines ("default value for column r
	// of table b depends on table a").
	detail []string
}

func (u regclassUses) empty() bool { return len(u.detail) == 0 }

// findRegclassUses finds the stored expressions whose regclass constants
// name relation q (of kind "table", "view", "sequence", ...); those of
// the relations in skip (dropped by the same statement) and of q itself
// go with them and are left out.
func findRegclassUses(h Host, cat *catalog.Catalog, q catalog.QName, kind string, skip map[catalog.QName]bool) regclassUses {
	var out regclassUses
	ref := regclassRef(h, cat, q, q)
	uses := func(names []string) bool { return slices.ContainsFunc(names, ref) }
	gone := func(t catalog.QName) bool { return t == q || skip[t] }
	on := relationDesc(h, kind, q.Schema, q.Name)
	ctx := h.SQLContext()
	for _, t := range allTables(h, ctx, h.StorageTxn()) {
		tq := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
		if gone(tq) {
			continue
		}
		for _, col := range t.Schema() {
			if col.Default != nil && col.Default.Expr != nil && exprNamesRelation(col.Default.Expr, ref) {
				out.defaults = append(out.defaults, columnUse{table: t, col: col})
				out.detail = append(out.detail, "default value for "+columnDesc(h, tq.Schema, tq.Name, col.Name)+" depends on "+on)
			}
		}
		checks, err := t.StoredChecks(ctx)
		if err != nil {
			continue
		}
		for _, ch := range checks {
			if uses(translate.ExprRegclassNames(ch.CheckExpression)) {
				out.checks = append(out.checks, tableCheck{t, ch.Name})
				out.detail = append(out.detail, "constraint "+ch.Name+" on "+relationDesc(h, "table", tq.Schema, tq.Name)+" depends on "+on)
			}
		}
		infos, err := t.Indexes(ctx)
		if err != nil {
			continue
		}
		for _, ix := range infos {
			if slices.ContainsFunc(append(slices.Clone(ix.Source), ix.WhereSource), func(text string) bool {
				return text != "" && uses(translate.ExprRegclassNames(text))
			}) {
				out.indexes = append(out.indexes, tableIndex{t, ix.Name})
				out.detail = append(out.detail, "index "+ix.Name+" depends on "+on)
			}
		}
	}
	var pols []*catalog.Policy
	for _, ps := range cat.AllPolicies() {
		for _, p := range ps {
			if !gone(p.Table) && (uses(translate.ExprRegclassNames(p.Using)) || uses(translate.ExprRegclassNames(p.Check))) {
				pols = append(pols, p)
			}
		}
	}
	slices.SortFunc(pols, func(a, b *catalog.Policy) int { return int(a.OID) - int(b.OID) })
	for _, p := range pols {
		out.policies = append(out.policies, p)
		out.detail = append(out.detail, policyDesc(h, p)+" depends on "+on)
	}
	for _, tg := range cat.AllTriggers() {
		if !gone(tg.Table) && tg.When != "" && uses(translate.ExprRegclassNames(tg.When)) {
			out.triggers = append(out.triggers, tg)
			out.detail = append(out.detail, triggerDesc(h, tg)+" depends on "+on)
		}
	}
	for _, v := range cat.Views() {
		vq := catalog.QName{Schema: v.Schema, Name: v.Name}
		if !gone(vq) && uses(translate.QueryRegclassNames(v.Query)) {
			out.views = append(out.views, vq)
			out.detail = append(out.detail, relationDesc(h, "view", v.Schema, v.Name)+" depends on "+on)
		}
	}
	for _, m := range cat.Matviews() {
		if !gone(m.Table) && uses(translate.QueryRegclassNames(m.Text)) {
			out.matviews = append(out.matviews, m.Table)
			out.detail = append(out.detail, relationDesc(h, "materialized view", m.Table.Schema, m.Table.Name)+" depends on "+on)
		}
	}
	return out
}

// exprNamesRelation reports whether a stored default holds a regclass
// constant ref matches.
func exprNamesRelation(e sql.Expression, ref translate.RegclassRef) bool {
	found := false
	transform.InspectExpr(e, func(n sql.Expression) bool {
		if fc, ok := n.(*expr.FuncCall); ok {
			if _, name, ok := sequenceNameArg(fc); ok && ref(name) {
				found = true
			}
		}
		if l, ok := n.(*expr.Literal); ok {
			if s, ok := l.Value.(string); ok && expr.TypeOf(l).Kind == types.KindRegclass && ref(s) {
				found = true
			} else if l.Shown != "" && slices.ContainsFunc(translate.ExprRegclassNames(l.Shown), ref) {
				found = true
			}
		}
		return found
	})
	return found
}

// dropRegclassUses removes what findRegclassUses found, reporting each
// as DROP ... CASCADE does.
func dropRegclassUses(h Host, cat *catalog.Catalog, u regclassUses) (*catalog.Catalog, error) {
	if err := dropDefaultsAndChecks(h, u.defaults, u.checks); err != nil {
		return nil, err
	}
	ctx := h.SQLContext()
	for _, ix := range u.indexes {
		h.DropCascades("index " + ix.name)
		if err := ix.table.DropIndex(ctx, ix.name); err != nil {
			return nil, h.MapError(err)
		}
		if err := dropAttachedIndexes(h, ctx, catalog.IndexKey(tableQName(ix.table), ix.name)); err != nil {
			return nil, err
		}
	}
	for _, p := range u.policies {
		h.DropCascades(policyDesc(h, p))
		cat = cat.DropPolicy(p.Table, p.Name)
	}
	for _, tg := range u.triggers {
		h.DropCascades(triggerDesc(h, tg))
		cat = cat.DropTrigger(tg.Table, tg.Name)
	}
	for _, v := range u.views {
		if _, ok := cat.View(v); !ok {
			continue // dropped with a view it reads
		}
		h.DropCascades(relationDesc(h, "view", v.Schema, v.Name))
		var err error
		if cat, err = dropRelationCascade(h, cat, v, "view", true); err != nil {
			return nil, err
		}
		cat = cat.DropView(v)
	}
	for _, m := range u.matviews {
		if _, ok := cat.Matview(m); !ok {
			continue
		}
		h.DropCascades(relationDesc(h, "materialized view", m.Schema, m.Name))
		var err error
		if cat, err = dropRelationCascade(h, cat, m, "materialized view", true); err != nil {
			return nil, err
		}
		if err := h.Database().Schema(m.Schema).DropTable(h.SQLContext(), m.Name); err != nil {
			return nil, h.MapError(err)
		}
		cat = cat.DropMatview(m).DropRelationComments(m).DropTableTriggers(m)
	}
	return cat, nil
}

// tableIndex is an index of a table.
type tableIndex struct {
	table *storage.Table
	name  string
}

// triggerDesc is "trigger tg on table t" (on view v for a view's).
func triggerDesc(h Host, tg *catalog.Trigger) string {
	kind := "table"
	if _, ok := h.Catalog().View(tg.Table); ok {
		kind = "view"
	}
	return "trigger " + tg.Name + " on " + relationDesc(h, kind, tg.Table.Schema, tg.Table.Name)
}
