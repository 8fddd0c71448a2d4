package pgerror

import (
	"errors"
	"fmt"
)

// Error is a PostgreSQL error. Position is the 1-based character offset into
// the statement text, 0 when unknown, or -1 when the error has none (no
// enclosing expression's position is to be added). InternalQuery and
// InternalPosition are the statement a function ran and the 1-based offset
// in it, for an error found while parsing or planning that statement
// (PostgreSQL's internalerrquery / internalerrposition: the ErrorResponse's
// q and p fields, psql's QUERY line).
type Error struct {
	Severity string // ERROR, FATAL, PANIC (NOTICE etc. travel as Notice)
	Code     string // SQLSTATE, one of the constants in codes.go
	Message  string
	Detail   string
	Hint     string
	Position int
	Where    string
	Schema   string
	// InternalQuery / InternalPosition: see the type's comment.
	InternalQuery    string
	InternalPosition int
	Table            string
	Column           string
	DataType         string
	Constraint       string
}

func (e *Error) Error() string {
	return fmt.Sprintf("ERROR: %s (SQLSTATE %s)", e.Message, e.Code)
}

// New builds an ERROR with a formatted message.
func New(code, format string, args ...any) *Error {
	return &Error{Severity: "ERROR", Code: code, Message: fmt.Sprintf(format, args...)}
}

// WithDetail returns e with Detail set; it mutates and returns e for chaining
// at construction sites.
func (e *Error) WithDetail(format string, args ...any) *Error {
	e.Detail = fmt.Sprintf(format, args...)
	return e
}

// WithHint sets Hint.
func (e *Error) WithHint(format string, args ...any) *Error {
	e.Hint = fmt.Sprintf(format, args...)
	return e
}

// WithPosition sets Position (1-based character offset).
func (e *Error) WithPosition(pos int) *Error {
	e.Position = pos
	return e
}

// WithContext returns a copy of e with line added to its CONTEXT (Where),
// after the lines already there, as PostgreSQL's error context stack adds
// the frames outward. It copies because an error value may be shared (a
// cached or re-raised one).
func (e *Error) WithContext(line string) *Error {
	c := *e
	if c.Where == "" {
		c.Where = line
	} else {
		c.Where += "\n" + line
	}
	return &c
}

// As extracts a *Error from err's chain.
func As(err error) (*Error, bool) {
	var pe *Error
	if errors.As(err, &pe) {
		return pe, true
	}
	return nil, false
}

// Notice is a non-error message (NOTICE, WARNING, INFO) sent alongside a
// statement's result, e.g. "table does not exist, skipping".
type Notice struct {
	Severity string
	Code     string
	Message  string
	Detail   string
	Hint     string
}

// Internal is the error a recovered panic becomes: XX000 with the panic's
// value. The Go stack is never part of it (clients see every field); the
// recovering code logs it.
func Internal(p any) *Error {
	return New(InternalError, "internal error: %v", p)
}
