package session

import (
	"fmt"
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Disk space functions (PostgreSQL docs 9.27.7): sizes of relations from
// pgcatalog's page model (relsize.go) and pg_size_pretty.
func addSizeFuncs(r *expr.Registry) {
	// size answers one function over a relation named by regclass (a
	// relation's name in tinybase's representation) from its model.
	size := func(pick func(pgcatalog.RelSize) int64) func(*sql.Context, *types.Env, []any) (any, error) {
		return func(ctx *sql.Context, env *types.Env, a []any) (any, error) {
			oid, err := regclassOID(a[0], env)
			if err != nil {
				return nil, err
			}
			if len(a) > 1 {
				switch a[1] {
				case "main":
				case "fsm":
					pick = func(s pgcatalog.RelSize) int64 { return s.FSM }
				case "vm", "init": // no visibility map (VACUUM's) or unlogged relations
					pick = func(pgcatalog.RelSize) int64 { return 0 }
				default:
					return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid fork name").
						WithHint(`Valid fork names are "main", "fsm", "vm", and "init".`)
				}
			}
			return withState(func(st *pgcatalog.State, _ []any) (any, error) {
				sz, ok, err := st.RelationSizeByOID(oid)
				if err != nil || !ok {
					return nil, err
				}
				return pick(sz), nil
			})(ctx, env, a)
		}
	}
	rel := []*types.Type{types.Regclass}
	// pg_column_size(any): a value read straight from a table column
	// counts as stored (short header, TOAST compression)
	r.Add("pg_column_size", expr.FuncImpl{Args: []*types.Type{nil}, KeepUnknown: true, Result: expr.Fixed(types.Int4),
		WithExprs: func(_ *sql.Context, es []sql.Expression, ats []*types.Type, a []any) (any, error) {
			_, stored := es[0].(*expression.GetField)
			return pgcatalog.ColumnSize(ats[0], a[0], stored)
		}})
	r.Add("pg_relation_size", expr.FuncImpl{Args: rel, Result: expr.Fixed(types.Int8), Volatile: true,
		Fn: size(func(s pgcatalog.RelSize) int64 { return s.Main })})
	r.Add("pg_relation_size", expr.FuncImpl{Args: []*types.Type{types.Regclass, types.Text}, Result: expr.Fixed(types.Int8), Volatile: true,
		Fn: size(func(s pgcatalog.RelSize) int64 { return s.Main })})
	r.Add("pg_table_size", expr.FuncImpl{Args: rel, Result: expr.Fixed(types.Int8), Volatile: true,
		Fn: size(func(s pgcatalog.RelSize) int64 { return s.Main + s.FSM + s.Toast })})
	r.Add("pg_indexes_size", expr.FuncImpl{Args: rel, Result: expr.Fixed(types.Int8), Volatile: true,
		Fn: size(func(s pgcatalog.RelSize) int64 { return s.Indexes })})
	r.Add("pg_total_relation_size", expr.FuncImpl{Args: rel, Result: expr.Fixed(types.Int8), Volatile: true,
		Fn: size(func(s pgcatalog.RelSize) int64 { return s.Main + s.FSM + s.Toast + s.Indexes })})

	dbSize := func(match func(st *pgcatalog.State, arg any) bool) func(*sql.Context, *types.Env, []any) (any, error) {
		return withState(func(st *pgcatalog.State, a []any) (any, error) {
			if !match(st, a[0]) {
				if name, ok := a[0].(string); ok {
					return nil, pgerror.New(pgerror.InvalidCatalogName, "database \"%s\" does not exist", name)
				}
				return nil, nil // an unknown OID: NULL, as PostgreSQL answers
			}
			return st.DatabaseSize()
		})
	}
	r.Add("pg_database_size", expr.FuncImpl{Args: []*types.Type{types.Name}, Result: expr.Fixed(types.Int8), Volatile: true,
		Fn: dbSize(func(st *pgcatalog.State, a any) bool { return a == st.Database })})
	r.Add("pg_database_size", expr.FuncImpl{Args: []*types.Type{types.Oid}, Result: expr.Fixed(types.Int8), Volatile: true,
		Fn: dbSize(func(st *pgcatalog.State, a any) bool { return a == pgcatalog.DatabaseOID })})

	r.Add("pg_size_pretty", expr.FuncImpl{Args: []*types.Type{types.Int8}, Result: expr.Fixed(types.Text),
		Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return sizePretty(a[0].(int64)), nil }})
	r.Add("pg_size_pretty", expr.FuncImpl{Args: []*types.Type{types.Numeric}, Result: expr.Fixed(types.Text),
		Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) {
			d, ok := a[0].(decimal.Decimal)
			if !ok { // NaN and the infinities stay themselves, in the largest unit
				return types.Output(types.Numeric, a[0], nil) + " PB", nil
			}
			return sizePrettyNumeric(d), nil
		}})
}

// regclassOID is a regclass value's OID; a number (the regclass of an
// OID no relation has) is that OID.
func regclassOID(v any, env *types.Env) (uint32, error) {
	if s, ok := v.(string); ok {
		if n, err := strconv.ParseUint(s, 10, 32); err == nil {
			return uint32(n), nil
		}
	}
	o, err := types.Cast(v, types.Regclass, types.Oid, true, env)
	if err != nil {
		return 0, err
	}
	oid, _ := o.(uint32)
	return oid, nil
}

// sizeUnits are pg_size_pretty's units: a value is shown in the first
// whose limit its absolute value is under, halved and rounded (away from
// zero) in every unit but bytes.
var sizeUnits = []struct {
	name  string
	limit int64
	round bool
	bits  uint
}{
	{"bytes", 10 * 1024, false, 0},
	{"kB", 20*1024 - 1, true, 10},
	{"MB", 20*1024 - 1, true, 20},
	{"GB", 20*1024 - 1, true, 30},
	{"TB", 20*1024 - 1, true, 40},
	{"PB", 20*1024 - 1, true, 50},
}

// shiftTo is the bits to divide by moving from unit i to unit i+1: one
// fewer when the next unit rounds by halves, one more when this one did.
func shiftTo(i int) uint {
	u, next := sizeUnits[i], sizeUnits[i+1]
	bits := next.bits - u.bits
	if next.round {
		bits--
	}
	if u.round {
		bits++
	}
	return bits
}

func sizePretty(size int64) string {
	for i, u := range sizeUnits {
		abs := size
		if abs < 0 {
			abs = -abs
		}
		if i == len(sizeUnits)-1 || abs < u.limit {
			if u.round {
				if size < 0 {
					size = (size - 1) / 2
				} else {
					size = (size + 1) / 2
				}
			}
			return fmt.Sprintf("%d %s", size, u.name)
		}
		size /= int64(1) << shiftTo(i)
	}
	return ""
}

func sizePrettyNumeric(size decimal.Decimal) string {
	two := decimal.NewFromInt(2)
	for i, u := range sizeUnits {
		if i == len(sizeUnits)-1 || size.Abs().LessThan(decimal.NewFromInt(u.limit)) {
			if u.round {
				if size.Sign() < 0 {
					size, _ = size.Sub(decimal.NewFromInt(1)).QuoRem(two, 0)
				} else {
					size, _ = size.Add(decimal.NewFromInt(1)).QuoRem(two, 0)
				}
			}
			return types.Output(types.Numeric, size, nil) + " " + u.name
		}
		size, _ = size.QuoRem(decimal.NewFromInt(int64(1)<<shiftTo(i)), 0)
	}
	return ""
}
