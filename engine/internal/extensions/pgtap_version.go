package extensions

import (
	"context"
	"regexp"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// pgtap installs as pgTAP 1.3.3 (Supabase's default) or, with CREATE
// EXTENSION pgtap VERSION '1.2.0', as 1.2.0, which Supabase also offers.
// One implementation serves both: where 1.3 changed what an assertion
// does, the Go code asks tapV13 and the SQL _pgtap13(), both reading the
// installed version from the catalog, so ALTER EXTENSION pgtap UPDATE
// changes them too. The functions 1.3 added are pgtap13Script, 1.2.0 to
// 1.3.3's update script.

// tapV13 reports whether the installed pgtap is 1.3 or later.
func tapV13(c routine.Caller) bool {
	e, ok := c.Catalog().Extension("pgtap")
	return !ok || !strings.HasPrefix(e.Version, "1.2.")
}

// pgtap13Script declares what 1.3.x added to 1.2.0's API: the
// schema-qualified col_is_pk forms without a description, has_pk(schema,
// table) and the type-name normalisers.
const pgtap13Script = `
CREATE FUNCTION @extschema@.col_is_pk(name, name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_pk($1, $2, $3, 'Columns ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string(ARRAY(SELECT quote_ident(x) FROM unnest($3) x), ', ') || ') should be a primary key') $$;
CREATE FUNCTION @extschema@.col_is_pk(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.col_is_pk($1, $2, ARRAY[$3], 'Column ' || quote_ident($1) || '.' || quote_ident($2) || '(' || quote_ident($3) || ') should be a primary key') $$;
CREATE FUNCTION @extschema@.has_pk(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.has_pk($1, $2, 'Table ' || quote_ident($1) || '.' || quote_ident($2) || ' should have a primary key') $$;
-- _typename(type): the type as regtype prints it, or as given when there
-- is no such type; format_type_string(type): as format_type prints it,
-- with its modifiers, NULL when there is no such type.
CREATE FUNCTION @extschema@._typename(name) RETURNS text LANGUAGE sql STABLE AS $$ SELECT @extschema@._tap_type($1, false) $$;
CREATE FUNCTION @extschema@.format_type_string(text) RETURNS text LANGUAGE sql STABLE AS $$ SELECT @extschema@._tap_type($1, true) $$;
-- _retval(type): a function's return type normalised as function_returns
-- compares it, "setof " kept.
CREATE FUNCTION @extschema@._retval(text) RETURNS text LANGUAGE sql STABLE AS $$ SELECT @extschema@._tap_retval($1) $$;
`

// tapIsV13 is _pgtap13().
func tapIsV13(_ context.Context, c routine.Caller, _ []any) (any, error) { return tapV13(c), nil }

// tapTypeName is pgTAP 1.3's _typename(name): name::regtype as text
// (format_type without modifiers), name itself when there is no such
// type.
func tapTypeName(ctx context.Context, c routine.Caller, name string) string {
	t, ok := tapParseType(ctx, c, name)
	if !ok {
		return name
	}
	return tapVisible(ctx, c, t).FormatTypeNoMod()
}

// tapVisible is t as format_type prints a type the search path finds:
// unqualified (Type.FormatType qualifies every type outside public).
func tapVisible(ctx context.Context, c routine.Caller, t *types.Type) *types.Type {
	if t.Schema == "" || t.Schema == "pg_catalog" || t.Schema == "public" || t.Kind == types.KindExt || t.Kind == types.KindArray {
		return t
	}
	r, err := c.Query(ctx, "SELECT pg_catalog.pg_type_is_visible($1)", &routine.Params{Types: []*types.Type{types.Oid}}, []any{t.OID})
	if err != nil || len(r.Rows) != 1 || r.Rows[0][0] != true {
		return t
	}
	u := *t
	u.Schema = "public" // printed bare, quoted as needed
	return &u
}

// tapType is _tap_type(type, typmod): _typename (typmod false) or
// format_type_string (typmod true). The latter is format_type of the type
// and modifiers the name declares, NULL when it names no type; an
// interval comes back as written, as on PostgreSQL before 17, where
// pgTAP has no way to read an interval's modifiers.
func tapType(ctx context.Context, c routine.Caller, a []any) (any, error) {
	name := a[0].(string)
	if a[1] != true {
		return tapTypeName(ctx, c, name), nil
	}
	t, ok := tapParseType(ctx, c, name)
	if !ok {
		return nil, nil
	}
	if t.Base().Kind == types.KindInterval {
		return name, nil
	}
	return tapVisible(ctx, c, t).FormatType(), nil
}

var setofPrefix = regexp.MustCompile(`^setof[[:space:]]+`)

// tapRetval is pgTAP 1.3's _retval(type): _typename of a return type,
// after "setof " when it starts so.
func tapRetval(ctx context.Context, c routine.Caller, a []any) (any, error) {
	s := a[0].(string)
	prefix := setofPrefix.FindString(s)
	return prefix + tapTypeName(ctx, c, s[len(prefix):]), nil
}

// tapParseType reads a type name with its modifiers as a cast to it
// does; ok is false when it is not one type name or names no type.
func tapParseType(ctx context.Context, c routine.Caller, name string) (*types.Type, bool) {
	q := "SELECT NULL::" + name
	if !tapIsTypeCast(q) {
		return nil, false
	}
	r, err := c.Query(ctx, q, nil, nil)
	if err != nil || len(r.Columns) != 1 {
		return nil, false
	}
	return r.Columns[0].Type, true
}

// tapIsTypeCast reports whether q is exactly SELECT NULL::<type name>
// with constant modifiers, so that running it reads a type and nothing
// else.
func tapIsTypeCast(q string) bool {
	res, err := pgtree.Parse(q)
	if err != nil || len(res.Stmts) != 1 {
		return false
	}
	sel := res.Stmts[0].GetStmt().GetSelectStmt()
	if sel == nil || len(sel.TargetList) != 1 || len(sel.FromClause) > 0 || sel.WhereClause != nil ||
		len(sel.GroupClause) > 0 || sel.HavingClause != nil || len(sel.SortClause) > 0 || sel.LimitCount != nil ||
		sel.LimitOffset != nil || len(sel.LockingClause) > 0 || sel.WithClause != nil || sel.IntoClause != nil ||
		len(sel.DistinctClause) > 0 || len(sel.WindowClause) > 0 || len(sel.ValuesLists) > 0 || sel.Op != pg.SetOperation_SETOP_NONE {
		return false
	}
	tc := sel.TargetList[0].GetResTarget().GetVal().GetTypeCast()
	if tc == nil || tc.GetArg().GetAConst() == nil || !tc.GetArg().GetAConst().GetIsnull() || tc.TypeName == nil {
		return false
	}
	for _, m := range tc.TypeName.Typmods {
		if m.GetAConst() == nil && m.GetColumnRef() == nil {
			return false
		}
	}
	return true
}
