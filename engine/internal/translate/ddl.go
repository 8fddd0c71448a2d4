package translate

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func (t *Translator) createTable(s *pg.CreateStmt) (Result, error) {
	ddl := &sqlparser.DDL{Action: sqlparser.CreateStr, Table: t.tableName(s.Relation), IfNotExists: s.IfNotExists}
	spec := &sqlparser.TableSpec{}
	ddl.TableSpec = spec
	var pk []string
	pkName := ""
	cnames := newConstraintNames(s.Relation.Relname)
	seenUnique := map[string]bool{}
	t.creating, t.creatingPK = s.Relation, declaredPrimaryKey(s)
	defer func() { t.creating, t.creatingPK = nil, nil }()
	inh := t.inherit(s) // ddl_inherit.go
	var excl []*pg.Constraint
	// UNIQUE and PRIMARY KEY constraints by their index's name, whose
	// INCLUDE columns are checked once every column is known
	type namedConstraint struct {
		c    *pg.Constraint
		name string
	}
	var includes []namedConstraint
	for _, e := range s.TableElts {
		switch x := e.Node.(type) {
		case *pg.Node_ColumnDef:
			cd := x.ColumnDef
			var typ *types.Type
			if cd.TypeName == nil && inh != nil {
				typ = inh.typeOf(cd.Colname) // a partition's column options
			} else {
				typ = t.columnTypeName(cd.Colname, cd.TypeName)
			}
			checkColumnDefaults(cd, s.Relation.Relname) // catalog_serial.go
			col := &sqlparser.ColumnDefinition{Name: sqlparser.NewColIdent(cd.Colname), Type: sqlparser.ColumnType{Type: typ.Name, ResolvedType: typ}}
			if cd.IsNotNull {
				col.Type.NotNull = true
			}
			mergeConstraintAttrs(cd.Constraints) // ddl_deferrable.go
			for _, cn := range cd.Constraints {
				c := cn.GetConstraint()
				switch c.Contype {
				case pg.ConstrType_CONSTR_NOTNULL:
					col.Type.NotNull = true
				case pg.ConstrType_CONSTR_NULL:
				case pg.ConstrType_CONSTR_DEFAULT:
					col.Type.Default = &sqlparser.ParenExpr{Expr: t.assignDefault(c.RawExpr, typ, cd.Colname)}
				case pg.ConstrType_CONSTR_PRIMARY:
					onePrimaryKey(pk, s.Relation.Relname)
					pk, pkName = append(pk, cd.Colname), c.Conname
					col.Type.NotNull = true
					t.noteDeferrable(c, primaryKeyName(s.Relation.Relname, c.Conname))
				case pg.ConstrType_CONSTR_CHECK:
					spec.Constraints = append(spec.Constraints, t.checkDef(c, cnames, true))
				case pg.ConstrType_CONSTR_GENERATED:
					col.Type.GeneratedExpr, col.Type.Stored = t.generated(c, typ), true
				case pg.ConstrType_CONSTR_FOREIGN:
					spec.Constraints = append(spec.Constraints, t.fkDef(c, []string{cd.Colname}, cnames))
				case pg.ConstrType_CONSTR_ATTR_DEFERRABLE, pg.ConstrType_CONSTR_ATTR_NOT_DEFERRABLE, pg.ConstrType_CONSTR_ATTR_IMMEDIATE, pg.ConstrType_CONSTR_ATTR_DEFERRED:
				case pg.ConstrType_CONSTR_UNIQUE:
					if idx := uniqueIndex(c, []string{cd.Colname}, cnames, seenUnique); idx != nil {
						spec.Indexes = append(spec.Indexes, idx)
						t.noteDeferrable(c, idx.Info.Name.String())
					}
				case pg.ConstrType_CONSTR_IDENTITY:
					// catalogColumn below
				default:
					return Result{}, pgerror.New(pgerror.FeatureNotSupported, "column constraint %s is not supported yet", c.Contype)
				}
			}
			t.catalogColumn(s.Relation, cd, col) // serial, identity, domain default
			spec.Columns = append(spec.Columns, col)
		case *pg.Node_Constraint:
			c := x.Constraint
			switch c.Contype {
			case pg.ConstrType_CONSTR_PRIMARY:
				onePrimaryKey(pk, s.Relation.Relname)
				pk, pkName = append(pk, names(c.Keys)...), c.Conname
				t.noteDeferrable(c, primaryKeyName(s.Relation.Relname, c.Conname))
				includes = append(includes, namedConstraint{c, "PRIMARY"})
			case pg.ConstrType_CONSTR_CHECK:
				spec.Constraints = append(spec.Constraints, t.checkDef(c, cnames, true))
			case pg.ConstrType_CONSTR_FOREIGN:
				spec.Constraints = append(spec.Constraints, t.fkDef(c, names(c.FkAttrs), cnames))
			case pg.ConstrType_CONSTR_UNIQUE:
				if idx := uniqueIndex(c, names(c.Keys), cnames, seenUnique); idx != nil {
					spec.Indexes = append(spec.Indexes, idx)
					t.noteDeferrable(c, idx.Info.Name.String())
					includes = append(includes, namedConstraint{c, idx.Info.Name.String()})
				}
			case pg.ConstrType_CONSTR_EXCLUSION:
				excl = append(excl, c) // after the columns: they may follow it
			default:
				return Result{}, pgerror.New(pgerror.FeatureNotSupported, "table constraint %s is not supported yet", c.Contype)
			}
		}
	}
	if inh != nil {
		spec.Columns = inh.merge(spec.Columns, s.Partbound != nil)
		if inh.set.Key != nil {
			t.partitionKey(s, inh.set.Key, spec.Columns)
			if len(pk) > 0 {
				checkPartitionedUnique(s.Relation.Relname, "PRIMARY KEY", inh.set.Key, pk)
			}
			for _, idx := range spec.Indexes {
				var cols []string
				for _, c := range idx.Columns {
					cols = append(cols, c.Column.String())
				}
				checkPartitionedUnique(s.Relation.Relname, "UNIQUE", inh.set.Key, cols)
			}
		}
		if len(pk) == 0 && len(inh.pk) > 0 {
			pk = inh.pk
		}
	}
	if len(pk) > 0 {
		idx := &sqlparser.IndexDefinition{Info: &sqlparser.IndexInfo{Type: "primary key", Name: sqlparser.NewColIdent("PRIMARY"), Primary: true, Unique: true}}
		for _, k := range pk {
			idx.Columns = append(idx.Columns, &sqlparser.IndexColumn{Column: sqlparser.NewColIdent(k)})
			for _, c := range spec.Columns {
				if c.Name.String() == k {
					c.Type.NotNull = true
				}
			}
		}
		spec.Indexes = append(spec.Indexes, idx)
	}
	var incs []KeyInclude // ddl_include.go
	for _, nc := range includes {
		if inc := keyInclude(nc.c, nc.name, func(name string) bool {
			for _, col := range spec.Columns {
				if col.Name.String() == name {
					return true
				}
			}
			return false
		}); inc != nil {
			incs = append(incs, *inc)
		}
	}
	var exclusions []*ExclusionDef // ddl_exclusion.go
	for _, c := range excl {
		exclusions = append(exclusions, t.exclusionDef(c, cnames, func(name string) bool {
			for _, col := range spec.Columns {
				if col.Name.String() == name {
					return true
				}
			}
			return false
		}))
	}
	var res Result
	if pkName != "" && pkName != pgident.MakeObjectName(s.Relation.Relname, "", "pkey") {
		res = t.namedPrimaryKey(ddl, s, pkName)
	} else {
		res = Result{Stmt: ddl, Tag: "CREATE TABLE"}
	}
	if inh != nil {
		if s.Partbound != nil && res.Stmt != nil {
			// a partition gets its parent's indexes once it exists
			res = Result{Cmd: &TableDDL{Kind: "sequence", Stmts: []sqlparser.Statement{res.Stmt},
				Schema: s.Relation.Schemaname, Table: s.Relation.Relname, Partition: true}, Tag: res.Tag}
		} else if td, ok := res.Cmd.(*TableDDL); ok && s.Partbound != nil {
			td.Partition = true
		}
		res.Catalog = append(res.Catalog, inh.set)
	}
	if s.IfNotExists && len(exclusions)+len(incs) > 0 && t.Tables != nil {
		if _, exists := t.Tables.LookupTable(s.Relation.Schemaname, s.Relation.Relname); exists {
			exclusions, incs = nil, nil // the statement only notices the table exists
		}
	}
	if len(incs) > 0 {
		if inh != nil {
			return Result{}, pgerror.New(pgerror.FeatureNotSupported, "INCLUDE on partitions or inheriting tables is not supported yet")
		}
		res = withIncludes(res, s.Relation.Schemaname, s.Relation.Relname, incs)
	}
	if len(exclusions) > 0 {
		if inh != nil {
			return Result{}, pgerror.New(pgerror.FeatureNotSupported, "exclusion constraints on partitions or inheriting tables are not supported yet")
		}
		res = withExclusions(res, s.Relation.Schemaname, s.Relation.Relname, exclusions)
	}
	return res, nil
}

