// Package conformance is tinybase's differential test harness against
// PostgreSQL: SQL case files under testdata/conformance, golden expectations
// recorded from a real PostgreSQL 15, and the comparison of a run on tinybase
// with those expectations.
//
// A case file is a script; each of its statements is one case, identified as
// "<area>/<name>.sql#<n>". The statements of one file run in order on one
// session of a fresh database, so settings, transactions and tables carry
// over within a file and never between files. The golden file beside a case
// file (<name>.golden) holds, for every statement, either its command tag,
// result columns (name and format_type() name) and rows in PostgreSQL's text
// output format, or its error (SQLSTATE, message, position).
//
// The package knows nothing about the engine: a Target opens a fresh Session
// per file, and both PostgreSQL (Postgres, used by the recorder and the live
// oracle) and tinybase (adapted in engine/conformance_test.go) are Targets.
// Comparison follows what a client can observe over the simple query
// protocol (PostgreSQL docs, "Message Flow: Simple Query"): the command tag,
// the RowDescription's column names and types, the DataRows as text, and the
// ErrorResponse's SQLSTATE. Rows of a statement without a top-level ORDER BY
// compare as a multiset, since SQL leaves their order unspecified. Goldens
// recorded with notice_codes also compare each successful statement's
// notices (severity, message, SQLSTATE).
//
// Wire (wire.go) is a server speaking the protocol as a Target, reached
// through pgx in three modes (simple protocol; extended with text results;
// extended with binary results, read back into PostgreSQL's text output by
// wire_binary.go), so the same goldens check what crosses the wire.
package conformance
