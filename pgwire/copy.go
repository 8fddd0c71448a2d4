package pgwire

import (
	"context"

	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// runCopy runs COPY ... FROM STDIN / TO STDOUT inside a simple query:
// ok is false when it failed (the error has been sent); err is a
// connection failure.
func (c *conn) runCopy(ctx context.Context, st engine.Statement, offset int) (ok bool, err error) {
	tag, serr, err := c.copyExchange(ctx, st.SQL, offset)
	if err != nil || serr != nil {
		return false, err
	}
	c.be.Send(&pgproto3.CommandComplete{CommandTag: []byte(tag)})
	return true, nil
}

// executeCopy runs a COPY an Execute message names: the data moves as in
// a simple query, and the pipeline goes on after it (PostgreSQL docs:
// 55.2.6 COPY Operations). An error it returns is the statement's.
func (c *conn) executeCopy(p *portal) error {
	ctx, done := c.unwatchedContext() // COPY FROM reads the connection itself
	defer done()
	p.done = true
	tag, serr, err := c.copyExchange(ctx, p.stmt.SQL, -1)
	if err != nil {
		return err
	}
	if serr != nil {
		return serr
	}
	c.stmtTag = tag
	c.sendTag(tag)
	c.afterStatement(tag)
	return nil
}

// copyExchange runs a COPY statement's exchange with the client up to its
// command tag. serr is the statement's error: sent already, with offset
// for an error starting it, unless offset is negative (then the caller
// sends it); err is a connection failure.
func (c *conn) copyExchange(ctx context.Context, sql string, offset int) (tag string, serr, err error) {
	fail := func(e error, off int) (string, error, error) {
		if offset >= 0 {
			c.be.Send(errorResponse(toPgError(e), off))
		}
		return "", e, nil
	}
	cp, cerr := c.sess.Copy(ctx, sql)
	if cerr != nil {
		return fail(cerr, offset)
	}
	format := int16(0)
	if cp.Binary {
		format = 1
	}
	formats := make([]uint16, len(cp.Columns))
	for i := range formats {
		formats[i] = uint16(format)
	}
	if !cp.From {
		c.be.Send(&pgproto3.CopyOutResponse{OverallFormat: byte(format), ColumnFormatCodes: formats})
		for {
			data, more, nerr := cp.Next()
			if nerr != nil {
				cp.Close()
				return fail(nerr, 0)
			}
			if !more {
				break
			}
			c.be.Send(&pgproto3.CopyData{Data: data})
			if err := c.sent(len(data) + 5); err != nil {
				cp.Close()
				return "", nil, err
			}
		}
		c.be.Send(&pgproto3.CopyDone{})
		return cp.Tag(), nil, nil
	}
	c.be.Send(&pgproto3.CopyInResponse{OverallFormat: byte(format), ColumnFormatCodes: formats})
	if err := c.flush(); err != nil {
		_ = cp.Fail("connection lost")
		return "", nil, err
	}
	for {
		msg, rerr := c.be.Receive()
		if rerr != nil {
			_ = cp.Fail("connection lost")
			return "", nil, rerr
		}
		switch m := msg.(type) {
		case *pgproto3.CopyData:
			if werr := cp.Write(m.Data); werr != nil {
				_ = cp.Fail(werr.Error())
				return fail(werr, 0)
			}
		case *pgproto3.CopyDone:
			tag, derr := cp.Done()
			if derr != nil {
				return fail(derr, 0)
			}
			return tag, nil, nil
		case *pgproto3.CopyFail:
			return fail(cp.Fail(m.Message), 0)
		case *pgproto3.Flush, *pgproto3.Sync:
			// ignored during COPY, as PostgreSQL does
		default:
			e := pgerror.New(codeProtocolViolation, "unexpected message type 0x%02X during COPY from stdin", msgType(msg))
			_ = cp.Fail(e.Message)
			return fail(e, 0)
		}
	}
}

func msgType(m pgproto3.FrontendMessage) byte {
	buf, err := m.Encode(nil)
	if err != nil || len(buf) == 0 {
		return 0
	}
	return buf[0]
}
