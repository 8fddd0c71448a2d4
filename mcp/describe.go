package mcp

import (
	"context"
	"fmt"
	"sort"
)

// TableDescription is describe_table's result: what psql's \d+ shows for a
// table, as JSON.
type TableDescription struct {
	Schema      string            `json:"schema"`
	Name        string            `json:"name"`
	Kind        string            `json:"kind"` // table, partitioned table, view, ...
	RLSEnabled  bool              `json:"rls_enabled"`
	RLSForced   bool              `json:"rls_forced"`
	Comment     *string           `json:"comment"`
	Columns     []DescribedColumn `json:"columns"`
	Indexes     []Definition      `json:"indexes"`
	Constraints []Constraint      `json:"constraints"`
	Policies    []Policy          `json:"policies"`
	Triggers    []Definition      `json:"triggers"`
	Grants      []Grant           `json:"grants"`
}

// DescribedColumn is one column as \d+ lists it.
type DescribedColumn struct {
	Name      string  `json:"name"`
	Type      string  `json:"type"` // format_type()
	Nullable  bool    `json:"nullable"`
	Default   *string `json:"default"`
	Identity  string  `json:"identity,omitempty"`  // always, by default
	Generated string  `json:"generated,omitempty"` // stored
	Comment   *string `json:"comment"`
}

// Definition is a named object and the DDL that creates it.
type Definition struct {
	Name       string `json:"name"`
	Definition string `json:"definition"`
}

// Constraint is one table constraint with pg_get_constraintdef's text.
type Constraint struct {
	Name       string `json:"name"`
	Type       string `json:"type"` // primary key, unique, check, foreign key, exclusion
	Definition string `json:"definition"`
}

// Policy is one row level security policy, as pg_policies shows it.
type Policy struct {
	Name       string   `json:"name"`
	Permissive string   `json:"permissive"`
	Roles      []string `json:"roles"`
	Command    string   `json:"command"`
	Using      *string  `json:"using"`
	WithCheck  *string  `json:"with_check"`
}

// Grant is one grantee's table privileges.
type Grant struct {
	Grantee    string   `json:"grantee"`
	Privileges []string `json:"privileges"`
}

var relkinds = map[string]string{"r": "table", "p": "partitioned table", "v": "view", "m": "materialized view", "f": "foreign table"}

var contypes = map[string]string{"p": "primary key", "u": "unique", "c": "check", "f": "foreign key", "x": "exclusion", "t": "trigger"}

