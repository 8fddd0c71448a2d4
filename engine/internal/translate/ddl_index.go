package translate

import (
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// IndexDef is CREATE INDEX. Key parts are plain columns (Columns) or,
// when any part is an expression, Exprs (translated expressions over the
// table's columns, a plain column being a column reference). Where is the
// partial index predicate.
type IndexDef struct {
	Name        string
	Unique      bool
	IfNotExists bool
	// Only is CREATE INDEX ... ON ONLY: a partitioned table's index that
	// its partitions do not get (index_attach.go in ddl)
	Only    bool
	Columns []string
	Exprs   []sqlparser.Expr
	Where   sqlparser.Expr
	// Source is each key part's PostgreSQL source text and WhereSource the predicate's, for pg_get_indexdef.
	Source      []string
	WhereSource string
	// Method is the access method (USING), "" for btree; Opclass and
	// Ordering are each key part's operator class and ordering as
	// pg_get_indexdef prints them ("" when default).
	Method   string
	Opclass  []string
	Ordering []string
	// OpclassSchema is the schema each key part's operator class is
	// qualified with ("" when unqualified: the search path finds it).
	OpclassSchema []string
	// Collation is each key part's COLLATE ("" when none); Include the
	// INCLUDE columns, listed by the index but not part of its key.
	Collation []string
	Include   []string
	// Params are the WITH (...) storage parameters, checked against the
	// access method's.
	Params []TableParam
	// Constraint marks a UNIQUE constraint's index (a partition's copy of
	// its partitioned table's), which pg_constraint lists.
	Constraint bool
}

// createIndex translates CREATE [UNIQUE] INDEX (PostgreSQL docs: CREATE
// INDEX). Access methods other than btree get a btree index on the same
// key: it answers the same queries, only without the operator classes of
// GIN or GiST.
func (t *Translator) createIndex(s *pg.IndexStmt) (Result, error) {
	ti := t.lookup(s.Relation, false)
	t.checkAccessMethod(s) // ddl_index_am.go
	def := &IndexDef{Name: s.Idxname, Unique: s.Unique, IfNotExists: s.IfNotExists, Only: !s.Relation.Inh}
	for _, n := range s.Options {
		if d := n.GetDefElem(); d != nil {
			def.Params = append(def.Params, relParam(d))
		}
	}
	var nameParts []string
	anyExpr := false
	if s.AccessMethod != "btree" {
		def.Method = s.AccessMethod
	}
	for _, p := range s.IndexParams {
		el := p.GetIndexElem()
		def.Opclass = append(def.Opclass, indexOpclass(el))
		def.OpclassSchema = append(def.OpclassSchema, indexOpclassSchema(el))
		def.Ordering = append(def.Ordering, indexOrdering(el))
		def.Collation = append(def.Collation, indexCollation(el))
		if el.Name != "" {
			if _, ok := ti.Column(el.Name); !ok {
				fail(pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", el.Name))
			}
			def.Columns = append(def.Columns, el.Name)
			def.Exprs = append(def.Exprs, &sqlparser.ColName{Name: sqlparser.NewColIdent(el.Name)})
			nameParts = append(nameParts, el.Name)
			def.Source = append(def.Source, exprSQL(&pg.Node{Node: &pg.Node_ColumnRef{ColumnRef: &pg.ColumnRef{
				Fields: []*pg.Node{{Node: &pg.Node_String_{String_: &pg.String{Sval: el.Name}}}}}}}))
			continue
		}
		anyExpr = true
		t.overTableRow(s.Relation, func() { def.Exprs = append(def.Exprs, t.scalar(el.Expr)) })
		t.checkIndexImmutable(el.Expr, ti, "expression") // generated_immutable.go
		def.Source = append(def.Source, exprSQL(el.Expr))
		nameParts = append(nameParts, indexColname(el.Expr))
	}
	def.Include = indexInclude(s.IndexIncludingParams, ti)
	nameParts = append(nameParts, def.Include...) // ChooseIndexColumnNames counts them
	if anyExpr {
		def.Columns = nil
	} else {
		def.Exprs = nil
	}
	if s.WhereClause != nil {
		t.overTableRow(s.Relation, func() { def.Where = t.indexPredicate(s.WhereClause) })
		t.checkIndexImmutable(s.WhereClause, ti, "predicate")
		def.WhereSource = exprSQL(s.WhereClause)
	}
	if def.Name == "" {
		cn := newConstraintNames(ti.Name)
		for n := range ti.Indexes {
			cn.take(n)
		}
		for n := range ti.Constraints {
			cn.take(n)
		}
		def.Name = cn.choose(nameParts, "idx")
	}
	return Result{Cmd: &TableDDL{Kind: "create_index", Schema: ti.Schema, Table: ti.Name, Index: def}, Tag: "CREATE INDEX"}, nil
}

// indexOpclass is a key part's operator class as written ("" for none).
func indexOpclass(el *pg.IndexElem) string {
	if n := names(el.Opclass); len(n) > 0 {
		return n[len(n)-1]
	}
	return ""
}

// indexCollation is a key part's COLLATE as written ("" for none): one
// of the collations whose order is tinybase's (scalar.go's collate).
func indexCollation(el *pg.IndexElem) string {
	n := names(el.Collation)
	if len(n) == 0 {
		return ""
	}
	name := n[len(n)-1]
	switch name {
	case "C", "POSIX", "default", "ucs_basic":
		return name
	}
	fail(pgerror.New(pgerror.UndefinedObject, "collation %q for encoding \"UTF8\" does not exist", name))
	return ""
}

// indexInclude are the INCLUDE columns of CREATE INDEX or a UNIQUE /
// PRIMARY KEY constraint: plain columns of the table, as PostgreSQL
// accepts (DefineIndex refuses expressions and options on them).
func indexInclude(params []*pg.Node, ti *TableInfo) []string {
	var out []string
	for _, p := range params {
		var name string
		if el := p.GetIndexElem(); el != nil {
			if el.Name == "" {
				fail(pgerror.New(pgerror.FeatureNotSupported, "expressions are not supported in included columns"))
			}
			if len(el.Collation) > 0 {
				fail(pgerror.New(pgerror.InvalidObjectDefinition, "including column does not support a collation"))
			}
			if len(el.Opclass) > 0 {
				fail(pgerror.New(pgerror.InvalidObjectDefinition, "including column does not support an operator class"))
			}
			if el.Ordering != pg.SortByDir_SORTBY_DEFAULT {
				fail(pgerror.New(pgerror.InvalidObjectDefinition, "including column does not support ASC/DESC options"))
			}
			if el.NullsOrdering != pg.SortByNulls_SORTBY_NULLS_DEFAULT {
				fail(pgerror.New(pgerror.InvalidObjectDefinition, "including column does not support NULLS FIRST/LAST options"))
			}
			name = el.Name
		} else {
			name = strVal(p) // a constraint's INCLUDE is a list of names
		}
		if ti != nil {
			if _, ok := ti.Column(name); !ok {
				fail(pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", name))
			}
		}
		out = append(out, name)
	}
	return out
}

// indexOpclassSchema is the schema a key part's operator class is
// qualified with ("" for none).
func indexOpclassSchema(el *pg.IndexElem) string {
	if n := names(el.Opclass); len(n) > 1 {
		return n[len(n)-2]
	}
	return ""
}

// indexOrdering is a key part's ordering as pg_get_indexdef prints it:
// DESC, and NULLS FIRST / LAST where it is not the direction's default.
func indexOrdering(el *pg.IndexElem) string {
	desc := el.Ordering == pg.SortByDir_SORTBY_DESC
	out := ""
	if desc {
		out = "DESC"
	}
	switch {
	case el.NullsOrdering == pg.SortByNulls_SORTBY_NULLS_FIRST && !desc:
		out = "NULLS FIRST"
	case el.NullsOrdering == pg.SortByNulls_SORTBY_NULLS_LAST && desc:
		out += " NULLS LAST"
	}
	return out
}

// indexColname is the name PostgreSQL gives an expression key part when it
// makes an index name (FigureColname): a column's or function's name, a
// cast's type name, else "expr".
func indexColname(n *pg.Node) string {
	switch x := n.Node.(type) {
	case *pg.Node_FuncCall:
		if ns := names(x.FuncCall.Funcname); len(ns) > 0 {
			return ns[len(ns)-1]
		}
	case *pg.Node_ColumnRef:
		if f := x.ColumnRef.Fields; len(f) > 0 {
			return strVal(f[len(f)-1])
		}
	case *pg.Node_TypeCast:
		if arg := indexColname(x.TypeCast.Arg); arg != "expr" {
			return arg
		}
		if ns := names(x.TypeCast.TypeName.Names); len(ns) > 0 {
			return ns[len(ns)-1]
		}
	}
	return "expr"
}

// dropIndex is DROP INDEX.
func (t *Translator) dropIndex(s *pg.DropStmt) (Result, error) {
	c := &TableDDL{Kind: "drop_index", MissingOK: s.MissingOk, Cascade: s.Behavior == pg.DropBehavior_DROP_CASCADE}
	for _, o := range s.Objects {
		parts := names(o.GetList().Items)
		if len(parts) == 1 {
			parts = []string{"", parts[0]}
		}
		c.Objects = append(c.Objects, parts[len(parts)-2:])
	}
	return Result{Cmd: c, Tag: "DROP INDEX"}, nil
}

// dropTables is DROP TABLE [CASCADE]; the engine checks foreign keys that
// reference the tables (PostgreSQL docs: DROP TABLE).
func (t *Translator) dropTables(s *pg.DropStmt) (Result, error) {
	c := &TableDDL{Kind: "drop_table", MissingOK: s.MissingOk, Cascade: s.Behavior == pg.DropBehavior_DROP_CASCADE}
	for _, o := range s.Objects {
		parts := names(o.GetList().Items)
		if len(parts) == 1 {
			parts = []string{"", parts[0]}
		}
		c.Objects = append(c.Objects, parts[len(parts)-2:])
	}
	return Result{Cmd: c, Tag: "DROP TABLE"}, nil
}
