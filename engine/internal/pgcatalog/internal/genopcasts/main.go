// Command genopcasts records PostgreSQL 15's built-in operators, casts
// and operator families: the pg_operator and pg_cast rows of the initial
// catalog (OIDs below 16384), which pg_operator and pg_cast show for the
// types tinybase has, with each cast function's name and argument count,
// into engine/internal/pgcatalog/builtin_opcasts_gen.go, and its
// pg_opfamily rows, which pg_opfamily shows and CREATE OPERATOR CLASS
// resolves FAMILY and FOR ORDER BY names against, into
// builtin_opfamilies_gen.go. Run it against a PostgreSQL 15 server:
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
SELECT c.oid::int8, c.castsource::int8, c.casttarget::int8, c.castfunc::int8, c.castcontext::text, c.castmethod::text,
       coalesce(p.proname::text, ''), coalesce(p.pronargs::int8, 0)
FROM pg_cast c LEFT JOIN pg_proc p ON p.oid = c.castfunc WHERE c.oid < 16384 ORDER BY c.oid`

// opfamilies reads whether each family is in pg_catalog and owned by the
// bootstrap superuser, as pg_opfamily shows every built-in one, instead of
// recording schema and owner.
const opfamilies = `
SELECT f.oid::int8, f.opfmethod::int8, f.opfname::text,
       f.opfnamespace = 'pg_catalog'::regnamespace AND f.opfowner = 10
FROM pg_opfamily f WHERE f.oid < 16384 ORDER BY f.oid`

func main() {
	out := flag.String("o", "builtin_opcasts_gen.go", "output file of operators and casts")
	outFamilies := flag.String("opfamilies", "builtin_opfamilies_gen.go", "output file of operator families")
	flag.Parse()
	ctx := context.Background()
	conn, err := pgsource.Connect(ctx, "genopcasts")
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close(ctx)

	b := pgsource.File("genopcasts", "pg_operator and pg_cast")
	b.WriteString("var builtinOperators = [...]builtinOperator{\n")
	var oid, left, right, result, com, negate, code, rest, join int64
	var name, kind string
	var merge, hash bool
	if err := pgsource.Each(ctx, conn, operators, []any{&oid, &name, &kind, &merge, &hash, &left, &right, &result, &com, &negate, &code, &rest, &join}, func() {
		fmt.Fprintf(b, "\t{%d, %q, '%s', %t, %t, %d, %d, %d, %d, %d, %d, %d, %d},\n", oid, name, kind, merge, hash, left, right, result, com, negate, code, rest, join)
	}); err != nil {
		log.Fatal(err)
	}
	b.WriteString("}\n\nvar builtinCasts = [...]builtinCast{\n")
	var src, dst, fn, nargs int64
	var context, method, fname string
	if err := pgsource.Each(ctx, conn, casts, []any{&oid, &src, &dst, &fn, &context, &method, &fname, &nargs}, func() {
		fmt.Fprintf(b, "\t{%d, %d, %d, %d, '%s', '%s', %q, %d},\n", oid, src, dst, fn, context, method, fname, nargs)
	}); err != nil {
		log.Fatal(err)
	}
	b.WriteString("}\n")
	if err := pgsource.Write(*out, b); err != nil {
		log.Fatal(err)
	}

	b = pgsource.File("genopcasts", "pg_opfamily")
	b.WriteString("var builtinOpfamilies = []builtinOpfamily{\n")
	var am int64
	var system bool
	if err := pgsource.Each(ctx, conn, opfamilies, []any{&oid, &am, &name, &system}, func() {
		if !system {
			log.Fatalf("genopcasts: operator family %d (%s) is not pg_catalog's and the bootstrap superuser's", oid, name)
		}
		fmt.Fprintf(b, "\t{%d, %d, %q},\n", oid, am, name)
	}); err != nil {
		log.Fatal(err)
	}
	b.WriteString("}\n")
	if err := pgsource.Write(*outFamilies, b); err != nil {
		log.Fatal(err)
	}
}
