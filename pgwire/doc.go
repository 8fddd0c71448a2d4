// Package pgwire serves tinybase over the PostgreSQL frontend/backend
// protocol (version 3.0), on top of pgx's pgproto3 message codec.
//
// Layers, top down:
//
//   - Server (server.go) accepts connections, hands out backend keys for
//     CancelRequest, and shuts down gracefully.
//   - startup (conn.go: startup, login) answers SSLRequest / GSSENCRequest
//     with 'N', checks the protocol version, the role and the database, and
//     runs the authentication exchange (auth.go: SCRAM-SHA-256, md5,
//     cleartext or trust) while the engine session opens.
//   - conn (conn.go) is one connection's read loop: one engine.Session per
//     connection; simple query (query.go) runs each statement of a message
//     in turn inside an implicit transaction; the extended protocol
//     (extended.go) keeps named and unnamed prepared statements and
//     portals, answers Describe from engine.Prepare without executing, and
//     suspends portals at an Execute row limit. After an error the
//     extended protocol skips messages until Sync, as PostgreSQL does.
//   - conn.go's sendRow writes engine values as text or, through
//     engine.Codec, binary column values (format.go: the type OIDs it needs
//     for sizes), and extended.go turns binary parameters into text; copy.go runs COPY's sub-protocol; notify.go sends LISTEN's
//     notifications; errors.go maps *pgerror.Error to ErrorResponse /
//     NoticeResponse with every field.
//
// Values: a non-NULL value is never sent as NULL, an empty one included
// (pgproto3 writes a nil slice as length -1). Bad input gets PostgreSQL's
// answer: text that is not UTF-8 22021, a binary value shorter than its
// type 08P01, an invalid message length a silent close.
//
// Tests: TestConformanceWire runs the whole conformance corpus over this
// server in pgx's three modes; TestEmptyValues*, TestBadInputLikePostgres
// compare with answers recorded from PostgreSQL 15.
//
// Cancellation: every statement runs under a context that a CancelRequest
// carrying the connection's process ID and secret key cancels, or that a
// client disconnect cancels (watch.go); the engine turns that into
// SQLSTATE 57014.
//
// Administration: Config.OnStatement reports each statement's outcome
// (statementlog.go; tinybase's statement log), and TerminateAll ends
// every connection with FATAL 57P01 as pg_terminate_backend does
// (terminate.go; `tinybase db reset` on a running server).
package pgwire
