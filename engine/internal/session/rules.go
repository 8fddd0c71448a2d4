package session

import (
	"context"
	"fmt"
	"strconv"

	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// ruleDepth bounds rule actions that fire rules again (PostgreSQL's
// "infinite recursion detected in rules").
const ruleDepth = 16

// runRuleProgram runs an INSERT / UPDATE / DELETE rewritten by rules
// (translate.RuleProgram) in one transaction; its tag is the original
// statement's kind with the row count the rule system reports (docs
// 41.6).
func (s *Session) runRuleProgram(ctx context.Context, _ translate.Result, c *translate.RuleProgram) (*Rows, error) {
	var count int64
	err := s.inPL(ctx, func(ctx context.Context) error {
		s.ruleNesting++
		defer func() { s.ruleNesting-- }()
		if s.ruleNesting > ruleDepth {
			return pgerror.New(pgerror.InvalidObjectDefinition, "infinite recursion detected in rules")
		}
		for _, st := range c.Steps {
			tree, err := pgtree.Parse(st.SQL)
			if err != nil {
				return pgtree.SyntaxError(err)
			}
			node := tree.Stmts[0].Stmt
			tr := s.CurrentTranslator()
			tr.SkipRules = st.Original
			res, err := tr.Statement(node)
			if err != nil {
				return err
			}
			if err := s.applyCatalog(res.Catalog); err != nil {
				return err
			}
			out, err := s.runNested(ctx, st.SQL, node, res)
			if err != nil {
				return err
			}
			if st.Original || c.Instead && st.Counts {
				count = out.Affected
			}
		}
		return nil
	})
	tag := c.Kind + " " + strconv.FormatInt(count, 10)
	if c.Kind == "INSERT" {
		tag = fmt.Sprintf("INSERT 0 %d", count)
	}
	return s.endCommand(tag, nil, err)
}
