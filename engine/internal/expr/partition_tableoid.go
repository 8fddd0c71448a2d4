package expr

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// PartitionRouter is implemented by a session that routes rows of
// partitioned tables: RowPartitionOID is the OID of the partition a row
// of schema.table (its columns names, values vals) is stored in.
type PartitionRouter interface {
	RowPartitionOID(ctx *sql.Context, schema, table string, names []string, vals []any) (uint32, error)
}

// PartitionTableOID is tableoid in the RETURNING list of a write through
// a partitioned table (docs 5.5): the partition the row was routed to,
// which for an INSERT or a row an UPDATE moved is not the table the
// statement names. Its children are the row's columns, Names theirs.
type PartitionTableOID struct {
	base
	Schema, Table string
	Names         []string
	Cols          []sql.Expression
}

// NewPartitionTableOID returns tableoid of a row of schema.table.
func NewPartitionTableOID(schema, table string, names []string, cols []sql.Expression) *PartitionTableOID {
	return &PartitionTableOID{base: base{types.Oid}, Schema: schema, Table: table, Names: names, Cols: cols}
}

func (c *PartitionTableOID) IsNullable() bool           { return false }
func (c *PartitionTableOID) Children() []sql.Expression { return c.Cols }
func (c *PartitionTableOID) String() string             { return "tableoid" }
func (c *PartitionTableOID) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	if len(ch) != len(c.Cols) {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(ch), len(c.Cols))
	}
	n := *c
	n.Cols = ch
	return &n, nil
}

// Eval implements sql.Expression.
func (c *PartitionTableOID) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	vals := make([]any, len(c.Cols))
	for i, e := range c.Cols {
		v, err := e.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	r, ok := ctx.Session.(PartitionRouter)
	if !ok {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "tableoid of a partitioned table's row is not available here")
	}
	return r.RowPartitionOID(ctx, c.Schema, c.Table, c.Names, vals)
}
