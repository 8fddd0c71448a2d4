// Package durable owns tinybase's data directory: the files that make an
// engine's committed state survive a restart, kill -9 or power loss.
//
// # Layout
//
//	lock                 held with flock by the one process using the directory (its pid inside)
//	format               "tinybase data directory format <n>": the layout version
//	checkpoint.<gen>     the whole committed state at one point (generation gen)
//	wal.<gen>            the commits after checkpoint.<gen>, one record each
//
// <gen> is 16 hex digits. A checkpoint is written to checkpoint.<gen>.tmp,
// fsynced and renamed, so a checkpoint file either is complete or does not
// exist; the files of older generations are removed once a newer
// checkpoint is durable. Recovery loads the newest checkpoint and replays
// wal.<gen> and every later log in order.
//
// # Records
//
// Every checkpoint and log starts with a header (magic, format version,
// generation, CRC-32C of the header). A checkpoint is a list of
// length-prefixed sections followed by the CRC-32C of the whole file. A log
// is a sequence of records, each [length u32][CRC-32C u32][payload]; what
// a payload means is the engine's business (engine/internal/session's
// durable.go), this package only frames, checksums and fsyncs it.
//
// Recovery stops at the last complete record of the last log: a record
// cut short, or a bad checksum on the final record (a write torn by a
// crash), is discarded and the log truncated there, since its commit was
// never acknowledged. A bad checksum with more records after it, a bad
// checkpoint, or a damaged header is corruption: Open refuses, naming the
// file and what to do, rather than serve changed data.
//
// # Commits
//
// Append writes a record (the engine calls it with the storage writer lock
// held, so records are in commit order) and returns a wait function that
// returns once the record is fsynced; the engine calls it after releasing
// the lock, and shows the commit to other sessions only once it returns
// (engine/internal/storage). Waiters share fsyncs: while one
// fsync runs, later records accumulate and the next fsync covers them all
// (group commit). Since the engine runs writers one at a time, the waiter
// that starts the next fsync first waits, briefly, for the committers of
// the last one to append again, so that one fsync covers them all. A failed write truncates the log back and fails only that
// commit (53100 when the disk is full); a failed fsync poisons the log,
// since the kernel may have dropped the unwritten pages: that commit and
// every later one fail until the process restarts and recovers.
//
// Rows are encoded by column type (rows.go): integers, floats, booleans,
// strings, bytes and times by value, everything else as its PostgreSQL text
// form, which the type model reads back exactly.
//
// A restart's big tables load after the open, beside the first clients'
// statements; Background makes those loads' goroutines background work
// (a higher nice value for their threads, on Linux).
package durable
