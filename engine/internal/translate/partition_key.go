package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// partitionKey fills the key's parts from PARTITION BY's elements (docs:
// CREATE TABLE, "PARTITION BY"); cols are the new table's columns. A part
// is a column or an expression over the row, checked as PostgreSQL's
// transformPartitionSpec and ComputePartitionAttrs check it: every
// element's expression first (subqueries, set-returning functions,
// aggregates, window functions, unknown columns), then each part in
// order (columns that exist and are neither system nor generated
// columns; expressions that are immutable, read some column and no
// system column).
func (t *Translator) partitionKey(s *pg.CreateStmt, key *catalog.PartitionKey, cols []*sqlparser.ColumnDefinition) {
	if key.Strategy == 'l' && len(s.Partspec.PartParams) > 1 {
		// a hash key may have several columns (their hashes combined)
		failAt(s.Partspec.Location, pgerror.InvalidTableDefinition, "cannot use \"list\" partition strategy with more than one column")
	}
	for _, n := range s.TableElts {
		if c := n.GetConstraint(); c != nil && c.Contype == pg.ConstrType_CONSTR_CHECK && c.IsNoInherit {
			fail(pgerror.New(pgerror.InvalidTableDefinition, "cannot add NO INHERIT constraint to partitioned table %q", s.Relation.Relname))
		}
		if cd := n.GetColumnDef(); cd != nil {
			for _, cn := range cd.Constraints {
				if c := cn.GetConstraint(); c != nil && c.Contype == pg.ConstrType_CONSTR_CHECK && c.IsNoInherit {
					fail(pgerror.New(pgerror.InvalidTableDefinition, "cannot add NO INHERIT constraint to partitioned table %q", s.Relation.Relname))
				}
			}
		}
	}
	ti := &TableInfo{Name: s.Relation.Relname}
	sch := make(sql.Schema, len(cols))
	generated := map[string]bool{}
	for i, c := range cols {
		typ, _ := c.Type.ResolvedType.(*types.Type)
		ti.Columns = append(ti.Columns, ColumnInfo{Name: c.Name.String(), Type: typ})
		sch[i] = &sql.Column{Name: c.Name.String(), Type: typ, Nullable: !bool(c.Type.NotNull)}
		generated[c.Name.String()] = c.Type.GeneratedExpr != nil
	}
	elems := make([]*pg.PartitionElem, len(s.Partspec.PartParams))
	for i, n := range s.Partspec.PartParams {
		elems[i] = n.GetPartitionElem()
	}
	exprs := t.partitionKeyExprs(elems, ti)
	for i, e := range elems {
		name := e.Name
		if name == "" {
			if n, ok := plainColumn(e.Expr); ok && !systemColumns[n] {
				name = n
			}
		}
		if name != "" {
			if systemColumns[name] {
				failAt(e.Location, pgerror.InvalidObjectDefinition, "cannot use system column %q in partition key", name)
			}
			if _, ok := ti.Column(name); !ok {
				failAt(e.Location, pgerror.UndefinedColumn, "column %q named in partition key does not exist", name)
			}
			if generated[name] && e.Name != "" {
				fail(pgerror.New(pgerror.InvalidObjectDefinition, "cannot use generated column in partition key").
					WithDetail("Column %q is a generated column.", name).WithPosition(int(e.Location) + 1))
			}
			key.Columns = append(key.Columns, name)
			key.Exprs = append(key.Exprs, "")
			continue
		}
		if t.mutable(e.Expr) || t.mutableCasts(e.Expr, ti) {
			fail(pgerror.New(pgerror.InvalidObjectDefinition, "functions in partition key expression must be marked IMMUTABLE"))
		}
		used := exprColumns(e.Expr)
		for _, c := range used {
			if systemColumns[c] {
				if _, ok := ti.Column(c); !ok {
					fail(pgerror.New(pgerror.InvalidObjectDefinition, "partition key expressions cannot contain system column references"))
				}
			}
		}
		for _, c := range used {
			if generated[c] {
				fail(pgerror.New(pgerror.InvalidObjectDefinition, "cannot use generated column in partition key").
					WithDetail("Column %q is a generated column.", c).WithPosition(int(e.Location) + 1))
			}
		}
		if len(used) == 0 {
			fail(pgerror.New(pgerror.InvalidObjectDefinition, "cannot use constant expression as partition key"))
		}
		if _, err := ResolveOver(sch, exprs[i]); err != nil {
			fail(asPG(err))
		}
		key.Columns = append(key.Columns, "")
		key.Exprs = append(key.Exprs, exprSQL(e.Expr))
	}
	if !key.HasExprs() {
		key.Exprs = nil
	}
}

