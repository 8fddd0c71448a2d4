package pgwire

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// portal is a bound statement: its parameters, result formats and, once
// executed, its open result (kept across Execute calls with a row limit).
type portal struct {
	stmt    *engine.Prepared
	args    []any
	formats []int16

	rows    *engine.Rows
	ctx     context.Context
	cancel  context.CancelFunc
	started bool
	done    bool
}

func (p *portal) close() {
	if p.rows != nil {
		p.rows.Abandon()
		p.rows = nil
	}
	if p.cancel != nil {
		p.cancel()
	}
}

// extended handles one extended-protocol message; an error it returns is
// sent to the client, which then skips to Sync.
func (c *conn) extended(msg pgproto3.FrontendMessage) error {
	switch m := msg.(type) {
	case *pgproto3.Parse:
		return c.parse(m)
	case *pgproto3.Bind:
		return c.bind(m)
	case *pgproto3.Describe:
		return c.describe(m)
	case *pgproto3.Execute:
		if c.srv.cfg.OnStatement != nil {
			return c.executeLogged(m)
		}
		return c.execute(m)
	case *pgproto3.Close:
		switch m.ObjectType {
		case 'S':
			delete(c.stmts, m.Name)
		case 'P':
			if p, ok := c.portals[m.Name]; ok {
				p.close()
				delete(c.portals, m.Name)
			}
		default:
			return pgerror.New(codeProtocolViolation, "invalid CLOSE message subtype %d", m.ObjectType)
		}
		c.be.Send(&pgproto3.CloseComplete{})
	}
	return nil
}

func (c *conn) parse(m *pgproto3.Parse) error {
	c.lastSQL = m.Query
	if !utf8.ValidString(m.Query) {
		return invalidUTF8([]byte(m.Query))
	}
	if m.Name != "" {
		if _, dup := c.stmts[m.Name]; dup {
			return pgerror.New("42P05", "prepared statement %q already exists", m.Name)
		}
	}
	ctx, done := c.statementContext()
	defer done()
	p, err := c.sess.Prepare(ctx, m.Query, append([]uint32(nil), m.ParameterOIDs...))
	if err != nil {
		return err
	}
	c.stmts[m.Name] = p
	c.be.Send(&pgproto3.ParseComplete{})
	return nil
}

func (c *conn) bind(m *pgproto3.Bind) error {
	if err := c.bindQuiet(m); err != nil {
		return err
	}
	c.be.Send(&pgproto3.BindComplete{})
	return nil
}

// bindQuiet makes the portal a Bind message asks for, answering nothing.
func (c *conn) bindQuiet(m *pgproto3.Bind) error {
	stmt, ok := c.stmts[m.PreparedStatement]
	if !ok {
		return pgerror.New(pgerror.InvalidSQLStatementName, "prepared statement %q does not exist", m.PreparedStatement)
	}
	if m.DestinationPortal != "" {
		if _, dup := c.portals[m.DestinationPortal]; dup {
			return pgerror.New("42P03", "portal %q already exists", m.DestinationPortal)
		}
	} else if p, ok := c.portals[""]; ok {
		p.close()
		delete(c.portals, "")
	}
	if len(m.Parameters) != len(stmt.ParamOIDs) {
		return pgerror.New(codeProtocolViolation, "bind message supplies %d parameters, but prepared statement %q requires %d", len(m.Parameters), m.PreparedStatement, len(stmt.ParamOIDs))
	}
	if n := len(m.ParameterFormatCodes); n > 1 && n != len(m.Parameters) {
		return pgerror.New(codeProtocolViolation, "bind message has %d parameter formats but %d parameters", n, len(m.Parameters))
	}
	// args only carries the values into BindParams, which returns its
	// own slice: the connection's buffer serves every Bind
	args := slices.Grow(c.bindArgs[:0], len(m.Parameters))[:len(m.Parameters)]
	defer func() { c.bindArgs = clear0(args) }()
	for i, raw := range m.Parameters {
		if raw == nil {
			continue
		}
		switch formatFor(m.ParameterFormatCodes, i) {
		case 0:
			if !utf8.Valid(raw) {
				return invalidUTF8(raw)
			}
			args[i] = string(raw)
		case 1:
			if n := typeSize(stmt.ParamOIDs[i]); n > 0 && stmt.ParamOIDs[i] != oidName && len(raw) < int(n) {
				// PostgreSQL's recv functions read past the value's end
				return pgerror.New(codeProtocolViolation, "insufficient data left in message")
			}
			v, ok, err := c.codec.ReceiveParamValue(stmt, i, raw)
			if ok {
				args[i] = v
				continue
			}
			var s string
			if err == nil {
				s, err = c.receiveParam(stmt, i, raw)
			}
			if err != nil {
				if pe, ok := pgerror.As(err); ok && pe.Message == "incorrect binary data format in bind parameter" {
					pe.Message = fmt.Sprintf("%s %d", pe.Message, i+1)
				}
				return err
			}
			args[i] = s
		default:
			return pgerror.New(pgerror.InvalidParameterValue, "unsupported format code: %d", formatFor(m.ParameterFormatCodes, i))
		}
	}
	for _, f := range m.ResultFormatCodes {
		if f != 0 && f != 1 {
			return pgerror.New(pgerror.InvalidParameterValue, "unsupported format code: %d", f)
		}
	}
	bound, err := c.sess.BindParams(stmt, args)
	if err != nil {
		return err
	}
	var p *portal
	if m.DestinationPortal == "" {
		// the unnamed portal of the statement before is closed: its
		// struct and formats serve this one (an Execute per Bind, as
		// drivers send, allocated both)
		p = &c.unnamed
		*p = portal{formats: p.formats[:0]}
	} else {
		p = &portal{}
	}
	p.stmt, p.args, p.formats = stmt, bound, append(p.formats, m.ResultFormatCodes...)
	c.portals[m.DestinationPortal] = p
	return nil
}

