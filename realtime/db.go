package realtime

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

// adminConn is a connection as the Realtime server's database user, on
// which the private-channel checks and the janitor run their SQL: an
// engine session, or a connection of Config.Postgres.
type adminConn interface {
	exec(ctx context.Context, sql string, args ...any) error
	query(ctx context.Context, sql string, args ...any) ([][]*string, error)
	close()
}

// admin connects as supabase_admin (the engine) or takes a pooled
// connection (PostgreSQL, whose user stands for it).
func (s *Server) admin(ctx context.Context) (adminConn, error) {
	if s.cfg.Engine == nil {
		if s.cfg.Postgres == nil {
			return nil, errors.New("realtime: Config has neither Engine nor Postgres")
		}
		c, err := s.cfg.Postgres.Acquire(ctx)
		if err != nil {
			return nil, fmt.Errorf("realtime: database: %w", err)
		}
		return pgAdmin{c}, nil
	}
	sess, err := s.cfg.Engine.Connect(engine.SessionOptions{User: "supabase_admin"})
	if err != nil {
		return nil, err
	}
	return engineAdmin{sess}, nil
}

type engineAdmin struct{ s *engine.Session }

func (a engineAdmin) exec(ctx context.Context, sql string, args ...any) error {
	rows, err := a.s.Query(ctx, sql, args...)
	if err != nil {
		return err
	}
	rows.Close()
	return rows.Err()
}

func (a engineAdmin) query(ctx context.Context, sql string, args ...any) ([][]*string, error) {
	rows, err := a.s.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return rows.TextRows()
}

func (a engineAdmin) close() { a.s.Close() }

type pgAdmin struct{ c *pgxpool.Conn }

func (a pgAdmin) exec(ctx context.Context, sql string, args ...any) error {
	_, err := a.c.Exec(ctx, sql, args...)
	return pgError(err)
}

func (a pgAdmin) query(ctx context.Context, sql string, args ...any) ([][]*string, error) {
	rows, err := a.c.Query(ctx, sql, append([]any{pgx.QueryResultFormats{pgx.TextFormatCode}}, args...)...)
	if err != nil {
		return nil, pgError(err)
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
	return out, pgError(rows.Err())
}

// close returns the connection to the pool; one still inside a
// transaction block (a failed rollback) is closed instead.
func (a pgAdmin) close() {
	if a.c.Conn().PgConn().TxStatus() != 'I' {
		_ = a.c.Conn().Close(context.Background())
	}
	a.c.Release()
}

// pgError converts PostgreSQL's error to *pgerror.Error, as the engine
// reports it.
func pgError(err error) error {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return &pgerror.Error{Severity: pe.Severity, Code: pe.Code, Message: pe.Message, Detail: pe.Detail, Hint: pe.Hint}
	}
	return err
}

var (
	_ adminConn = engineAdmin{}
	_ adminConn = pgAdmin{}
)
