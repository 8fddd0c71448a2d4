package extensions

import "sync"

// All lists every extension tinybase stands in for, one per file of this
// package.
func All() []*Extension { return all() }

// all builds the extensions once, on first use: their scripts and
// function tables are megabytes a process that never asks for an
// extension (a start serving a few tables) need not build.
var all = sync.OnceValue(func() []*Extension {
	return []*Extension{
		plpgsql(),
		pgTrgm(),
		uuidOssp(),
		pgcrypto(),
		fuzzystrmatch(),
		btreeGin(),
		btreeGist(),
		moddatetime(),
		unaccentExt(),
		tablefunc(),
		pgStatStatements(),
		httpExt(),
		intarray(),
		pgNet(),
		pgCron(),
		pgmq(),
		supabaseVault(),
		pgjwt(),
		pgsodium(),
		pgvectorExt(),
		pgtap(),
		postgisExt(),
		citextExt(),
		hstoreExt(),
		ltreeExt(),
		isnExt(), // isn.go
		pgJSONSchema(),
		pgHashids(),
		pgGraphQL(), // pg_graphql*.go
		pgaudit(),
		plpgsqlCheck(),      // plpgsql_check.go
		wrappersExtension(), // wrappers.go
		postgresFdw(),
		dblinkExtension(), // dblink.go
		hypopgExt(),       // hypopg.go
		indexAdvisor(),    // index_advisor.go
		timescaledbExt(),  // timescaledb*.go
		pgTle(),           // pg_tle*.go
	}
})

// plpgsql is installed in every new database (catalog.New); listed so
// pg_available_extensions and CREATE EXTENSION know it.
func plpgsql() *Extension {
	return &Extension{Name: "plpgsql", Version: "1.0", Comment: "PL/pgSQL procedural language", Schema: "pg_catalog"}
}
