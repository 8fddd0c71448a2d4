package auth

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/tinybase/tinybase/logs"
)

// txn runs the auth server's SQL on one database connection. Every write
// goes through SQL on the auth schema, so triggers and foreign keys apply.
type txn struct {
	ctx context.Context
	c   Conn
	// log, when set, receives each statement for the postgres log, as
	// run by role (the auth server's database role).
	log  logs.StatementFunc
	role string
}

// commitWithError is returned by a transaction body whose writes must be
// committed even though the request fails (GoTrue's
// storage.NewCommitWithError, used for refresh-token reuse: the token
// family is revoked and the request is refused).
type commitWithError struct{ err error }

func (c *commitWithError) Error() string { return c.err.Error() }

// tx runs fn inside BEGIN / COMMIT; an error from fn rolls everything
// back, so nothing half-applies.
func (s *Server) tx(ctx context.Context, fn func(t *txn) error) (err error) {
	conn, err := s.acquire(ctx)
	if err != nil {
		return err
	}
	t := s.newTxn(ctx, conn)
	clean := false
	defer func() { s.db.Release(conn, clean) }()
	if _, err := t.exec("begin"); err != nil {
		return err
	}
	// Take the writer lock before the first read, so the transaction
	// reads the latest committed state and concurrent requests on the
	// same rows (two refreshes of one token) run one after the other, as
	// GoTrue's SELECT ... FOR UPDATE makes them.
	if err := conn.LockWrites(ctx); err != nil {
		_, _ = t.exec("rollback")
		return internalError(err, "Database error locking")
	}
	ferr := fn(t)
	var cwe *commitWithError
	if ferr != nil && !errors.As(ferr, &cwe) {
		_, rerr := t.exec("rollback")
		clean = rerr == nil
		return ferr
	}
	if _, err := t.exec("commit"); err != nil {
		return err
	}
	clean = true
	if cwe != nil {
		return cwe.err
	}
	return nil
}

// read runs fn on a connection without an explicit transaction block
// (each statement is its own implicit transaction).
func (s *Server) read(ctx context.Context, fn func(t *txn) error) error {
	conn, err := s.acquire(ctx)
	if err != nil {
		return err
	}
	defer s.db.Release(conn, true)
	return fn(s.newTxn(ctx, conn))
}

// acquire takes a connection from the server's DB.
func (s *Server) acquire(ctx context.Context) (Conn, error) {
	c, err := s.db.Acquire(ctx)
	if err != nil {
		return nil, internalError(err, "Database error connecting")
	}
	return c, nil
}

// dbError wraps an engine error as GoTrue's 500 with the given message.
func dbError(err error, msg string) error {
	var ae *apiError
	if errors.As(err, &ae) {
		return err
	}
	return internalError(err, "%s", msg)
}

// exec runs a statement and returns the number of rows its tag reports.
func (t *txn) exec(q string, args ...any) (int64, error) {
	_, tag, err := t.run(t.ctx, q, args...)
	if err != nil {
		return 0, err
	}
	if i := strings.LastIndexByte(tag, ' '); i >= 0 {
		n, _ := strconv.ParseInt(tag[i+1:], 10, 64)
		return n, nil
	}
	return 0, nil
}

// query runs a statement and returns its rows in PostgreSQL text form.
func (t *txn) query(q string, args ...any) ([][]*string, error) {
	rows, _, err := t.run(t.ctx, q, args...)
	return rows, err
}

// newTxn is a txn on conn, logging its statements when the server has a
// statement log.
func (s *Server) newTxn(ctx context.Context, conn Conn) *txn {
	return &txn{ctx: ctx, c: conn, log: s.onStatement, role: s.cfg.DBUser}
}

// run runs one statement on the txn's connection, reporting it to the
// statement log.
func (t *txn) run(ctx context.Context, q string, args ...any) ([][]*string, string, error) {
	if t.log == nil {
		return t.c.Query(ctx, q, args...)
	}
	start := time.Now()
	rows, tag, err := t.c.Query(ctx, q, args...)
	t.log(logs.Statement(logs.Auth, t.role, q, start, tag, err))
	return rows, tag, err
}

// pgTime renders t as a timestamptz literal.
func pgTime(t time.Time) string {
	return t.UTC().Format("2006-01-02 15:04:05.999999") + "+00"
}

// pgTimePtr renders an optional time as a literal or SQL NULL.
func pgTimePtr(t *time.Time) any {
	if t == nil {
		return nil
	}
	return pgTime(*t)
}

func parseTime(s *string) *time.Time {
	if s == nil {
		return nil
	}
	t, err := time.Parse("2006-01-02 15:04:05.999999999-07", *s)
	if err != nil {
		t, err = time.Parse("2006-01-02 15:04:05.999999999-07:00", *s)
		if err != nil {
			return nil
		}
	}
	t = t.UTC()
	return &t
}

func str(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func jsonMap(s *string) map[string]any {
	m := map[string]any{}
	if s != nil && *s != "" {
		_ = json.Unmarshal([]byte(*s), &m)
		if m == nil {
			m = map[string]any{}
		}
	}
	return m
}

func jsonText(m map[string]any) string {
	if m == nil {
		return "{}"
	}
	b, err := json.Marshal(m)
	if err != nil {
		return "{}"
	}
	return string(b)
}

func boolText(s *string) bool { return s != nil && (*s == "t" || *s == "true") }

func intText(s *string) int {
	if s == nil {
		return 0
	}
	n, _ := strconv.Atoi(*s)
	return n
}

// notFoundErr marks a missing row.
var errNotFound = errors.New("auth: row not found")

func isNotFound(err error) bool { return errors.Is(err, errNotFound) }