// assignTo translates n and coerces it to typ with assignment rules.
func (t *Translator) assignTo(n *pg.Node, typ *types.Type) sqlparser.Expr {
	return t.assignStored(n, typ, "")
}

// assignDefault is assignTo for column col's DEFAULT: an expression with
// no assignment cast to the column type fails as PostgreSQL's cookDefault
// words it.
func (t *Translator) assignDefault(n *pg.Node, typ *types.Type, col string) sqlparser.Expr {
	return t.assignStored(n, typ, col)
}

// assignStored translates a stored expression (a default or generated
// column) and coerces it to typ with assignment rules; col, when set,
// names the column in a coercion failure. User functions in it are
// called, not inlined (routine_call.go).
func (t *Translator) assignStored(n *pg.Node, typ *types.Type, col string) sqlparser.Expr {
	t.stored = true
	defer func() { t.stored = false }()
	return t.inject("default", -1, []sqlparser.Expr{t.scalar(n)}, func(c []sql.Expression) (sql.Expression, error) {
		e, err := expr.Coerce(t.Env, c[0], typ, types.CastAssignment)
		if pe, ok := err.(*pgerror.Error); ok && col != "" && pe.Code == pgerror.DatatypeMismatch && strings.HasPrefix(pe.Message, "cannot coerce type ") {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "column \"%s\" is of type %s but default expression is of type %s", col, typ.FormatType(), expr.FromGMSType(c[0].Type()).FormatType()).
				WithHint("You will need to rewrite or cast the expression.")
		}
		if err != nil {
			return nil, err
		}
		e = storedConstant(c[0], e, typ)
		if col != "" && !constantNode(n) {
			keepSource(e, n)
		}
		return e, nil
	})
}

