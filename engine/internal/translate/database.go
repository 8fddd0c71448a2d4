package translate

import pg "github.com/pganalyze/pg_query_go/v5"

// Database is CREATE DATABASE or DROP DATABASE [IF EXISTS] (docs:
// sql-createdatabase, sql-dropdatabase). tinybase serves one database,
// so the session answers both with PostgreSQL's checks and errors and
// refuses to create another.
type Database struct {
	Drop      bool
	Name      string
	MissingOk bool // DROP DATABASE IF EXISTS
}

func (*Database) command() {}

// Discard is DISCARD { ALL | PLANS | SEQUENCES | TEMP } (docs:
// sql-discard), run by the session.
type Discard struct {
	All, Plans, Sequences, Temp bool
}

func (*Discard) command() {}

func discard(d *pg.DiscardStmt) (Result, error) {
	switch d.Target {
	case pg.DiscardMode_DISCARD_PLANS:
		return Result{Cmd: &Discard{Plans: true}, Tag: "DISCARD PLANS"}, nil
	case pg.DiscardMode_DISCARD_SEQUENCES:
		return Result{Cmd: &Discard{Sequences: true}, Tag: "DISCARD SEQUENCES"}, nil
	case pg.DiscardMode_DISCARD_TEMP:
		return Result{Cmd: &Discard{Temp: true}, Tag: "DISCARD TEMP"}, nil
	}
	return Result{Cmd: &Discard{All: true, Plans: true, Sequences: true, Temp: true}, Tag: "DISCARD ALL"}, nil
}

// Checkpoint is CHECKPOINT: with a data directory the engine writes a
// checkpoint; in memory there is nothing to write.
type Checkpoint struct{}

func (*Checkpoint) command() {}
