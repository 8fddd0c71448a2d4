package postgrest

import (
	"github.com/tinybase/tinybase/engine"
)

// Typed arguments. PostgREST binds every value as an unknown-typed
// string, and PostgreSQL types such a parameter from its use: a value
// stored in a column takes the column's type. Where the generated SQL
// stores a value in a column (valueParam), the builder records the
// column's type with it (colArg). The pgx executor still sends the bare
// string, so PostgreSQL sees exactly what PostgREST sends; the engine
// executor binds it as a parameter of that type, read with the type's
// input function as PostgreSQL would, so the statement is keyed by typed
// arguments and reuses the engine's cached translation and plan instead
// of being translated on every request. Filters stay untyped: reads wrap
// their query in a json_agg subquery, whose plan the engine does not keep,
// so typed filter values gain nothing there yet.

// colArg is a parameter's text and the type of the column that types it
// (format_type spelling).
type colArg struct {
	Text string
	Type string
	Null bool // the value is NULL (Text unused)
}

// engineArgTypes are the column types whose values the engine executor
// binds typed: built-in scalars whose input reads no session setting
// (time zone, DateStyle, ...) and whose format_type spelling carries no
// typmod. Values of any other type stay unknown-typed strings.
var engineArgTypes = map[string]bool{
	"smallint": true,
	"integer":  true,
	"bigint":   true,
	"boolean":  true,
	"text":     true,
	"uuid":     true,
}

// engineArgs converts colArgs for the engine: a Param of the column's type
// when the type is one of engineArgTypes and the text is valid input for
// it, else the plain string, which leaves any error (22P02, 22003 ...) to
// the statement as before.
func engineArgs(args []any) []any {
	args = ownArgs(args)
	for i, a := range args {
		ca, ok := a.(colArg)
		if !ok {
			continue
		}
		args[i] = plainArg(ca)
		if !engineArgTypes[ca.Type] {
			continue
		}
		text := &ca.Text
		if ca.Null {
			text = nil
		}
		if p, err := engine.ParamFromText(ca.Type, text); err == nil {
			args[i] = p
		}
	}
	return args
}

// plainArgs converts colArgs to the strings PostgREST sends.
func plainArgs(args []any) []any {
	args = ownArgs(args)
	for i, a := range args {
		if ca, ok := a.(colArg); ok {
			args[i] = plainArg(ca)
		}
	}
	return args
}

// ownArgs copies args when they hold a colArg, so that the caller's slice
// is left as it was.
func ownArgs(args []any) []any {
	for _, a := range args {
		if _, ok := a.(colArg); ok {
			return append([]any(nil), args...)
		}
	}
	return args
}

// plainArg is a colArg as PostgREST sends it: its text, or nil for NULL.
func plainArg(ca colArg) any {
	if ca.Null {
		return nil
	}
	return ca.Text
}
