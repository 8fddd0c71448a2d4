package pgwire

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// The Function Call message (PostgreSQL docs: 55.2.9 Function Call), the
// "fastpath" interface libpq's lo_* client functions use: a function
// named by OID, called with arguments in text or binary, its one result
// returned in FunctionCallResponse. tinybase runs it as the statement
// SELECT f($1, ...) with the function's argument types, so a call is
// checked and executed as that statement is (privileges, transaction
// state, its own transaction outside a block), as PostgreSQL's fastpath
// runs the function in the message's transaction.

// fastpathName names the protocol-level statement and portal a call
// runs as: a client's names are C strings and cannot hold a NUL.
const fastpathName = "\x00fastpath"

// fastpathFunc is a function a connection has called: the statement
// text calling it and its argument types.
type fastpathFunc struct {
	sql  string
	args []uint32
}

// functionCall answers a FunctionCall message and ends it with
// ReadyForQuery; the error it returns is the connection's.
func (c *conn) functionCall(m *pgproto3.FunctionCall) error {
	c.skipToSync = false
	c.sess.BeginPipeline() // one transaction, as a Query message's
	if err := c.callFunction(m); err != nil {
		if pe, ok := pgerror.As(err); ok && pe.Severity != "FATAL" {
			c.sendStmtError(pe, 0)
			c.sess.FailTransaction()
		} else {
			return err
		}
	}
	if err := c.sess.EndImplicitBlock(); err != nil {
		c.sendStmtError(err, 0)
	}
	delete(c.stmts, fastpathName)
	if p, ok := c.portals[fastpathName]; ok {
		p.close()
		delete(c.portals, fastpathName)
	}
	return c.readyForQuery()
}

func (c *conn) callFunction(m *pgproto3.FunctionCall) error {
	fn, err := c.fastpathFunc(m.Function)
	if err != nil {
		return err
	}
	if len(m.Arguments) != len(fn.args) {
		return pgerror.New(codeProtocolViolation, "function call message contains %d arguments but function requires %d", len(m.Arguments), len(fn.args))
	}
	ctx, done := c.statementContext()
	defer done()
	stmt, err := c.sess.Prepare(ctx, fn.sql, fn.args)
	if err != nil {
		return err
	}
	c.stmts[fastpathName] = stmt
	formats := make([]int16, len(m.ArgFormatCodes))
	for i, f := range m.ArgFormatCodes {
		formats[i] = int16(f)
	}
	if err := c.bindQuiet(&pgproto3.Bind{DestinationPortal: fastpathName, PreparedStatement: fastpathName,
		ParameterFormatCodes: formats, Parameters: m.Arguments, ResultFormatCodes: []int16{int16(m.ResultFormatCode)}}); err != nil {
		return err
	}
	p := c.portals[fastpathName]
	rows, err := c.sess.QueryBound(ctx, stmt, p.args)
	if err != nil {
		return err
	}
	cols := rows.Columns()
	var dr pgproto3.DataRow
	var result []byte
	if rows.Next() {
		if _, err := c.encodeRow(rows, cols, p.formats, &dr); err != nil {
			rows.Abandon()
			return err
		}
		result = dr.Values[0]
	}
	for rows.Next() {
	}
	c.sendNotices(rows.Notices())
	if err := rows.Err(); err != nil {
		return err
	}
	c.be.Send(&pgproto3.FunctionCallResponse{Result: result})
	return nil
}

// fastpathFunc finds the function of an OID in pg_proc, once per
// connection.
func (c *conn) fastpathFunc(oid uint32) (*fastpathFunc, error) {
	if f, ok := c.fastpath[oid]; ok {
		return f, nil
	}
	ctx, done := c.statementContext()
	defer done()
	rows, err := c.sess.Query(ctx, fmt.Sprintf("select n.nspname, p.proname, p.proargtypes::text from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace where p.oid = %d and p.prokind = 'f'", oid))
	if err != nil {
		return nil, err
	}
	texts, err := rows.TextRows()
	if err != nil {
		return nil, err
	}
	if len(texts) == 0 || texts[0][0] == nil || texts[0][1] == nil {
		return nil, pgerror.New(pgerror.UndefinedFunction, "function with OID %d does not exist", oid)
	}
	f := &fastpathFunc{}
	var params []string
	if texts[0][2] != nil {
		for i, a := range strings.Fields(*texts[0][2]) {
			n, err := strconv.ParseUint(a, 10, 32)
			if err != nil {
				return nil, fmt.Errorf("pgwire: argument types of function %d: %q", oid, *texts[0][2])
			}
			f.args = append(f.args, uint32(n))
			params = append(params, "$"+strconv.Itoa(i+1))
		}
	}
	f.sql = "select " + engine.QuoteIdent(*texts[0][0]) + "." + engine.QuoteIdent(*texts[0][1]) + "(" + strings.Join(params, ", ") + ")"
	if c.fastpath == nil {
		c.fastpath = map[uint32]*fastpathFunc{}
	}
	c.fastpath[oid] = f
	return f, nil
}
