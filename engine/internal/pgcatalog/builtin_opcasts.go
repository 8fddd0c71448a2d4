package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

//go:generate go run ./internal/genopcasts -o builtin_opcasts_gen.go -opfamilies builtin_opfamilies_gen.go

// builtinOperator is one of PostgreSQL 15's pg_operator rows.
type builtinOperator struct {
	oid                              uint32
	name                             string
	kind                             byte
	canMerge, canHash                bool
	left, right, result, com, negate uint32
	code, rest, join                 uint32
}

// builtinCast is one of PostgreSQL 15's pg_cast rows, with the name and
// argument count of its function (fn, 0 for none).
type builtinCast struct {
	oid, source, target, fn uint32
	context, method         byte
	fnName                  string
	fnArgs                  int
}

// knownType reports whether tinybase has the type (0: none, as an
// operator's missing operand is).
func (s *State) knownType(oid uint32) bool {
	if oid == 0 {
		return true
	}
	_, ok := s.TypeByOID(oid)
	return ok
}

// OperatorByOID is the built-in operator's schema, as
// pg_operator_is_visible needs it.
func OperatorByOID(oid uint32) (schema string, ok bool) {
	for _, o := range builtinOperators {
		if o.oid == oid {
			return "pg_catalog", true
		}
	}
	return "", false
}

// pgCast is pg_catalog.pg_cast: PostgreSQL's built-in casts between the
// types tinybase has.
var pgCast = &def{
	cols: []column{{"oid", types.Oid}, {"castsource", types.Oid}, {"casttarget", types.Oid},
		{"castfunc", types.Oid}, {"castcontext", types.Char}, {"castmethod", types.Char}},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, c := range builtinCasts {
			if !s.knownType(c.source) || !s.knownType(c.target) {
				continue
			}
			out = append(out, []any{c.oid, c.source, c.target, c.fn, string(rune(c.context)), string(rune(c.method))})
		}
		out = append(out, extCastRows(s)...) // pg_am_ext.go
		for _, c := range s.Catalog.Casts() {
			out = append(out, []any{c.OID, c.Source, c.Target, c.Func, string(rune(c.Context)), string(rune(c.Method))})
		}
		return out, nil
	},
}

// BuiltinOperatorByOID is the built-in operator's name and operand types (left
// 0 for a prefix operator), as regoperator prints it.
func BuiltinOperatorByOID(oid uint32) (name string, left, right uint32, ok bool) {
	for _, o := range builtinOperators {
		if o.oid == oid {
			return o.name, o.left, o.right, true
		}
	}
	return "", 0, 0, false
}

// CastFunc is a built-in cast carried out by a function of one argument,
// which PostgreSQL names after the target type (int8(integer)).
type CastFunc struct {
	OID            uint32 // the function's
	Name           string
	Source, Target uint32
}

// BuiltinCastFuncs lists the functions of PostgreSQL's built-in casts that
// take only the value (not the length coercions taking a typmod).
func BuiltinCastFuncs() []CastFunc {
	var out []CastFunc
	for _, c := range builtinCasts {
		if c.fn != 0 && c.fnArgs == 1 {
			out = append(out, CastFunc{OID: c.fn, Name: c.fnName, Source: c.source, Target: c.target})
		}
	}
	return out
}

// BuiltinBinaryImplicitCast reports whether pg_cast has an implicit cast
// from source to target that needs no function (castmethod 'b'), which
// makes source binary-coercible to target (IsBinaryCoercible).
func BuiltinBinaryImplicitCast(source, target uint32) bool {
	for _, c := range builtinCasts {
		if c.source == source && c.target == target {
			return c.method == 'b' && c.context == 'i'
		}
	}
	return false
}

// BuiltinCastExists reports whether PostgreSQL's pg_cast has a row from
// source to target (CREATE CAST of it is "already exists").
func BuiltinCastExists(source, target uint32) bool {
	for _, c := range builtinCasts {
		if c.source == source && c.target == target {
			return true
		}
	}
	return false
}

// userCastDepends are pg_depend's rows of the user casts: on their types
// (PostgreSQL's own are pinned, so not recorded) and their function.
func userCastDepends(s *State) [][]any {
	var out [][]any
	for _, c := range s.Catalog.Casts() {
		for _, t := range []uint32{c.Source, c.Target} {
			if t >= catalog.FirstOID {
				out = append(out, []any{uint32(pgCastOID), c.OID, int32(0), uint32(pgTypeOID), t, int32(0), "n"})
			}
		}
		if c.Func != 0 {
			out = append(out, []any{uint32(pgCastOID), c.OID, int32(0), uint32(pgProcOID), c.Func, int32(0), "n"})
		}
	}
	return out
}
