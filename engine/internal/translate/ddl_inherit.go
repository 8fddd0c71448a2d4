package translate

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// SetInheritance records, with the CREATE TABLE that declares it, a
// table's parents (INHERITS, PARTITION OF) and partition key (PARTITION
// BY) (docs: 5.10 Inheritance, 5.11 Table Partitioning) for pg_inherits,
// pg_partitioned_table and pg_class.
type SetInheritance struct {
	Table   catalog.QName // Schema empty: the creation schema
	Parents []catalog.QName
	Bound   string // a partition's bound, as pg_get_expr prints it
	Spec    *catalog.PartitionBound
	Key     *catalog.PartitionKey
	// Notices are MergeAttributes' notices ("merging column ...")
	Notices []string
	// Local are the inherited columns the statement also declares
	// (catalog.Inheritance.Local)
	Local []string
}

func (*SetInheritance) command()        {}
func (*SetInheritance) catalogCommand() {}

// inheritance is what a CREATE TABLE takes from the tables it inherits
// from: their columns, merged by name, and the record of the link.
type inheritance struct {
	cols []*sqlparser.ColumnDefinition
	set  *SetInheritance
	// pk is a partition's parent's primary key, which the partition gets
	// as its own (docs 5.11.2.3: indexes on the partitioned table)
	pk []string
}

// inherit resolves a CREATE TABLE's INHERITS or PARTITION OF parents and
// merges their columns as PostgreSQL's MergeAttributes does: each
// parent's columns in order, a name seen before merged (its types must
// agree; NOT NULL if any parent's is), DEFAULT and NOT NULL copied. nil
// when the table inherits nothing.
func (t *Translator) inherit(s *pg.CreateStmt) *inheritance {
	set := &SetInheritance{Table: catalog.QName{Schema: s.Relation.Schemaname, Name: s.Relation.Relname}}
	if s.Partspec != nil {
		set.Key = &catalog.PartitionKey{Strategy: partStrategy(s.Partspec.Strategy)}
	}
	rels := s.InhRelations
	if len(rels) == 0 {
		if set.Key == nil {
			return nil
		}
		return &inheritance{set: set}
	}
	in := &inheritance{set: set}
	byName := map[string]int{}
	var parents []*TableInfo
	for _, n := range rels {
		rv := n.GetRangeVar()
		ti := t.lookup(rv, false)
		q := catalog.QName{Schema: ti.Schema, Name: ti.Name}
		r := t.reader()
		if s.Partbound != nil {
			if r == nil {
				failAt(-1, pgerror.InvalidObjectDefinition, "\"%s\" is not partitioned", ti.Name)
			}
			key, ok := r.Current().Partitioned(q)
			if !ok {
				failAt(-1, pgerror.InvalidObjectDefinition, "\"%s\" is not partitioned", ti.Name)
			}
			set.Bound, set.Spec = t.partitionBound(s.Partbound, key, ti)
			in.pk = ti.PrimaryKey
		} else if r != nil {
			if _, ok := r.Current().Partitioned(q); ok {
				failAt(-1, pgerror.WrongObjectType, "cannot inherit from partitioned table %q", ti.Name)
			}
			if i := r.Current().Inherits(q); i != nil && i.Bound != "" {
				failAt(-1, pgerror.WrongObjectType, "cannot inherit from partition %q", ti.Name)
			}
		}
		for _, p := range set.Parents {
			if p == q {
				failAt(-1, pgerror.DuplicateTable, "relation %q would be inherited from more than once", ti.Name)
			}
		}
		set.Parents = append(set.Parents, q)
		parents = append(parents, ti)
	}
	for _, ti := range parents {
		for _, c := range ti.Columns {
			if i, ok := byName[c.Name]; ok {
				set.Notices = append(set.Notices, fmt.Sprintf("merging multiple inherited definitions of column %q", c.Name))
				prev := in.cols[i].Type.ResolvedType.(*types.Type)
				if prev.OID != c.Type.OID || prev.Mod != c.Type.Mod {
					fail(pgerror.New(pgerror.DatatypeMismatch, "inherited column %q has a type conflict", c.Name).
						WithDetail("%s versus %s", prev.FormatType(), c.Type.FormatType()))
				}
				in.cols[i].Type.NotNull = in.cols[i].Type.NotNull || sqlparser.BoolVal(!c.Nullable)
				continue
			}
			byName[c.Name] = len(in.cols)
			in.cols = append(in.cols, t.inheritedColumn(c))
		}
	}
	return in
}

// inheritedColumn is a parent's column as the child declares it.
func (t *Translator) inheritedColumn(c ColumnInfo) *sqlparser.ColumnDefinition {
	col := &sqlparser.ColumnDefinition{Name: sqlparser.NewColIdent(c.Name), Type: sqlparser.ColumnType{Type: c.Type.Name, ResolvedType: c.Type, NotNull: sqlparser.BoolVal(!c.Nullable)}}
	if d := c.DefaultExpr; d != nil {
		col.Type.Default = &sqlparser.ParenExpr{Expr: t.inject("default", -1, nil, func([]sql.Expression) (sql.Expression, error) { return d, nil })}
	}
	return col
}

