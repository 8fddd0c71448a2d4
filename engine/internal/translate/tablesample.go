package translate

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/pghash"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// TABLESAMPLE (PostgreSQL docs, SELECT, "TABLESAMPLE"; tsm_system and
// tsm_bernoulli): `t TABLESAMPLE SYSTEM | BERNOULLI (percent) [REPEATABLE
// (seed)]` reads (SELECT * FROM t WHERE <sample>) AS t. As PostgreSQL's
// samplers do, BERNOULLI keeps a row when a hash of its (block, offset)
// tuple id and the seed falls under percent of the hash range, SYSTEM
// keeps every row of a block whose hash of (block, seed) does; the seed
// comes from REPEATABLE's float8 value, or is drawn per plan. tinybase's
// pages hold a different number of rows than PostgreSQL's, so the rows a
// given seed picks differ from PostgreSQL's; the sizes are alike.

// tableSampleQual marks the WHERE clause of the subquery a TABLESAMPLE
// item reads; its second field is the item's index in t.samples.
const tableSampleQual = "*tablesample*"

type tableSample struct {
	method string
	ctid   *pg.Node
	args   []*pg.Node
	repeat *pg.Node
	loc    int32
}

func (t *Translator) tableSample(ts *pg.RangeTableSample) sqlparser.TableExpr {
	rv := ts.Relation.GetRangeVar()
	if rv == nil {
		failAt(ts.Location, pgerror.FeatureNotSupported, "TABLESAMPLE on a subquery or function is not supported")
	}
	var method string
	if len(ts.Method) > 0 {
		method = strVal(ts.Method[len(ts.Method)-1])
	}
	if method != "system" && method != "bernoulli" {
		failAt(ts.Location, pgerror.UndefinedObject, "tablesample method %s does not exist", method)
	}
	if len(ts.Args) != 1 {
		failAt(ts.Location, pgerror.InvalidTablesampleArgument, "tablesample method %s requires 1 argument, not %d", method, len(ts.Args))
	}
	name := rv.Relname
	inner := pgtree.Clone(rv)
	outer := &pg.Alias{Aliasname: rv.Relname}
	if rv.Alias != nil {
		name = rv.Alias.Aliasname
		outer = rv.Alias
		inner.Alias = &pg.Alias{Aliasname: name}
	}
	cast := func(n *pg.Node, typ string) *pg.Node {
		return &pg.Node{Node: &pg.Node_TypeCast{TypeCast: &pg.TypeCast{Arg: n,
			TypeName: &pg.TypeName{Names: []*pg.Node{pg.MakeStrNode("pg_catalog"), pg.MakeStrNode(typ)}, Typemod: -1, Location: -1}, Location: -1}}}
	}
	spec := tableSample{method: method, loc: ts.Location,
		ctid: pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(name), pg.MakeStrNode("ctid")}, -1),
		args: []*pg.Node{cast(ts.Args[0], "float4")}}
	if ts.Repeatable != nil {
		spec.repeat = cast(ts.Repeatable, "float8")
	}
	t.samples = append(t.samples, spec)
	where := pg.MakeColumnRefNode([]*pg.Node{pg.MakeStrNode(tableSampleQual), pg.MakeStrNode(strconv.Itoa(len(t.samples) - 1))}, -1)
	sel := &pg.SelectStmt{Op: pg.SetOperation_SETOP_NONE,
		TargetList:  []*pg.Node{pg.MakeResTargetNodeWithVal(pg.MakeColumnRefNode([]*pg.Node{{Node: &pg.Node_AStar{AStar: &pg.A_Star{}}}}, -1), -1)},
		FromClause:  []*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: inner}}},
		WhereClause: where}
	return t.fromItem(&pg.Node{Node: &pg.Node_RangeSubselect{RangeSubselect: &pg.RangeSubselect{
		Subquery: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}}, Alias: outer}}})
}

