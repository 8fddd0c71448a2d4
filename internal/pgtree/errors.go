package pgtree

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	pgparser "github.com/pganalyze/pg_query_go/v5/parser"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// SyntaxError is a parse error as PostgreSQL reports it: 42601 with the
// parser's message and cursor position (1-based, in the parsed text).
func SyntaxError(err error) *pgerror.Error {
	pe := pgerror.New(pgerror.SyntaxError, "%s", err.Error())
	if perr, ok := err.(*pgparser.Error); ok {
		pe.Message = perr.Message
		pe.Position = perr.Cursorpos
	}
	return pe
}

// Names is a list of String nodes (a qualified name, a role list) as
// strings; any other node, such as the A_Star of `schema.*`, is "*".
func Names(ns []*pg.Node) []string {
	out := make([]string, 0, len(ns))
	for _, n := range ns {
		if s := n.GetString_(); s != nil {
			out = append(out, s.Sval)
		} else {
			out = append(out, "*")
		}
	}
	return out
}
