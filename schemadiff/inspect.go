package schemadiff

import (
	"context"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine"
)

// Querier runs one query and returns its rows in text format (nil is
// NULL); migrations.DB is one, over an engine session or a PostgreSQL
// connection.
type Querier interface {
	QueryText(ctx context.Context, query string) ([][]*string, error)
}

// ManagedSchemas are the schemas the Supabase platform owns, left out of a
// diff unless a Filter names them, as the Supabase CLI leaves them out.
var ManagedSchemas = []string{
	"auth", "storage", "realtime", "_realtime", "extensions", "graphql", "graphql_public",
	"supabase_functions", "supabase_migrations", "vault", "pgsodium", "pgsodium_masks",
	"net", "cron", "pgbouncer", "_analytics", "pgmq", "pgtle", "repack", "topology",
	"tiger", "tiger_data", "information_schema", "pg_catalog", "pg_toast",
}

// Filter chooses the schemas a diff covers: the named ones, or (none
// named) every schema but the ManagedSchemas and PostgreSQL's own, plus
// the managed ones in Also.
type Filter struct {
	Schemas []string
	// Also adds managed schemas to the default set (squash keeps what
	// migrations changed in auth and storage, as the Supabase CLI's does).
	Also []string
}

func (f Filter) keeps(schema string) bool {
	for _, s := range f.Also {
		if s == schema && len(f.Schemas) == 0 {
			return true
		}
	}
	if len(f.Schemas) > 0 {
		for _, s := range f.Schemas {
			if s == schema {
				return true
			}
		}
		return false
	}
	if strings.HasPrefix(schema, "pg_") || strings.HasPrefix(schema, "supabase_") ||
		strings.HasPrefix(schema, "_timescaledb") || strings.HasPrefix(schema, "timescaledb_") {
		return false
	}
	for _, s := range ManagedSchemas {
		if s == schema {
			return false
		}
	}
	return true
}

// Inspect reads the schema of the database q is connected to. It sets
// search_path to empty on q's session, so every name the catalog
// functions print is schema-qualified.
func Inspect(ctx context.Context, q Querier, f Filter) (*Schema, error) {
	in := &inspector{ctx: ctx, q: q, f: f, s: &Schema{
		Schemas: map[string]*Namespace{}, Extensions: map[string]string{}, Enums: map[string]*Enum{},
		Sequences: map[string]*Sequence{}, Tables: map[string]*Table{}, Views: map[string]*View{},
		Functions: map[string]*Function{}, DefaultACL: map[string]map[string]ACL{},
	}}
	if _, err := q.QueryText(ctx, "SELECT pg_catalog.set_config('search_path', '', false)"); err != nil {
		return nil, fmt.Errorf("schemadiff: %w", err)
	}
	for _, step := range []func() error{in.schemas, in.extensions, in.enums, in.relations, in.columns,
		in.sequences, in.constraints, in.indexes, in.triggers, in.policies, in.functions, in.defaultACL} {
		if err := step(); err != nil {
			return nil, fmt.Errorf("schemadiff: reading the catalog: %w", err)
		}
	}
	return in.s, nil
}

type inspector struct {
	ctx context.Context
	q   Querier
	f   Filter
	s   *Schema
	// rels maps a relation's oid (as text) to its qualified name, for the
	// queries that name relations by oid.
	rels map[string]string
}

// query runs sql and hands each row's values ("" for NULL) to fn.
func (in *inspector) query(sql string, fn func(row []string)) error {
	rows, err := in.q.QueryText(in.ctx, sql)
	if err != nil {
		return err
	}
	for _, r := range rows {
		vals := make([]string, len(r))
		for i, v := range r {
			if v != nil {
				vals[i] = *v
			}
		}
		fn(vals)
	}
	return nil
}

func quoteIdent(s string) string { return engine.QuoteIdent(s) }

func qualify(schema, name string) string { return quoteIdent(schema) + "." + quoteIdent(name) }

func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// notExtensionMember filters out objects an extension created (its
// functions, types and tables go with CREATE EXTENSION).
func notExtensionMember(oid string) string {
	return "NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend dep WHERE dep.objid = " + oid + " AND dep.deptype = 'e')"
}

func (in *inspector) schemas() error {
	return in.query(`SELECT nspname, nspacl::text, pg_catalog.pg_get_userbyid(nspowner), pg_catalog.obj_description(oid, 'pg_namespace')
FROM pg_catalog.pg_namespace`, func(r []string) {
		if in.f.keeps(r[0]) && !strings.HasPrefix(r[0], "pg_") && r[0] != "information_schema" {
			acl := ACL{r[2]: "UC"}
			if r[1] != "" {
				acl = parseACL(r[1])
			}
			if r[0] == "public" {
				// PostgreSQL 15 grants USAGE on public to PUBLIC and
				// tinybase's bootstrap does not; a diff between the two
				// must not report it.
				acl = acl.without("")
			}
			in.s.Schemas[quoteIdent(r[0])] = &Namespace{ACL: acl, Owner: r[2], Comment: r[3]}
		}
	})
}

