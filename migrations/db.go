package migrations

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// DB is a database migrations run on: a tinybase engine session
// (OnEngine) or any PostgreSQL over the wire protocol (OnPostgres), so
// `tinybase start` and `migration up --db-url` apply files with the same
// code. Errors are *pgerror.Error values either way.
type DB interface {
	// Run executes one statement, discarding its rows.
	Run(ctx context.Context, stmt string) error
	// QueryText runs one query and returns its rows in text format (nil
	// is NULL).
	QueryText(ctx context.Context, query string) ([][]*string, error)
}

// OnEngine runs migrations on an engine session.
func OnEngine(s *engine.Session) DB { return engineDB{s} }

type engineDB struct{ s *engine.Session }

func (d engineDB) Run(ctx context.Context, stmt string) error {
	rows, err := d.s.Query(ctx, stmt)
	if err != nil {
		return err
	}
	for rows.Next() {
	}
	return rows.Err()
}

func (d engineDB) QueryText(ctx context.Context, query string) ([][]*string, error) {
	rows, err := d.s.Query(ctx, query)
	if err != nil {
		return nil, err
	}
	return rows.TextRows()
}

// OnPostgres runs migrations over a PostgreSQL connection, each statement
// as a simple Query message, as the Supabase CLI sends them.
func OnPostgres(conn *pgx.Conn) DB { return postgresDB{conn} }

type postgresDB struct{ conn *pgx.Conn }

func (d postgresDB) Run(ctx context.Context, stmt string) error {
	_, err := d.conn.Exec(ctx, stmt, pgx.QueryExecModeSimpleProtocol)
	return fromPgconn(err)
}

func (d postgresDB) QueryText(ctx context.Context, query string) ([][]*string, error) {
	rows, err := d.conn.Query(ctx, query, pgx.QueryExecModeSimpleProtocol)
	if err != nil {
		return nil, fromPgconn(err)
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
	return out, fromPgconn(rows.Err())
}

// fromPgconn turns the server's error into the engine's error value, so a
// failed file is reported the same way on either database.
func fromPgconn(err error) error {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return err
	}
	return &pgerror.Error{Severity: pe.Severity, Code: pe.Code, Message: pe.Message, Detail: pe.Detail,
		Hint: pe.Hint, Position: int(pe.Position), Where: pe.Where, Schema: pe.SchemaName, Table: pe.TableName,
		Column: pe.ColumnName, DataType: pe.DataTypeName, Constraint: pe.ConstraintName}
}
