// Command gentypes records PostgreSQL's per-type storage and I/O facts
// into engine/internal/pgcatalog/builtin_types_gen.go: for every pg_type
// row of schema pg_catalog (built-in OIDs are fixed) typbyval, typalign,
// typstorage, typdelim and the regproc columns typsubscript, typinput,
// typoutput, typreceive, typsend, typmodin, typmodout and typanalyze as
// regproc output prints them, with the OIDs of those functions; and the
// same facts, by type name, for the base types of the contrib and PostGIS
// extensions tinybase implements, which it creates in a transaction it
// rolls back. Run it against a PostgreSQL 15 server:
//
//	TINYBASE_PG_URL=$(bash .ci/pg.sh url) go generate ./engine/internal/pgcatalog
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"sort"

	"github.com/tinybase/tinybase/engine/internal/pgcatalog/internal/pgsource"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// facts are the columns recorded for a type, regproc ones by name.
const facts = `t.typbyval, t.typalign::text, t.typstorage::text, t.typdelim::text,
       t.typsubscript::text, t.typinput::text, t.typoutput::text, t.typreceive::text,
       t.typsend::text, t.typmodin::text, t.typmodout::text, t.typanalyze::text`

const builtinQuery = `SELECT t.oid::int8, ` + facts + ` FROM pg_type t
WHERE t.typnamespace = 'pg_catalog'::regnamespace ORDER BY t.oid`

const procQuery = `SELECT DISTINCT p.proname::text, p.oid::int8 FROM pg_type t
JOIN pg_proc p ON p.oid IN (t.typsubscript, t.typinput, t.typoutput, t.typreceive, t.typsend,
                            t.typmodin, t.typmodout, t.typanalyze)
WHERE t.typnamespace = 'pg_catalog'::regnamespace ORDER BY 1`

// extensions are the ones whose base types tinybase implements
// (types.ExtBaseNamed) and the oracle ships; pgvector's are written in
// builtin_types.go from its documentation.
var extensions = []string{"btree_gist", "citext", "hstore", "ltree", "isn", "pg_trgm", "postgis"}

// extQuery names the extensions' functions unqualified (their schema is
// the database's, whatever it is called).
var extQuery = `SELECT t.typname::text, t.typbyval, t.typalign::text, t.typstorage::text, t.typdelim::text,
       ` + procName("typsubscript") + `, ` + procName("typinput") + `, ` + procName("typoutput") + `,
       ` + procName("typreceive") + `, ` + procName("typsend") + `, ` + procName("typmodin") + `,
       ` + procName("typmodout") + `, ` + procName("typanalyze") + `
FROM pg_type t JOIN pg_depend d ON d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e'
JOIN pg_extension e ON e.oid = d.refobjid
WHERE t.typtype = 'b' AND t.typcategory <> 'A'
ORDER BY 1`

// overloadQuery lists the extension types' functions whose names more
// than one function of the database has.
const overloadQuery = `SELECT DISTINCT p.proname::text FROM pg_type t
JOIN pg_depend d ON d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e'
JOIN pg_proc p ON p.oid IN (t.typsubscript, t.typinput, t.typoutput, t.typreceive, t.typsend,
                            t.typmodin, t.typmodout, t.typanalyze)
WHERE p.pronamespace <> 'pg_catalog'::regnamespace
  AND (SELECT count(*) FROM pg_proc q WHERE q.proname = p.proname) > 1
ORDER BY 1`

func procName(col string) string {
	return `coalesce((SELECT p.proname::text FROM pg_proc p WHERE p.oid = t.` + col + `), '-')`
}

func main() {
	out := flag.String("o", "builtin_types_gen.go", "output file")
	flag.Parse()
	ctx := context.Background()
	conn, err := pgsource.Connect(ctx, "gentypes")
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close(ctx)
	b := pgsource.File("gentypes", "pg_type")
	var (
		oid                                                int64
		name, align, storage, delim                        string
		sub, in, outFn, recv, send, modIn, modOut, analyze string
		byVal                                              bool
	)
	dest := []any{&byVal, &align, &storage, &delim, &sub, &in, &outFn, &recv, &send, &modIn, &modOut, &analyze}
	row := func() string {
		return fmt.Sprintf("{byVal: %t, align: '%s', storage: '%s', delim: '%s', subscript: %q, input: %q, output: %q, receive: %q, send: %q, modIn: %q, modOut: %q, analyze: %q}",
			byVal, align, storage, delim, sub, in, outFn, recv, send, modIn, modOut, analyze)
	}
	b.WriteString("var builtinTypeIO = map[uint32]typeIO{\n")
	n := 0
	if err := pgsource.Each(ctx, conn, builtinQuery, append([]any{&oid}, dest...), func() {
		n++
		fmt.Fprintf(b, "\t%d: %s,\n", oid, row())
	}); err != nil {
		log.Fatal(err)
	}
	b.WriteString("}\n\nvar builtinIOProcs = map[string]uint32{\n")
	if err := pgsource.Each(ctx, conn, procQuery, []any{&name, &oid}, func() {
		fmt.Fprintf(b, "\t%q: %d,\n", name, oid)
	}); err != nil {
		log.Fatal(err)
	}
	b.WriteString("}\n\nvar extTypeIO = map[string]typeIO{\n")
	tx, err := conn.Begin(ctx)
	if err != nil {
		log.Fatal(err)
	}
	defer tx.Rollback(ctx) // the extensions are only looked at
	sort.Strings(extensions)
	for _, e := range extensions {
		if _, err := tx.Exec(ctx, "CREATE EXTENSION IF NOT EXISTS "+e); err != nil {
			log.Fatalf("gentypes: %s: %v", e, err)
		}
	}
	rows, err := tx.Query(ctx, extQuery)
	if err != nil {
		log.Fatal(err)
	}
	for rows.Next() {
		if err := rows.Scan(append([]any{&name}, dest...)...); err != nil {
			log.Fatal(err)
		}
		if _, ok := types.ExtBaseNamed(name); ok {
			fmt.Fprintf(b, "\t%q: %s,\n", name, row())
		}
	}
	if err := rows.Err(); err != nil {
		log.Fatal(err)
	}
	b.WriteString("}\n\n// extOverloadedProcs are extension types' functions that share their name\n// with another function of the extension, which regproc output qualifies.\nvar extOverloadedProcs = map[string]bool{\n")
	orows, err := tx.Query(ctx, overloadQuery)
	if err != nil {
		log.Fatal(err)
	}
	for orows.Next() {
		if err := orows.Scan(&name); err != nil {
			log.Fatal(err)
		}
		fmt.Fprintf(b, "\t%q: true,\n", name)
	}
	if err := orows.Err(); err != nil {
		log.Fatal(err)
	}
	b.WriteString("}\n")
	if err := pgsource.Write(*out, b); err != nil {
		log.Fatal(err)
	}
	log.Printf("gentypes: %d built-in types", n)
}
