package pgproto

import (
	"unicode/utf8"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/pganalyze/pg_query_go/v5/parser"
)

// Parse is pg_query_go's Parse: libpg_query's parser, the same tree.
// It asks libpg_query for the tree as JSON, which it writes several
// times faster than protobuf (protobuf-c sizes and packs every message
// by walking all of its descriptor's fields, and a Node has one per node
// type, ~250), and decodes that with decodeJSON. A statement whose JSON
// does not say everything (an integer of 0 or below that is neither a
// decimal constant in the text nor an array bound's [], invalid UTF-8,
// any shape decodeJSON does not expect) is parsed again by pg_query_go's
// Parse.
func Parse(sql string) (*pg.ParseResult, error) {
	j, err := parser.ParseToJSON(sql)
	if err != nil {
		return nil, err
	}
	tree := &pg.ParseResult{}
	if decodeJSON(j, sql, tree) == nil {
		return tree, nil
	}
	return pg.Parse(sql)
}

// decodeJSON decodes the JSON libpg_query writes for a parse of sql into
// an empty tree; on an error the tree is unusable. The tree's strings share
// j's memory.
func decodeJSON(j, sql string, tree *pg.ParseResult) error {
	if !utf8.ValidString(j) {
		return errFallback // pg_query_go's Parse rejects it (proto.Unmarshal's UTF-8 check)
	}
	d := jdec{s: j, src: sql}
	if err := jsonParseResult(&d, tree); err != nil {
		return err
	}
	if d.i != len(j) {
		return errFallback
	}
	return nil
}
