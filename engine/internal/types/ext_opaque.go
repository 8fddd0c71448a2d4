package types

import "github.com/tinybase/tinybase/internal/pgerror"

// An index storage type: what an extension's GiST operator class keeps
// in its index instead of the column's values (pg_trgm's gtrgm). Its
// input and output functions exist only to make it a type; PostgreSQL's
// fail on any value ("not implemented"), and no SQL expression yields
// one, so it has no casts and never holds a value.
type opaqueBase struct{}

func (o opaqueBase) noValue() error {
	return pgerror.New(pgerror.InternalError, "not implemented")
}

func (o opaqueBase) Input(string, int32) (any, error)             { return nil, o.noValue() }
func (o opaqueBase) Output(any) string                            { return "" }
func (o opaqueBase) AppendSend(buf []byte, _ any) ([]byte, error) { return buf, o.noValue() }
func (o opaqueBase) Receive([]byte) (any, error)                  { return nil, o.noValue() }
func (o opaqueBase) Compare(any, any) int                         { return 0 }
func (o opaqueBase) TypmodIn([]int32) (int32, error)              { return -1, nil }
func (o opaqueBase) TypmodOut(int32) string                       { return "" }
func (o opaqueBase) ApplyMod(v any, _ int32) (any, error)         { return v, nil }
func (o opaqueBase) CastContext(*Type, bool) CastContext          { return castNone }
func (o opaqueBase) CastFrom(any, *Type, int32) (any, error)      { return nil, o.noValue() }
func (o opaqueBase) CastTo(any, *Type) (any, error)               { return nil, o.noValue() }

// gbtreeKeyBase is btree_gist's index storage types (gbtreekey2 ... 32,
// gbtreekey_var): like opaqueBase, but their I/O functions fail as
// btree_gist's gbtreekey_in and gbtreekey_out do (0A000), and all but
// gbtreekey_var have a fixed length.
type gbtreeKeyBase struct {
	opaqueBase
	len int16
}

func (g gbtreeKeyBase) typLen() int16 { return g.len }

func (g gbtreeKeyBase) Input(string, int32) (any, error) {
	return nil, pgerror.New(pgerror.FeatureNotSupported, "<datatype>key_in() not implemented")
}
