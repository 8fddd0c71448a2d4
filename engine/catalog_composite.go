package engine

import (
	"github.com/tinybase/tinybase/engine/pgerror"
	"github.com/tinybase/tinybase/engine/translate"
)

// createComposite runs CREATE TYPE ... AS (...).
func (s *Session) createComposite(c *translate.CreateComposite) error {
	cat := s.catalog()
	q, err := s.newTypeName(cat, c.Name)
	if err != nil {
		return err
	}
	if s.relationExists(cat, q) {
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", q.Name)
	}
	cat, _ = cat.NewComposite(q, c.Fields)
	s.setCatalog(cat)
	return nil
}
