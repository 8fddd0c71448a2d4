package engine

import (
	"github.com/tinybase/tinybase/engine/internal/session"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// ParamFromText returns an argument of the built-in type named typeName
// (its pg_type name or SQL spelling: "int8", "bigint") read from text by
// the type's input function; a nil text is the type's NULL. It fails with
// the input function's error (22P02, 22003, ...) or 42704 for an unknown
// type.
func ParamFromText(typeName string, text *string) (Param, error) {
	return session.ParamFromText(typeName, text)
}

// Codec converts values between the engine's representation and
// PostgreSQL's binary send/receive formats, for clients that ask for
// binary results or send binary parameters. It is not safe for
// concurrent use: keep one per connection. The zero value is ready.
type Codec struct {
	c types.BinaryCodec
}

// AppendSend appends the binary form of a result value of type oid; text
// is the value's text form, which the less common types are encoded from.
func (c *Codec) AppendSend(buf []byte, oid uint32, v any, text string) ([]byte, error) {
	return c.c.AppendSend(buf, oid, v, text)
}

// AppendSendValue appends the binary form of a result value of type oid
// when the type's binary form is encoded from the value alone (integers,
// booleans, floats, dates, timestamps), without its text form; ok is
// false for the other types, which AppendSend encodes.
func (c *Codec) AppendSendValue(buf []byte, oid uint32, v any) ([]byte, bool) {
	return c.c.AppendSendValue(buf, oid, v)
}

// ReceiveParamValue decodes the binary form of parameter i of p straight
// to a bound argument for the types whose binary form needs no text form
// (integers and arrays of them); ok is false for the other types, which
// ReceiveParam converts.
func (c *Codec) ReceiveParamValue(p *Prepared, i int, raw []byte) (Param, bool, error) {
	t := p.ParamType(i)
	if t == nil {
		return Param{}, false, nil
	}
	v, ok, err := types.ReceiveValue(t, raw)
	if !ok {
		return Param{}, false, err
	}
	return Param{Type: t, Value: v}, true, nil
}

// ReceiveParam converts the binary form of parameter i of p to its text
// form, by the parameter's type.
func (c *Codec) ReceiveParam(p *Prepared, i int, raw []byte) (string, error) {
	if t := p.ParamType(i); t != nil {
		return c.c.ReceiveTextFor(t, raw)
	}
	return c.c.ReceiveText(p.ParamOIDs[i], raw)
}