// keepSource makes a default that folded to a constant print as written
// (PostgreSQL stores `(1 + 2)`, not 3, and ORMs compare that text with
// their model): the constant, under the assignment coercion if one is
// left, shows n's text for the catalogs to analyze (expr.Literal.Source).
func keepSource(e sql.Expression, n *pg.Node) {
	for {
		c, ok := e.(*expr.Cast)
		if !ok || c.Explicit {
			break
		}
		e = c.Child
	}
	if l, ok := e.(*expr.Literal); ok {
		l.Shown, l.Source = deparseExpr(n), true
	}
}

// constantNode reports whether n is a constant as the parser leaves it —
// a literal, NULL, or casts of one — which PostgreSQL stores as one
// constant too (storedConstant and storedCast print those).
func constantNode(n *pg.Node) bool {
	for {
		switch x := n.Node.(type) {
		case *pg.Node_AConst:
			return true
		case *pg.Node_TypeCast:
			n = x.TypeCast.Arg
		default:
			return false
		}
	}
}

// storedConstant makes a constant folded to a column's type print as
// PostgreSQL keeps a stored expression: the constant as written, its
// assignment coercion hidden ('x'::character varying for a varchar(20)
// column, 0 for a numeric(10,2) one, '-1'::integer for a bigint one).
func storedConstant(src, folded sql.Expression, typ *types.Type) sql.Expression {
	from, ok := src.(*expr.Literal)
	to, ok2 := folded.(*expr.Literal)
	if !ok || !ok2 || from == to {
		return folded
	}
	if from.Value == nil {
		// a NULL cast to another type than the column's (NULL::character
		// varying on a text column) is a stored default in PostgreSQL and
		// prints with its own type; a NULL of the column's type is none
		ft := from.Type().(*types.Type)
		switch {
		case from.Shown != "":
			to.Shown = from.Shown
		case ft.Kind != types.KindUnknown && ft.Mod >= 0 && ft.Kind != types.KindInterval:
			// a cast with a typmod (NULL::numeric(10,2)) is a length
			// coercion call over the NULL, which PostgreSQL stores and
			// prints with the typmod even on a column of that very type
			to.Shown = "NULL::" + ft.FormatType()
		case ft.Kind == types.KindUnknown || ft.OID == typ.OID && ft.Mod == typ.Mod:
			return folded
		default:
			to.Shown = "NULL::" + ft.FormatType()
		}
		return to
	}
	shown := from.String()
	if from.Type().(*types.Type).Kind == types.KindUnknown {
		// an untyped string takes the column's type without its typmod
		name := typ.WithMod(-1).FormatType()
		if typ.Kind == types.KindBpchar {
			name = "bpchar"
		}
		shown += "::" + name
	}
	to.Shown = shown
	return to
}

