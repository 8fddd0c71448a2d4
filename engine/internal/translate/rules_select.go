package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// ConvertToView is CREATE RULE "_RETURN" AS ON SELECT TO table DO
// INSTEAD SELECT ...: PostgreSQL's old way of making a view, which turns
// an empty table into a view of the rule's query (docs: 41.2 Views and
// the Rule System; CREATE RULE).
type ConvertToView struct {
	Table catalog.QName
	Rule  string
	Query string
}

func (*ConvertToView) command()        {}
func (*ConvertToView) catalogCommand() {}

// selectRule checks an ON SELECT rule as DefineQueryRewrite does before it
// looks at the relation's rows.
func (t *Translator) selectRule(s *pg.RuleStmt, q catalog.QName) Result {
	switch {
	case len(s.Actions) > 1:
		fail(pgerror.New(pgerror.FeatureNotSupported, "multiple actions for rules on SELECT are not implemented"))
	case len(s.Actions) == 0 || !s.Instead || s.Actions[0].GetSelectStmt() == nil:
		fail(pgerror.New(pgerror.FeatureNotSupported, "rules on SELECT must have action INSTEAD SELECT"))
	}
	sel := s.Actions[0].GetSelectStmt()
	if w := sel.WithClause; w != nil {
		for _, c := range w.Ctes {
			if cte := c.GetCommonTableExpr(); cte != nil && cte.Ctequery.GetSelectStmt() == nil {
				fail(pgerror.New(pgerror.FeatureNotSupported, "rules on SELECT must not contain data-modifying statements in WITH"))
			}
		}
	}
	if s.WhereClause != nil {
		fail(pgerror.New(pgerror.FeatureNotSupported, "event qualifications are not implemented for rules on SELECT"))
	}
	if t.findView(s.Relation) != nil {
		fail(pgerror.New(pgerror.ObjectNotInPrerequisiteState, "%q is already a view", s.Relation.Relname))
	}
	text, err := pgtree.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: s.Actions[0]}}})
	if err != nil {
		fail(pgerror.New(pgerror.InternalError, "deparse: %v", err))
	}
	return Result{Cmd: &ConvertToView{Table: q, Rule: s.Rulename, Query: text}, Tag: "CREATE RULE"}
}
