package studio

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine"
)

// segment is one SELECT of a grid page: rows of one stretch of the sort
// order, starting after the cursor.
type segment struct {
	query  string // without LIMIT
	args   []any
	offset int
}

func (sg segment) sql(limit int) string {
	s := sg.query + " limit " + strconv.Itoa(limit)
	if sg.offset > 0 {
		s += " offset " + strconv.Itoa(sg.offset)
	}
	return s
}

// pageQueries builds the SELECTs of the page after cur: quoted
// identifiers from the catalog, every value a parameter.
//
// Sorted by the primary key it is one keyset query (pk > last). Sorted
// by another column c, the order is PostgreSQL's (ORDER BY c ASC puts
// NULLs last, DESC first) with the primary key, in the same direction,
// as the tiebreak: exactly the order of a b-tree index on (c) or (c,
// pk), walked forward or backward. So that a page can walk that index
// instead of sorting what follows the cursor, the non-NULL and the NULL
// rows are separate segments, each a plain range:
//
//	c >= $v AND (c > $v OR pk > $k) ORDER BY c, pk    -- the rest of the non-NULL rows
//	c IS NULL AND pk > $k ORDER BY pk                 -- the NULL rows, after the last one
//
// and the page runs them in order until it has its rows. Relations
// without a primary key page by offset, in the same order.
func pageQueries(t *Table, sort string, desc bool, filters []string, cur cursor) ([]segment, error) {
	if sort != "" && colIndex(t, sort) < 0 {
		return nil, columnError(sort, t)
	}
	for _, f := range filters {
		name, rest, ok1 := strings.Cut(f, ":")
		op, _, _ := strings.Cut(rest, ":")
		if _, ok2 := filterOps[op]; !ok1 || !ok2 {
			return nil, bad("filter %q is not column:operator:value with an operator of eq, neq, lt, lte, gt, gte, like, ilike, is_null, not_null", f)
		}
		if colIndex(t, name) < 0 {
			return nil, columnError(name, t)
		}
	}
	var cols []string
	for _, c := range t.Columns {
		cols = append(cols, engine.QuoteIdent(c.Name))
	}
	// more is "comes after" in the page's direction.
	dir, more := "asc", ">"
	if desc {
		dir, more = "desc", "<"
	}
	// build is one segment: the filters, the segment's own conditions
	// (given the parameter maker) and its order.
	build := func(conds func(param func(any) string) []string, order []string, offset int) segment {
		var args []any
		param := func(v any) string {
			args = append(args, v)
			return "$" + strconv.Itoa(len(args))
		}
		var where []string
		for _, f := range filters {
			name, rest, _ := strings.Cut(f, ":")
			op, val, _ := strings.Cut(rest, ":")
			if op == "is_null" || op == "not_null" {
				where = append(where, fmt.Sprintf(filterOps[op], engine.QuoteIdent(name)))
			} else {
				where = append(where, fmt.Sprintf(filterOps[op], engine.QuoteIdent(name), param(val)))
			}
		}
		if conds != nil {
			where = append(where, conds(param)...)
		}
		q := "select " + strings.Join(cols, ", ") + " from " + qualified(t.Schema, t.Name)
		if len(where) > 0 {
			q += " where " + strings.Join(where, " and ")
		}
		if len(order) > 0 {
			q += " order by " + strings.Join(order, ", ")
		}
		return segment{query: q, args: args, offset: offset}
	}
	pk := t.PrimaryKey
	if len(pk) == 0 {
		var order []string
		if sort != "" {
			order = append(order, engine.QuoteIdent(sort)+" "+dir)
		}
		return []segment{build(nil, order, cur.Offset)}, nil
	}
	if cur.Key != nil && len(cur.Key) != len(pk) {
		return nil, bad("after is not a cursor of this table")
	}
	var pkOrder []string
	for _, k := range pk {
		pkOrder = append(pkOrder, engine.QuoteIdent(k)+" "+dir)
	}
	// keyAfter is "the primary key comes after the cursor's" in the
	// page's direction, lexicographic over the key's columns.
	keyAfter := func(param func(any) string) string {
		term := ""
		for i := len(pk) - 1; i >= 0; i-- {
			c := engine.QuoteIdent(pk[i])
			v := param(str(cur.Key[i]))
			t := fmt.Sprintf("%s %s %s", c, more, v)
			if term != "" {
				t = fmt.Sprintf("(%s or (%s = %s and %s))", t, c, v, term)
			}
			term = t
		}
		return term
	}
	if sort == "" || (len(pk) == 1 && pk[0] == sort) {
		var conds func(func(any) string) []string
		if cur.Key != nil {
			conds = func(p func(any) string) []string { return []string{keyAfter(p)} }
		}
		return []segment{build(conds, pkOrder, 0)}, nil
	}
	c := engine.QuoteIdent(sort)
	order := append([]string{c + " " + dir}, pkOrder...)
	values := func(after bool) segment {
		return build(func(p func(any) string) []string {
			if !after {
				return []string{c + " is not null"}
			}
			v := p(*cur.Sort)
			return []string{fmt.Sprintf("%s %s= %s", c, more, v), fmt.Sprintf("(%s %s %s or %s)", c, more, v, keyAfter(p))}
		}, order, 0)
	}
	nulls := func(after bool) segment {
		return build(func(p func(any) string) []string {
			if !after {
				return []string{c + " is null"}
			}
			return []string{c + " is null", keyAfter(p)}
		}, pkOrder, 0)
	}
	nullable := t.column(sort).Nullable
	inNulls := cur.Key != nil && cur.Sort == nil
	var segs []segment
	switch {
	case !desc && inNulls:
		segs = []segment{nulls(true)}
	case !desc:
		segs = []segment{values(cur.Key != nil)}
		if nullable {
			segs = append(segs, nulls(false))
		}
	case desc && inNulls:
		segs = []segment{nulls(true), values(false)}
	case cur.Key != nil:
		segs = []segment{values(true)}
	default:
		segs = []segment{values(false)}
		if nullable {
			segs = append([]segment{nulls(false)}, segs...)
		}
	}
	return segs, nil
}
