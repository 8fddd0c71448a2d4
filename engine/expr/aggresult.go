package expr

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/shopspring/decimal"
	"github.com/tinybase/tinybase/engine/pgerror"
	"github.com/tinybase/tinybase/engine/types"
)

// AggResult wraps an aggregate GMS computes (count, sum, avg, min, max)
// and gives its result PostgreSQL's type: count → bigint, sum(int2/int4)
// → bigint, sum(int8/numeric) → numeric, avg(integers/numeric) → numeric,
// sum/avg(float) → double precision, min/max → the argument's type.
type AggResult struct {
	base
	Agg  sql.Expression
	name string
}

// NewAggResult types a GMS aggregate.
func NewAggResult(name string, arg *types.Type, agg sql.Expression) (sql.Expression, error) {
	var t *types.Type
	switch name {
	case "count":
		t = types.Int8
	case "sum", "avg":
		if arg == nil {
			return nil, pgerror.New(pgerror.UndefinedFunction, "function %s() does not exist", name)
		}
		switch arg.Base().Kind {
		case types.KindInt2, types.KindInt4:
			t = map[string]*types.Type{"sum": types.Int8, "avg": types.Numeric}[name]
		case types.KindInt8, types.KindNumeric:
			t = types.Numeric
		case types.KindFloat4:
			t = map[string]*types.Type{"sum": types.Float4, "avg": types.Float8}[name]
		case types.KindFloat8:
			t = types.Float8
		case types.KindInterval:
			t = types.Interval
		default:
			return nil, errUndefinedFunction(name, []*types.Type{arg})
		}
	default:
		if arg == nil {
			arg = types.Unknown
		}
		t = arg
	}
	return &AggResult{base{t}, agg, name}, nil
}

func (a *AggResult) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := a.Agg.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	switch a.typ.Kind {
	case types.KindNumeric:
		switch x := v.(type) {
		case decimal.Decimal:
			if a.name == "avg" {
				return avgScale(x), nil
			}
			return x, nil
		case float64:
			d := decimal.NewFromFloat(x)
			if a.name == "avg" {
				return avgScale(d), nil
			}
			return d, nil
		}
	case types.KindInt8:
		switch x := v.(type) {
		case float64:
			return int64(x), nil
		case decimal.Decimal:
			return x.IntPart(), nil
		}
	}
	return FromGMSValue(a.typ, v)
}

// avgScale rounds an average to PostgreSQL's display scale (16 digits for
// typical integer averages).
func avgScale(d decimal.Decimal) decimal.Decimal {
	q, _ := NumericDiv(d, decimal.NewFromInt(1))
	return q
}

func (a *AggResult) Children() []sql.Expression { return []sql.Expression{a.Agg} }
func (a *AggResult) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	return &AggResult{a.base, c[0], a.name}, nil
}
func (a *AggResult) String() string { return fmt.Sprintf("%s", a.Agg) }
