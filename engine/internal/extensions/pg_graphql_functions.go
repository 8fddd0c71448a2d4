package extensions

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/tinybase/tinybase/engine/internal/routine"
)

// gqlFunc is a SQL function pg_graphql exposes: a Query field (stable or
// immutable), a Mutation field (volatile), or, taking one argument of a
// table's row type, a computed field of that table's type. It returns a
// scalar or enum (ret), a row of a table (retTable), or a set of rows
// (retTable with retSet: a collection).
type gqlFunc struct {
	schema, name string
	field_       string
	description  string
	volatile     bool
	args         []*gqlFuncArg
	ret          *gqlCol
	retTable     *gqlTable
	retSet       bool
}

type gqlFuncArg struct {
	name, field string
	col         *gqlCol
	optional    bool
}

// field is the function's field in the type system.
func (fn *gqlFunc) field() *gqlField {
	f := &gqlField{name: fn.field_, description: fn.description}
	for _, a := range fn.args {
		r := a.col.inType()
		if !a.optional {
			r = nonNull(r)
		}
		f.args = append(f.args, &gqlInput{name: a.field, typ: r})
	}
	switch {
	case fn.retSet:
		f.args = append(f.args, collectionArgs(fn.retTable)...)
		f.typ = named(fn.retTable.typeName + "Connection")
	case fn.retTable != nil:
		f.typ = named(fn.retTable.typeName)
	default:
		f.typ = fn.ret.inType()
	}
	return f
}

// gqlPGType is what loadGQLFuncs needs of a pg_type row.
type gqlPGType struct {
	oid                   int64
	typname, typtype, fmt string
	relid                 int64
	elem                  int64
	array                 bool
}

