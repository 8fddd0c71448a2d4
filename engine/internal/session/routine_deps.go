package session

import (
	"fmt"

	"github.com/tinybase/tinybase/internal/pgtree"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
)

// Column defaults and check constraints that call a user function depend
// on it (pg_depend): DROP FUNCTION refuses to drop it (2BP01) while one
// does. Defaults hold their calls as RoutineCall expressions; a check's
// text is bound against its table with every call kept (no inlining) and
// the bound expression searched for the routine.

// routineUsedByTables describes the first column default or check
// constraint that calls f ("default value for column c of table t",
// "constraint k on table t"), or "" when none does.
func (s *Session) routineUsedByTables(f *catalog.Function) (string, error) {
	txn := s.StorageTxn()
	ctx := s.gmsContext()
	for _, schema := range txn.SchemaNames() {
		if storage.IsSystemSchema(schema) {
			continue
		}
		names, err := txn.TableNames(schema)
		if err != nil {
			return "", err
		}
		for _, name := range names {
			t, ok, err := s.eng.provider.DB().Table(ctx, schema, name)
			if err != nil || !ok {
				continue
			}
			for _, c := range t.Schema() {
				if c.Default != nil && callsRoutine(c.Default.Expr, f.OID) {
					return fmt.Sprintf("default value for column %s of table %s", c.Name, name), nil
				}
			}
			s.rt.rawChecks = true
			checks, err := t.GetChecks(ctx)
			s.rt.rawChecks = false
			if err != nil {
				return "", err
			}
			for _, ch := range checks {
				uses, err := s.checkCallsRoutine(ctx, schema, name, ch.CheckExpression, f)
				if err != nil {
					return "", err
				}
				if uses {
					return fmt.Sprintf("constraint %s on table %s", ch.Name, name), nil
				}
			}
		}
	}
	return "", nil
}

// callsRoutine reports whether an expression calls the routine oid.
func callsRoutine(e sql.Expression, oid uint32) bool {
	if e == nil {
		return false
	}
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		rc, ok := e.(*translate.RoutineCall)
		return ok && rc.Fn.OID == oid
	})
}

// checkCallsRoutine binds "SELECT <check> FROM schema.table" and looks
// for a call of f.
func (s *Session) checkCallsRoutine(ctx *sql.Context, schema, table, text string, f *catalog.Function) (bool, error) {
	p := s.parser()
	if p == nil {
		return false, nil
	}
	if _, ok := s.checkNeedsCatalog(text); !ok {
		return false, nil
	}
	calls, _ := p.checkCalls.Load(text)
	named := false
	for _, n := range calls.([]string) {
		named = named || n == f.Name
	}
	if !named {
		return false, nil
	}
	tree, err := pgtree.Parse("SELECT " + text + " FROM " + pgQuoteIdent(schema) + "." + pgQuoteIdent(table))
	if err != nil || len(tree.Stmts) != 1 {
		return false, nil
	}
	tr := &translate.Translator{Env: &s.env, Tables: s, Catalog: s.translatorCatalog(), KeepCalls: true}
	res, err := tr.Statement(tree.Stmts[0].Stmt)
	if err != nil || res.Stmt == nil {
		return false, nil
	}
	sel, ok := res.Stmt.(*sqlparser.Select)
	if !ok {
		return false, nil
	}
	g := s.eng.gms
	bound, _, err := planbuilder.New(ctx, g.Analyzer.Catalog, g.EventScheduler, g.Parser).BindOnly(sel, "", nil)
	if err != nil {
		return false, nil
	}
	found := false
	transform.InspectExpressions(bound, func(e sql.Expression) bool {
		if callsRoutine(e, f.OID) {
			found = true
		}
		return !found
	})
	return found, nil
}

func pgQuoteIdent(s string) string {
	out := `"`
	for _, r := range s {
		if r == '"' {
			out += `""`
		} else {
			out += string(r)
		}
	}
	return out + `"`
}
