package session

import (
	"strconv"
	"strings"
	"time"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/stmtstats"
)

// StatementStats is the engine's pg_stat_statements store, for the
// extension's functions (routines.Caller forwards it).
func (s *Session) StatementStats() *stmtstats.Store { return &s.eng.stmtStats }

// trackStatement records a client's statement in pg_stat_statements'
// store once its rows are read, if it succeeds: sqlText ran, started at
// start, and rows/err are what running it returned. Statements run by
// routines are not recorded (pg_stat_statements.track = top).
func (s *Session) trackStatement(sqlText string, start time.Time, rows *Rows, err error) {
	if err != nil || rows == nil || s.curSQL != sqlText {
		return // failed, or never ran (an empty statement)
	}
	kind, ok := statementKind(s.curStmt)
	if !ok {
		return
	}
	rows.stat = pendingStat{s: s, sql: sqlText, start: start, kind: kind, on: true}
	if rows.done {
		rows.recordStat()
	}
}

// pendingStat is a statement's pg_stat_statements entry, recorded when
// its rows finish (a value in Rows: a closure and the list holding it
// were two allocations of every statement).
type pendingStat struct {
	s     *Session // a command's Rows have none of their own
	sql   string
	start time.Time
	kind  stmtstats.Kind
	on    bool
}

// recordStat records the rows' statement once, if it succeeded.
func (r *Rows) recordStat() {
	st := &r.stat
	if !st.on {
		return
	}
	st.on = false
	if r.err == nil {
		st.s.eng.stmtStats.Record(st.s.CurrentUser(), st.sql, st.kind, time.Since(st.start), tagRows(r.tag))
	}
}

// statementKind classifies a statement as pg_stat_statements does: the
// planned statements (queries and DML, SELECT INTO aside) are grouped by
// shape, the others by text; PREPARE, EXECUTE and DEALLOCATE are not
// recorded (PostgreSQL records the prepared query instead).
func statementKind(stmt *pg.Node) (stmtstats.Kind, bool) {
	switch n := stmt.GetNode().(type) {
	case nil:
		return 0, false
	case *pg.Node_SelectStmt:
		if n.SelectStmt.IntoClause != nil {
			return stmtstats.Utility, true
		}
		return stmtstats.Optimizable, true
	case *pg.Node_InsertStmt, *pg.Node_UpdateStmt, *pg.Node_DeleteStmt, *pg.Node_MergeStmt:
		return stmtstats.Optimizable, true
	case *pg.Node_PrepareStmt, *pg.Node_ExecuteStmt, *pg.Node_DeallocateStmt:
		return 0, false
	}
	return stmtstats.Utility, true
}

// tagRows is the row count a command tag reports (0 for a tag without
// one): pg_stat_statements' rows.
func tagRows(tag string) int64 {
	i := strings.LastIndexByte(tag, ' ')
	if i < 0 {
		return 0
	}
	switch tag[:strings.IndexByte(tag, ' ')] {
	case "SELECT", "INSERT", "UPDATE", "DELETE", "MERGE", "COPY", "FETCH", "MOVE":
		n, _ := strconv.ParseInt(tag[i+1:], 10, 64)
		return n
	}
	return 0
}
