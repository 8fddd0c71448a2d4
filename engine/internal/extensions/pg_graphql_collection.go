package extensions

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// gqlOrder is one ORDER BY column of a collection.
type gqlOrder struct {
	col        *gqlCol
	desc       bool
	nullsFirst bool
}

func (o gqlOrder) sql(reverse bool) string {
	desc, nf := o.desc, o.nullsFirst
	if reverse {
		desc, nf = !desc, !nf
	}
	s := "t." + gqlIdent(o.col.name)
	if desc {
		s += " DESC"
	} else {
		s += " ASC"
	}
	if nf {
		return s + " NULLS FIRST"
	}
	return s + " NULLS LAST"
}

// orderOf reads orderBy: the listed columns, then the primary key's
// columns not listed (so that pages and cursors are stable).
func (r *gqlRun) orderOf(t *gqlTable, v any) ([]gqlOrder, error) {
	var out []gqlOrder
	seen := map[string]bool{}
	list, _ := v.([]any)
	if m, ok := v.(map[string]any); ok {
		list = []any{m}
	}
	for _, item := range list {
		m, ok := item.(map[string]any)
		if !ok {
			return nil, gqlErrorf("Invalid value for orderBy")
		}
		for _, k := range sortedKeys(m) {
			col, ok := t.fields[k]
			if !ok || !col.orderable() {
				return nil, gqlErrorf("Unknown field %q on type %sOrderBy", k, t.typeName)
			}
			dir, _ := m[k].(string)
			o := gqlOrder{col: col}
			switch dir {
			case "AscNullsFirst":
				o.nullsFirst = true
			case "AscNullsLast":
			case "DescNullsFirst":
				o.desc, o.nullsFirst = true, true
			case "DescNullsLast":
				o.desc = true
			default:
				return nil, gqlErrorf("Invalid input for OrderByDirection type")
			}
			if !seen[col.name] {
				seen[col.name] = true
				out = append(out, o)
			}
		}
	}
	for _, col := range t.pk {
		if !seen[col.name] {
			out = append(out, gqlOrder{col: col})
		}
	}
	return out, nil
}

// cursorCond is the condition "comes after cursor vals in order" (or
// before, when reverse).
func cursorCond(order []gqlOrder, vals []json.RawMessage, reverse bool) string {
	var ors []string
	for i := range order {
		var ands []string
		for j := 0; j < i; j++ {
			ref := "t." + gqlIdent(order[j].col.name)
			if string(vals[j]) == "null" {
				ands = append(ands, ref+" IS NULL")
			} else {
				ands = append(ands, ref+" = "+literal(order[j].col, vals[j]))
			}
		}
		o := order[i]
		desc, nf := o.desc, o.nullsFirst
		if reverse {
			desc, nf = !desc, !nf
		}
		ref := "t." + gqlIdent(o.col.name)
		var c string
		if string(vals[i]) == "null" {
			if !nf {
				continue // nothing comes after NULL when NULLs are last
			}
			c = ref + " IS NOT NULL"
		} else {
			op := ">"
			if desc {
				op = "<"
			}
			c = ref + " " + op + " " + literal(o.col, vals[i])
			if !nf {
				c = "(" + c + " OR " + ref + " IS NULL)"
			}
		}
		ands = append(ands, c)
		ors = append(ors, "("+strings.Join(ands, " AND ")+")")
	}
	if len(ors) == 0 {
		return "false"
	}
	return "(" + strings.Join(ors, " OR ") + ")"
}

func cursorOf(order []gqlOrder, row gqlRow) string {
	vals := make([]any, len(order))
	for i, o := range order {
		vals[i] = jsonKey(o.col, row[o.col.name])
	}
	return encodeJSONB(vals)
}

