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
	cp, cerr := c.sess.Copy(ctx, st.SQL)
	if cerr != nil {
		c.be.Send(errorResponse(toPgError(cerr), offset))
		return false, nil
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
				c.be.Send(errorResponse(toPgError(nerr), 0))
				return false, nil
			}
			if !more {
				break
			}
			c.be.Send(&pgproto3.CopyData{Data: data})
			if err := c.sent(len(data) + 5); err != nil {
				cp.Close()
				return false, err
			}
		}
		c.be.Send(&pgproto3.CopyDone{})
		c.be.Send(&pgproto3.CommandComplete{CommandTag: []byte(cp.Tag())})
		return true, nil
	}
	c.be.Send(&pgproto3.CopyInResponse{OverallFormat: byte(format), ColumnFormatCodes: formats})
	if err := c.flush(); err != nil {
		_ = cp.Fail("connection lost")
		return false, err
	}
	for {
		msg, rerr := c.be.Receive()
		if rerr != nil {
			_ = cp.Fail("connection lost")
			return false, rerr
		}
		switch m := msg.(type) {
		case *pgproto3.CopyData:
			if werr := cp.Write(m.Data); werr != nil {
				_ = cp.Fail(werr.Error())
				c.be.Send(errorResponse(toPgError(werr), 0))
				return false, nil
			}
		case *pgproto3.CopyDone:
			tag, derr := cp.Done()
			if derr != nil {
				c.be.Send(errorResponse(toPgError(derr), 0))
				return false, nil
			}
			c.be.Send(&pgproto3.CommandComplete{CommandTag: []byte(tag)})
			return true, nil
		case *pgproto3.CopyFail:
			ferr := cp.Fail(m.Message)
			c.be.Send(errorResponse(toPgError(ferr), 0))
			return false, nil
		case *pgproto3.Flush, *pgproto3.Sync:
			// ignored during COPY, as PostgreSQL does
		default:
			e := pgerror.New(codeProtocolViolation, "unexpected message type 0x%02X during COPY from stdin", msgType(msg))
			_ = cp.Fail(e.Message)
			c.be.Send(errorResponse(e, 0))
			return false, nil
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
