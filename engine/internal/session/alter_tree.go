package session

import (
	"context"

	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/translate"
)

// runAlterTree runs an ALTER TABLE that reaches a table's inheritance
// children or partitions (translate/partition_alter.go): each table's
// step as a nested statement of this one, in its transaction, so a step
// that fails undoes them all.
func (s *Session) runAlterTree(ctx context.Context, res translate.Result, c *translate.AlterTree) (*Rows, error) {
	return s.runSteps(ctx, res, len(c.Steps), func(i int) (*pg.Node, translate.Result, error) {
		return c.Steps[i].Node, c.Steps[i].Res, nil
	})
}

// runSteps runs n statements as one, in the statement's transaction:
// step(i) gives the i-th, translated.
func (s *Session) runSteps(ctx context.Context, res translate.Result, n int, step func(i int) (*pg.Node, translate.Result, error)) (*Rows, error) {
	text := s.curSQL
	err := s.inPL(ctx, func(ctx context.Context) error {
		for i := range n {
			node, r, err := step(i)
			if err != nil {
				return err
			}
			if err := s.applyCatalog(r.Catalog); err != nil {
				return err
			}
			if _, err := s.runNested(ctx, text, node, r); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return s.endCommand(res.Tag, nil, err)
	}
	tag, rows, err := s.commandDone(res.Tag)
	return s.endCommand(tag, rows, err)
}

// runAlterPasses runs an ALTER TABLE split into passes: each step is
// translated once the one before it has run, so that it sees the column
// types that one set, all in the statement's transaction.
func (s *Session) runAlterPasses(ctx context.Context, res translate.Result, c *translate.AlterPasses) (*Rows, error) {
	return s.runSteps(ctx, res, len(c.Steps), func(i int) (*pg.Node, translate.Result, error) {
		r, err := s.CurrentTranslator().Statement(c.Steps[i])
		return c.Steps[i], r, err
	})
}