// storedCast makes a typed constant cast to another type in a stored
// expression print as PostgreSQL keeps it, a cast function over the
// constant shown as (0)::smallint, though tinybase folds it to one
// constant. An untyped string or NULL folds in PostgreSQL too.
func storedCast(src, folded sql.Expression, typ *types.Type) {
	from, ok := src.(*expr.Literal)
	to, ok2 := folded.(*expr.Literal)
	if !ok || !ok2 || from == to || to.Shown != "" {
		return
	}
	ft := from.Type().(*types.Type)
	if ft.Kind == types.KindUnknown || ft.OID == typ.OID {
		return
	}
	shown := from.String()
	if from.Value == nil && from.Shown == "" {
		shown = "NULL::" + ft.FormatType()
	}
	to.Shown = "(" + shown + ")::" + typ.FormatType()
}

func (t *Translator) drop(s *pg.DropStmt) (Result, error) {
	switch s.RemoveType {
	case pg.ObjectType_OBJECT_TABLE:
		return t.dropTables(s)
	case pg.ObjectType_OBJECT_INDEX:
		return t.dropIndex(s)
	case pg.ObjectType_OBJECT_FUNCTION, pg.ObjectType_OBJECT_PROCEDURE, pg.ObjectType_OBJECT_ROUTINE, pg.ObjectType_OBJECT_AGGREGATE:
		return t.dropRoutine(s)
	case pg.ObjectType_OBJECT_SCHEMA:
		var ns []string
		for _, o := range s.Objects {
			ns = append(ns, strVal(o))
		}
		return Result{Cmd: &DropSchema{Names: ns, IfExists: s.MissingOk, Cascade: s.Behavior == pg.DropBehavior_DROP_CASCADE}, Tag: "DROP SCHEMA"}, nil
	}
	return Result{}, pgerror.New(pgerror.FeatureNotSupported, "DROP %s is not supported yet", s.RemoveType)
}

// declaredPrimaryKey lists the primary key columns a CREATE TABLE declares,
// so a foreign key referencing the table itself can default to them.
func declaredPrimaryKey(s *pg.CreateStmt) []string {
	for _, e := range s.TableElts {
		switch x := e.Node.(type) {
		case *pg.Node_ColumnDef:
			for _, cn := range x.ColumnDef.Constraints {
				if c := cn.GetConstraint(); c != nil && c.Contype == pg.ConstrType_CONSTR_PRIMARY {
					return []string{x.ColumnDef.Colname}
				}
			}
		case *pg.Node_Constraint:
			if x.Constraint.Contype == pg.ConstrType_CONSTR_PRIMARY {
				return names(x.Constraint.Keys)
			}
		}
	}
	return nil
}
