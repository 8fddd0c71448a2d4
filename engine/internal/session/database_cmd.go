package session

import (
	"context"
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
			return s.commandDone("DROP DATABASE")
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

// discardCommand runs DISCARD (docs: sql-discard). ALL is CLOSE ALL, SET
// SESSION AUTHORIZATION DEFAULT, RESET ALL, DEALLOCATE ALL (the wire
// protocol's named statements too, through StatementsEpoch), UNLISTEN *,
// then PLANS, TEMP and SEQUENCES; connection poolers send it when they
// hand a connection to another client.
func (s *Session) discardCommand(c *translate.Discard, tag string) (string, *Rows, error) {
	if c.All {
		if s.state != txnIdle && !s.triggersBlock {
			return "", nil, pgerror.New(pgerror.ActiveSQLTransaction, "DISCARD ALL cannot run inside a transaction block")
		}
		s.cursors = nil
		s.keepTxnSettings()
		s.settings["session_authorization"] = s.user
		s.settings["role"] = "none"
		s.resetAll()
		s.sqlPrepared = nil
		s.stmtEpoch++
		s.unlistenAll()
	}
	if c.Plans {
		s.cache.clear()
	}
	if c.Sequences {
		s.seqState = sessionSequences{}
	}
	if c.Temp && s.tempNS != "" && s.StorageTxn().HasSchema(s.tempNS) {
		// the schema's objects go, silently; it is made again on next use
		notices := s.notices
		err := s.inPL(context.Background(), func(ctx context.Context) error {
			return s.runScript(ctx, []Statement{{SQL: "DROP SCHEMA " + quoteIdent(s.tempNS) + " CASCADE"}})
		})
		s.notices = notices
		if err != nil {
			return "", nil, err
		}
	}
	return s.commandDone(tag)
}

// StatementsEpoch changes whenever DEALLOCATE ALL or DISCARD ALL drops
// every prepared statement: a wire server then forgets its protocol-level
// ones, which PostgreSQL keeps in the same namespace.
func (s *Session) StatementsEpoch() uint64 { return s.stmtEpoch }

// checkpointCommand runs CHECKPOINT: a superuser's or pg_checkpoint's,
// as in PostgreSQL 15. With a data directory the engine writes a
// checkpoint (the log it replaces is already durable); inside a
// transaction block that may hold the writer lock it leaves that to the
// next background checkpoint.
func (s *Session) checkpointCommand(_ *translate.Checkpoint, tag string) (string, *Rows, error) {
	cat, me := s.catalog(), s.CurrentUser()
	if r, ok := cat.Role(me); !ok || !r.Super && !cat.HasPrivsOf(me, "pg_checkpoint") {
		return "", nil, pgerror.New(pgerror.InsufficientPrivilege, "must be superuser or have privileges of pg_checkpoint to do CHECKPOINT")
	}
	if s.state == txnIdle || s.triggersBlock {
		if err := s.eng.Checkpoint(context.Background()); err != nil {
			return "", nil, err
		}
	}
	return s.commandDone(tag)
}