// sampleColumn resolves the marker tableSample puts in its subquery's
// WHERE clause; nil for other column references.
func (t *Translator) sampleColumn(parts []string) sqlparser.Expr {
	if len(parts) != 2 || parts[0] != tableSampleQual {
		return nil
	}
	i, err := strconv.Atoi(parts[1])
	if err != nil || i < 0 || i >= len(t.samples) {
		return nil
	}
	spec := t.samples[i]
	children := []sqlparser.Expr{t.scalar(spec.ctid), t.scalar(spec.args[0])}
	if spec.repeat != nil {
		children = append(children, t.scalar(spec.repeat))
	}
	return t.inject("tablesample", spec.loc, children, func(c []sql.Expression) (sql.Expression, error) {
		s := &sampler{system: spec.method == "system", children: c}
		if len(c) < 3 {
			s.seed = rand.Uint32()
		}
		return s, nil
	})
}

// sampler is the sample condition over a row's ctid.
type sampler struct {
	system   bool
	children []sql.Expression // ctid, percent, [seed]
	seed     uint32           // without REPEATABLE
}

var _ sql.Expression = (*sampler)(nil)

func (s *sampler) Resolved() bool             { return true }
func (s *sampler) String() string             { return "tablesample" }
func (s *sampler) Type() sql.Type             { return types.Bool }
func (s *sampler) IsNullable() bool           { return false }
func (s *sampler) Children() []sql.Expression { return s.children }
func (s *sampler) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	n := *s
	n.children = c
	return &n, nil
}

// PGType lets expr.TypeOf see a boolean.
func (s *sampler) PGType() *types.Type { return types.Bool }

func (s *sampler) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	pv, err := s.children[1].Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if pv == nil {
		return nil, pgerror.New(pgerror.InvalidTablesampleArgument, "TABLESAMPLE parameter cannot be null")
	}
	pct, ok := toFloat(pv)
	if !ok || pct < 0 || pct > 100 || math.IsNaN(pct) {
		return nil, pgerror.New(pgerror.InvalidTablesampleArgument, "sample percentage must be between 0 and 100")
	}
	seed := s.seed
	if len(s.children) > 2 {
		sv, err := s.children[2].Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if sv == nil {
			return nil, pgerror.New(pgerror.InvalidTablesampleRepeat, "TABLESAMPLE REPEATABLE parameter cannot be null")
		}
		f, _ := toFloat(sv)
		seed = hashFloat8(f)
	}
	tv, err := s.children[0].Eval(ctx, row)
	if err != nil || tv == nil {
		return false, err
	}
	block, offset, ok := splitCtid(tv)
	if !ok {
		return false, nil
	}
	cutoff := uint64(math.RoundToEven(float64(uint64(1)<<32) * pct / 100))
	var h uint32
	if s.system {
		h = hashWords(block, seed)
	} else {
		h = hashWords(block, offset, seed)
	}
	return uint64(h) < cutoff, nil
}

func toFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float32:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// hashFloat8 turns REPEATABLE's value into a seed, 0 for zero as
// PostgreSQL's hashfloat8 gives it.
func hashFloat8(f float64) uint32 {
	if f == 0 {
		return 0
	}
	bits := math.Float64bits(f)
	return hashWords(uint32(bits), uint32(bits>>32))
}

// hashWords is Jenkins' lookup3 over up to three words (pghash's mix).
func hashWords(k ...uint32) uint32 {
	init := 0x9e3779b9 + uint32(4*len(k)) + 3923095
	a, b, c := init, init, init
	for i, w := range k {
		switch i {
		case 0:
			a += w
		case 1:
			b += w
		case 2:
			c += w
		}
	}
	_, _, c = pghash.Final(a, b, c)
	return c
}

// splitCtid reads block and offset from a tid value "(block,offset)".
func splitCtid(v any) (uint32, uint32, bool) {
	s, ok := v.(string)
	if !ok {
		return 0, 0, false
	}
	s = strings.TrimSuffix(strings.TrimPrefix(s, "("), ")")
	b, o, ok := strings.Cut(s, ",")
	if !ok {
		return 0, 0, false
	}
	bn, err1 := strconv.ParseUint(b, 10, 32)
	on, err2 := strconv.ParseUint(o, 10, 32)
	return uint32(bn), uint32(on), err1 == nil && err2 == nil
}