func intArg(v any) (int, bool, error) {
	switch x := v.(type) {
	case nil:
		return 0, false, nil
	case int64:
		return int(x), true, nil
	case float64:
		if x == float64(int(x)) {
			return int(x), true, nil
		}
	case json.Number:
		n, err := x.Int64()
		if err == nil {
			return int(n), true, nil
		}
	}
	return 0, false, gqlErrorf("Invalid input for Int type")
}

// collectionSource is where a collection's rows come from: the table,
// or (from set) the call of a set-returning function whose own
// arguments are args.
type collectionSource struct {
	from string
	args map[string]bool
}

// collection answers a <table>Collection field; extra are conditions of
// the relationship it is reached through.
func (r *gqlRun) collection(t *gqlTable, f *ast.Field, extra []string, src collectionSource) (any, error) {
	from := t.qualified()
	if src.from != "" {
		from = src.from
	}
	args := map[string]any{}
	for _, a := range f.Arguments {
		switch a.Name {
		case "first", "last", "before", "after", "offset", "filter", "orderBy":
		default:
			if src.args[a.Name] {
				continue
			}
			return nil, gqlErrorf("Unknown argument %q on field %q", a.Name, f.Name)
		}
		v, err := r.arg(f.Arguments, a.Name)
		if err != nil {
			return nil, err
		}
		args[a.Name] = v
	}
	first, hasFirst, err := intArg(args["first"])
	if err != nil {
		return nil, err
	}
	last, hasLast, err := intArg(args["last"])
	if err != nil {
		return nil, err
	}
	offset, hasOffset, err := intArg(args["offset"])
	if err != nil {
		return nil, err
	}
	before, _ := args["before"].(string)
	after, _ := args["after"].(string)
	switch {
	case hasFirst && hasLast:
		return nil, gqlErrorf("only one of \"first\" and \"last\" may be provided")
	case before != "" && after != "":
		return nil, gqlErrorf("only one of \"before\" and \"after\" may be provided")
	case hasFirst && before != "":
		return nil, gqlErrorf("\"first\" may only be used with \"after\"")
	case hasLast && after != "":
		return nil, gqlErrorf("\"last\" may only be used with \"before\"")
	case hasLast && hasOffset:
		return nil, gqlErrorf("\"offset\" may only be used with \"first\"")
	case hasFirst && first < 0, hasLast && last < 0, hasOffset && offset < 0:
		return nil, gqlErrorf("\"first\", \"last\" and \"offset\" may not be negative")
	}
	reverse := hasLast || before != ""
	limit := t.maxRows
	if hasFirst && first < limit {
		limit = first
	}
	if hasLast && last < limit {
		limit = last
	}
	where := append([]string{}, extra...)
	if args["filter"] != nil {
		c, err := r.filter(t, args["filter"])
		if err != nil {
			return nil, err
		}
		where = append(where, c)
	}
	order, err := r.orderOf(t, args["orderBy"])
	if err != nil {
		return nil, err
	}
	base := append([]string{}, where...)
	cursor := after
	if reverse {
		cursor = before
	}
	if cursor != "" {
		vals, ok := decodeJSONArray(cursor)
		if !ok || len(vals) != len(order) {
			return nil, gqlErrorf("Invalid cursor")
		}
		where = append(where, cursorCond(order, vals, reverse))
	}
	whereSQL := func(conds []string) string {
		if len(conds) == 0 {
			return ""
		}
		return " WHERE " + strings.Join(conds, " AND ")
	}
	orderSQL := make([]string, len(order))
	for i, o := range order {
		orderSQL[i] = o.sql(reverse)
	}
	q := "SELECT " + selectList(t, "t") + " FROM " + from + " t" + whereSQL(where) +
		" ORDER BY " + strings.Join(orderSQL, ", ") + fmt.Sprintf(" LIMIT %d", limit+1)
	if hasOffset {
		q += fmt.Sprintf(" OFFSET %d", offset)
	}
	rows, err := r.fetch(t, q)
	if err != nil {
		return nil, err
	}
	more := len(rows) > limit
	if more {
		rows = rows[:limit]
	}
	if reverse {
		for i, j := 0, len(rows)-1; i < j; i, j = i+1, j-1 {
			rows[i], rows[j] = rows[j], rows[i]
		}
	}
	fs, err := r.fields(f.SelectionSet, t.typeName+"Connection")
	if err != nil {
		return nil, err
	}
	out := gqlObj{}
	for _, sf := range fs {
		switch sf.Name {
		case "__typename":
			out[key(sf)] = t.typeName + "Connection"
		case "totalCount":
			if !t.totalCount {
				return nil, gqlErrorf("Unknown field %q on type %sConnection", sf.Name, t.typeName)
			}
			res, err := r.c.Query(r.ctx, "SELECT count(*) FROM "+from+" t"+whereSQL(base), nil, nil)
			if err != nil {
				return nil, err
			}
			out[key(sf)] = intOf(res.Rows[0][0])
		case "aggregate":
			v, err := r.aggregate(t, sf, from, whereSQL(base))
			if err != nil {
				return nil, err
			}
			out[key(sf)] = v
		case "edges":
			efs, err := r.fields(sf.SelectionSet, t.typeName+"Edge")
			if err != nil {
				return nil, err
			}
			edges := make([]any, 0, len(rows))
			for _, row := range rows {
				e := gqlObj{}
				for _, ef := range efs {
					switch ef.Name {
					case "__typename":
						e[key(ef)] = t.typeName + "Edge"
					case "cursor":
						e[key(ef)] = cursorOf(order, row)
					case "node":
						n, err := r.record(t, row, ef.SelectionSet)
						if err != nil {
							return nil, err
						}
						e[key(ef)] = n
					default:
						return nil, gqlErrorf("Unknown field %q on type %sEdge", ef.Name, t.typeName)
					}
				}
				edges = append(edges, e)
			}
			out[key(sf)] = edges
		case "pageInfo":
			pfs, err := r.fields(sf.SelectionSet, "PageInfo")
			if err != nil {
				return nil, err
			}
			p := gqlObj{}
			for _, pf := range pfs {
				switch pf.Name {
				case "__typename":
					p[key(pf)] = "PageInfo"
				case "startCursor", "endCursor":
					if len(rows) == 0 {
						p[key(pf)] = nil
					} else if pf.Name == "startCursor" {
						p[key(pf)] = cursorOf(order, rows[0])
					} else {
						p[key(pf)] = cursorOf(order, rows[len(rows)-1])
					}
				case "hasNextPage", "hasPreviousPage":
					// the page's own direction knows from the extra row
					// fetched; the other asks whether a row lies beyond
					// the cursor it started from
					forward := pf.Name == "hasNextPage"
					if forward != reverse {
						p[key(pf)] = more
						continue
					}
					if cursor == "" && !hasOffset {
						p[key(pf)] = false
						continue
					}
					if hasOffset && cursor == "" {
						p[key(pf)] = offset > 0
						continue
					}
					vals, _ := decodeJSONArray(cursor)
					cond := "NOT " + cursorCond(order, vals, reverse)
					res, err := r.c.Query(r.ctx, "SELECT EXISTS (SELECT 1 FROM "+from+" t"+whereSQL(append(append([]string{}, base...), cond))+")", nil, nil)
					if err != nil {
						return nil, err
					}
					p[key(pf)] = boolOf(res.Rows[0][0])
				default:
					return nil, gqlErrorf("Unknown field %q on type PageInfo", pf.Name)
				}
			}
			out[key(sf)] = p
		default:
			return nil, gqlErrorf("Unknown field %q on type %sConnection", sf.Name, t.typeName)
		}
	}
	return out, nil
}