func (in *inspector) extensions() error {
	return in.query(`SELECT e.extname, n.nspname FROM pg_catalog.pg_extension e JOIN pg_catalog.pg_namespace n ON n.oid = e.extnamespace`, func(r []string) {
		// With schemas named, only their extensions; without, every
		// extension the project enabled, wherever it lives.
		if r[0] == "plpgsql" || len(in.f.Schemas) > 0 && !in.f.keeps(r[1]) {
			return
		}
		in.s.Extensions[r[0]] = quoteIdent(r[1])
	})
}

func (in *inspector) enums() error {
	return in.query(`SELECT n.nspname, t.typname, e.enumlabel FROM pg_catalog.pg_type t
JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
JOIN pg_catalog.pg_enum e ON e.enumtypid = t.oid
WHERE `+notExtensionMember("t.oid")+`
ORDER BY n.nspname, t.typname, e.enumsortorder`, func(r []string) {
		if !in.f.keeps(r[0]) {
			return
		}
		k := qualify(r[0], r[1])
		e := in.s.Enums[k]
		if e == nil {
			e = &Enum{Name: k, Schema: quoteIdent(r[0]), Type: r[1]}
			in.s.Enums[k] = e
		}
		e.Labels = append(e.Labels, r[2])
	})
}

func (in *inspector) relations() error {
	in.rels = map[string]string{}
	return in.query(`SELECT c.oid, n.nspname, c.relname, c.relkind, c.relrowsecurity, c.relforcerowsecurity,
  c.relacl::text, c.reloptions::text, pg_catalog.pg_get_userbyid(c.relowner),
  CASE WHEN c.relkind IN ('v', 'm') THEN pg_catalog.pg_get_viewdef(c.oid, true) END,
  pg_catalog.obj_description(c.oid, 'pg_class')
FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S') AND `+notExtensionMember("c.oid"), func(r []string) {
		if !in.f.keeps(r[1]) {
			return
		}
		name := qualify(r[1], r[2])
		in.rels[r[0]] = name
		acl := ownerDefault(r[6], r[8], r[3])
		switch r[3] {
		case "r", "p":
			in.s.Tables[name] = &Table{Name: name, Constraints: map[string]*Constraint{}, Indexes: map[string]string{},
				Triggers: map[string]string{}, Policies: map[string]*Policy{}, RLS: r[4] == "t", ForceRLS: r[5] == "t",
				ACL: acl, Owner: r[8], Comment: r[10]}
		case "v", "m":
			def := strings.TrimSpace(r[9])
			if r[3] == "m" {
				def = "MATERIALIZED " + def
			}
			in.s.Views[name] = &View{Name: name, Def: def, Options: splitArray(r[7]), ACL: acl, Owner: r[8], Comment: r[10]}
		case "S":
			in.s.Sequences[name] = &Sequence{Name: name, ACL: acl}
		}
	})
}

// ownerDefault is an object's privileges: a NULL acl means the owner
// holds them all (PostgreSQL's acldefault).
func ownerDefault(acl, owner, relkind string) ACL {
	if acl != "" {
		return parseACL(acl)
	}
	if relkind == "S" {
		return ACL{owner: sortedLetters("rwU")}
	}
	return ACL{owner: sortedLetters("arwdDxt")}
}

func (in *inspector) columns() error {
	return in.query(`SELECT a.attrelid, a.attname, pg_catalog.format_type(a.atttypid, a.atttypmod), a.attnotnull,
  a.attidentity, a.attgenerated, pg_catalog.pg_get_expr(d.adbin, d.adrelid), pg_catalog.col_description(a.attrelid, a.attnum)
FROM pg_catalog.pg_attribute a
JOIN pg_catalog.pg_class c ON c.oid = a.attrelid AND c.relkind IN ('r', 'p')
LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attrelid, a.attnum`, func(r []string) {
		t := in.s.Tables[in.rels[r[0]]]
		if t == nil {
			return
		}
		t.Columns = append(t.Columns, &Column{Name: r[1], Type: r[2], NotNull: r[3] == "t",
			Identity: r[4], Generated: r[5] == "s", Default: r[6], Comment: r[7]})
	})
}

