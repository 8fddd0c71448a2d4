package postgrest

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Result is a statement's rows in PostgreSQL's text format (nil = NULL).
type Result struct {
	Columns []string
	Rows    [][]*string
	Tag     string // command tag (INSERT 0 1, UPDATE 2, ...)
}

// Querier runs one statement inside a request's transaction. Arguments are
// strings (bound as unknown-typed parameters, as PostgREST binds them) or nil.
type Querier interface {
	Query(ctx context.Context, sql string, args ...any) (*Result, error)
}

// Executor runs a function inside one transaction. fn returns whether to
// commit; an error always rolls back. Errors from the database are
// *pgerror.Error.
type Executor interface {
	Tx(ctx context.Context, readOnly bool, fn func(Querier) (commit bool, err error)) error
}

// Versioned is implemented by executors that can tell when the schema may
// have changed; the schema cache reloads when the version moves.
type Versioned interface {
	SchemaVersion() uint64
}

// EngineExecutor runs requests on a tinybase engine, one session each.
type EngineExecutor struct {
	Engine *engine.Engine
	// User is the session user (the authenticator); "postgres" when empty.
	User string

	mu   sync.Mutex
	idle []*engine.Session // sessions between requests; every setting a request makes is transaction-local

	reload engineReload // NOTIFY pgrst (notify.go)
}

const maxIdleSessions = 16

func (x *EngineExecutor) session() (*engine.Session, error) {
	x.mu.Lock()
	if n := len(x.idle); n > 0 {
		s := x.idle[n-1]
		x.idle = x.idle[:n-1]
		x.mu.Unlock()
		return s, nil
	}
	x.mu.Unlock()
	return x.Engine.Connect(engine.SessionOptions{User: x.User})
}

func (x *EngineExecutor) release(s *engine.Session, clean bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	if !clean || len(x.idle) >= maxIdleSessions {
		s.Close()
		return
	}
	x.idle = append(x.idle, s)
}

var _ Executor = (*EngineExecutor)(nil)
var _ Versioned = (*EngineExecutor)(nil)
var _ IndexOrder = (*EngineExecutor)(nil)

// IndexNullsLow implements IndexOrder: the engine's indexes order NULLs
// first ascending, and its ORDER BY needs an extra sort key for
// PostgreSQL's default NULLS LAST.
func (x *EngineExecutor) IndexNullsLow() bool { return true }

// SchemaVersion implements Versioned: the engine's DDL version plus the
// reload notifications received on the pgrst channel (notify.go).
func (x *EngineExecutor) SchemaVersion() uint64 { return x.Engine.DDLVersion() + x.reloads() }

// Tx implements Executor.
func (x *EngineExecutor) Tx(ctx context.Context, readOnly bool, fn func(Querier) (bool, error)) error {
	s, err := x.session()
	if err != nil {
		return err
	}
	clean := false
	defer func() { x.release(s, clean) }()
	q := engineQuerier{s}
	begin := "begin"
	if readOnly {
		begin = "begin read only"
	}
	if _, err := q.Query(ctx, begin); err != nil {
		// engines without READ ONLY still get a transaction
		if _, err := q.Query(ctx, "begin"); err != nil {
			return err
		}
	}
	commit, err := fn(q)
	if err != nil {
		_, rerr := q.Query(ctx, "rollback")
		clean = rerr == nil
		return err
	}
	end := "rollback"
	if commit {
		end = "commit"
	}
	_, err = q.Query(ctx, end)
	clean = err == nil
	return err
}

type engineQuerier struct{ s *engine.Session }

// SetLocal implements localSetter: what set_config(name, value, true)
// does, without planning a statement.
func (q engineQuerier) SetLocal(settings [][2]string) error {
	for _, kv := range settings {
		if err := q.s.SetSetting(kv[0], kv[1], true); err != nil {
			return err
		}
	}
	return nil
}

func (q engineQuerier) Query(ctx context.Context, sql string, args ...any) (*Result, error) {
	rows, err := q.s.Query(ctx, sql, engineArgs(args)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	res := &Result{}
	for _, c := range rows.Columns() {
		res.Columns = append(res.Columns, c.Name)
	}
	for rows.Next() {
		t := rows.Text()
		row := make([]*string, len(t))
		copy(row, t)
		res.Rows = append(res.Rows, row)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	res.Tag = rows.Tag()
	return res, nil
}

// PgxExecutor runs requests on a real PostgreSQL through a pgx pool: the
// oracle for the SQL this package generates.
type PgxExecutor struct {
	Pool *pgxpool.Pool

	version pgxVersion // moved by Listen
}

var _ Executor = (*PgxExecutor)(nil)

// Tx implements Executor.
func (x *PgxExecutor) Tx(ctx context.Context, readOnly bool, fn func(Querier) (bool, error)) error {
	opts := pgx.TxOptions{}
	if readOnly {
		opts.AccessMode = pgx.ReadOnly
	}
	tx, err := x.Pool.BeginTx(ctx, opts)
	if err != nil {
		return pgxError(err)
	}
	commit, err := fn(pgxQuerier{tx})
	if err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	if !commit {
		return pgxError(tx.Rollback(ctx))
	}
	return pgxError(tx.Commit(ctx))
}

type pgxQuerier struct{ tx pgx.Tx }

func (q pgxQuerier) Query(ctx context.Context, sql string, args ...any) (*Result, error) {
	rows, err := q.tx.Query(ctx, sql, append([]any{pgx.QueryResultFormats{pgx.TextFormatCode}}, plainArgs(args)...)...)
	if err != nil {
		return nil, pgxError(err)
	}
	defer rows.Close()
	res := &Result{}
	for _, f := range rows.FieldDescriptions() {
		res.Columns = append(res.Columns, f.Name)
	}
	for rows.Next() {
		raw := rows.RawValues()
		row := make([]*string, len(raw))
		for i, b := range raw {
			if b != nil {
				s := string(b)
				row[i] = &s
			}
		}
		res.Rows = append(res.Rows, row)
	}
	if err := rows.Err(); err != nil {
		return nil, pgxError(err)
	}
	res.Tag = rows.CommandTag().String()
	return res, nil
}

// pgxError converts PostgreSQL's errors to *pgerror.Error so both executors
// report failures the same way.
func pgxError(err error) error {
	if err == nil {
		return nil
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return &pgerror.Error{Severity: pe.Severity, Code: pe.Code, Message: pe.Message, Detail: pe.Detail, Hint: pe.Hint,
			Schema: pe.SchemaName, Table: pe.TableName, Column: pe.ColumnName, Constraint: pe.ConstraintName}
	}
	return fmt.Errorf("postgrest: database: %w", err)
}
