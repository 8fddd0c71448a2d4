package auth

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// DB is the database the auth server runs its SQL on: a tinybase engine
// (New) or any PostgreSQL with the Supabase bootstrap (OnPostgres,
// NewOnDB). Errors from the database are *pgerror.Error either way.
type DB interface {
	// Acquire takes a connection as the auth server's database role.
	Acquire(ctx context.Context) (Conn, error)
	// Release gives c back; a connection whose transaction block may not
	// have ended (clean false) is closed instead of reused.
	Release(c Conn, clean bool)
}

// Conn is one connection of a DB.
type Conn interface {
	// Query runs one statement and returns its rows in PostgreSQL's text
	// format (nil is NULL) and its command tag.
	Query(ctx context.Context, sql string, args ...any) (rows [][]*string, tag string, err error)
	// LockWrites, inside a transaction block, makes concurrent writing
	// transactions of the auth server run one after the other.
	LockWrites(ctx context.Context) error
}

// engineDB runs on engine sessions as one role, keeping a few idle ones
// (connecting costs more than a simple statement).
type engineDB struct {
	eng  *engine.Engine
	user string
	idle chan *engine.Session
}

// idleSessions bounds the pool of idle engine sessions.
const idleSessions = 8

func newEngineDB(eng *engine.Engine, user string) *engineDB {
	return &engineDB{eng: eng, user: user, idle: make(chan *engine.Session, idleSessions)}
}

func (d *engineDB) Acquire(context.Context) (Conn, error) {
	select {
	case s := <-d.idle:
		return engineConn{s}, nil
	default:
	}
	s, err := d.eng.Connect(engine.SessionOptions{User: d.user})
	if err != nil {
		return nil, err
	}
	return engineConn{s}, nil
}

func (d *engineDB) Release(c Conn, clean bool) {
	s := c.(engineConn).s
	if clean {
		select {
		case d.idle <- s:
			return
		default:
		}
	}
	s.Close()
}

type engineConn struct{ s *engine.Session }

func (c engineConn) Query(ctx context.Context, sql string, args ...any) ([][]*string, string, error) {
	rows, err := c.s.Query(ctx, sql, args...)
	if err != nil {
		return nil, "", err
	}
	defer rows.Close()
	var out [][]*string
	for rows.Next() {
		txt := rows.Text()
		cp := make([]*string, len(txt))
		copy(cp, txt)
		out = append(out, cp)
	}
	if err := rows.Err(); err != nil {
		return nil, "", err
	}
	return out, rows.Tag(), nil
}

// LockWrites takes the engine's single-writer lock.
func (c engineConn) LockWrites(ctx context.Context) error { return c.s.LockWrites(ctx) }

// OnPostgres is a DB over a pgx pool to a PostgreSQL that has the
// Supabase bootstrap (auth.users and the other GoTrue tables).
func OnPostgres(pool *pgxpool.Pool) DB { return pgDB{pool} }

type pgDB struct{ pool *pgxpool.Pool }

func (d pgDB) Acquire(ctx context.Context) (Conn, error) {
	c, err := d.pool.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("auth: database: %w", err)
	}
	return pgConn{c}, nil
}

func (d pgDB) Release(c Conn, clean bool) {
	pc := c.(pgConn).c
	if !clean {
		// the connection may still be inside a transaction block
		_ = pc.Conn().Close(context.Background())
	}
	pc.Release()
}

type pgConn struct{ c *pgxpool.Conn }

func (c pgConn) Query(ctx context.Context, sql string, args ...any) ([][]*string, string, error) {
	rows, err := c.c.Query(ctx, sql, append([]any{pgx.QueryResultFormats{pgx.TextFormatCode}}, args...)...)
	if err != nil {
		return nil, "", pgError(err)
	}
	defer rows.Close()
	var out [][]*string
	for rows.Next() {
		raw := rows.RawValues()
		row := make([]*string, len(raw))
		for i, b := range raw {
			if b != nil {
				s := string(b)
				row[i] = &s
			}
		}
		out = append(out, row)
	}
	if err := rows.Err(); err != nil {
		return nil, "", pgError(err)
	}
	return out, rows.CommandTag().String(), nil
}

// writeLockKey is the advisory lock the auth server's writing
// transactions take on PostgreSQL, in place of the engine's writer lock:
// it serializes them as GoTrue's SELECT ... FOR UPDATE on the rows it
// rewrites does (two refreshes of one token never both succeed).
const writeLockKey = 0x7469_6e79_6175 // "tinyau"

func (c pgConn) LockWrites(ctx context.Context) error {
	_, _, err := c.Query(ctx, "select pg_advisory_xact_lock($1::bigint)", int64(writeLockKey))
	return err
}

// pgError converts PostgreSQL's error to *pgerror.Error, as the engine
// reports it.
func pgError(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return &pgerror.Error{Severity: pe.Severity, Code: pe.Code, Message: pe.Message, Detail: pe.Detail, Hint: pe.Hint,
			Schema: pe.SchemaName, Table: pe.TableName, Column: pe.ColumnName, Constraint: pe.ConstraintName}
	}
	return fmt.Errorf("auth: database: %w", err)
}

var (
	_ DB   = (*engineDB)(nil)
	_ DB   = pgDB{}
	_ Conn = engineConn{}
	_ Conn = pgConn{}
)
