package extensions

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// gqlError is an error reported in the response's errors array (a
// request the schema cannot answer); errors from SQL propagate as they
// are, and graphql.resolve turns them into the same shape after its
// savepoint rolled their effects back.
type gqlError struct{ msg string }

func (e *gqlError) Error() string { return e.msg }

func gqlErrorf(format string, a ...any) error { return &gqlError{fmt.Sprintf(format, a...)} }

// gqlObj is a response object; jsonb orders its keys itself.
type gqlObj map[string]any

// graphqlResolveFunc is graphql._internal_resolve(query, variables,
// "operationName", extensions).
func graphqlResolveFunc(ctx context.Context, c routine.Caller, _ *catalog.Function, args []any, _ *routine.TriggerData) (routine.Result, error) {
	query := ""
	if len(args) > 0 && args[0] != nil {
		query = textOf(args[0])
	}
	vars := map[string]any{}
	if len(args) > 1 && args[1] != nil {
		if err := json.Unmarshal([]byte(textOf(args[1])), &vars); err != nil || vars == nil {
			vars = map[string]any{}
		}
	}
	opName := ""
	if len(args) > 2 && args[2] != nil {
		opName = textOf(args[2])
	}
	resp, err := gqlResolve(ctx, c, query, vars, opName)
	if err != nil {
		return routine.Result{}, err
	}
	b, err := json.Marshal(resp)
	if err != nil {
		return routine.Result{}, err
	}
	v, err := types.ParseJSON(string(b), types.JSONB)
	if err != nil {
		return routine.Result{}, err
	}
	return routine.Result{Value: types.JSONDoc{V: v}}, nil
}

// gqlResolve answers one request: {"data": ...} or, when the request
// cannot be answered, {"data": null, "errors": [{"message": ...}]}.
func gqlResolve(ctx context.Context, c routine.Caller, query string, vars map[string]any, opName string) (gqlObj, error) {
	fail := func(msg string) gqlObj {
		return gqlObj{"data": nil, "errors": []any{gqlObj{"message": msg}}}
	}
	doc, perr := parser.ParseQuery(&ast.Source{Input: query})
	if perr != nil {
		return gqlObj{"errors": []any{gqlObj{"message": perr.Error()}}}, nil
	}
	var op *ast.OperationDefinition
	switch {
	case opName != "":
		op = doc.Operations.ForName(opName)
		if op == nil {
			return fail("Operation not found"), nil
		}
	case len(doc.Operations) == 1:
		op = doc.Operations[0]
	case len(doc.Operations) == 0:
		return fail("No operation found"), nil
	default:
		return fail("Operation name required when multiple operations are present"), nil
	}
	for _, vd := range op.VariableDefinitions {
		if _, ok := vars[vd.Variable]; !ok && vd.DefaultValue != nil {
			v, err := vd.DefaultValue.Value(nil)
			if err != nil {
				return fail(err.Error()), nil
			}
			vars[vd.Variable] = v
		}
	}
	s, err := loadGQLSchema(ctx, c)
	if err != nil {
		return nil, err
	}
	r := &gqlRun{ctx: ctx, c: c, s: s, doc: doc, vars: vars}
	data, err := r.root(op)
	if err != nil {
		var ge *gqlError
		if e, ok := err.(*gqlError); ok {
			ge = e
			return fail(ge.msg), nil
		}
		return nil, err
	}
	return gqlObj{"data": data}, nil
}

// gqlRun is one request being answered.
type gqlRun struct {
	ctx  context.Context
	c    routine.Caller
	s    *gqlSchema
	doc  *ast.QueryDocument
	vars map[string]any
}

