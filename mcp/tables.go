package mcp

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// ListTablesResult is list_tables' result, in Supabase's shape.
type ListTablesResult struct {
	Tables []Table `json:"tables"`
	// Advisory, when set, is the one notice the agent must pass on: tables
	// exposed to the API without row level security.
	Advisory *Advisory `json:"advisory,omitempty"`
}

// Table is one table; Columns, PrimaryKeys and ForeignKeyConstraints only
// when verbose.
type Table struct {
	Name                  string       `json:"name"` // schema.table
	RLSEnabled            bool         `json:"rls_enabled"`
	Rows                  *int64       `json:"rows"`
	Comment               *string      `json:"comment,omitempty"`
	Columns               []Column     `json:"columns,omitempty"`
	PrimaryKeys           []string     `json:"primary_keys,omitempty"`
	ForeignKeyConstraints []ForeignKey `json:"foreign_key_constraints,omitempty"`
}

// Column is one column as list_tables describes it: data_type and format
// as information_schema.columns' data_type and udt_name, options the
// flags that hold (identity, generated, nullable, updatable, unique).
type Column struct {
	Name               string   `json:"name"`
	DataType           string   `json:"data_type"`
	Format             string   `json:"format"`
	Options            []string `json:"options"`
	DefaultValue       *string  `json:"default_value,omitempty"`
	IdentityGeneration *string  `json:"identity_generation,omitempty"`
	Enums              []string `json:"enums,omitempty"`
	Check              *string  `json:"check,omitempty"`
	Comment            *string  `json:"comment,omitempty"`
}

// ForeignKey is one foreign-key column pair: schema.table.column on each
// side.
type ForeignKey struct {
	Name   string `json:"name"`
	Source string `json:"source"`
	Target string `json:"target"`
}

// Advisory is a notice attached to a tool result.
type Advisory struct {
	ID             string `json:"id"`
	Priority       int    `json:"priority"`
	Level          string `json:"level"`
	Title          string `json:"title"`
	Message        string `json:"message"`
	RemediationSQL string `json:"remediation_sql"`
	DocURL         string `json:"doc_url"`
}

// ListTables lists the tables of schemas (default public) with their row
// counts (exact, which locally is cheap) and, when verbose, columns,
// primary keys and foreign keys.
func (t *Tools) ListTables(ctx context.Context, schemas []string, verbose bool) (*ListTablesResult, error) {
	if len(schemas) == 0 {
		schemas = []string{"public"}
	}
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	defer s.Close()
	rows, err := queryText(ctx, s, `SELECT c.oid::int8, n.nspname, c.relname, c.relrowsecurity, obj_description(c.oid, 'pg_class')
FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p') AND n.nspname = ANY($1::text[])
ORDER BY n.nspname, c.relname`, pgArray(schemas))
	if err != nil {
		return nil, catalogError(err)
	}
	res := &ListTablesResult{Tables: []Table{}}
	for _, r := range rows {
		schema, name := str(r[1]), str(r[2])
		tb := Table{Name: schema + "." + name, RLSEnabled: boolean(r[3]), Comment: optional(r[4])}
		tb.Rows = countRows(ctx, s, schema, name)
		if verbose {
			if err := t.describeColumns(ctx, s, str(r[0]), schema, name, &tb); err != nil {
				return nil, err
			}
		}
		res.Tables = append(res.Tables, tb)
	}
	res.Advisory = rlsDisabledAdvisory(res.Tables)
	return res, nil
}

// countRows counts a table's rows, giving up (nil, as an unknown
// estimate) after a second: list_tables must stay quick on a big table.
func countRows(ctx context.Context, s *engine.Session, schema, name string) *int64 {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	cnt, err := queryText(ctx, s, "SELECT count(*) FROM "+quoteIdent(schema)+"."+quoteIdent(name))
	if err != nil || len(cnt) != 1 {
		return nil
	}
	n := integer(cnt[0][0])
	return &n
}

