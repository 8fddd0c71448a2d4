// Command genopcasts records PostgreSQL 15's built-in operators and casts
// into engine/internal/pgcatalog/builtin_opcasts_gen.go: the pg_operator
// and pg_cast rows of the initial catalog (OIDs below 16384), which
// pg_operator and pg_cast show for the types tinybase has. Run it against
// a PostgreSQL 15 server:
//
//	TINYBASE_PG_URL=$(bash .ci/pg.sh url) go generate ./engine/internal/pgcatalog
package main

import (
	"context"
	"flag"
	"fmt"
	"log"

	"github.com/tinybase/tinybase/engine/internal/pgcatalog/internal/pgsource"
)

const operators = `
SELECT o.oid::int8, o.oprname::text, o.oprkind::text, o.oprcanmerge, o.oprcanhash, o.oprleft::int8, o.oprright::int8,
       o.oprresult::int8, o.oprcom::int8, o.oprnegate::int8, o.oprcode::oid::int8, o.oprrest::oid::int8, o.oprjoin::oid::int8
FROM pg_operator o WHERE o.oid < 16384 ORDER BY o.oid`

const casts = `
SELECT c.oid::int8, c.castsource::int8, c.casttarget::int8, c.castfunc::int8, c.castcontext::text, c.castmethod::text
FROM pg_cast c WHERE c.oid < 16384 ORDER BY c.oid`

func main() {
	out := flag.String("o", "builtin_opcasts_gen.go", "output file")
	flag.Parse()
	ctx := context.Background()
	conn, err := pgsource.Connect(ctx, "genopcasts")
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close(ctx)
	b := pgsource.File("genopcasts", "pg_operator and pg_cast")
	b.WriteString("var builtinOperators = [...]builtinOperator{\n")
	rows, err := conn.Query(ctx, operators)
	if err != nil {
		log.Fatal(err)
	}
	for rows.Next() {
		var oid, left, right, result, com, negate, code, rest, join int64
		var name, kind string
		var merge, hash bool
		if err := rows.Scan(&oid, &name, &kind, &merge, &hash, &left, &right, &result, &com, &negate, &code, &rest, &join); err != nil {
			log.Fatal(err)
		}
		fmt.Fprintf(b, "\t{%d, %q, '%s', %t, %t, %d, %d, %d, %d, %d, %d, %d, %d},\n", oid, name, kind, merge, hash, left, right, result, com, negate, code, rest, join)
	}
	if err := rows.Err(); err != nil {
		log.Fatal(err)
	}
	b.WriteString("}\n\nvar builtinCasts = [...]builtinCast{\n")
	rows, err = conn.Query(ctx, casts)
	if err != nil {
		log.Fatal(err)
	}
	for rows.Next() {
		var oid, src, dst, fn int64
		var context, method string
		if err := rows.Scan(&oid, &src, &dst, &fn, &context, &method); err != nil {
			log.Fatal(err)
		}
		fmt.Fprintf(b, "\t{%d, %d, %d, %d, '%s', '%s'},\n", oid, src, dst, fn, context, method)
	}
	if err := rows.Err(); err != nil {
		log.Fatal(err)
	}
	b.WriteString("}\n")
	if err := pgsource.Write(*out, b); err != nil {
		log.Fatal(err)
	}
}
