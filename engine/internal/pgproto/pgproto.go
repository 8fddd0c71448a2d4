package pgproto

import (
	"unicode/utf8"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/pganalyze/pg_query_go/v5/parser"
	"google.golang.org/protobuf/proto"
)

// Parse is pg_query_go's Parse: libpg_query's parser, the same tree.
// It asks libpg_query for the tree as JSON, which it writes several
// times faster than protobuf (protobuf-c sizes and packs every message
// by walking all of its descriptor's fields, and a Node has one per node
// type, ~250), and decodes that with decodeJSON; a statement whose JSON
// does not say everything (an Integer of 0 or below, invalid UTF-8, any
// shape decodeJSON does not expect) is parsed again through protobuf.
func Parse(sql string) (*pg.ParseResult, error) {
	j, err := parser.ParseToJSON(sql)
	if err != nil {
		return nil, err
	}
	tree := &pg.ParseResult{}
	if decodeJSON(j, sql, tree) == nil {
		return tree, nil
	}
	return parseProtobuf(sql)
}

// parseProtobuf is pg_query_go's Parse with the tree decoded by
// Unmarshal.
func parseProtobuf(sql string) (*pg.ParseResult, error) {
	buf, err := parser.ParseToProtobuf(sql)
	if err != nil {
		return nil, err
	}
	tree := &pg.ParseResult{}
	if err := Unmarshal(buf, tree); err != nil {
		return nil, err
	}
	return tree, nil
}

// decodeJSON decodes the JSON libpg_query writes for a parse of sql into
// an empty tree; on an error the tree is unusable. The tree's strings share
// j's memory.
func decodeJSON(j, sql string, tree *pg.ParseResult) error {
	if !utf8.ValidString(j) {
		return errFallback // protobuf's path rejects invalid UTF-8 as proto.Unmarshal does
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

// Unmarshal decodes a ParseResult into an empty tree, as proto.Unmarshal
// does. The tree's strings share b's memory: the caller must not change
// b afterwards.
func Unmarshal(b []byte, tree *pg.ParseResult) error {
	if err := decodeParseResult(b, tree); err != nil {
		proto.Reset(tree)
		return proto.Unmarshal(b, tree)
	}
	return nil
}
