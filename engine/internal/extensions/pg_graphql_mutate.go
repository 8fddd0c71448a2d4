package extensions

import (
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// mutationResponse answers the selection of an
// <Table>{Insert,Update,Delete}Response over the affected rows.
func (r *gqlRun) mutationResponse(t *gqlTable, f *ast.Field, kind string, rows []gqlRow) (any, error) {
	typeName := t.typeName + kind + "Response"
	fs, err := r.fields(f.SelectionSet, typeName)
	if err != nil {
		return nil, err
	}
	out := gqlObj{}
	for _, sf := range fs {
		switch sf.Name {
		case "__typename":
			out[key(sf)] = typeName
		case "affectedCount":
			out[key(sf)] = len(rows)
		case "records":
			recs, err := gqlList(rows, func(row gqlRow) (any, error) { return r.record(t, row, sf.SelectionSet) })
			if err != nil {
				return nil, err
			}
			out[key(sf)] = recs
		default:
			return nil, gqlErrorf("Unknown field %q on type %s", sf.Name, typeName)
		}
	}
	return out, nil
}

func (r *gqlRun) onlyArgs(f *ast.Field, names ...string) error {
	for _, a := range f.Arguments {
		found := false
		for _, n := range names {
			found = found || a.Name == n
		}
		if !found {
			return gqlErrorf("Unknown argument %q on field %q", a.Name, f.Name)
		}
	}
	return nil
}

// insert answers insertInto<Table>Collection(objects:).
func (r *gqlRun) insert(t *gqlTable, f *ast.Field) (any, error) {
	if err := r.onlyArgs(f, "objects"); err != nil {
		return nil, err
	}
	v, err := r.arg(f.Arguments, "objects")
	if err != nil {
		return nil, err
	}
	objs, ok := v.([]any)
	if !ok {
		if m, isMap := v.(map[string]any); isMap {
			objs = []any{m}
		} else {
			return nil, gqlErrorf("Invalid input for objects argument")
		}
	}
	if len(objs) == 0 {
		return nil, gqlErrorf("At least one record must be provided to objects")
	}
	var cols []*gqlCol
	seen := map[string]bool{}
	for _, o := range objs {
		m, ok := o.(map[string]any)
		if !ok {
			return nil, gqlErrorf("Invalid input for %sInsertInput type", t.typeName)
		}
		for _, k := range sortedKeys(m) {
			col, ok := t.fields[k]
			if !ok || !col.canInsert {
				return nil, gqlErrorf("Input for type %sInsertInput contains extra keys [%q]", t.typeName, k)
			}
			if !seen[col.name] {
				seen[col.name] = true
				cols = append(cols, col)
			}
		}
	}
	var q strings.Builder
	q.WriteString("INSERT INTO " + t.qualified())
	if len(cols) == 0 {
		if len(objs) > 1 {
			return nil, gqlErrorf("Records without values may only be inserted one at a time")
		}
		q.WriteString(" DEFAULT VALUES")
	} else {
		names := make([]string, len(cols))
		for i, col := range cols {
			names[i] = gqlIdent(col.name)
		}
		q.WriteString(" (" + strings.Join(names, ", ") + ") VALUES ")
		for i, o := range objs {
			m := o.(map[string]any)
			vals := make([]string, len(cols))
			for j, col := range cols {
				x, ok := m[col.field]
				if !ok {
					vals[j] = "DEFAULT"
					continue
				}
				l, err := valueLiteral(col, x)
				if err != nil {
					return nil, err
				}
				vals[j] = l
			}
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(" + strings.Join(vals, ", ") + ")")
		}
	}
	q.WriteString(" RETURNING " + selectList(t, ""))
	rows, err := r.fetch(t, q.String())
	if err != nil {
		return nil, err
	}
	return r.mutationResponse(t, f, "Insert", rows)
}

// atMost reads the atMost argument (default 1).
func (r *gqlRun) atMost(f *ast.Field) (int, error) {
	v, err := r.arg(f.Arguments, "atMost")
	if err != nil {
		return 0, err
	}
	n, ok, err := intArg(v)
	if err != nil {
		return 0, err
	}
	if !ok {
		return 1, nil
	}
	return n, nil
}

// whereOf is the WHERE clause of a mutation's filter argument.
func (r *gqlRun) whereOf(t *gqlTable, f *ast.Field) (string, error) {
	v, err := r.arg(f.Arguments, "filter")
	if err != nil || v == nil {
		return "", err
	}
	c, err := r.filter(t, v)
	if err != nil {
		return "", err
	}
	return " WHERE " + c, nil
}

// tooMany is raised, as an SQL error, when a mutation touched more rows
// than atMost: graphql.resolve's exception block rolls the change back
// and reports the message.
func tooMany(verb string) error {
	return pgerror.New(pgerror.DataException, "%s impacts too many records", verb)
}

// update answers update<Table>Collection(set:, filter:, atMost:).
func (r *gqlRun) update(t *gqlTable, f *ast.Field) (any, error) {
	if err := r.onlyArgs(f, "set", "filter", "atMost"); err != nil {
		return nil, err
	}
	v, err := r.arg(f.Arguments, "set")
	if err != nil {
		return nil, err
	}
	set, ok := v.(map[string]any)
	if !ok || len(set) == 0 {
		return nil, gqlErrorf("At least one mapping required for set")
	}
	var sets []string
	for _, k := range sortedKeys(set) {
		col, ok := t.fields[k]
		if !ok || !col.canUpdate {
			return nil, gqlErrorf("Input for type %sUpdateInput contains extra keys [%q]", t.typeName, k)
		}
		l, err := valueLiteral(col, set[k])
		if err != nil {
			return nil, err
		}
		sets = append(sets, gqlIdent(col.name)+" = "+l)
	}
	where, err := r.whereOf(t, f)
	if err != nil {
		return nil, err
	}
	limit, err := r.atMost(f)
	if err != nil {
		return nil, err
	}
	rows, err := r.fetch(t, "UPDATE "+t.qualified()+" AS t SET "+strings.Join(sets, ", ")+where+" RETURNING "+selectList(t, ""))
	if err != nil {
		return nil, err
	}
	if len(rows) > limit {
		return nil, tooMany("update")
	}
	return r.mutationResponse(t, f, "Update", rows)
}

// delete answers deleteFrom<Table>Collection(filter:, atMost:).
func (r *gqlRun) delete(t *gqlTable, f *ast.Field) (any, error) {
	if err := r.onlyArgs(f, "filter", "atMost"); err != nil {
		return nil, err
	}
	where, err := r.whereOf(t, f)
	if err != nil {
		return nil, err
	}
	limit, err := r.atMost(f)
	if err != nil {
		return nil, err
	}
	// records may select relationships, which must see the rows before
	// they go: answer the selection from the rows first, then delete
	rows, err := r.fetch(t, "DELETE FROM "+t.qualified()+" AS t"+where+" RETURNING "+selectList(t, ""))
	if err != nil {
		return nil, err
	}
	if len(rows) > limit {
		return nil, tooMany("delete")
	}
	return r.mutationResponse(t, f, "Delete", rows)
}
