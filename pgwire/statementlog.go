package pgwire

import (
	"time"

	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/logs"
)

// StatementInfo is one statement's outcome, for Config.OnStatement: the
// session's user and current role, the SQL, how long it ran, the command
// tag and the rows it reports (-1 when the tag has no count), or the
// SQLSTATE and message of its error.
type StatementInfo struct {
	PID      uint32
	User     string
	Role     string
	SQL      string
	Duration time.Duration
	Tag      string
	Rows     int64
	SQLState string
	Error    string
}

// sendStmtError answers a failed statement, keeping the error for
// Config.OnStatement. A statement that failed because TerminateAll
// cancelled it is answered as PostgreSQL answers pg_terminate_backend:
// FATAL 57P01 in its place, and the connection ends.
func (c *conn) sendStmtError(err error, offset int) {
	c.stmtErr = err
	c.sendNotices(c.sess.FailedNotices())
	if c.takeTermination() {
		c.be.Send(errorResponse(adminShutdown(), 0))
		_ = c.flush()
		c.nc.Close()
		return
	}
	c.be.Send(errorResponse(toPgError(err), offset))
}

// runLogged is runSimple, reporting the statement to Config.OnStatement
// when one is set.
func (c *conn) runLogged(st engine.Statement) (bool, error) {
	if c.srv.cfg.OnStatement == nil {
		return c.runSimple(st)
	}
	c.stmtTag, c.stmtErr = "", nil
	start := time.Now()
	ok, err := c.runSimple(st)
	c.report(st.SQL, time.Since(start), err)
	return ok, err
}

// executeLogged is execute, reporting to Config.OnStatement; a suspended
// portal reports each Execute.
func (c *conn) executeLogged(m *pgproto3.Execute) error {
	c.stmtTag, c.stmtErr = "", nil
	start := time.Now()
	err := c.execute(m)
	sql := ""
	if p, ok := c.portals[m.Portal]; ok {
		sql = p.stmt.SQL
	} else {
		sql = c.lastSQL
	}
	c.report(sql, time.Since(start), err)
	return err
}

func (c *conn) report(sql string, d time.Duration, err error) {
	if err == nil {
		err = c.stmtErr
	}
	info := StatementInfo{PID: c.pid, SQL: sql, Duration: d, Tag: c.stmtTag, Rows: logs.TagRows(c.stmtTag)}
	if c.sess != nil {
		info.User, info.Role = c.sess.User(), c.sess.CurrentUser()
	}
	if err != nil {
		pe := toPgError(err)
		info.SQLState, info.Error, info.Rows = pe.Code, pe.Message, -1
	}
	c.srv.cfg.OnStatement(info)
}
