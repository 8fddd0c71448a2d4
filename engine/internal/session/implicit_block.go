package session

import (
	"time"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Implicit transaction blocks (PostgreSQL docs: 55.2.2 Simple Query,
// 55.2.3 Extended Query, 55.2.4 Pipelining). Outside a transaction block
// two kinds of message sequence still run as one transaction: a Query
// message of several statements, and the extended-protocol messages up
// to a Sync (a pipeline). Both commit at their end and roll back when
// anything in them failed; they differ in how statements see them:
//
//   - a multi-statement Query is a transaction block
//     (TBLOCK_IMPLICIT_INPROGRESS): SET LOCAL sticks without a warning;
//   - a pipeline is not (TBLOCK_STARTED): what requires a block (SET
//     LOCAL's warning, SAVEPOINT, LOCK TABLE, DECLARE) answers as it does
//     outside one, while what refuses a block (VACUUM, CREATE DATABASE,
//     CREATE INDEX CONCURRENTLY, ...) runs in a transaction of its own
//     when it is the pipeline's first statement and fails with 25001
//     after another (PreventInTransactionBlock's XACT_FLAGS_PIPELINING).
//
// In both, BEGIN turns the block into an explicit one (no warning), and
// COMMIT or ROLLBACK ends it where it stands, with the warning a
// statement outside a block gets; the next statement starts another.
// The block is the session's txnActive / txnFailed state, so everything
// that commits a statement's own transaction outside a block waits for
// the block's end, and now() is one value for all of it.

// implicitKind says what kind of implicit block the transaction is.
type implicitKind uint8

const (
	notImplicit      implicitKind = iota
	implicitQuery                 // a multi-statement Query message
	implicitPipeline              // extended-protocol messages until Sync
)

// BeginImplicitBlock starts the implicit transaction block PostgreSQL runs
// a multi-statement simple Query message in: its statements commit
// together, and an error rolls back all of them. It reports whether a
// block was started (false inside a transaction block).
func (s *Session) BeginImplicitBlock() bool {
	return s.beginImplicit(implicitQuery)
}

// BeginPipeline starts the implicit transaction of extended-protocol
// messages, which Sync ends (EndImplicitBlock). Inside a transaction
// block it does nothing and reports false.
func (s *Session) BeginPipeline() bool {
	return s.beginImplicit(implicitPipeline)
}

func (s *Session) beginImplicit(kind implicitKind) bool {
	if s.state != txnIdle {
		return false
	}
	if s.txn == nil {
		s.txn = s.newTxn()
	}
	s.txn.Refresh()
	s.state = txnActive
	s.implicit, s.pipelineRuns = kind, 0
	s.txnSettings = nil // copied before the first change (keepTxnSettings)
	// the transaction's timestamp: every statement in it reads it
	s.env.Now = time.Now().UTC().Truncate(time.Microsecond)
	return true
}

// EndImplicitBlock ends the implicit block BeginImplicitBlock or
// BeginPipeline started: it commits unless something in it failed, in
// which case everything is rolled back. A block BEGIN made explicit, or
// one a COMMIT or ROLLBACK in it ended, is left alone.
func (s *Session) EndImplicitBlock() error {
	if s.implicit == notImplicit {
		return nil
	}
	switch s.state {
	case txnActive:
		return s.endTxn(true)
	case txnFailed:
		return s.endTxn(false)
	}
	s.implicit = notImplicit
	return nil
}

// FailTransaction records an error the client was sent that the session
// did not raise itself (a protocol error of the extended protocol): as
// any error does in PostgreSQL, it aborts the transaction, which an
// implicit block rolls back at its end and an explicit one holds until
// ROLLBACK.
func (s *Session) FailTransaction() {
	if s.state == txnActive {
		s.state = txnFailed
	}
}

// inBlock reports whether the session is in a transaction block as
// PostgreSQL's IsTransactionBlock does: a pipeline's implicit
// transaction is not one.
func (s *Session) inBlock() bool {
	return s.state != txnIdle && s.implicit != implicitPipeline
}

// pipelineStatement is called before a statement of a pipeline's block
// runs. A statement that cannot run in a transaction block runs in its
// own when it is the pipeline's first (the block ends before it, having
// run nothing, and the next message starts another); after another, it
// fails as PostgreSQL's PreventInTransactionBlock fails it.
func (s *Session) pipelineStatement(stmt *pg.Node) error {
	s.pipelineRuns++
	what := blockRefusedWhat(stmt)
	if what == "" {
		return nil
	}
	if s.pipelineRuns > 1 {
		return pgerror.New(pgerror.ActiveSQLTransaction, "%s cannot be executed within a pipeline", what)
	}
	return s.EndImplicitBlock()
}

// blockRefusedWhat names a statement PostgreSQL refuses to run in a
// transaction block (PreventInTransactionBlock's callers); "" for any
// other.
func blockRefusedWhat(stmt *pg.Node) string {
	if stmt == nil {
		return ""
	}
	if what := concurrentlyWhat(stmt); what != "" {
		return what
	}
	switch n := stmt.Node.(type) {
	case *pg.Node_VacuumStmt:
		if n.VacuumStmt.IsVacuumcmd {
			return "VACUUM"
		}
	case *pg.Node_CreatedbStmt:
		return "CREATE DATABASE"
	case *pg.Node_DropdbStmt:
		return "DROP DATABASE"
	case *pg.Node_AlterSystemStmt:
		return "ALTER SYSTEM"
	case *pg.Node_CreateTableSpaceStmt:
		return "CREATE TABLESPACE"
	case *pg.Node_DropTableSpaceStmt:
		return "DROP TABLESPACE"
	case *pg.Node_DiscardStmt:
		if n.DiscardStmt.Target == pg.DiscardMode_DISCARD_ALL {
			return "DISCARD ALL"
		}
	case *pg.Node_ReindexStmt:
		switch n.ReindexStmt.Kind {
		case pg.ReindexObjectType_REINDEX_OBJECT_SCHEMA:
			return "REINDEX SCHEMA"
		case pg.ReindexObjectType_REINDEX_OBJECT_DATABASE:
			return "REINDEX DATABASE"
		case pg.ReindexObjectType_REINDEX_OBJECT_SYSTEM:
			return "REINDEX SYSTEM"
		}
		for _, p := range n.ReindexStmt.Params {
			if d := p.GetDefElem(); d != nil && d.Defname == "concurrently" {
				return "REINDEX CONCURRENTLY"
			}
		}
	case *pg.Node_TransactionStmt:
		switch n.TransactionStmt.Kind {
		case pg.TransactionStmtKind_TRANS_STMT_COMMIT_PREPARED:
			return "COMMIT PREPARED"
		case pg.TransactionStmtKind_TRANS_STMT_ROLLBACK_PREPARED:
			return "ROLLBACK PREPARED"
		}
	}
	return ""
}
