package pgcatalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// A regclass constant in a stored expression ('t'::regclass, nextval's
// sequence) is a normal dependency of the expression's object on the
// relation in PostgreSQL's pg_depend (find_expr_references_walker): a
// column default (pg_attrdef), a CHECK constraint, a policy, a trigger's
// WHEN condition, a view's rule. tinybase keeps the names (ddl's regclass_refs.go makes them
// follow renames); these rows resolve them.

// regclassOID resolves a regclass constant's name as regclass input
// does: qualified, or through the search path and then schema (where a
// stored expression's bare name resolved when it was stored).
func (s *State) regclassOID(name, schema string) (uint32, bool) {
	parts, ok := types.SplitIdentifierString(name, '.')
	if !ok || len(parts) == 0 || len(parts) > 3 {
		return 0, false
	}
	parts = parts[max(0, len(parts)-2):]
	search := append(append([]string{"pg_catalog"}, s.SearchPath...), schema)
	if len(parts) == 2 {
		search = parts[:1]
	}
	n := parts[len(parts)-1]
	for _, sc := range search {
		if s.RelOIDIn(sc, n) {
			return s.RelOID(sc, n), true
		}
	}
	return 0, false
}

// defaultRegclassNames lists the relation names a stored default's
// regclass constants hold, nextval's text argument included.
func defaultRegclassNames(e sql.Expression) []string {
	var out []string
	transform.InspectExpr(e, func(n sql.Expression) bool {
		switch x := n.(type) {
		case *expr.Literal:
			if v, ok := x.Value.(string); ok && expr.TypeOf(x).Kind == types.KindRegclass {
				out = append(out, v)
			} else if x.Shown != "" {
				out = append(out, translate.ExprRegclassNames(x.Shown)...)
			}
		case *expr.FuncCall:
			switch x.Name {
			case "nextval", "currval", "setval":
				if len(x.Args) > 0 {
					if l, ok := x.Args[0].(*expr.Literal); ok && expr.TypeOf(l).Kind != types.KindRegclass {
						if v, ok := l.Value.(string); ok {
							out = append(out, v)
						}
					}
				}
			}
		}
		return false
	})
	return out
}

// regclassDepends are the 'n' rows of the regclass constants in stored
// expressions; have holds (classid, objid, refobjid) triples pg_depend
// already lists, which are not repeated, and a relation's expressions
// naming the relation itself are left out (PostgreSQL records those as
// its own parts).
func regclassDepends(s *State, rels []Relation, have map[[3]uint32]bool) [][]any {
	var out [][]any
	add := func(class, obj, ref uint32) {
		k := [3]uint32{class, obj, ref}
		if have[k] {
			return
		}
		have[k] = true
		out = append(out, []any{class, obj, int32(0), uint32(pgClassOID), ref, int32(0), "n"})
	}
	resolve := func(names []string, schema string, self uint32, f func(uint32)) {
		for _, n := range names {
			if oid, ok := s.regclassOID(n, schema); ok && oid != self {
				f(oid)
			}
		}
	}
	for _, r := range rels {
		relOID := RelationOID(r.Schema, r.Name)
		for _, c := range r.Table.Schema() {
			if c.Default == nil || c.Default.Expr == nil || c.Generated != nil || translate.IsDomainDefault(c.Default) {
				continue
			}
			ad := stableOID("ad:" + r.Schema + "." + r.Name + "." + c.Name)
			resolve(defaultRegclassNames(c.Default.Expr), r.Schema, relOID, func(oid uint32) { add(pgAttrdefOID, ad, oid) })
		}
		checks, err := r.Table.StoredChecks(s.Ctx)
		if err != nil {
			continue
		}
		for _, ch := range checks {
			con := stableOID("c:" + r.Schema + "." + r.Name + "." + ch.Name)
			resolve(translate.ExprRegclassNames(ch.CheckExpression), r.Schema, relOID, func(oid uint32) { add(pgConstraintOID, con, oid) })
		}
	}
	for t, ps := range s.Catalog.AllPolicies() {
		self := RelationOID(t.Schema, t.Name)
		for _, p := range ps {
			names := append(translate.ExprRegclassNames(p.Using), translate.ExprRegclassNames(p.Check)...)
			resolve(names, t.Schema, self, func(oid uint32) { add(pgPolicyOID, p.OID, oid) })
		}
	}
	for _, tg := range s.Catalog.AllTriggers() {
		if tg.When != "" {
			resolve(translate.ExprRegclassNames(tg.When), tg.Table.Schema, RelationOID(tg.Table.Schema, tg.Table.Name), func(oid uint32) { add(pgTriggerOID, tg.OID, oid) })
		}
	}
	for _, v := range s.Catalog.Views() {
		rule := RuleOID(v.Schema, v.Name)
		resolve(translate.QueryRegclassNames(v.Query), v.Schema, v.OID, func(oid uint32) { add(pgRewriteOID, rule, oid) })
	}
	return out
}