// loadGQLFuncs reflects the functions of the exposed schemas the role
// may execute (not those of extensions), skipping what pg_graphql
// cannot express: OUT/INOUT/VARIADIC parameters, unnamed parameters,
// pseudo-type arguments or results (void, record, trigger, ...).
func loadGQLFuncs(ctx context.Context, c routine.Caller, s *gqlSchema) error {
	res, err := c.Query(ctx, `SELECT p.oid::int8, n.nspname::text, p.proname::text, p.provolatile::text, p.proretset,
	       p.prorettype::int8, pg_catalog.array_to_string(p.proargtypes::oid[], ','),
	       coalesce(pg_catalog.array_to_string(p.proargnames, ','), ''), (p.proargmodes IS NOT NULL),
	       p.pronargs::int8, p.pronargdefaults::int8,
	       coalesce(pg_catalog.obj_description(p.oid, 'pg_proc'), ''),
	       coalesce(pg_catalog.obj_description(n.oid, 'pg_namespace'), '')
	  FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
	 WHERE p.prokind = 'f' AND n.nspname = ANY (pg_catalog.current_schemas(false))
	   AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'graphql', 'graphql_public')
	   AND pg_catalog.has_function_privilege(p.oid, 'EXECUTE')
	   AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
	                    WHERE d.classid = 'pg_catalog.pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
	 ORDER BY p.proname, p.oid`, nil, nil)
	if err != nil || len(res.Rows) == 0 {
		return err
	}
	oidSet := map[string]bool{}
	for _, r := range res.Rows {
		oidSet[strconv.FormatInt(intOf(r[5]), 10)] = true
		for _, o := range strings.Split(textOf(r[6]), ",") {
			if o != "" {
				oidSet[o] = true
			}
		}
	}
	var oids []string
	for o := range oidSet {
		oids = append(oids, o)
	}
	tres, err := c.Query(ctx, `SELECT t.oid::int8, t.typname::text, t.typtype::text, t.typrelid::int8,
	       coalesce(e.oid, 0)::int8, coalesce(e.typname, t.typname)::text, pg_catalog.format_type(t.oid, NULL)
	  FROM pg_catalog.pg_type t
	  LEFT JOIN pg_catalog.pg_type e ON e.oid = t.typelem AND t.typcategory = 'A'
	 WHERE t.oid IN (`+strings.Join(oids, ",")+`)`, nil, nil)
	if err != nil {
		return err
	}
	pgTypes := map[int64]*gqlPGType{}
	for _, r := range tres.Rows {
		pt := &gqlPGType{oid: intOf(r[0]), typname: textOf(r[5]), typtype: textOf(r[2]), relid: intOf(r[3]),
			elem: intOf(r[4]), fmt: textOf(r[6])}
		pt.array = pt.elem != 0
		pgTypes[pt.oid] = pt
	}
	// colOf describes a value of a type as a column would be; nil when
	// pg_graphql has no type for it
	colOf := func(oid int64) *gqlCol {
		pt := pgTypes[oid]
		if pt == nil || pt.typtype == "p" || pt.relid != 0 {
			return nil
		}
		col := &gqlCol{sqlType: pt.fmt, typName: pt.typname, array: pt.array}
		enumOID := oid
		if pt.array {
			enumOID = pt.elem
		}
		for _, e := range s.enums {
			if int64(e.oid) == enumOID {
				col.enum = e
			}
		}
		switch col.typName {
		case "int8", "numeric":
			col.asText, col.number = !col.array, true
		case "json", "jsonb":
			col.asText = !col.array
		}
		return col
	}
	tableOf := func(oid int64) *gqlTable {
		pt := pgTypes[oid]
		if pt == nil || pt.relid == 0 {
			return nil
		}
		for _, t := range s.tables {
			if int64(t.oid) == pt.relid {
				return t
			}
		}
		return nil
	}
	for _, r := range res.Rows {
		if boolOf(r[8]) {
			continue
		}
		inflect := directiveBool(gqlDirective(textOf(r[12])), "inflect_names")
		fn := &gqlFunc{schema: textOf(r[1]), name: textOf(r[2]), volatile: textOf(r[3]) == "v", retSet: boolOf(r[4])}
		fn.field_ = fn.name
		if inflect {
			fn.field_ = camel(fn.name)
		}
		d := gqlDirective(textOf(r[11]))
		if n, ok := d["name"].(string); ok && n != "" {
			fn.field_ = n
		}
		fn.description, _ = d["description"].(string)
		var argTypes []int64
		for _, o := range strings.Split(textOf(r[6]), ",") {
			if o != "" {
				n, _ := strconv.ParseInt(o, 10, 64)
				argTypes = append(argTypes, n)
			}
		}
		names := strings.Split(textOf(r[7]), ",")
		nargs, ndefs := int(intOf(r[9])), int(intOf(r[10]))
		// a function of one row-typed argument is a computed field,
		// named without the leading underscore such functions carry
		if nargs == 1 && len(argTypes) == 1 {
			if t := tableOf(argTypes[0]); t != nil {
				if fn.field_ == fn.name {
					fn.field_ = strings.TrimPrefix(fn.name, "_")
				}
				if fn.retSet || tableOf(intOf(r[5])) != nil {
					continue
				}
				if fn.ret = colOf(intOf(r[5])); fn.ret != nil {
					if _, taken := t.fields[fn.field_]; !taken {
						t.computed = append(t.computed, fn)
					}
				}
				continue
			}
		}
		ok := len(argTypes) == nargs && (nargs == 0 || len(names) == nargs)
		for i := 0; ok && i < nargs; i++ {
			col := colOf(argTypes[i])
			if col == nil || names[i] == "" {
				ok = false
				break
			}
			a := &gqlFuncArg{name: names[i], field: names[i], col: col, optional: i >= nargs-ndefs}
			if inflect {
				a.field = camel(a.field)
			}
			fn.args = append(fn.args, a)
		}
		if !ok {
			continue
		}
		if t := tableOf(intOf(r[5])); t != nil {
			fn.retTable = t
		} else if fn.retSet {
			continue
		} else if fn.ret = colOf(intOf(r[5])); fn.ret == nil {
			continue
		}
		if _, taken := s.queryFields[fn.field_]; taken || fn.field_ == "node" {
			continue
		}
		s.funcs = append(s.funcs, fn)
	}
	// overloaded functions are ambiguous: none of them is exposed
	count := map[string]int{}
	for _, fn := range s.funcs {
		count[fn.field_]++
	}
	kept := s.funcs[:0]
	for _, fn := range s.funcs {
		if count[fn.field_] > 1 {
			continue
		}
		kept = append(kept, fn)
		kind := "query"
		if fn.volatile {
			kind = "mutation"
		}
		s.queryFields[fn.field_] = gqlRoot{kind: kind, fn: fn}
	}
	s.funcs = kept
	return nil
}

