package engine

import (
	"context"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	pgparser "github.com/pganalyze/pg_query_go/v5/parser"
	"github.com/tinybase/tinybase/engine/expr"
	"github.com/tinybase/tinybase/engine/pgerror"
	"github.com/tinybase/tinybase/engine/storage"
	"github.com/tinybase/tinybase/engine/translate"
	"github.com/tinybase/tinybase/engine/types"
)

// SessionOptions says who connects.
type SessionOptions struct {
	User     string
	Database string
}

// txnState is the session's transaction block state, as ReadyForQuery
// reports it.
type txnState uint8

const (
	txnIdle   txnState = iota // no explicit transaction
	txnActive                 // inside BEGIN
	txnFailed                 // inside BEGIN, after an error (25P02 until ROLLBACK)
)

// Session is one connection's state: settings and transaction.
type Session struct {
	*sql.BaseSession
	eng        *Engine
	user       string
	txn        *storage.Txn
	state      txnState
	savepoints []savepoint
	settings   map[string]string
	local      map[string]string // SET LOCAL values, dropped at transaction end
	env        types.Env
}

type savepoint struct {
	name string
	mark storage.Mark
}

var _ storage.Session = (*Session)(nil)
var _ expr.Env = (*Session)(nil)

// Connect opens a session.
func (e *Engine) Connect(opts SessionOptions) (*Session, error) {
	if opts.User == "" {
		opts.User = "postgres"
	}
	if opts.Database != "" && opts.Database != dbName {
		return nil, pgerror.New(pgerror.InvalidCatalogName, "database %q does not exist", opts.Database)
	}
	s := &Session{eng: e, user: opts.User, settings: defaultSettings(), local: map[string]string{}}
	s.BaseSession = sql.NewBaseSessionWithClientServer("", sql.Client{User: opts.User, Address: "local"}, e.connIDs.Add(1))
	s.BaseSession.SetCurrentDatabase(dbName)
	s.env = types.Env{Loc: time.UTC}
	return s, nil
}

// Close ends the session, rolling back an open transaction.
func (s *Session) Close() {
	if s.txn != nil {
		s.txn.Rollback()
		s.txn = nil
	}
}

// StorageTxn implements storage.Session.
func (s *Session) StorageTxn() *storage.Txn {
	if s.txn == nil {
		s.txn = s.eng.store.Begin()
	}
	return s.txn
}

// SearchPath implements storage.Session: the schemas for unqualified names.
func (s *Session) SearchPath() []string {
	raw, _ := s.Setting("search_path")
	var out []string
	for _, p := range strings.Split(raw, ",") {
		p = strings.TrimSpace(p)
		if strings.HasPrefix(p, `"`) && strings.HasSuffix(p, `"`) && len(p) > 1 {
			p = p[1 : len(p)-1]
		} else {
			p = strings.ToLower(p)
		}
		if p == "$user" {
			p = s.user
		}
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// TypesEnv implements expr.Env.
func (s *Session) TypesEnv() *types.Env { return &s.env }

// Query runs exactly one statement and streams its result.
func (s *Session) Query(ctx context.Context, sqlText string, args ...any) (*Rows, error) {
	tree, err := pg.Parse(sqlText)
	if err != nil {
		return nil, syntaxError(err, sqlText)
	}
	if len(tree.Stmts) == 0 {
		return &Rows{tag: "", done: true}, nil
	}
	if len(tree.Stmts) > 1 {
		return nil, pgerror.New(pgerror.SyntaxError, "cannot insert multiple commands into a prepared statement")
	}
	return s.run(ctx, sqlText, tree.Stmts[0].Stmt, args)
}

func (s *Session) run(ctx context.Context, sqlText string, stmt *pg.Node, args []any) (*Rows, error) {
	if s.state == txnFailed {
		if ts := stmt.GetTransactionStmt(); ts == nil || !endsFailedBlock(ts.Kind) {
			return nil, pgerror.New(pgerror.InFailedSQLTransaction, "current transaction is aborted, commands ignored until end of transaction block")
		}
	}
	if s.env.Now.IsZero() || s.state == txnIdle {
		s.env.Now = time.Now().UTC().Truncate(time.Microsecond)
	}
	tr := &translate.Translator{Env: &s.env, Params: args}
	res, err := tr.Statement(stmt)
	if err != nil {
		s.failed()
		return nil, err
	}
	if d, ok := res.Cmd.(*translate.DML); ok {
		return s.runDML(ctx, res, d)
	}
	if res.Cmd != nil {
		tag, rows, err := s.command(res)
		if err != nil {
			s.failed()
			return nil, err
		}
		if rows != nil {
			return rows, nil
		}
		return &Rows{tag: tag, done: true}, nil
	}
	return s.execute(ctx, sqlText, res)
}

func endsFailedBlock(k pg.TransactionStmtKind) bool {
	switch k {
	case pg.TransactionStmtKind_TRANS_STMT_ROLLBACK, pg.TransactionStmtKind_TRANS_STMT_ROLLBACK_TO, pg.TransactionStmtKind_TRANS_STMT_COMMIT:
		return true
	}
	return false
}

// failed records a statement error: inside a block the block is aborted;
// outside one the implicit transaction is rolled back.
func (s *Session) failed() {
	if s.state == txnActive {
		s.state = txnFailed
		return
	}
	if s.state == txnIdle && s.txn != nil {
		s.txn.Rollback()
		s.txn = nil
	}
}

// execute runs a GMS statement. Outside a transaction block it is its own
// transaction; inside one a savepoint makes it atomic.
func (s *Session) execute(ctx context.Context, sqlText string, res translate.Result) (*Rows, error) {
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	mark := txn.Savepoint()
	gctx := sql.NewContext(ctx, sql.WithSession(s))
	err := s.prepareDML(gctx, res.Stmt)
	var schema sql.Schema
	var iter sql.RowIter
	if err == nil {
		schema, iter, _, err = s.eng.gms.QueryWithBindings(gctx, sqlText, res.Stmt, nil, nil)
	}
	if err != nil {
		txn.RollbackTo(mark)
		s.failed()
		return nil, mapError(err)
	}
	r := &Rows{s: s, gctx: gctx, iter: iter, kind: res.Tag, mark: mark, returning: res.Returning}
	if res.Tag == "SELECT" || res.Returning {
		r.setColumns(schema)
	} else {
		// DML and DDL: drain now so the tag and errors are known
		r.drainOK()
		if r.err != nil {
			return nil, r.err
		}
	}
	return r, nil
}

// finish ends a statement: rollback to its mark on error, commit an
// implicit transaction on success.
func (s *Session) finish(mark storage.Mark, err error) error {
	if err != nil {
		if s.txn != nil {
			s.txn.RollbackTo(mark)
		}
		s.failed()
		return err
	}
	if s.state == txnIdle && s.txn != nil {
		cerr := s.txn.Commit()
		s.txn = nil
		if cerr != nil {
			return mapError(cerr)
		}
	}
	return nil
}

func syntaxError(err error, sqlText string) error {
	msg := err.Error()
	pe := pgerror.New(pgerror.SyntaxError, "%s", msg)
	if perr, ok := err.(*pgparser.Error); ok {
		pe.Message = perr.Message
		pe.Position = perr.Cursorpos
	}
	return pe
}
