// Command gensettings records PostgreSQL 15's run-time parameters as
// pg_settings describes them (name, type, unit, category, descriptions,
// context, bounds, enum values, boot and reset values) into
// engine/internal/pgcatalog/pg_settings_gen.go, with the hidden spellings
// each settable enum parameter also accepts (synchronous_commit = true
// is on) and the listed ones SHOW prints otherwise, found by setting them. Extension parameters (names with a dot)
// are left out. Run it against a PostgreSQL 15 server:
//
//	TINYBASE_PG_URL=$(bash .ci/pg.sh url) go generate ./engine/internal/pgcatalog
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/tinybase/tinybase/engine/internal/pgcatalog/internal/pgsource"
)

const settings = `
SELECT name, vartype, coalesce(unit, ''), category, short_desc, coalesce(extra_desc, ''), context,
       coalesce(min_val, ''), coalesce(max_val, ''), coalesce(enumvals, '{}'), coalesce(boot_val, ''),
       coalesce(reset_val, ''), source
FROM pg_settings WHERE name !~ '\.' ORDER BY lower(name)`

// machine names the parameters whose value on the recording server says
// where and how that server runs (its paths, port, locale, preloaded
// libraries, the recorder's fsync = off) rather than what PostgreSQL
// is: their compiled-in value is recorded as the reset value instead.
var machine = map[string]bool{
	"config_file": true, "data_directory": true, "hba_file": true, "ident_file": true,
	"port": true, "listen_addresses": true, "unix_socket_directories": true,
	"shared_memory_size": true, "shared_memory_size_in_huge_pages": true,
	"shared_preload_libraries": true, "fsync": true, "application_name": true,
	"lc_collate": true, "lc_ctype": true, "lc_messages": true, "lc_monetary": true,
	"lc_numeric": true, "lc_time": true, "log_timezone": true,
	"krb_server_keyfile": true,
	"external_pid_file":  true, "ssl_cert_file": true, "ssl_key_file": true,
}

// version is what the session reports as the server's version
// (session/guc.go), recorded in place of the recorder's.
var version = map[string]string{"server_version": "15.8", "server_version_num": "150008"}

// aliasCandidates are the spellings PostgreSQL's enum tables hide from
// enumvals but accept (boolean words on parameters such as
// synchronous_commit and huge_pages).
var aliasCandidates = []string{"on", "off", "true", "false", "yes", "no", "1", "0"}

func main() {
	out := flag.String("o", "pg_settings_gen.go", "output file")
	flag.Parse()
	ctx := context.Background()
	conn, err := pgsource.Connect(ctx, "gensettings")
	if err != nil {
		log.Fatal(err)
	}
	defer conn.Close(ctx)

	type row struct {
		name, vartype, unit, category, short, extra, context, min, max string
		enum                                                           []string
		boot, reset, source                                            string
	}
	var rows []row
	var r row
	if err := pgsource.Each(ctx, conn, settings, []any{&r.name, &r.vartype, &r.unit, &r.category, &r.short, &r.extra,
		&r.context, &r.min, &r.max, &r.enum, &r.boot, &r.reset, &r.source}, func() {
		rows = append(rows, r)
	}); err != nil {
		log.Fatal(err)
	}

	b := pgsource.File("gensettings", "pg_settings")
	b.WriteString("var settingDefs = [...]SettingDef{\n")
	for _, r := range rows {
		if machine[r.name] {
			r.reset, r.source = r.boot, "default"
		}
		if v, ok := version[r.name]; ok {
			// the recorder's build (its packager's suffix, its minor
			// release) is not tinybase's: the session shows its own
			r.boot, r.reset, r.min, r.max = v, v, "", ""
			if r.vartype == "integer" {
				r.min, r.max = v, v
			}
		}
		if r.source == "command line" {
			r.source = "configuration file"
		}
		var aliases []string
		if r.vartype == "enum" && (r.context == "user" || r.context == "superuser") {
			if aliases, err = probeAliases(ctx, conn, r.name, r.enum); err != nil {
				log.Fatal(err)
			}
		}
		fmt.Fprintf(b, "\t{Name: %q, VarType: %q, Unit: %q, Category: %q, ShortDesc: %q, ExtraDesc: %q, Context: %q, Min: %q, Max: %q, EnumVals: %#v, Boot: %q, Reset: %q, Source: %q, EnumAliases: %#v},\n",
			r.name, r.vartype, r.unit, r.category, r.short, r.extra, r.context, r.min, r.max, nilIfEmpty(r.enum), r.boot, r.reset, r.source, nilIfEmpty(aliases))
	}
	b.WriteString("}\n")
	if err := pgsource.Write(*out, b); err != nil {
		log.Fatal(err)
	}
}

// probeAliases sets name to each of its enumvals and each alias
// candidate, inside a transaction it rolls back, and returns
// "spelling=value" for those PostgreSQL accepts and shows otherwise
// (a hidden spelling, or a listed one SHOW prints as the first name of
// the same value: wal_compression = on shows pglz).
func probeAliases(ctx context.Context, conn *pgx.Conn, name string, enum []string) ([]string, error) {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(ctx)
	var out []string
	seen := map[string]bool{}
	for _, c := range append(append([]string{}, enum...), aliasCandidates...) {
		if seen[strings.ToLower(c)] {
			continue
		}
		seen[strings.ToLower(c)] = true
		if _, err := tx.Exec(ctx, "SAVEPOINT probe"); err != nil {
			return nil, err
		}
		var v string
		if err := tx.QueryRow(ctx, "SELECT set_config($1, $2, true)", name, c).Scan(&v); err != nil {
			if _, err := tx.Exec(ctx, "ROLLBACK TO SAVEPOINT probe"); err != nil {
				return nil, err
			}
			continue
		}
		if v != c {
			out = append(out, c+"="+v)
		}
	}
	return out, nil
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}
