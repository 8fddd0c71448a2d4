package pgproto

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/pganalyze/pg_query_go/v5/parser"
	"google.golang.org/protobuf/proto"
)

// Parse is pg_query_go's Parse (libpg_query's parser, the tree handed
// over as protobuf) with the tree decoded by Unmarshal.
func Parse(sql string) (*pg.ParseResult, error) {
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
