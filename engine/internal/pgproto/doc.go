// Package pgproto turns libpg_query's parse trees into pg_query_go's
// message structs faster than pg_query_go's Parse, with the same result.
//
// pg_query_go's Parse has libpg_query pack the tree as protobuf in C and
// unpacks it with proto.Unmarshal. Both halves are slow for what they
// carry: protobuf-c sizes and packs a message by walking every field of
// its descriptor, and a Node is a oneof of ~250 message types, so for a
// short statement libpg_query spent about three quarters of its time in
// protobuf-c and a few percent parsing; proto.Unmarshal allocates every
// oneof member by reflection.
//
// Parse asks libpg_query for the tree as JSON instead (written several
// times faster, with plain string appends) and decodes it with code
// generated from the message descriptors (decode_json.go); a Node, its
// oneof wrapper and its message come in one allocation, and strings
// share the JSON text. libpg_query's JSON leaves out one thing the
// protobuf carries: an Integer of 0 or below is written as {}. An integer
// constant's value is then read from the statement's text at its
// location, and an array bound's -1 (`[]`) is told from a `[0]` by the
// text; any other such Integer, or any JSON the decoder does not expect,
// makes Parse fall back to pg_query_go's Parse (5 of the conformance
// corpus's 5944 statements).
//
// `go generate ./engine/internal/pgproto` (gen/main.go) rewrites the
// decoder after pg_query_go changes version. decode_test.go holds it to
// proto.Unmarshal of the protobuf tree with proto.Equal over every
// statement of the conformance corpus and the migration fixtures;
// FuzzParse compares Parse with pg_query_go's Parse over arbitrary text,
// FuzzDecodeJSON feeds the decoder arbitrary JSON.
package pgproto

//go:generate go run ./gen
