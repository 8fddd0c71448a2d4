package translate

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// funcParam is one named parameter of a built-in function (pg_proc's
// proargnames); def, when set, is its default (proargdefaults).
type funcParam struct {
	name string
	def  func(t *Translator) sqlparser.Expr
}

func zeroInt(t *Translator) sqlparser.Expr   { return t.literal(types.Int4, int32(0)) }
func zeroFloat(t *Translator) sqlparser.Expr { return t.literal(types.Float8, float64(0)) }
func zeroInt8(t *Translator) sqlparser.Expr  { return t.literal(types.Int8, int64(0)) }

// namedParams lists the built-ins whose parameters have names callers use
// (docs 4.3.2, named notation) or defaults.
var namedParams = map[string][]funcParam{
	"make_interval": {{"years", zeroInt}, {"months", zeroInt}, {"weeks", zeroInt}, {"days", zeroInt},
		{"hours", zeroInt}, {"mins", zeroInt}, {"secs", zeroFloat}},
	"make_date":            {{name: "year"}, {name: "month"}, {name: "day"}},
	"make_time":            {{name: "hour"}, {name: "min"}, {name: "sec"}},
	"make_timestamp":       {{name: "year"}, {name: "month"}, {name: "mday"}, {name: "hour"}, {name: "min"}, {name: "sec"}},
	"make_timestamptz":     {{name: "year"}, {name: "month"}, {name: "mday"}, {name: "hour"}, {name: "min"}, {name: "sec"}, {name: "timezone"}},
	"pg_terminate_backend": {{name: "pid"}, {"timeout", zeroInt8}},
}

// funcArgs translates a call's arguments, placing named arguments
// (name => value) at their parameters and filling omitted parameters
// that have defaults. ok is false when the call matches no parameter
// list; the caller then reports the function as undefined.
func (t *Translator) funcArgs(name string, f *pg.FuncCall) (args []sqlparser.Expr, ok bool) {
	params, known := namedParams[name]
	named := false
	seen := map[string]bool{}
	for _, a := range f.Args {
		if na, isNamed := a.Node.(*pg.Node_NamedArgExpr); isNamed {
			named = true
			if seen[na.NamedArgExpr.Name] {
				failAt(na.NamedArgExpr.Location, pgerror.SyntaxError, "argument name %q used more than once", na.NamedArgExpr.Name)
			}
			seen[na.NamedArgExpr.Name] = true
		}
	}
	if !known || (!named && len(f.Args) >= len(params)) {
		if named {
			return nil, false
		}
		return t.scalars(f.Args), true
	}
	slots := make([]sqlparser.Expr, len(params))
	for i, a := range f.Args {
		na, isNamed := a.Node.(*pg.Node_NamedArgExpr)
		if !isNamed {
			if i >= len(params) {
				return nil, false
			}
			slots[i] = t.scalar(a)
			continue
		}
		j := -1
		for k, p := range params {
			if p.name == na.NamedArgExpr.Name {
				j = k
			}
		}
		if j < 0 || slots[j] != nil {
			return nil, false
		}
		slots[j] = t.scalar(na.NamedArgExpr.Arg)
	}
	for i, s := range slots {
		if s != nil {
			continue
		}
		if params[i].def != nil {
			slots[i] = params[i].def(t)
			continue
		}
		// an omitted parameter without a default ends the call if no
		// later one was given: a shorter overload may take it
		// (make_timestamptz without timezone)
		for _, later := range slots[i+1:] {
			if later != nil {
				return nil, false
			}
		}
		return slots[:i], true
	}
	return slots, true
}

// undefinedCall reports a call that matches no parameter list, naming its
// arguments as PostgreSQL does ("name => type" for named ones).
func (t *Translator) undefinedCall(name string, f *pg.FuncCall) sqlparser.Expr {
	var labels []string
	var vals []*pg.Node
	for _, a := range f.Args {
		if na, ok := a.Node.(*pg.Node_NamedArgExpr); ok {
			labels = append(labels, na.NamedArgExpr.Name+" => ")
			vals = append(vals, na.NamedArgExpr.Arg)
		} else {
			labels = append(labels, "")
			vals = append(vals, a)
		}
	}
	return t.inject(name, f.Location, t.scalars(vals), func(c []sql.Expression) (sql.Expression, error) {
		parts := make([]string, len(c))
		for i, e := range c {
			parts[i] = labels[i] + expr.TypeOf(e).FormatType()
		}
		return nil, pgerror.New(pgerror.UndefinedFunction, "function %s does not exist", fmt.Sprintf("%s(%s)", name, strings.Join(parts, ", "))).
			WithHint("No function matches the given name and argument types. You might need to add explicit type casts.")
	})
}