// typeOf is an inherited column's type; a column the parents lack fails
// as PostgreSQL's transformPartitionCmd does.
func (in *inheritance) typeOf(name string) *types.Type {
	for _, c := range in.cols {
		if c.Name.String() == name {
			return c.Type.ResolvedType.(*types.Type)
		}
	}
	failAt(-1, pgerror.UndefinedColumn, "column %q does not exist", name)
	return nil
}

// merge folds the table's own columns into the inherited ones: a column
// of an inherited name merges with it (a notice; its type must be the
// same; its DEFAULT wins, NOT NULL adds), the others follow in order. A
// partition's own column entries only add options to the parent's.
func (in *inheritance) merge(own []*sqlparser.ColumnDefinition, partition bool) []*sqlparser.ColumnDefinition {
	out := in.cols
	for k, c := range own {
		name := c.Name.String()
		var inh *sqlparser.ColumnDefinition
		at := 0
		for j, ic := range in.cols {
			if ic.Name.String() == name {
				inh, at = ic, j
				break
			}
		}
		if inh == nil {
			out = append(out, c)
			continue
		}
		if !partition {
			in.set.Local = append(in.set.Local, name)
			if at == k {
				in.set.Notices = append(in.set.Notices, fmt.Sprintf("merging column %q with inherited definition", name))
			} else {
				// MergeAttributes: the column takes the inherited one's place
				in.set.Notices = append(in.set.Notices, fmt.Sprintf("moving and merging column %q with inherited definition", name))
			}
			it, ot := inh.Type.ResolvedType.(*types.Type), c.Type.ResolvedType.(*types.Type)
			if it.OID != ot.OID || it.Mod != ot.Mod {
				fail(pgerror.New(pgerror.DatatypeMismatch, "column %q has a type conflict", name).
					WithDetail("%s versus %s", it.FormatType(), ot.FormatType()))
			}
		}
		inh.Type.NotNull = inh.Type.NotNull || c.Type.NotNull
		if c.Type.Default != nil {
			inh.Type.Default = c.Type.Default
		}
	}
	return out
}

func partStrategy(s pg.PartitionStrategy) byte {
	switch s {
	case pg.PartitionStrategy_PARTITION_STRATEGY_LIST:
		return 'l'
	case pg.PartitionStrategy_PARTITION_STRATEGY_HASH:
		return 'h'
	}
	return 'r'
}

// partitionBound checks a FOR VALUES clause against the parent's key and
// prints it as pg_get_expr(relpartbound) does, each value a constant of
// its key column's type; the bound as data comes with it.
func (t *Translator) partitionBound(b *pg.PartitionBoundSpec, key *catalog.PartitionKey, parent *TableInfo) (string, *catalog.PartitionBound) {
	return PartitionBound(t, b, key, parent)
}

// PartitionBound is partitionBound for ALTER TABLE ... ATTACH PARTITION,
// which the ddl package runs.
func PartitionBound(t *Translator, b *pg.PartitionBoundSpec, key *catalog.PartitionKey, parent *TableInfo) (string, *catalog.PartitionBound) {
	spec := &catalog.PartitionBound{Strategy: key.Strategy}
	if b.IsDefault {
		if key.Strategy == 'h' {
			failAt(b.Location, pgerror.InvalidTableDefinition, "a hash-partitioned table may not have a default partition")
		}
		spec.Default = true
		return "DEFAULT", spec
	}
	want := map[byte]string{'r': "r", 'l': "l", 'h': "h"}[key.Strategy]
	if b.Strategy != want {
		msg := map[byte]string{'r': "range", 'l': "list", 'h': "hash"}[key.Strategy]
		failAt(b.Location, pgerror.InvalidTableDefinition, "invalid bound specification for a %s partition", msg)
	}
	keyEval, err := t.CompilePartitionKey(key, tableSchema(parent))
	if err != nil {
		fail(asPG(err))
	}
	colType := func(i int) *types.Type {
		if i >= len(keyEval.Types) {
			return types.Unknown
		}
		return keyEval.Types[i]
	}
	list := func(ds []*pg.Node, rng bool, upper bool) (string, []catalog.BoundDatum) {
		if rng && len(ds) != len(key.Columns) {
			word := "FROM"
			if upper {
				word = "TO"
			}
			failAt(b.Location, pgerror.InvalidTableDefinition, "%s must specify exactly one value per partitioning column", word)
		}
		var out []string
		var data []catalog.BoundDatum
		for i, d := range ds {
			typ := colType(0)
			if rng {
				typ = colType(i)
			}
			text, datum := t.boundDatum(d, typ)
			out = append(out, text)
			data = append(data, datum)
		}
		return strings.Join(out, ", "), data
	}
	switch key.Strategy {
	case 'h':
		spec.Modulus, spec.Remainder = int(b.Modulus), int(b.Remainder)
		return fmt.Sprintf("FOR VALUES WITH (modulus %d, remainder %d)", b.Modulus, b.Remainder), spec
	case 'l':
		text, data := list(b.Listdatums, false, false)
		spec.In = data
		return "FOR VALUES IN (" + text + ")", spec
	}
	from, fd := list(b.Lowerdatums, true, false)
	to, td := list(b.Upperdatums, true, true)
	spec.From, spec.To = fd, td
	return "FOR VALUES FROM (" + from + ") TO (" + to + ")", spec
}

