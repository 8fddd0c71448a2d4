package pgwire

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

const (
	codeProtocolViolation = pgerror.ProtocolViolation
	codeTooManyConns      = "53300"
	codeAdminShutdown     = "57P01"
)

// protocolErrorf is a client fault at the protocol level (08P01): the
// connection answers it with a FATAL error and closes.
func protocolErrorf(format string, args ...any) error {
	e := pgerror.New(codeProtocolViolation, format, args...)
	e.Severity = "FATAL"
	return e
}

func fatal(code, format string, args ...any) *pgerror.Error {
	e := pgerror.New(code, format, args...)
	e.Severity = "FATAL"
	return e
}

// toPgError turns any error into a *pgerror.Error; errors that are not
// already PostgreSQL errors are internal (XX000).
func toPgError(err error) *pgerror.Error {
	if pe, ok := pgerror.As(err); ok {
		return pe
	}
	return pgerror.New(pgerror.InternalError, "%s", err.Error())
}

// errorResponse renders e; offset is added to its position (the
// statement's character offset inside a multi-statement query).
func errorResponse(e *pgerror.Error, offset int) *pgproto3.ErrorResponse {
	sev := e.Severity
	if sev == "" {
		sev = "ERROR"
	}
	r := &pgproto3.ErrorResponse{
		Severity:            sev,
		SeverityUnlocalized: sev,
		Code:                e.Code,
		Message:             e.Message,
		Detail:              e.Detail,
		Hint:                e.Hint,
		Where:               e.Where,
		SchemaName:          e.Schema,
		TableName:           e.Table,
		ColumnName:          e.Column,
		DataTypeName:        e.DataType,
		ConstraintName:      e.Constraint,
	}
	if e.Position > 0 {
		r.Position = int32(e.Position + offset)
	}
	if e.InternalQuery != "" {
		// p is meaningful only with q, as PostgreSQL sends them
		r.InternalQuery = e.InternalQuery
		r.InternalPosition = int32(e.InternalPosition)
	}
	return r
}

func noticeResponse(n engine.Notice) *pgproto3.NoticeResponse {
	sev := n.Severity
	if sev == "" {
		sev = "NOTICE"
	}
	code := n.Code
	if code == "" {
		code = "00000"
	}
	return &pgproto3.NoticeResponse{
		Severity: sev, SeverityUnlocalized: sev, Code: code,
		Message: n.Message, Detail: n.Detail, Hint: n.Hint,
	}
}

// invalidUTF8 is PostgreSQL's error for text that is not UTF-8 (22021),
// naming the bytes of the first bad sequence as pg_verifymbstr does.
func invalidUTF8(b []byte) error {
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r != utf8.RuneError || n > 1 {
			i += n
			continue
		}
		want := 1
		switch c := b[i]; {
		case c >= 0xf0:
			want = 4
		case c >= 0xe0:
			want = 3
		case c >= 0xc0:
			want = 2
		}
		var hex []string
		for j := i; j < len(b) && j < i+want; j++ {
			hex = append(hex, fmt.Sprintf("0x%02x", b[j]))
		}
		return pgerror.New(pgerror.CharacterNotInRepertoire, "invalid byte sequence for encoding \"UTF8\": %s", strings.Join(hex, " "))
	}
	return nil
}

func itoa(n int) string { return strconv.Itoa(n) }

var _ = fmt.Sprintf