// filter is the SQL condition of a <Table>Filter value.
func (r *gqlRun) filter(t *gqlTable, v any) (string, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return "", gqlErrorf("Invalid input for %sFilter type", t.typeName)
	}
	conds := []string{}
	for _, k := range sortedKeys(m) {
		val := m[k]
		switch k {
		case "and", "or":
			list, ok := val.([]any)
			if !ok {
				list = []any{val}
			}
			var parts []string
			for _, item := range list {
				c, err := r.filter(t, item)
				if err != nil {
					return "", err
				}
				parts = append(parts, c)
			}
			if len(parts) == 0 {
				continue
			}
			sep := " AND "
			if k == "or" {
				sep = " OR "
			}
			conds = append(conds, "("+strings.Join(parts, sep)+")")
			continue
		case "not":
			c, err := r.filter(t, val)
			if err != nil {
				return "", err
			}
			conds = append(conds, "NOT "+c)
			continue
		case "nodeId":
			ops, ok := val.(map[string]any)
			if !ok {
				return "", gqlErrorf("Invalid input for IDFilter type")
			}
			id, _ := ops["eq"].(string)
			parts, ok := decodeJSONArray(id)
			if !ok || len(parts) != len(t.pk)+2 {
				return "", gqlErrorf("Invalid value passed to nodeId argument")
			}
			var schema, name string
			_ = json.Unmarshal(parts[0], &schema)
			_ = json.Unmarshal(parts[1], &name)
			if schema != t.schema || name != t.name {
				conds = append(conds, "false")
				continue
			}
			for i, col := range t.pk {
				conds = append(conds, "t."+gqlIdent(col.name)+" = "+literal(col, parts[i+2]))
			}
			continue
		}
		col, ok := t.fields[k]
		if !ok || col.filterType() == "" {
			return "", gqlErrorf("Unknown field %q on type %sFilter", k, t.typeName)
		}
		ops, ok := val.(map[string]any)
		if !ok {
			return "", gqlErrorf("Invalid input for filter on %q", k)
		}
		ref := "t." + gqlIdent(col.name)
		for _, op := range sortedKeys(ops) {
			x := ops[op]
			if !col.hasFilterOp(op) {
				return "", gqlErrorf("Unknown field %q on type %s", op, col.filterType())
			}
			var c string
			switch op {
			case "is":
				switch x {
				case "NULL":
					c = ref + " IS NULL"
				case "NOT_NULL":
					c = ref + " IS NOT NULL"
				default:
					return "", gqlErrorf("Invalid input for FilterIs type")
				}
			case "in":
				list, ok := x.([]any)
				if !ok {
					list = []any{x}
				}
				if len(list) == 0 {
					c = "false"
					break
				}
				lits := make([]string, len(list))
				for i, e := range list {
					l, err := valueLiteral(col, e)
					if err != nil {
						return "", err
					}
					lits[i] = l
				}
				c = ref + " IN (" + strings.Join(lits, ", ") + ")"
			case "eq", "neq", "lt", "lte", "gt", "gte", "like", "ilike", "regex", "iregex", "startsWith", "contains", "containedBy", "overlaps":
				l, err := valueLiteral(col, x)
				if err != nil {
					return "", err
				}
				sqlOp := map[string]string{"eq": "=", "neq": "<>", "lt": "<", "lte": "<=", "gt": ">", "gte": ">=",
					"like": "LIKE", "ilike": "ILIKE", "regex": "~", "iregex": "~*", "contains": "@>", "containedBy": "<@", "overlaps": "&&"}[op]
				if op == "startsWith" {
					s, _ := x.(string)
					esc := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
					c = ref + " LIKE " + quoteLiteral(esc+"%")
				} else {
					c = ref + " " + sqlOp + " " + l
				}
			default:
				return "", gqlErrorf("Unknown filter operator %q on %q", op, k)
			}
			conds = append(conds, c)
		}
	}
	if len(conds) == 0 {
		return "true", nil
	}
	return "(" + strings.Join(conds, " AND ") + ")", nil
}