// boundDatum is one bound value as ruleutils' get_const_expr prints a
// constant without its type: an int4 or a numeric with a point bare
// (unless negative), true / false, anything else quoted.
func (t *Translator) boundDatum(n *pg.Node, typ *types.Type) (string, catalog.BoundDatum) {
	if cr := n.GetColumnRef(); cr != nil {
		if f := names(cr.Fields); len(f) == 1 && (f[0] == "minvalue" || f[0] == "maxvalue") {
			return strings.ToUpper(f[0]), catalog.BoundDatum{Kind: map[string]int8{"minvalue": -1, "maxvalue": 1}[f[0]]}
		}
	}
	if rd := n.GetPartitionRangeDatum(); rd != nil {
		switch rd.Kind {
		case pg.PartitionRangeDatumKind_PARTITION_RANGE_DATUM_MINVALUE:
			return "MINVALUE", catalog.BoundDatum{Kind: -1}
		case pg.PartitionRangeDatumKind_PARTITION_RANGE_DATUM_MAXVALUE:
			return "MAXVALUE", catalog.BoundDatum{Kind: 1}
		}
		n = rd.Value
	}
	var e sql.Expression
	sign := ""
	if ae := n.GetAExpr(); ae != nil && ae.Lexpr == nil && len(names(ae.Name)) == 1 && names(ae.Name)[0] == "-" {
		sign, n = "-", ae.Rexpr
	}
	c := n.GetAConst()
	if c == nil {
		failAt(-1, pgerror.FeatureNotSupported, "partition bound expressions other than constants are not supported yet")
	}
	switch {
	case c.Isnull:
		return "NULL", catalog.BoundDatum{Null: true}
	case c.GetSval() != nil:
		e = expr.NewLiteral(types.Unknown, sign+c.GetSval().Sval)
	case c.GetBoolval() != nil:
		e = expr.NewLiteral(types.Unknown, fmt.Sprint(c.GetBoolval().Boolval))
	case c.GetIval() != nil:
		e = expr.NewLiteral(types.Unknown, sign+fmt.Sprint(c.GetIval().Ival))
	case c.GetFval() != nil:
		e = expr.NewLiteral(types.Unknown, sign+c.GetFval().Fval)
	default:
		failAt(c.Location, pgerror.FeatureNotSupported, "this partition bound constant is not supported yet")
	}
	ce, err := expr.Coerce(t.Env, e, typ, types.CastAssignment)
	if err != nil {
		fail(asPG(err))
	}
	v, err := ce.Eval(sql.NewEmptyContext(), nil)
	if err != nil {
		fail(asPG(err))
	}
	text := types.Output(typ, v, t.Env)
	d := catalog.BoundDatum{Text: text}
	switch b := typ.Base(); {
	case b.Kind == types.KindBool:
		return text, d
	case b.OID == types.Int4.OID && !strings.HasPrefix(text, "-"):
		return text, d
	case b.Kind == types.KindNumeric && !strings.HasPrefix(text, "-") && strings.ContainsAny(text, ".eE"):
		return text, d
	}
	return "'" + strings.ReplaceAll(text, "'", "''") + "'", d
}

// checkPartitionedUnique refuses a primary key or unique constraint on a
// partitioned table that lacks a partition key column: uniqueness is
// enforced per partition (0A000).
func checkPartitionedUnique(table, kind string, key *catalog.PartitionKey, cols []string) {
	if err := PartitionedUniqueExprs(key, kind); err != nil {
		fail(err)
	}
	for _, k := range key.Columns {
		found := false
		for _, c := range cols {
			found = found || c == k
		}
		if !found {
			fail(pgerror.New(pgerror.FeatureNotSupported, "unique constraint on partitioned table must include all partitioning columns").
				WithDetail("%s constraint on table %q lacks column %q which is part of the partition key.", kind, table, k))
		}
	}
}

// PartitionedUniqueExprs refuses a primary key or unique constraint (kind)
// on a table partitioned by an expression, as PostgreSQL's DefineIndex
// does (0A000): no index could enforce it per partition.
func PartitionedUniqueExprs(key *catalog.PartitionKey, kind string) *pgerror.Error {
	if !key.HasExprs() {
		return nil
	}
	return pgerror.New(pgerror.FeatureNotSupported, "unsupported %s constraint with partition key definition", kind).
		WithDetail("%s constraints cannot be used when partition keys include expressions.", kind)
}