// fields flattens a selection set for an object of type typeName:
// fragment spreads and inline fragments whose type condition matches
// (or is an interface the object has) are expanded; @skip/@include apply.
func (r *gqlRun) fields(set ast.SelectionSet, typeName string) ([]*ast.Field, error) {
	var out []*ast.Field
	var walk func(ast.SelectionSet, int) error
	walk = func(set ast.SelectionSet, depth int) error {
		if depth > 50 {
			return gqlErrorf("fragment nesting too deep")
		}
		for _, sel := range set {
			switch x := sel.(type) {
			case *ast.Field:
				if ok, err := r.included(x.Directives); err != nil || !ok {
					if err != nil {
						return err
					}
					continue
				}
				out = append(out, x)
			case *ast.FragmentSpread:
				f := r.doc.Fragments.ForName(x.Name)
				if f == nil {
					return gqlErrorf("Unknown fragment: %s", x.Name)
				}
				if ok, err := r.included(x.Directives); err != nil || !ok {
					if err != nil {
						return err
					}
					continue
				}
				if r.typeMatches(f.TypeCondition, typeName) {
					if err := walk(f.SelectionSet, depth+1); err != nil {
						return err
					}
				}
			case *ast.InlineFragment:
				if ok, err := r.included(x.Directives); err != nil || !ok {
					if err != nil {
						return err
					}
					continue
				}
				if x.TypeCondition == "" || r.typeMatches(x.TypeCondition, typeName) {
					if err := walk(x.SelectionSet, depth+1); err != nil {
						return err
					}
				}
			}
		}
		return nil
	}
	err := walk(set, 0)
	return out, err
}

// typeMatches: a fragment on Node applies to every table's type.
func (r *gqlRun) typeMatches(cond, typeName string) bool {
	return cond == typeName || cond == "Node" && r.s.byType[typeName] != nil
}

func (r *gqlRun) included(ds ast.DirectiveList) (bool, error) {
	for _, d := range ds {
		if d.Name != "skip" && d.Name != "include" {
			continue
		}
		v, err := r.arg(d.Arguments, "if")
		if err != nil {
			return false, err
		}
		b, _ := v.(bool)
		if d.Name == "skip" && b || d.Name == "include" && !b {
			return false, nil
		}
	}
	return true, nil
}

// arg is the value of argument name (nil when absent), variables
// substituted.
func (r *gqlRun) arg(args ast.ArgumentList, name string) (any, error) {
	a := args.ForName(name)
	if a == nil {
		return nil, nil
	}
	v, err := a.Value.Value(r.vars)
	if err != nil {
		return nil, gqlErrorf("%s", err.Error())
	}
	return v, nil
}

func key(f *ast.Field) string {
	if f.Alias != "" {
		return f.Alias
	}
	return f.Name
}

// root answers the operation's top-level fields in order (a mutation's
// run one after another, each seeing the last).
func (r *gqlRun) root(op *ast.OperationDefinition) (gqlObj, error) {
	typeName := "Query"
	if op.Operation == ast.Mutation {
		typeName = "Mutation"
	} else if op.Operation == ast.Subscription {
		return nil, gqlErrorf("Subscriptions are not supported")
	}
	fs, err := r.fields(op.SelectionSet, typeName)
	if err != nil {
		return nil, err
	}
	out := gqlObj{}
	for _, f := range fs {
		if f.Name == "__typename" {
			out[key(f)] = typeName
			continue
		}
		if typeName == "Query" && (f.Name == "__schema" || f.Name == "__type") {
			v, err := r.introspect(f)
			if err != nil {
				return nil, err
			}
			out[key(f)] = v
			continue
		}
		if typeName == "Query" && f.Name == "node" {
			v, err := r.node(f)
			if err != nil {
				return nil, err
			}
			out[key(f)] = v
			continue
		}
		rf, ok := r.s.queryFields[f.Name]
		if ok && rf.table != nil {
			switch rf.kind {
			case "insert":
				ok = len(rf.table.insertCols()) > 0
			case "update":
				ok = len(rf.table.updateCols()) > 0
			case "delete":
				ok = rf.table.canDelete
			}
		}
		if !ok || (rf.kind == "collection" || rf.kind == "query") != (typeName == "Query") {
			return nil, gqlErrorf("Unknown field %q on type %s", f.Name, typeName)
		}
		var v any
		switch rf.kind {
		case "collection":
			v, err = r.collection(rf.table, f, nil, collectionSource{})
		case "query", "mutation":
			v, err = r.function(rf.fn, f)
		case "insert":
			v, err = r.insert(rf.table, f)
		case "update":
			v, err = r.update(rf.table, f)
		case "delete":
			v, err = r.delete(rf.table, f)
		}
		if err != nil {
			return nil, err
		}
		out[key(f)] = v
	}
	return out, nil
}

