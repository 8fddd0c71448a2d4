package gmsadapter

import (
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// An INSERT ... SELECT whose SELECT reads the table it inserts into must
// not see its own rows: PostgreSQL's SELECT reads the snapshot the
// statement started with. GMS inserts each row as its source produces
// it, and an index lookup of the source (NOT EXISTS (SELECT 1 FROM t x
// WHERE x.k = s.k)) found the rows inserted before it. Such a source is
// read to the end before the first row goes in (drainedSource). So are
// the rows of an UPDATE or DELETE that reads its table a second time (a
// subquery, a self-join): it saw the rows it had already changed.

// drainedSource is an INSERT's source read whole before its rows are
// handed out.
type drainedSource struct {
	plan.UnaryNode
}

var _ sql.Node = (*drainedSource)(nil)

func (d *drainedSource) Schema() sql.Schema { return d.Child.Schema() }
func (d *drainedSource) IsReadOnly() bool   { return d.Child.IsReadOnly() }
func (d *drainedSource) String() string     { return "DrainedSource(" + d.Child.String() + ")" }
func (d *drainedSource) WithChildren(c ...sql.Node) (sql.Node, error) {
	if len(c) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(c), 1)
	}
	return &drainedSource{UnaryNode: plan.UnaryNode{Child: c[0]}}, nil
}

// drainInsertSource returns ii with its source drained first when the
// source reads ii's table, or nil.
func drainInsertSource(ii *plan.InsertInto) *plan.InsertInto {
	if ii.Source == nil {
		return nil
	}
	if _, done := ii.Source.(*drainedSource); done {
		return nil
	}
	if _, values := ii.Source.(*plan.Values); values {
		return nil
	}
	dest, ok := tableName(ii.Destination)
	if !ok || !readsTable(ii.Source, dest) {
		return nil
	}
	return ii.WithSource(&drainedSource{UnaryNode: plan.UnaryNode{Child: ii.Source}})
}

// drainUpdateSource returns u with its rows drained first when they
// read u's table more than once, or nil.
func drainUpdateSource(u *plan.Update) *plan.Update {
	if _, done := u.Child.(*drainedSource); done {
		return nil
	}
	t, err := plan.GetUpdatable(u.Child)
	if err != nil || t == nil || tableReads(u.Child, t.Name()) < 2 {
		return nil
	}
	out, err := u.WithChildren(&drainedSource{UnaryNode: plan.UnaryNode{Child: u.Child}})
	if err != nil {
		return nil
	}
	return out.(*plan.Update)
}

// drainDeleteSource is drainUpdateSource for a DELETE.
func drainDeleteSource(d *plan.DeleteFrom) *plan.DeleteFrom {
	if _, done := d.Child.(*drainedSource); done {
		return nil
	}
	for _, target := range d.GetDeleteTargets() {
		t, err := plan.GetDeletable(target)
		if err != nil || t == nil {
			return nil
		}
		if tableReads(d.Child, t.Name()) >= 2 {
			out, err := d.WithChildren(&drainedSource{UnaryNode: plan.UnaryNode{Child: d.Child}})
			if err != nil {
				return nil
			}
			return out.(*plan.DeleteFrom)
		}
	}
	return nil
}

// tableName is the name of the table a node reads or writes (the first
// table access in it). Tables of one name in two schemas count as one:
// at worst a source is drained that needed not be.
func tableName(n sql.Node) (string, bool) {
	var name string
	transform.Inspect(n, func(c sql.Node) bool {
		if t, ok := c.(sql.TableNode); ok && name == "" && t.UnderlyingTable() != nil {
			name = t.UnderlyingTable().Name()
		}
		return c != nil && name == ""
	})
	return name, name != ""
}

// readsTable reports whether n, or a subquery of its expressions, reads
// the table named.
func readsTable(n sql.Node, name string) bool { return tableReads(n, name) > 0 }

// tableReads counts the accesses of n, and of the subqueries of its
// expressions, to the table named.
func tableReads(n sql.Node, name string) int {
	count := 0
	transform.Inspect(n, func(c sql.Node) bool {
		if c == nil {
			return false
		}
		if t, ok := c.(sql.TableNode); ok && t.UnderlyingTable() != nil && t.UnderlyingTable().Name() == name {
			count++
			return false
		}
		if ex, ok := c.(sql.Expressioner); ok {
			for _, e := range ex.Expressions() {
				sql.Inspect(e, func(x sql.Expression) bool {
					if sq, ok := x.(*plan.Subquery); ok && sq.Query != nil {
						count += tableReads(sq.Query, name)
						return false
					}
					return true
				})
			}
		}
		return true
	})
	return count
}

// buildDrained reads the whole source, then hands its rows out.
func (b *projectBuilder) buildDrained(ctx *sql.Context, d *drainedSource, row sql.Row) (sql.RowIter, error) {
	it, err := b.base.Build(ctx, d.Child, row)
	if err != nil {
		return nil, err
	}
	var rows []sql.Row
	for {
		r, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			_ = it.Close(ctx)
			return nil, err
		}
		rows = append(rows, r)
	}
	if err := it.Close(ctx); err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(rows...), nil
}