// call is the SQL call of fn with the field's arguments, named
// notation, omitted ones left to their defaults.
func (r *gqlRun) call(fn *gqlFunc, f *ast.Field) (string, map[string]bool, error) {
	own := map[string]bool{}
	var parts []string
	for _, a := range fn.args {
		own[a.field] = true
		if f.Arguments.ForName(a.field) == nil {
			if !a.optional {
				return "", nil, gqlErrorf("Missing required argument %s", a.field)
			}
			continue
		}
		v, err := r.arg(f.Arguments, a.field)
		if err != nil {
			return "", nil, err
		}
		l, err := valueLiteral(a.col, v)
		if err != nil {
			return "", nil, err
		}
		parts = append(parts, gqlIdent(a.name)+" => "+l)
	}
	return gqlIdent(fn.schema) + "." + gqlIdent(fn.name) + "(" + strings.Join(parts, ", ") + ")", own, nil
}

// function answers a function's Query or Mutation field.
func (r *gqlRun) function(fn *gqlFunc, f *ast.Field) (any, error) {
	call, own, err := r.call(fn, f)
	if err != nil {
		return nil, err
	}
	switch {
	case fn.retSet:
		return r.collection(fn.retTable, f, nil, collectionSource{from: call, args: own})
	case fn.retTable != nil:
		for _, a := range f.Arguments {
			if !own[a.Name] {
				return nil, gqlErrorf("Unknown argument %q on field %q", a.Name, f.Name)
			}
		}
		t := fn.retTable
		rows, err := r.fetch(t, "SELECT "+selectList(t, "t")+" FROM "+call+" t")
		if err != nil {
			return nil, err
		}
		if len(rows) == 0 || allNull(rows[0]) {
			return nil, nil
		}
		return r.record(t, rows[0], f.SelectionSet)
	}
	for _, a := range f.Arguments {
		if !own[a.Name] {
			return nil, gqlErrorf("Unknown argument %q on field %q", a.Name, f.Name)
		}
	}
	return r.scalar(fn.ret, call)
}

// scalar runs SELECT expr and returns its value as a response value.
func (r *gqlRun) scalar(col *gqlCol, expr string) (any, error) {
	res, err := r.c.Query(r.ctx, "SELECT "+valueSQL(col, expr), nil, nil)
	if err != nil {
		return nil, err
	}
	if len(res.Rows) == 0 || len(res.Rows[0]) == 0 {
		return nil, nil
	}
	return outValue(col, rawJSON(res.Rows[0][0])), nil
}

func allNull(row gqlRow) bool {
	for _, v := range row {
		if string(v) != "null" {
			return false
		}
	}
	return true
}

// computedField answers a computed field of one row: the function
// called with the row, found again by its primary key.
func (r *gqlRun) computedField(t *gqlTable, fn *gqlFunc, row gqlRow) (any, error) {
	conds := make([]string, len(t.pk))
	for i, col := range t.pk {
		conds[i] = "t." + gqlIdent(col.name) + " = " + literal(col, row[col.name])
	}
	expr := gqlIdent(fn.schema) + "." + gqlIdent(fn.name) + "(t)"
	res, err := r.c.Query(r.ctx, "SELECT "+valueSQL(fn.ret, expr)+" FROM "+t.qualified()+" t WHERE "+strings.Join(conds, " AND "), nil, nil)
	if err != nil {
		return nil, err
	}
	if len(res.Rows) == 0 {
		return nil, nil
	}
	return outValue(fn.ret, rawJSON(res.Rows[0][0])), nil
}

// outValue is a fetched value as the response shows it: enum labels
// mapped to their GraphQL names.
func outValue(col *gqlCol, raw json.RawMessage) any {
	if col == nil || col.enum == nil || string(raw) == "null" {
		return raw
	}
	var one string
	if json.Unmarshal(raw, &one) == nil {
		return col.enum.toGQL(one)
	}
	var many []*string
	if json.Unmarshal(raw, &many) == nil {
		out := make([]any, len(many))
		for i, v := range many {
			if v != nil {
				out[i] = col.enum.toGQL(*v)
			}
		}
		return out
	}
	return raw
}
