package extensions

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// connectbyWalk is one connectby call: the tree walk's fixed parts.
type connectbyWalk struct {
	c                         routine.Caller
	cols                      []routine.Column
	rel, key, parent, orderBy string
	delim                     string
	maxDepth                  int
	showBranch, showSerial    bool
	serial                    int
	out                       [][]any
}

// connectby is connectby(relname, keyid_fld, parent_keyid_fld
// [, orderby_fld], start_with, max_depth [, branch_delim]): the
// connectby_text_serial forms are those with an ordering column.
func connectby(ctx context.Context, c routine.Caller, fn *catalog.Function, a []any) ([][]any, error) {
	cb := &connectbyWalk{c: c, rel: a[0].(string), key: a[1].(string), parent: a[2].(string), delim: "~"}
	rest := a[3:]
	if fn.Body == "connectby_text_serial" {
		cb.orderBy, cb.showSerial = rest[0].(string), true
		rest = rest[1:]
	}
	start, depth := rest[0].(string), rest[1].(int32)
	cb.maxDepth = int(depth)
	if len(rest) == 3 {
		cb.delim, cb.showBranch = rest[2].(string), true
	}
	cb.cols = routine.Expected(ctx)
	if cb.cols == nil {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "materialize mode required, but it is not allowed in this context")
	}
	if err := cb.validate(); err != nil {
		return nil, err
	}
	if err := cb.walk(ctx, start, start, 0); err != nil {
		return nil, err
	}
	return cb.out, nil
}

// validate checks the column definition list as PostgreSQL 15's
// validateConnectbyTupleDesc does.
func (cb *connectbyWalk) validate() error {
	bad := func(detail string) error {
		return pgerror.New(pgerror.DatatypeMismatch, "invalid return type").WithDetail("%s", detail)
	}
	want := 3
	if cb.showBranch {
		want++
	}
	if cb.showSerial {
		want++
	}
	cols := cb.cols
	if len(cols) != want {
		return bad("Query-specified return tuple has wrong number of columns.")
	}
	if cols[0].Type.OID != cols[1].Type.OID {
		return bad("First two columns must be the same type.")
	}
	if cols[2].Type.OID != types.Int4.OID {
		return bad("Third column must be type integer.")
	}
	if cb.showBranch && cols[3].Type.OID != types.Text.OID {
		return bad("Fourth column must be type text.")
	}
	if cb.showSerial {
		i, nth := 3, "fourth"
		if cb.showBranch {
			i, nth = 4, "fifth"
		}
		if cols[i].Type.OID != types.Int4.OID {
			return pgerror.New(pgerror.DatatypeMismatch, "query-specified return tuple not valid for Connectby: %s column must be type integer", nth)
		}
	}
	return nil
}

// emit adds a result row from its texts.
func (cb *connectbyWalk) emit(key, parent *string, level int, branch string) error {
	lv := strconv.Itoa(level)
	vals := []*string{key, parent, &lv}
	if cb.showBranch {
		vals = append(vals, &branch)
	}
	if cb.showSerial {
		s := strconv.Itoa(cb.serial)
		cb.serial++
		vals = append(vals, &s)
	}
	row, err := buildRow(cb.c, cb.cols, vals)
	if err != nil {
		return err
	}
	cb.out = append(cb.out, row)
	return nil
}

// walk adds the rows under start (the root itself at level 0), depth
// first, children in the order of the query (ORDER BY orderby_fld), as
// build_tuplestore_recursively does: one query per node, the names
// spliced into its text as given.
func (cb *connectbyWalk) walk(ctx context.Context, start, branch string, level int) error {
	if cb.maxDepth > 0 && level > cb.maxDepth {
		return nil
	}
	if err := cb.c.Err(ctx); err != nil {
		return err
	}
	q := fmt.Sprintf("SELECT %s, %s FROM %s WHERE %s = %s AND %s IS NOT NULL AND %s <> %s",
		cb.key, cb.parent, cb.rel, cb.parent, quoteLiteralC(start), cb.key, cb.key, cb.parent)
	if cb.showSerial {
		q += " ORDER BY " + cb.orderBy
	}
	if level == 0 {
		if cb.serial == 0 {
			cb.serial = 1
		}
		if err := cb.emit(&start, nil, 0, start); err != nil {
			return err
		}
		level++
	}
	res, ok, err := spiSelect(ctx, cb.c, q)
	if err != nil || !ok {
		return err
	}
	if err := cb.compat(res.Columns); err != nil {
		return err
	}
	ancestors := cb.delim + branch + cb.delim
	for _, r := range res.Rows {
		key := cstring(cb.c, res.Columns[0].Type, r[0])
		parent := cstring(cb.c, res.Columns[1].Type, r[1])
		cur := branch
		if key != nil {
			if strings.Contains(ancestors, cb.delim+*key+cb.delim) {
				return pgerror.New(pgerror.InvalidRecursion, "infinite recursion detected")
			}
			cur = branch + cb.delim + *key
		}
		if err := cb.emit(key, parent, level, cur); err != nil {
			return err
		}
		if key != nil {
			if err := cb.walk(ctx, *key, cur, level+1); err != nil {
				return err
			}
		}
	}
	return nil
}

// compat is PostgreSQL 15's compatConnectbyTupleDescs, whose details
// name the two types the other way round.
func (cb *connectbyWalk) compat(src []routine.Column) error {
	for i, what := range []string{"key", "parent key"} {
		if src[i].Type.OID != cb.cols[i].Type.OID {
			return pgerror.New(pgerror.DatatypeMismatch, "invalid return type").
				WithDetail("SQL %s field type %s does not match return %s field type %s.", what,
					cb.cols[i].Type.FormatTypeNoMod(), what, src[i].Type.FormatTypeNoMod())
		}
	}
	return nil
}

// quoteLiteralC is quote_literal_cstr: quotes doubled, and with a
// backslash the E” form with backslashes doubled.
func quoteLiteralC(s string) string {
	q := strings.ReplaceAll(s, "'", "''")
	if strings.Contains(s, `\`) {
		return "E'" + strings.ReplaceAll(q, `\`, `\\`) + "'"
	}
	return "'" + q + "'"
}
