package pgcatalog

//go:generate go run ./internal/gentypes -o builtin_types_gen.go

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// typeIO is what pg_type says of a type's storage and I/O beyond its
// length: typbyval, typalign, typstorage, typdelim and its support
// functions, named as regproc output prints them ("-" for none).
// internal/gentypes records them from PostgreSQL 15 for the built-in
// types (builtinTypeIO, by OID) and the extension base types the oracle
// has (extTypeIO, by name); builtinIOProcs are the OIDs of the built-in
// types' functions, which regproc input and ::oid resolve.
type typeIO struct {
	byVal                 bool
	align, storage, delim byte
	subscript, input, output, receive, send,
	modIn, modOut, analyze string
}

// pgvectorTypeIO are pgvector's types as its install script creates
// them (CREATE TYPE vector (INPUT = vector_in, OUTPUT = vector_out,
// TYPMOD_IN = vector_typmod_in, RECEIVE = vector_recv, SEND =
// vector_send, STORAGE = external), halfvec and sparsevec alike): the
// oracle has no pgvector to record them from. CREATE TYPE's default
// alignment is int4.
var pgvectorTypeIO = map[string]typeIO{
	"vector":    vectorIO("vector"),
	"halfvec":   vectorIO("halfvec"),
	"sparsevec": vectorIO("sparsevec"),
}

func vectorIO(name string) typeIO {
	return typeIO{align: 'i', storage: 'e', delim: ',', subscript: "-", input: name + "_in", output: name + "_out",
		receive: name + "_recv", send: name + "_send", modIn: name + "_typmod_in", modOut: "-", analyze: "-"}
}

// ioOf is t's typeIO: the recorded row of a built-in type (arrays and
// pseudo-types included) or extension base type, else what CREATE TYPE
// and CREATE DOMAIN give the kind of type t is (DefineEnum, DefineRange,
// DefineDomain, DefineCompositeType and their array types in
// PostgreSQL's typecmds.c).
func ioOf(t *types.Type) typeIO {
	if t.Domain != nil {
		b := ioOf(t.Domain)
		b.input, b.receive = "domain_in", "domain_recv"
		b.modIn, b.modOut, b.subscript = "-", "-", "-"
		return b
	}
	if io, ok := builtinTypeIO[t.OID]; ok && t.OID < 16384 {
		return io
	}
	none := typeIO{delim: ',', subscript: "-", modIn: "-", modOut: "-", analyze: "-"}
	switch {
	case t.Kind == types.KindArray && t.Elem != nil:
		e := ioOf(t.Elem)
		io := typeIO{align: 'i', storage: 'x', delim: e.delim, subscript: "array_subscript_handler",
			input: "array_in", output: "array_out", receive: "array_recv", send: "array_send",
			modIn: "-", modOut: "-", analyze: "array_typanalyze"}
		if e.align == 'd' {
			io.align = 'd'
		}
		return io
	case t.Kind == types.KindEnum:
		none.byVal, none.align, none.storage = true, 'i', 'p'
		none.input, none.output, none.receive, none.send = "enum_in", "enum_out", "enum_recv", "enum_send"
	case t.Kind == types.KindRange, t.Kind == types.KindMultirange:
		prefix := "range"
		if t.Kind == types.KindMultirange {
			prefix = "multirange"
		}
		none.align, none.storage = 'i', 'x'
		if t.RangeSub != nil && ioOf(t.RangeSub).align == 'd' {
			none.align = 'd'
		}
		none.input, none.output, none.receive, none.send = prefix+"_in", prefix+"_out", prefix+"_recv", prefix+"_send"
		none.analyze = prefix + "_typanalyze"
	case t.Kind == types.KindRecord:
		none.align, none.storage = 'd', 'x'
		none.input, none.output, none.receive, none.send = "record_in", "record_out", "record_recv", "record_send"
	case t.Kind == types.KindExt:
		if io, ok := extTypeIO[t.Name]; ok {
			return io
		}
		if io, ok := pgvectorTypeIO[t.Name]; ok {
			return io
		}
		fallthrough
	default:
		// a type without a recorded row: what its length implies
		none.align, none.storage = 'i', 'x'
		if t.Len > 0 {
			none.storage = 'p'
			none.byVal = t.Len == 1 || t.Len == 2 || t.Len == 4 || t.Len == 8
		}
		none.input, none.output, none.receive, none.send = "-", "-", "-", "-"
	}
	return none
}

// IOProcOID is the OID of the built-in type I/O, typmod, analyze or
// subscript function name (int4in, array_subscript_handler, ...), which
// regproc input resolves though pg_proc need not list it.
func IOProcOID(name string) (uint32, bool) {
	oid, ok := builtinIOProcs[name]
	return oid, ok
}

// IOProcName is the name of such a function by OID.
func IOProcName(oid uint32) (string, bool) {
	for name, o := range builtinIOProcs {
		if o == oid {
			return name, true
		}
	}
	return "", false
}

// BuiltinTypeIOFuncs are the input, output and send functions of
// built-in type oid when they are its own (int4in, int4out, int4send;
// textin of text, not of refcursor, which shares it; not the polymorphic
// array_in, range_out, record_send), "" for one it does not own, with
// whether the input takes a typmod (varcharin(cstring, oid, integer)):
// the functions tinybase registers as callable built-ins, as PostgreSQL
// has them.
func BuiltinTypeIOFuncs(oid uint32) (input, output, send string, withMod, ok bool) {
	io, found := builtinTypeIO[oid]
	if !found || io.input == "-" || io.output == "-" {
		return "", "", "", false, false
	}
	for _, p := range []string{"array_", "range_", "multirange_", "record_", "enum_", "domain_"} {
		if strings.HasPrefix(io.input, p) {
			return "", "", "", false, false
		}
	}
	input, output, send = io.input, io.output, io.send
	if send == "-" {
		send = ""
	}
	for o, other := range builtinTypeIO {
		if o >= oid {
			continue
		}
		if other.input == input {
			input = ""
		}
		if other.output == output {
			output = ""
		}
		if other.send == send {
			send = ""
		}
	}
	return input, output, send, io.modIn != "-", true
}

// qualified is io with the functions of an extension type (base, the
// type or its domain's base) qualified by the extension's schema when
// the search path does not reach it or the name is overloaded, as
// regproc output prints them (extensions.citextin, public.ean13_out);
// built-in ones print bare.
func (s *State) qualified(io typeIO, base *types.Type) typeIO {
	if base.Kind != types.KindExt {
		return io
	}
	visible := s.visible(base.Schema)
	q := func(name string) string {
		if _, builtin := builtinIOProcs[name]; name == "-" || builtin || visible && !extOverloadedProcs[name] {
			return name
		}
		return quoteIdent(base.Schema) + "." + name
	}
	for _, f := range []*string{&io.subscript, &io.input, &io.output, &io.receive, &io.send, &io.modIn, &io.modOut, &io.analyze} {
		*f = q(*f)
	}
	return io
}