// DescribeTable describes schema.table (schema default public): columns,
// indexes, constraints, policies, triggers and grants.
func (t *Tools) DescribeTable(ctx context.Context, schema, table string) (*TableDescription, error) {
	if schema == "" {
		schema = "public"
	}
	if table == "" {
		return nil, errorf("table is required")
	}
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	defer s.Close()
	rel, err := queryText(ctx, s, `SELECT c.oid::int8, c.relkind::text, c.relrowsecurity, c.relforcerowsecurity, obj_description(c.oid, 'pg_class')
FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = $1 AND c.relname = $2 AND c.relkind IN ('r', 'p', 'v', 'm', 'f')`, schema, table)
	if err != nil {
		return nil, catalogError(err)
	}
	if len(rel) == 0 {
		return nil, &Error{SQLState: "42P01", Message: fmt.Sprintf("relation \"%s.%s\" does not exist", schema, table)}
	}
	oid := str(rel[0][0])
	d := &TableDescription{Schema: schema, Name: table, Kind: relkinds[str(rel[0][1])], RLSEnabled: boolean(rel[0][2]), RLSForced: boolean(rel[0][3]), Comment: optional(rel[0][4]),
		Columns: []DescribedColumn{}, Indexes: []Definition{}, Constraints: []Constraint{}, Policies: []Policy{}, Triggers: []Definition{}, Grants: []Grant{}}

	cols, err := queryText(ctx, s, `SELECT a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, pg_get_expr(d.adbin, d.adrelid), a.attidentity::text, a.attgenerated::text, col_description(a.attrelid, a.attnum)
FROM pg_catalog.pg_attribute a LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE a.attrelid = $1::int8::oid AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`, oid)
	if err != nil {
		return nil, catalogError(err)
	}
	for _, c := range cols {
		col := DescribedColumn{Name: str(c[0]), Type: str(c[1]), Nullable: !boolean(c[2]), Default: optional(c[3]), Comment: optional(c[6])}
		col.Identity = map[string]string{"a": "always", "d": "by default"}[str(c[4])]
		if str(c[5]) == "s" {
			col.Generated = "stored"
		}
		d.Columns = append(d.Columns, col)
	}
	steps := []struct {
		sql  string
		args []any
		add  func(r []*string)
	}{
		{`SELECT indexname, indexdef FROM pg_catalog.pg_indexes WHERE schemaname = $1 AND tablename = $2 ORDER BY indexname`, []any{schema, table},
			func(r []*string) { d.Indexes = append(d.Indexes, Definition{str(r[0]), str(r[1])}) }},
		{`SELECT conname, contype::text, pg_get_constraintdef(oid) FROM pg_catalog.pg_constraint WHERE conrelid = $1::int8::oid ORDER BY conname`, []any{oid},
			func(r []*string) {
				d.Constraints = append(d.Constraints, Constraint{str(r[0]), contypes[str(r[1])], str(r[2])})
			}},
		{`SELECT policyname, permissive, roles::text, cmd, qual, with_check FROM pg_catalog.pg_policies WHERE schemaname = $1 AND tablename = $2 ORDER BY policyname`, []any{schema, table},
			func(r []*string) {
				d.Policies = append(d.Policies, Policy{str(r[0]), str(r[1]), textArray(r[2]), str(r[3]), optional(r[4]), optional(r[5])})
			}},
		{`SELECT tgname, pg_get_triggerdef(oid) FROM pg_catalog.pg_trigger WHERE tgrelid = $1::int8::oid AND NOT tgisinternal ORDER BY tgname`, []any{oid},
			func(r []*string) { d.Triggers = append(d.Triggers, Definition{str(r[0]), str(r[1])}) }},
	}
	for _, st := range steps {
		rows, err := queryText(ctx, s, st.sql, st.args...)
		if err != nil {
			return nil, catalogError(err)
		}
		for _, r := range rows {
			st.add(r)
		}
	}
	grants, err := queryText(ctx, s, `SELECT grantee, privilege_type FROM information_schema.role_table_grants WHERE table_schema = $1 AND table_name = $2`, schema, table)
	if err != nil {
		return nil, catalogError(err)
	}
	byGrantee := map[string][]string{}
	for _, g := range grants {
		byGrantee[str(g[0])] = append(byGrantee[str(g[0])], str(g[1]))
	}
	for grantee, privs := range byGrantee {
		d.Grants = append(d.Grants, Grant{grantee, privs})
	}
	sort.Slice(d.Grants, func(i, j int) bool { return d.Grants[i].Grantee < d.Grants[j].Grantee })
	return d, nil
}

// Extension is one available extension, as list_extensions returns it.
type Extension struct {
	Name             string  `json:"name"`
	Schema           *string `json:"schema"`
	DefaultVersion   string  `json:"default_version"`
	InstalledVersion *string `json:"installed_version"`
	Comment          *string `json:"comment"`
}

// ListExtensionsResult is list_extensions' result.
type ListExtensionsResult struct {
	Extensions []Extension `json:"extensions"`
}

// ListExtensions lists the extensions the database offers, with the
// schema and version of those installed.
func (t *Tools) ListExtensions(ctx context.Context) (*ListExtensionsResult, error) {
	s, err := t.session()
	if err != nil {
		return nil, err
	}
	defer s.Close()
	rows, err := queryText(ctx, s, `SELECT e.name, n.nspname, e.default_version, x.extversion, e.comment
FROM pg_catalog.pg_available_extensions e
LEFT JOIN pg_catalog.pg_extension x ON x.extname = e.name
LEFT JOIN pg_catalog.pg_namespace n ON n.oid = x.extnamespace
ORDER BY e.name`)
	if err != nil {
		return nil, catalogError(err)
	}
	res := &ListExtensionsResult{Extensions: []Extension{}}
	for _, r := range rows {
		res.Extensions = append(res.Extensions, Extension{str(r[0]), optional(r[1]), str(r[2]), optional(r[3]), optional(r[4])})
	}
	return res, nil
}
