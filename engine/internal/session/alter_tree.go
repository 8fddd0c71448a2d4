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
