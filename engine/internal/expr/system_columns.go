package expr

import (
	"context"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// System columns of a row an INSERT writes (docs 5.5), for its RETURNING
// list: xmin is the inserting transaction's id, and xmax is 0 for a row
// the statement inserted. INSERT ... ON CONFLICT DO UPDATE runs its
// update under WithUpdatedXmax, so the row it updated reports the
// transaction's id as PostgreSQL's does (the locker's id it leaves in the
// new version), which makes `RETURNING (xmax = 0) AS inserted` tell the
// two apart.

type updatedXmaxKey struct{}

// WithUpdatedXmax returns ctx for the update step of an upsert: the
// InsertedXmax expressions evaluated under it return xid.
func WithUpdatedXmax(ctx *sql.Context, xid uint32) *sql.Context {
	return ctx.WithContext(context.WithValue(ctx.Context, updatedXmaxKey{}, xid))
}

// StorageTxnOf returns the storage transaction of ctx's session.
func StorageTxnOf(ctx *sql.Context) (*storage.Txn, error) {
	if ctx != nil && ctx.Session != nil {
		if s, ok := ctx.Session.(storage.Session); ok {
			if t := s.StorageTxn(); t != nil {
				return t, nil
			}
		}
	}
	return nil, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "no transaction")
}

// InsertedSystemColumn is xmin or xmax of the row an INSERT's RETURNING
// list reads.
type InsertedSystemColumn struct {
	base
	Name string // "xmin" or "xmax"
}

// NewInsertedSystemColumn returns the system column name (xmin or xmax).
func NewInsertedSystemColumn(name string) *InsertedSystemColumn {
	return &InsertedSystemColumn{base: base{types.Xid}, Name: name}
}

func (c *InsertedSystemColumn) IsNullable() bool           { return false }
func (c *InsertedSystemColumn) Children() []sql.Expression { return nil }
func (c *InsertedSystemColumn) String() string             { return c.Name }
func (c *InsertedSystemColumn) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	if len(ch) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(ch), 0)
	}
	return c, nil
}

// Eval implements sql.Expression.
func (c *InsertedSystemColumn) Eval(ctx *sql.Context, _ sql.Row) (any, error) {
	if c.Name == "xmax" {
		if xid, ok := ctx.Value(updatedXmaxKey{}).(uint32); ok {
			return xid, nil
		}
		return uint32(0), nil
	}
	t, err := StorageTxnOf(ctx)
	if err != nil {
		return nil, err
	}
	return t.XID(), nil
}

// xid = integer and xid <> integer (xideqint4), for `xmax = 0`: PostgreSQL
// has no cast from integer to xid.
func init() {
	eq := func(a, b any) bool { return a.(uint32) == uint32(b.(int32)) }
	addOp("=", types.Xid, types.Int4, types.Bool, func(_ *types.Env, a, b any) (any, error) { return eq(a, b), nil })
	addOp("<>", types.Xid, types.Int4, types.Bool, func(_ *types.Env, a, b any) (any, error) { return !eq(a, b), nil })
}

// AddTransactionIDFuncs adds txid_current and pg_current_xact_id (docs
// 9.26, "Transaction ID and Snapshot Information Functions"), which
// assign the calling transaction an id if it has none, and
// pg_current_xact_id_if_assigned and txid_current_if_assigned, which do
// not. A family of session.Builtins.
func AddTransactionIDFuncs(r *Registry) {
	xid := func(ctx *sql.Context) (uint32, error) {
		t, err := StorageTxnOf(ctx)
		if err != nil {
			return 0, err
		}
		return t.XID(), nil
	}
	r.Add("txid_current", FuncImpl{Result: Fixed(types.Int8), Volatile: true, Fn: func(ctx *sql.Context, _ *types.Env, _ []any) (any, error) {
		id, err := xid(ctx)
		return int64(id), err
	}})
	r.Add("pg_current_xact_id", FuncImpl{Result: Fixed(types.Xid8), Volatile: true, Fn: func(ctx *sql.Context, _ *types.Env, _ []any) (any, error) {
		id, err := xid(ctx)
		return int64(id), err
	}})
	ifAssigned := func(ctx *sql.Context, _ *types.Env, _ []any) (any, error) {
		t, err := StorageTxnOf(ctx)
		if err != nil {
			return nil, err
		}
		if id := t.CurrentXID(); id != 0 {
			return int64(id), nil
		}
		return nil, nil
	}
	r.Add("pg_current_xact_id_if_assigned", FuncImpl{Result: Fixed(types.Xid8), Volatile: true, Fn: ifAssigned})
	r.Add("txid_current_if_assigned", FuncImpl{Result: Fixed(types.Int8), Volatile: true, Fn: ifAssigned})
}

// SystemColumn is ctid, xmin or xmax of a table's row in a query (docs
// 5.5): its children are the row's primary key columns (every column for
// a table without one), by which it finds the row's current version in
// the transaction's state. xmax is 0: a row version a query sees was
// neither deleted nor locked by a transaction that could still commit.
type SystemColumn struct {
	base
	Name          string
	Schema, Table string
	Key           []sql.Expression
}

// NewSystemColumn returns system column name ("ctid", "xmin", "xmax",
// "cmin" or "cmax") of schema.table's row identified by key.
func NewSystemColumn(name, schema, table string, key []sql.Expression) *SystemColumn {
	typ := types.Xid
	switch name {
	case "ctid":
		typ = types.TIDType
	case "cmin", "cmax":
		typ = types.Cid
	}
	return &SystemColumn{base: base{typ}, Name: name, Schema: schema, Table: table, Key: key}
}

func (c *SystemColumn) Children() []sql.Expression { return c.Key }
func (c *SystemColumn) String() string             { return c.Name }
func (c *SystemColumn) WithChildren(ch ...sql.Expression) (sql.Expression, error) {
	if len(ch) != len(c.Key) {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(ch), len(c.Key))
	}
	n := *c
	n.Key = ch
	return &n, nil
}

// Eval implements sql.Expression; NULL when the row is not (or no longer)
// in the table, e.g. the null-extended side of an outer join.
func (c *SystemColumn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if c.Name == "xmax" {
		return uint32(0), nil
	}
	key := make(sql.Row, len(c.Key))
	allNull := true
	for i, k := range c.Key {
		v, err := k.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		key[i], allNull = v, allNull && v == nil
	}
	if allNull {
		return nil, nil
	}
	if c.Name == "cmin" || c.Name == "cmax" {
		// tinybase keeps no command ids in row versions: every row reads
		// as the first command of its transaction wrote it, as a row
		// another transaction committed does in PostgreSQL
		return uint32(0), nil
	}
	t, err := StorageTxnOf(ctx)
	if err != nil {
		return nil, err
	}
	id, xmin, ok, err := t.RowVersion(c.Schema, c.Table, key)
	if err != nil || !ok {
		return nil, err
	}
	if c.Name == "ctid" {
		return types.FormatTID(id.Block, id.Offset), nil
	}
	return xmin, nil
}
