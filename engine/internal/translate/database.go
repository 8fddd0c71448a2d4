package translate

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
