package pgwire

import (
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/tinybase/tinybase/engine"
)

// simpleQuery answers a Query message: each statement in turn with its own
// result and tag; an error stops the rest. Several statements outside a
// transaction block run as one implicit transaction, as in PostgreSQL.
func (c *conn) simpleQuery(sqlText string) error {
	c.skipToSync = false
	c.curQuery = sqlText
	if !utf8.ValidString(sqlText) {
		c.be.Send(errorResponse(toPgError(invalidUTF8([]byte(sqlText))), 0))
		return c.readyForQuery()
	}
	stmts, err := splitQuery(sqlText)
	if err != nil {
		c.be.Send(errorResponse(toPgError(err), 0))
		return c.readyForQuery()
	}
	if len(stmts) == 0 {
		c.be.Send(&pgproto3.EmptyQueryResponse{})
		return c.readyForQuery()
	}
	// A Query message ends the unnamed portal and, outside a block, any
	// portal left by the extended protocol.
	if p, ok := c.portals[""]; ok {
		p.close()
		delete(c.portals, "")
	}
	if len(stmts) > 1 && !anyTransactionControl(stmts) {
		c.sess.BeginImplicitBlock()
	}
	c.sess.SetClientQuery(sqlText) // current_query() is the whole message
	defer c.sess.SetClientQuery("")
	for _, st := range stmts {
		ok, err := c.runLogged(st)
		if err != nil {
			return err // connection error
		}
		if !ok {
			break
		}
	}
	// the message's implicit block ends, or a pipeline's the Query came
	// in (its statements ran in it, as in PostgreSQL)
	if err := c.sess.EndImplicitBlock(); err != nil {
		c.be.Send(errorResponse(toPgError(err), 0))
	}
	return c.readyForQuery()
}

func (c *conn) readyForQuery() error {
	c.sendNotifications() // notify.go
	c.sess.Idle()
	c.be.Send(&pgproto3.ReadyForQuery{TxStatus: c.sess.TxStatus()})
	if err := c.flush(); err != nil {
		return err
	}
	c.markIdle()
	return nil
}

// runSimple runs one statement of a Query message; ok is false when it
// failed (the error has been sent).
func (c *conn) runSimple(st engine.Statement) (ok bool, err error) {
	offset := utf8.RuneCountInString(c.stmtPrefix(st))
	if engine.IsCopy(st.SQL) {
		// COPY FROM STDIN reads the connection itself (and notices a
		// client that leaves); a watcher reading beside it could take the
		// client's CopyData and leave the copy waiting forever.
		ctx, done := c.unwatchedContext()
		defer done()
		return c.runCopy(ctx, st, offset)
	}
	ctx, done := c.statementContext()
	defer done()
	rows, qerr := c.sess.Query(ctx, st.SQL)
	if qerr != nil {
		c.srv.log.Debug("pgwire: statement failed", "pid", c.pid, "sql", st.SQL, "error", qerr)
		c.sendStmtError(qerr, offset)
		return false, nil
	}
	rows.ReuseRows() // sendRow encodes each row before the next
	cols := rows.Columns()
	if len(cols) > 0 {
		c.be.Send(rowDescription(cols, nil))
	}
	dr := c.rowBuffer()
	for rows.Next() {
		if err := c.sendRow(rows, cols, nil, dr); err != nil {
			rows.Abandon()
			c.sendStmtError(err, offset)
			return false, nil
		}
	}
	c.sendNotices(rows.Notices())
	if rerr := rows.Err(); rerr != nil {
		c.sendStmtError(rerr, offset)
		return false, nil
	}
	tag := rows.Tag()
	if tag == "" {
		c.be.Send(&pgproto3.EmptyQueryResponse{})
		return true, nil
	}
	c.stmtTag = tag
	c.sendTag(tag)
	c.afterStatement(tag)
	return true, nil
}

// stmtPrefix is the text of the whole query before st, for error positions
// relative to the message rather than the statement.
func (c *conn) stmtPrefix(st engine.Statement) string {
	return c.curQuery[:min(st.Offset, len(c.curQuery))]
}

// anyTransactionControl reports whether a statement of the message begins
// or ends a transaction block itself; then no implicit block wraps them.
func anyTransactionControl(stmts []engine.Statement) bool {
	for _, st := range stmts {
		w := strings.ToLower(firstWord(st.SQL))
		switch w {
		case "begin", "start", "commit", "end", "rollback", "abort", "savepoint", "release", "prepare":
			return true
		}
	}
	return false
}

func firstWord(s string) string {
	s = strings.TrimLeft(s, " \t\r\n(")
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return s[:i]
		}
	}
	return s
}

// splitQuery splits a Query message into statements. A message whose only
// semicolon, if any, is its last character holds at most one statement, so
// the common single-statement case skips the scanner.
func splitQuery(sqlText string) ([]engine.Statement, error) {
	trimmed := strings.TrimRight(sqlText, " \t\r\n")
	body := strings.TrimSuffix(trimmed, ";")
	if !strings.Contains(body, ";") && !strings.Contains(body, "--") && !strings.Contains(body, "/*") {
		lead := len(body) - len(strings.TrimLeft(body, " \t\r\n"))
		body = strings.TrimSpace(body)
		if body == "" {
			return nil, nil
		}
		return []engine.Statement{{SQL: body, Offset: lead}}, nil
	}
	return engine.SplitStatements(sqlText)
}