// gqlRow is one fetched record: each column's JSON value by column name.
type gqlRow map[string]json.RawMessage

// selectList is the SQL select list that fetches every column of t as
// the JSON pg_graphql serializes it as.
func selectList(t *gqlTable, alias string) string {
	parts := make([]string, len(t.cols))
	for i, col := range t.cols {
		ref := gqlIdent(col.name)
		if alias != "" {
			ref = alias + "." + ref
		}
		parts[i] = valueSQL(col, ref)
	}
	return strings.Join(parts, ", ")
}

// valueSQL is the select expression fetching expr, of col's type, as the
// JSON pg_graphql serializes it as (text for BigInt, BigFloat, JSON).
func valueSQL(col *gqlCol, expr string) string {
	if col.asText {
		return "(" + expr + ")::text"
	}
	return "pg_catalog.to_jsonb(" + expr + ")"
}

// rawJSON is a value valueSQL fetched as JSON.
func rawJSON(v any) json.RawMessage {
	switch x := v.(type) {
	case nil:
		return json.RawMessage("null")
	case types.JSONDoc:
		return json.RawMessage(types.FormatJSONB(x.V))
	default:
		b, _ := json.Marshal(textOf(x))
		return b
	}
}

// fetch runs a query whose select list is selectList(t) and returns its
// rows.
func (r *gqlRun) fetch(t *gqlTable, sql string) ([]gqlRow, error) {
	res, err := r.c.Query(r.ctx, sql, nil, nil)
	if err != nil {
		return nil, err
	}
	rows := make([]gqlRow, len(res.Rows))
	for i, vals := range res.Rows {
		row := gqlRow{}
		for j, col := range t.cols {
			if j >= len(vals) {
				break
			}
			row[col.name] = rawJSON(vals[j])
		}
		rows[i] = row
	}
	return rows, nil
}

// literal is a JSON value as an SQL literal of col's type.
func literal(col *gqlCol, raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) != nil {
		s = string(raw)
	}
	if string(raw) == "null" {
		return "NULL::" + col.sqlType
	}
	return quoteLiteral(s) + "::" + col.sqlType
}

// valueLiteral is a GraphQL input value as an SQL literal of col's type.
func valueLiteral(col *gqlCol, v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "NULL::" + col.sqlType, nil
	case string:
		if col.enum != nil {
			l, ok := col.enum.toSQL(x)
			if !ok {
				return "", gqlErrorf("Invalid input for %s type", col.enum.typeName)
			}
			x = l
		}
		// JSON inputs are strings holding the document
		return quoteLiteral(x) + "::" + col.sqlType, nil
	case bool, int64, float64, json.Number, int:
		return quoteLiteral(fmt.Sprint(x)) + "::" + col.sqlType, nil
	case []any:
		if !col.array {
			return "", gqlErrorf("Invalid input for %s type", col.typName)
		}
		elems := make([]string, len(x))
		for i, e := range x {
			if e == nil {
				elems[i] = "NULL"
				continue
			}
			s := fmt.Sprint(e)
			if col.enum != nil {
				l, ok := col.enum.toSQL(s)
				if !ok {
					return "", gqlErrorf("Invalid input for %s type", col.enum.typeName)
				}
				s = l
			}
			elems[i] = quoteLiteral(s)
		}
		return "ARRAY[" + strings.Join(elems, ", ") + "]::" + col.sqlType, nil
	case map[string]any:
		if col.typName == "json" || col.typName == "jsonb" {
			b, _ := json.Marshal(x)
			return quoteLiteral(string(b)) + "::" + col.sqlType, nil
		}
	}
	return "", gqlErrorf("Invalid input for %s type", col.typName)
}

// jsonKey is a key value as pg_graphql puts it in a cursor or nodeId:
// bigint and numeric as numbers.
func jsonKey(col *gqlCol, raw json.RawMessage) any {
	var s string
	if col.number && json.Unmarshal(raw, &s) == nil {
		return json.Number(s)
	}
	return raw
}