func (c *conn) describe(m *pgproto3.Describe) error {
	switch m.ObjectType {
	case 'S':
		stmt, ok := c.stmts[m.Name]
		if !ok {
			return pgerror.New(pgerror.InvalidSQLStatementName, "prepared statement %q does not exist", m.Name)
		}
		c.be.Send(&pgproto3.ParameterDescription{ParameterOIDs: stmt.ParamOIDs})
		if len(stmt.Columns) == 0 {
			c.be.Send(&pgproto3.NoData{})
		} else {
			c.be.Send(rowDescription(stmt.Columns, nil))
		}
	case 'P':
		p, ok := c.portals[m.Name]
		if !ok {
			return pgerror.New(pgerror.InvalidCursorName, "portal %q does not exist", m.Name)
		}
		if len(p.stmt.Columns) == 0 {
			c.be.Send(&pgproto3.NoData{})
		} else {
			c.be.Send(rowDescription(p.stmt.Columns, p.formats))
		}
	default:
		return pgerror.New(codeProtocolViolation, "invalid DESCRIBE message subtype %d", m.ObjectType)
	}
	return nil
}

func (c *conn) execute(m *pgproto3.Execute) error {
	p, ok := c.portals[m.Portal]
	if !ok {
		return pgerror.New(pgerror.InvalidCursorName, "portal %q does not exist", m.Portal)
	}
	c.lastSQL = p.stmt.SQL
	if p.stmt.Empty() {
		c.be.Send(&pgproto3.EmptyQueryResponse{})
		return nil
	}
	if p.stmt.Tag == "COPY" && !p.started && !p.done {
		return c.executeCopy(p) // copy.go
	}
	if p.done {
		// PostgreSQL answers a finished portal with an empty completion.
		c.be.Send(&pgproto3.CommandComplete{CommandTag: []byte(p.stmt.Tag + " 0")})
		return nil
	}
	if !p.started {
		p.ctx, p.cancel = context.WithCancel(context.Background())
	}
	stop := c.wc.watch(p.cancel)
	defer stop()
	if !p.started {
		p.started = true
		c.mu.Lock()
		c.cancelFn = p.cancel
		c.mu.Unlock()
		rows, err := c.sess.QueryBound(p.ctx, p.stmt, p.args)
		if err != nil {
			p.done = true
			return err
		}
		rows.ReuseRows() // sendRow encodes each row before the next
		p.rows = rows
	} else {
		c.mu.Lock()
		c.cancelFn = p.cancel
		c.mu.Unlock()
	}
	defer func() {
		c.mu.Lock()
		c.cancelFn = nil
		c.mu.Unlock()
	}()
	rows := p.rows
	cols := rows.Columns()
	dr := c.rowBuffer()
	n := 0
	for (m.MaxRows == 0 || n < int(m.MaxRows)) && rows.Next() {
		if err := c.sendRow(rows, cols, p.formats, dr); err != nil {
			p.done = true
			rows.Abandon()
			p.rows = nil
			return err
		}
		n++
	}
	if m.MaxRows > 0 && n == int(m.MaxRows) && len(cols) > 0 {
		c.be.Send(&pgproto3.PortalSuspended{})
		return nil
	}
	p.done = true
	p.rows = nil
	c.sendNotices(rows.Notices())
	if err := rows.Err(); err != nil {
		return err
	}
	tag := rows.Tag()
	if tag == "" {
		c.be.Send(&pgproto3.EmptyQueryResponse{})
		return nil
	}
	if p.stmt.Tag == "SELECT" && len(cols) > 0 {
		tag = "SELECT " + strconv.Itoa(n)
	}
	c.stmtTag = tag
	c.sendTag(tag)
	c.afterStatement(tag)
	return nil
}

// endOfExtendedBatch runs at Sync. The messages since the last Sync ran
// in one implicit transaction unless they were in a transaction block
// (PostgreSQL docs: 55.2.4 Pipelining): it commits now — one commit, its
// notifications and deferred constraint checks with it — or rolls back
// when any of them failed; a commit's error is sent before
// ReadyForQuery. Outside a block every portal ends with it.
func (c *conn) endOfExtendedBatch() {
	if err := c.sess.EndImplicitBlock(); err != nil {
		c.sendStmtError(err, 0)
	}
	if c.sess.TxStatus() != 'I' {
		return
	}
	for name, p := range c.portals {
		p.close()
		delete(c.portals, name)
	}
}

// clear0 zeroes s and returns it empty, its values no longer held.
func clear0(s []any) []any {
	clear(s)
	return s[:0]
}

// receiveParam converts binary parameter i of stmt to text.
func (c *conn) receiveParam(stmt *engine.Prepared, i int, raw []byte) (string, error) {
	return c.codec.ReceiveParam(stmt, i, raw)
}