// partitionKeyExprs translates the key's expressions (nil for a column
// part) as transformPartitionSpec does. PostgreSQL analyzes them without
// the statement's text, so their errors carry no position.
func (t *Translator) partitionKeyExprs(elems []*pg.PartitionElem, ti *TableInfo) []sqlparser.Expr {
	defer func() {
		if r := recover(); r != nil {
			if e, ok := r.(*pgerror.Error); ok {
				e.Position = 0
			}
			panic(r)
		}
	}()
	exprs := make([]sqlparser.Expr, len(elems))
	for i, e := range elems {
		if e.Name != "" {
			continue
		}
		if hasNode(e.Expr, func(m any) bool { _, ok := m.(*pg.SubLink); return ok }) {
			fail(pgerror.New(pgerror.FeatureNotSupported, "cannot use subquery in partition key expression"))
		}
		t.collectSRFCalls(e.Expr, func(*pg.Node) {
			fail(pgerror.New(pgerror.FeatureNotSupported, "set-returning functions are not allowed in partition key expressions"))
		})
		for _, c := range exprColumns(e.Expr) {
			if _, ok := ti.Column(c); !ok && !systemColumns[c] {
				fail(pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", c))
			}
		}
		if name, ok := plainColumn(e.Expr); ok && !systemColumns[name] {
			continue // "(col)" is the column
		}
		t.inClause("partition key expressions", func() {
			exprs[i] = t.scalar(e.Expr)
		})
	}
	return exprs
}

// plainColumn is the column an expression is a bare reference to.
func plainColumn(n *pg.Node) (string, bool) {
	cr := n.GetColumnRef()
	if cr == nil || len(cr.Fields) != 1 || cr.Fields[0].GetString_() == nil {
		return "", false
	}
	return cr.Fields[0].GetString_().Sval, true
}

// PartitionKeyUses reports whether column col is one of the key's parts
// or is read by one of its expressions (ALTER TABLE may then neither drop
// it nor change its type).
func PartitionKeyUses(key *catalog.PartitionKey, col string) bool {
	for i, c := range key.Columns {
		if c == col {
			return true
		}
		if e := key.Expr(i); e != "" && contains(exprColumnsOf(e), col) {
			return true
		}
	}
	return false
}

// PartitionKeyEval is a partition key compiled over the rows of one
// table (the partitioned table's or one of its partitions', whose columns
// are the same by name): each part's type and value.
type PartitionKeyEval struct {
	Types []*types.Type
	parts []sql.Expression // nil: a column the rows lack (NULL)
}

// CompilePartitionKey resolves key's parts over rows of schema sch: a
// column part by name, an expression part translated from its source.
func (t *Translator) CompilePartitionKey(key *catalog.PartitionKey, sch sql.Schema) (*PartitionKeyEval, error) {
	out := &PartitionKeyEval{Types: make([]*types.Type, len(key.Columns)), parts: make([]sql.Expression, len(key.Columns))}
	for i, c := range key.Columns {
		out.Types[i] = types.Unknown
		if src := key.Expr(i); src != "" {
			v, err := t.ScalarSource(src)
			if err != nil {
				return nil, err
			}
			e, err := ResolveOver(sch, v)
			if err != nil {
				return nil, err
			}
			out.parts[i], out.Types[i] = e, expr.TypeOf(e)
			continue
		}
		if j := sch.IndexOfColName(c); j >= 0 {
			out.Types[i] = expr.FromGMSType(sch[j].Type)
			out.parts[i] = expression.NewGetField(j, sch[j].Type, c, true)
		}
	}
	return out, nil
}

// Values are a row's partition key values.
func (k *PartitionKeyEval) Values(ctx *sql.Context, row sql.Row) ([]any, error) {
	out := make([]any, len(k.parts))
	for i, p := range k.parts {
		if p == nil {
			continue
		}
		if g, ok := p.(*expression.GetField); ok && g.Index() >= len(row) {
			continue
		}
		v, err := p.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// tableSchema is a table's columns as a row schema, for resolving an
// expression over its rows.
func tableSchema(ti *TableInfo) sql.Schema {
	sch := make(sql.Schema, len(ti.Columns))
	for i, c := range ti.Columns {
		sch[i] = &sql.Column{Name: c.Name, Type: c.Type, Nullable: c.Nullable}
	}
	return sch
}

// ResolveOver resolves a translated expression against a table's row:
// column references become fields of the row, injected tinybase
// expressions are built once their children are.
func ResolveOver(sch sql.Schema, e sqlparser.Expr) (sql.Expression, error) {
	return ResolveOverWith(sch, e, func(i int, c *sql.Column) sql.Expression {
		return expression.NewGetField(i, c.Type, c.Name, c.Nullable)
	})
}

// ResolveOverWith is ResolveOver with column i of sch read by field(i).
func ResolveOverWith(sch sql.Schema, e sqlparser.Expr, field func(i int, c *sql.Column) sql.Expression) (sql.Expression, error) {
	switch x := e.(type) {
	case *sqlparser.ColName:
		name := x.Name.String()
		for i, c := range sch {
			if c.Name == name {
				return field(i, c), nil
			}
		}
		return nil, pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", name)
	case *sqlparser.ParenExpr:
		return ResolveOverWith(sch, x.Expr, field)
	case sqlparser.InjectedExpr:
		children := make([]any, len(x.Children))
		for i, c := range x.Children {
			r, err := ResolveOverWith(sch, c, field)
			if err != nil {
				return nil, err
			}
			children[i] = r
		}
		inj, ok := x.Expression.(sqlparser.Injectable)
		if !ok {
			if se, ok := x.Expression.(sql.Expression); ok {
				return se, nil
			}
			break
		}
		r, err := inj.WithResolvedChildren(children)
		if err != nil {
			return nil, err
		}
		if se, ok := r.(sql.Expression); ok {
			return se, nil
		}
	}
	return nil, pgerror.New(pgerror.FeatureNotSupported, "index expression is not supported yet: %s", sqlparser.String(e))
}