// encodeJSONB is base64 of the jsonb text of an array, as pg_graphql's
// cursors and nodeIds are.
func encodeJSONB(vals []any) string {
	b, _ := json.Marshal(vals)
	v, err := types.ParseJSON(string(b), types.JSONB)
	if err != nil {
		return ""
	}
	return base64.StdEncoding.EncodeToString([]byte(types.FormatJSONB(v)))
}

func decodeJSONArray(s string) ([]json.RawMessage, bool) {
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, false
	}
	var out []json.RawMessage
	if json.Unmarshal(b, &out) != nil {
		return nil, false
	}
	return out, true
}

func nodeID(t *gqlTable, row gqlRow) string {
	vals := []any{t.schema, t.name}
	for _, col := range t.pk {
		vals = append(vals, jsonKey(col, row[col.name]))
	}
	return encodeJSONB(vals)
}

// record builds the response object of one row for selection fs.
func (r *gqlRun) record(t *gqlTable, row gqlRow, set ast.SelectionSet) (gqlObj, error) {
	fs, err := r.fields(set, t.typeName)
	if err != nil {
		return nil, err
	}
	out := gqlObj{}
	for _, f := range fs {
		switch f.Name {
		case "__typename":
			out[key(f)] = t.typeName
			continue
		case "nodeId":
			out[key(f)] = nodeID(t, row)
			continue
		}
		if col, ok := t.fields[f.Name]; ok {
			out[key(f)] = outValue(col, row[col.name])
			continue
		}
		if fn := t.computedField(f.Name); fn != nil {
			v, err := r.computedField(t, fn, row)
			if err != nil {
				return nil, err
			}
			out[key(f)] = v
			continue
		}
		rel, ok := t.rels[f.Name]
		if !ok {
			return nil, gqlErrorf("Unknown field %q on type %s", f.Name, t.typeName)
		}
		var conds []string
		null := false
		for i, col := range rel.cols {
			v := row[col.name]
			if string(v) == "null" {
				null = true
			}
			conds = append(conds, "t."+gqlIdent(rel.otherCols[i].name)+" = "+literal(rel.otherCols[i], v))
		}
		if rel.many {
			v, err := r.collection(rel.other, f, conds, collectionSource{})
			if err != nil {
				return nil, err
			}
			out[key(f)] = v
			continue
		}
		if null {
			out[key(f)] = nil
			continue
		}
		rows, err := r.fetch(rel.other, "SELECT "+selectList(rel.other, "t")+" FROM "+rel.other.qualified()+" t WHERE "+strings.Join(conds, " AND ")+" LIMIT 1")
		if err != nil {
			return nil, err
		}
		if len(rows) == 0 {
			out[key(f)] = nil
			continue
		}
		v, err := r.record(rel.other, rows[0], f.SelectionSet)
		if err != nil {
			return nil, err
		}
		out[key(f)] = v
	}
	return out, nil
}

// node answers node(nodeId:).
func (r *gqlRun) node(f *ast.Field) (any, error) {
	v, err := r.arg(f.Arguments, "nodeId")
	if err != nil {
		return nil, err
	}
	id, _ := v.(string)
	parts, ok := decodeJSONArray(id)
	if !ok || len(parts) < 3 {
		return nil, gqlErrorf("Invalid value passed to nodeId argument")
	}
	var schema, name string
	_ = json.Unmarshal(parts[0], &schema)
	_ = json.Unmarshal(parts[1], &name)
	for _, t := range r.s.tables {
		if t.schema != schema || t.name != name || len(t.pk) != len(parts)-2 {
			continue
		}
		conds := make([]string, len(t.pk))
		for i, col := range t.pk {
			conds[i] = "t." + gqlIdent(col.name) + " = " + literal(col, parts[i+2])
		}
		rows, err := r.fetch(t, "SELECT "+selectList(t, "t")+" FROM "+t.qualified()+" t WHERE "+strings.Join(conds, " AND "))
		if err != nil || len(rows) == 0 {
			return nil, err
		}
		return r.record(t, rows[0], f.SelectionSet)
	}
	return nil, nil
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func (t *gqlTable) computedField(name string) *gqlFunc {
	for _, fn := range t.computed {
		if fn.field_ == name {
			return fn
		}
	}
	return nil
}
