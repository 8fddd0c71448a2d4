package session

import (
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/security"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// databaseCommand runs CREATE DATABASE and DROP DATABASE. tinybase serves
// one database ("postgres", beside the template0 and template1 that
// pg_database lists), so CREATE DATABASE of a new name is 0A000 and no
// DROP DATABASE succeeds, except IF EXISTS of a missing one; the checks
// before that are PostgreSQL's, in its order, so a migration or a tool
// gets the error PostgreSQL would give (25001 inside a transaction block,
// which is how the Supabase CLI applies a migration file).
func (s *Session) databaseCommand(c *translate.Database, tag string) (string, *Rows, error) {
	if s.state != txnIdle && !s.triggersBlock {
		return "", nil, pgerror.New(pgerror.ActiveSQLTransaction, "%s cannot run inside a transaction block", tag)
	}
	cat, me := s.catalog(), s.CurrentUser()
	r, _ := cat.Role(me)
	exists := c.Name == security.DatabaseName || c.Name == "template0" || c.Name == "template1"
	if !c.Drop {
		if r == nil || !r.Super && !r.CreateDB {
			return "", nil, pgerror.New(pgerror.InsufficientPrivilege, "permission denied to create database")
		}
		if exists {
			return "", nil, pgerror.New(pgerror.DuplicateDatabase, "database %q already exists", c.Name)
		}
		return "", nil, pgerror.New(pgerror.FeatureNotSupported, "CREATE DATABASE is not supported: tinybase serves one database, %q", security.DatabaseName).
			WithHint("Keep objects apart with a schema, or start another tinybase for a second database.")
	}
	if !exists {
		if c.MissingOk {
			s.Notice("NOTICE", "00000", fmt.Sprintf("database %q does not exist, skipping", c.Name))
			return "DROP DATABASE", nil, nil
		}
		return "", nil, pgerror.New(pgerror.InvalidCatalogName, "database %q does not exist", c.Name)
	}
	if owner := cat.Owner(security.DatabaseKey()); r == nil || !r.Super && !cat.HasPrivsOf(me, owner) {
		return "", nil, pgerror.New(pgerror.InsufficientPrivilege, "must be owner of database %s", c.Name)
	}
	if c.Name != security.DatabaseName {
		return "", nil, pgerror.New(pgerror.WrongObjectType, "cannot drop a template database")
	}
	return "", nil, pgerror.New(pgerror.ObjectInUse, "cannot drop the currently open database")
}
