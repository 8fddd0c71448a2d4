package session

import (
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// createSchema runs CREATE SCHEMA.
func (s *Session) createSchema(c *translate.CreateSchema, _ string) (string, *Rows, error) {
	txn := s.StorageTxn()
	if txn.HasSchema(c.Name) {
		if c.IfNotExists {
			s.Notice("NOTICE", pgerror.DuplicateSchema, fmt.Sprintf("schema %q already exists, skipping", c.Name))
			return s.commandDone("CREATE SCHEMA")
		}
		return "", nil, pgerror.New(pgerror.DuplicateSchema, "schema %q already exists", c.Name)
	}
	if err := txn.CreateSchema(c.Name); err != nil {
		return "", nil, mapError(err)
	}
	return s.commandDone("CREATE SCHEMA")
}

// dropSchema runs DROP SCHEMA, dropping the schemas' tables and catalog
// objects first (CASCADE).
func (s *Session) dropSchema(c *translate.DropSchema, _ string) (string, *Rows, error) {
	txn := s.StorageTxn()
	for _, n := range c.Names {
		if !txn.HasSchema(n) {
			if c.IfExists {
				s.Notice("NOTICE", "00000", fmt.Sprintf("schema %q does not exist, skipping", n))
				continue
			}
			return "", nil, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", n)
		}
		if err := s.dropSchemaTables(n, c.Cascade); err != nil {
			return "", nil, err
		}
		if err := s.dropSchemaObjects(n, c.Cascade); err != nil {
			return "", nil, err
		}
		if err := txn.DropSchema(n); err != nil {
			return "", nil, mapError(err)
		}
	}
	return s.commandDone("DROP SCHEMA")
}

// tableDDL runs table DDL (engine/internal/ddl) directly on storage,
// atomically: a failure rolls back to the statement's start.
func (s *Session) tableDDL(c *translate.TableDDL, tag string) (string, *Rows, error) {
	if c.Kind == "noop" {
		for i, n := range c.Notices {
			s.Notice("NOTICE", c.NoticeCodeAt(i), n)
		}
		return s.commandDone(tag)
	}
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	mark := txn.Savepoint()
	tag, err := ddl.TableDDL(s.ddl(), s.sqlContext(), c, tag)
	if err != nil {
		txn.RollbackTo(mark)
		return "", nil, mapError(err)
	}
	return s.commandDone(tag)
}