func (in *inspector) sequences() error {
	err := in.query(`SELECT schemaname, sequencename, data_type::text, start_value, min_value, max_value, increment_by, cycle, cache_size
FROM pg_catalog.pg_sequences`, func(r []string) {
		sq := in.s.Sequences[qualify(r[0], r[1])]
		if sq == nil {
			return
		}
		sq.DataType, sq.Start, sq.Min, sq.Max, sq.Increment, sq.Cycle, sq.Cache = r[2], r[3], r[4], r[5], r[6], r[7] == "t", r[8]
	})
	if err != nil {
		return err
	}
	// A sequence owned by a column is a serial's (kept, with OWNED BY) or
	// an identity's (left out: the identity column makes it).
	return in.query(`SELECT d.objid, d.refobjid, a.attname, a.attidentity
FROM pg_catalog.pg_depend d
JOIN pg_catalog.pg_class s ON s.oid = d.objid AND s.relkind = 'S'
JOIN pg_catalog.pg_attribute a ON a.attrelid = d.refobjid AND a.attnum = d.refobjsubid
WHERE d.refobjsubid > 0 AND d.deptype IN ('a', 'i')`, func(r []string) {
		name, table := in.rels[r[0]], in.rels[r[1]]
		sq := in.s.Sequences[name]
		if sq == nil || table == "" {
			return
		}
		if r[3] != "" {
			delete(in.s.Sequences, name)
			return
		}
		sq.OwnedBy, sq.OwnedTable, sq.OwnedColumn = table+"."+quoteIdent(r[2]), table, r[2]
	})
}

func (in *inspector) constraints() error {
	return in.query(`SELECT conrelid, conname, contype, pg_catalog.pg_get_constraintdef(oid)
FROM pg_catalog.pg_constraint WHERE contype IN ('p', 'u', 'f', 'c', 'x') AND conrelid <> 0`, func(r []string) {
		if t := in.s.Tables[in.rels[r[0]]]; t != nil {
			t.Constraints[r[1]] = &Constraint{Name: r[1], Kind: r[2], Def: r[3]}
		}
	})
}

func (in *inspector) indexes() error {
	return in.query(`SELECT i.indrelid, ic.relname, pg_catalog.pg_get_indexdef(i.indexrelid)
FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class ic ON ic.oid = i.indexrelid`, func(r []string) {
		t := in.s.Tables[in.rels[r[0]]]
		if t == nil {
			return
		}
		// A constraint's index comes with its constraint.
		if c, ok := t.Constraints[r[1]]; ok && (c.Kind == "p" || c.Kind == "u" || c.Kind == "x") {
			return
		}
		t.Indexes[r[1]] = r[2]
	})
}

func (in *inspector) triggers() error {
	return in.query(`SELECT tgrelid, tgname, pg_catalog.pg_get_triggerdef(oid) FROM pg_catalog.pg_trigger WHERE NOT tgisinternal`, func(r []string) {
		if t := in.s.Tables[in.rels[r[0]]]; t != nil {
			t.Triggers[r[1]] = r[2]
		}
	})
}

func (in *inspector) policies() error {
	return in.query(`SELECT schemaname, tablename, policyname, permissive, roles::text, cmd, qual, with_check FROM pg_catalog.pg_policies`, func(r []string) {
		if t := in.s.Tables[qualify(r[0], r[1])]; t != nil {
			t.Policies[r[2]] = &Policy{Name: r[2], Permissive: r[3], Roles: r[4], Cmd: r[5], Using: r[6], WithCheck: r[7]}
		}
	})
}

func (in *inspector) functions() error {
	return in.query(`SELECT n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid), p.prokind,
  pg_catalog.pg_get_functiondef(p.oid), pg_catalog.pg_get_function_result(p.oid), l.lanname,
  p.proacl::text, pg_catalog.pg_get_userbyid(p.proowner), pg_catalog.obj_description(p.oid, 'pg_proc')
FROM pg_catalog.pg_proc p
JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
JOIN pg_catalog.pg_language l ON l.oid = p.prolang
WHERE p.prokind IN ('f', 'p') AND `+notExtensionMember("p.oid"), func(r []string) {
		if !in.f.keeps(r[0]) {
			return
		}
		qname := qualify(r[0], r[1])
		name := qname + "(" + r[2] + ")"
		// A NULL proacl is acldefault's: EXECUTE for the owner and PUBLIC.
		acl := ACL{r[8]: "X", "": "X"}
		if r[7] != "" {
			acl = parseACL(r[7])
		}
		in.s.Functions[name] = &Function{Name: name, QName: qname, Kind: r[3], Def: strings.TrimSpace(r[4]), Result: r[5], Language: r[6],
			ACL: acl, Owner: r[8], Comment: r[9]}
	})
}

func (in *inspector) defaultACL() error {
	return in.query(`SELECT pg_catalog.pg_get_userbyid(d.defaclrole), coalesce(n.nspname, ''), d.defaclobjtype, d.defaclacl::text
FROM pg_catalog.pg_default_acl d LEFT JOIN pg_catalog.pg_namespace n ON n.oid = d.defaclnamespace`, func(r []string) {
		// Objects the diff creates are created by postgres, so only its
		// defaults decide their privileges.
		if r[0] != "postgres" {
			return
		}
		schema := ""
		if r[1] != "" {
			schema = quoteIdent(r[1])
		}
		if in.s.DefaultACL[schema] == nil {
			in.s.DefaultACL[schema] = map[string]ACL{}
		}
		in.s.DefaultACL[schema][r[2]] = parseACL(r[3])
	})
}
