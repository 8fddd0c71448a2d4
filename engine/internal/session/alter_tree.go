package session

import (
	"context"

	"github.com/tinybase/tinybase/engine/internal/translate"
)

// runAlterTree runs an ALTER TABLE that reaches a table's inheritance
// children or partitions (translate/partition_alter.go): each table's
// step as a nested statement of this one, in its transaction, so a step
// that fails undoes them all.
func (s *Session) runAlterTree(ctx context.Context, res translate.Result, c *translate.AlterTree) (*Rows, error) {
	text := s.curSQL
	err := s.inPL(ctx, func(ctx context.Context) error {
		for _, st := range c.Steps {
			if err := s.applyCatalog(st.Res.Catalog); err != nil {
				return err
			}
			if _, err := s.runNested(ctx, text, st.Node, st.Res); err != nil {
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
	text := s.curSQL
	err := s.inPL(ctx, func(ctx context.Context) error {
		for _, node := range c.Steps {
			step, err := s.CurrentTranslator().Statement(node)
			if err != nil {
				return err
			}
			if err := s.applyCatalog(step.Catalog); err != nil {
				return err
			}
			if _, err := s.runNested(ctx, text, node, step); err != nil {
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
