// Command genbuiltins records PostgreSQL's built-in functions into
// engine/internal/pgcatalog/builtin_procs_gen.go: the pg_proc rows of schema
// pg_catalog (PostgreSQL's fixed OIDs, argument and result types, kind,
// volatility, language) and what pg_get_function_arguments,
// pg_get_function_identity_arguments and pg_get_function_result print
// for them, for every function whose name and argument count tinybase's
// registry implements (pgcatalog.BuiltinImplemented). Run it against a
// PostgreSQL 15 server after adding built-in functions:
//
//	TINYBASE_PG_URL=$(bash .ci/pg.sh url) go generate ./engine/internal/pgcatalog
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog/internal/pgsource"
	"github.com/tinybase/tinybase/engine/internal/session"
)

const query = `
SELECT p.oid::int8, p.proname::text, p.prokind::text, p.provolatile::text, p.proparallel::text,
       p.proisstrict, p.proretset, p.proleakproof, p.prolang::int8, p.procost, p.prorows,
       p.pronargdefaults, p.provariadic::int8, p.prorettype::int8,
       p.proargtypes::oid[]::int8[], p.proallargtypes::int8[], p.proargmodes::text[], p.proargnames,
       p.prosrc, pg_get_function_arguments(p.oid), pg_get_function_identity_arguments(p.oid),
       coalesce(pg_get_function_result(p.oid), '')
FROM pg_proc p
WHERE p.pronamespace = 'pg_catalog'::regnamespace AND p.prokind IN ('f', 'a', 'w')
ORDER BY p.oid`

func main() {
	// the registry pgcatalog.BuiltinImplemented reads, catalog functions
	// (pg_get_function_*, pg_table_is_visible, ...) included
	expr.UseBuiltins(session.Builtins())
	out := flag.String("o", "builtin_procs_gen.go", "output file")
	flag.Parse()
	ctx := context.Background()
	conn, err := pgsource.Connect(ctx, "genbuiltins")
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close(ctx)
	b := pgsource.File("genbuiltins", "pg_proc")
	b.WriteString("var builtinProcs = [...]BuiltinProc{\n")
	var (
		oid, lang, variadic, ret                       int64
		name, kind, vol, par, src, args, ident, result string
		strict, retset, leak                           bool
		cost, nrows                                    float32
		ndef                                           int16
		argtypes, allargs                              []int64
		modes, names                                   []string
	)
	n := 0
	if err := pgsource.Each(ctx, conn, query, []any{&oid, &name, &kind, &vol, &par, &strict, &retset, &leak, &lang, &cost, &nrows,
		&ndef, &variadic, &ret, &argtypes, &allargs, &modes, &names, &src, &args, &ident, &result}, func() {
		if !pgcatalog.BuiltinImplemented(name, kind[0], len(argtypes), int(ndef), variadic != 0) {
			return
		}
		n++
		fmt.Fprintf(b, "\t{OID: %d, Name: %q, Kind: '%s', Volatile: '%s', Parallel: '%s', Strict: %t, RetSet: %t, Leakproof: %t, Lang: %d, Cost: %v, Rows: %v, NArgDefaults: %d, Variadic: %d, RetType: %d, ArgTypes: %s",
			oid, name, kind, vol, par, strict, retset, leak, lang, cost, nrows, ndef, variadic, ret, oids(argtypes, false))
		if allargs != nil {
			fmt.Fprintf(b, ", AllArgTypes: %s", oids(allargs, true))
		}
		if modes != nil {
			fmt.Fprintf(b, ", ArgModes: %q", strings.Join(modes, ""))
		}
		if names != nil {
			fmt.Fprintf(b, ", ArgNames: %#v", names)
		}
		fmt.Fprintf(b, ", Src: %q, Arguments: %q, IdentityArguments: %q, Result: %q},\n", src, args, ident, result)
	}); err != nil {
		log.Fatal(err)
	}
	b.WriteString("}\n")
	if err := pgsource.Write(*out, b); err != nil {
		log.Fatal(err)
	}
	log.Printf("genbuiltins: %d built-in functions", n)
}

// oids prints a Go []uint32 literal (a non-nil empty one for proargtypes).
func oids(v []int64, _ bool) string {
	s := make([]string, len(v))
	for i, o := range v {
		s[i] = fmt.Sprint(o)
	}
	return "[]uint32{" + strings.Join(s, ", ") + "}"
}
