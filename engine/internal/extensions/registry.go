package extensions

// All lists every extension tinybase stands in for, one per file of this
// package.
func All() []*Extension {
	return []*Extension{
		plpgsql,
		pgTrgm,
		uuidOssp,
		pgcrypto,
		fuzzystrmatch,
		btreeGin,
		btreeGist,
		moddatetime,
		unaccentExt,
		tablefunc,
		pgStatStatements,
		httpExt,
		intarray,
		pgNet,
		pgCron,
		pgmq,
		supabaseVault,
		pgjwt,
		pgsodium,
		pgvectorExt,
		pgtap,
		postgisExt,
		citextExt,
		hstoreExt,
		ltreeExt,
		isnExt, // isn.go
		pgJSONSchema,
		pgHashids,
		pgGraphQL, // pg_graphql*.go
		pgaudit,
		plpgsqlCheck, // plpgsql_check.go
		wrappersExt,  // wrappers.go
		postgresFdw,
		dblinkExt,    // dblink.go
		hypopgExt,    // hypopg.go
		indexAdvisor, // index_advisor.go
	}
}

// plpgsql is installed in every new database (catalog.New); listed so
// pg_available_extensions and CREATE EXTENSION know it.
var plpgsql = &Extension{Name: "plpgsql", Version: "1.0", Comment: "PL/pgSQL procedural language", Schema: "pg_catalog"}