func (t *Tools) describeColumns(ctx context.Context, s *engine.Session, oid, schema, name string, tb *Table) error {
	cols, err := queryText(ctx, s, `SELECT c.column_name, c.data_type, c.udt_name, c.column_default, c.is_nullable, c.is_identity, c.identity_generation, c.is_generated, c.is_updatable, c.udt_schema, col_description($3::int8::oid, c.ordinal_position::int)
FROM information_schema.columns c WHERE c.table_schema = $1 AND c.table_name = $2 ORDER BY c.ordinal_position`, schema, name, oid)
	if err != nil {
		return catalogError(err)
	}
	cons, err := queryText(ctx, s, `SELECT con.conname, con.contype, con.conkey::text, pg_get_constraintdef(con.oid), fn.nspname, fc.relname, con.confrelid::int8, con.confkey::text
FROM pg_catalog.pg_constraint con
LEFT JOIN pg_catalog.pg_class fc ON fc.oid = con.confrelid
LEFT JOIN pg_catalog.pg_namespace fn ON fn.oid = fc.relnamespace
WHERE con.conrelid = $1::int8::oid ORDER BY con.conname`, oid)
	if err != nil {
		return catalogError(err)
	}
	attnames, err := attributeNames(ctx, s, oid)
	if err != nil {
		return err
	}
	unique := map[string]bool{}
	check := map[string]string{}
	tb.PrimaryKeys = []string{}
	for _, c := range cons {
		keys := attnumList(c[2])
		switch str(c[1]) {
		case "p":
			for _, k := range keys {
				tb.PrimaryKeys = append(tb.PrimaryKeys, attnames[k])
			}
		case "u":
			if len(keys) == 1 {
				unique[attnames[keys[0]]] = true
			}
		case "c":
			// A check on one column belongs to it; which column is not in
			// conkey for every engine, so match the definition's text.
			def := str(c[3])
			for _, col := range attnames {
				if strings.Contains(def, col) && len(keys) <= 1 {
					if _, seen := check[col]; !seen {
						check[col] = def
					}
				}
			}
		case "f":
			fnames, err := attributeNames(ctx, s, str(c[6]))
			if err != nil {
				return err
			}
			fkeys := attnumList(c[7])
			for i, k := range keys {
				if i < len(fkeys) {
					tb.ForeignKeyConstraints = append(tb.ForeignKeyConstraints, ForeignKey{
						Name:   str(c[0]),
						Source: schema + "." + name + "." + attnames[k],
						Target: str(c[4]) + "." + str(c[5]) + "." + fnames[fkeys[i]],
					})
				}
			}
		}
	}
	tb.Columns = []Column{}
	for _, c := range cols {
		col := Column{Name: str(c[0]), DataType: str(c[1]), Format: str(c[2]), Options: []string{}, DefaultValue: optional(c[3]), Comment: optional(c[10])}
		if str(c[5]) == "YES" {
			col.Options = append(col.Options, "identity")
			col.IdentityGeneration = optional(c[6])
		}
		if g := str(c[7]); g != "" && g != "NEVER" {
			col.Options = append(col.Options, "generated")
		}
		if str(c[4]) == "YES" {
			col.Options = append(col.Options, "nullable")
		}
		if str(c[8]) == "YES" {
			col.Options = append(col.Options, "updatable")
		}
		if unique[col.Name] {
			col.Options = append(col.Options, "unique")
		}
		if def, ok := check[col.Name]; ok {
			col.Check = &def
		}
		if col.DataType == "USER-DEFINED" {
			labels, err := queryText(ctx, s, `SELECT e.enumlabel FROM pg_catalog.pg_enum e JOIN pg_catalog.pg_type t ON t.oid = e.enumtypid JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
WHERE t.typname = $1 AND n.nspname = $2 ORDER BY e.enumsortorder`, col.Format, str(c[9]))
			if err != nil {
				return catalogError(err)
			}
			for _, l := range labels {
				col.Enums = append(col.Enums, str(l[0]))
			}
		}
		tb.Columns = append(tb.Columns, col)
	}
	return nil
}

// attributeNames maps a relation's column numbers to names.
func attributeNames(ctx context.Context, s *engine.Session, oid string) (map[int]string, error) {
	rows, err := queryText(ctx, s, `SELECT attnum, attname FROM pg_catalog.pg_attribute WHERE attrelid = $1::int8::oid AND attnum > 0 AND NOT attisdropped`, oid)
	if err != nil {
		return nil, catalogError(err)
	}
	m := map[int]string{}
	for _, r := range rows {
		m[int(integer(r[0]))] = str(r[1])
	}
	return m, nil
}

// attnumList reads an int2[] text form ({1,2}).
func attnumList(p *string) []int {
	var out []int
	for _, s := range textArray(p) {
		var n int
		if _, err := fmt.Sscan(s, &n); err == nil {
			out = append(out, n)
		}
	}
	return out
}

// systemSchemas are Supabase's and extensions' schemas, which the RLS
// advisory does not report (the database linter's exclusion list).
var systemSchemas = map[string]bool{
	"_timescaledb_cache": true, "_timescaledb_catalog": true, "_timescaledb_config": true, "_timescaledb_internal": true,
	"auth": true, "cron": true, "extensions": true, "graphql": true, "graphql_public": true, "information_schema": true,
	"net": true, "pgbouncer": true, "pg_catalog": true, "pgmq": true, "pgroonga": true, "pgsodium": true,
	"pgsodium_masks": true, "pgtle": true, "realtime": true, "repack": true, "storage": true, "supabase_functions": true,
	"supabase_migrations": true, "tiger": true, "topology": true, "vault": true,
}

// rlsDisabledAdvisory reports the user tables without row level
// security: anyone holding the anon key reads and writes all their rows.
func rlsDisabledAdvisory(tables []Table) *Advisory {
	var names, fixes []string
	for _, tb := range tables {
		schema, _, _ := strings.Cut(tb.Name, ".")
		if !tb.RLSEnabled && !systemSchemas[schema] {
			names = append(names, tb.Name)
			fixes = append(fixes, "ALTER TABLE "+tb.Name+" ENABLE ROW LEVEL SECURITY;")
		}
	}
	if len(names) == 0 {
		return nil
	}
	sort.Strings(names)
	return &Advisory{
		ID: "rls_disabled", Priority: 1, Level: "critical",
		Title: "Row Level Security is disabled",
		Message: fmt.Sprintf("Row Level Security (RLS) is off on %d table(s): %s. Through the API, the anon and authenticated roles can read and change every row of them. Tell the user about this. Do not apply the remediation SQL on your own: with RLS on and no policies, the tables return no rows at all; show the SQL and let the user choose the policies.",
			len(names), strings.Join(names, ", ")),
		RemediationSQL: strings.Join(fixes, "\n"),
		DocURL:         "https://supabase.com/docs/guides/database/postgres/row-level-security",
	}
}

// quoteIdent quotes an identifier as quote_ident does when needed.
func quoteIdent(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// pgArray is a text[] literal for a list of names.
func pgArray(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
	}
	return "{" + strings.Join(q, ",") + "}"
}
