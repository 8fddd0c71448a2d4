package translate

import (
	"github.com/tinybase/tinybase/internal/pgtree"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// TableLookup is what DDL translation needs to know about existing tables
// (a REFERENCES clause without columns means the parent's primary key;
// ALTER TABLE needs column types and constraint kinds).
type TableLookup interface {
	// LookupTable describes schema.name (schema "" walks the search path);
	// ok is false when the table does not exist.
	LookupTable(schema, name string) (info *TableInfo, ok bool)
}

// TableInfo describes an existing table.
type TableInfo struct {
	Schema, Name string
	Columns      []ColumnInfo
	PrimaryKey   []string
	// Constraints maps constraint names to PostgreSQL's contype letter:
	// p (primary key), u (unique), c (check), f (foreign key); Indexes
	// holds the table's index names.
	Constraints map[string]byte
	Indexes     map[string]bool
	Checks      map[string]string // CHECK constraint name -> expression text
	// ForeignKeyColumns maps its foreign keys' names to their
	// referencing columns.
	ForeignKeyColumns map[string][]string
	// UniqueKeys are the column lists of its primary key and unique
	// indexes without expressions or predicates: what a foreign key may
	// reference.
	UniqueKeys [][]string
	// HasNull reports whether a column holds a NULL in some row (col ""
	// asks whether the table has any row at all); it scans the table.
	HasNull func(col string) bool
	// Violated reports whether some row makes a translated CHECK
	// expression false; ok is false when it cannot be evaluated here
	// (it names a column an earlier clause adds).
	Violated func(check sqlparser.Expr) (violated, ok bool)
}

// ColumnInfo describes a column.
type ColumnInfo struct {
	Name     string
	Type     *types.Type
	Nullable bool
	Default  bool // has a default expression
	// DefaultExpr is the default's expression, which a table inheriting
	// the column copies (ddl_inherit.go)
	DefaultExpr sql.Expression
	// DefaultText is the default as SQL text (pg_get_expr's)
	DefaultText func() string
}

// Column finds a column by name.
func (ti *TableInfo) Column(name string) (ColumnInfo, bool) {
	for _, c := range ti.Columns {
		if c.Name == name {
			return c, true
		}
	}
	return ColumnInfo{}, false
}

// lookup finds a table or fails with 42P01.
func (t *Translator) lookup(rv *pg.RangeVar, missingOK bool) *TableInfo {
	if t.Tables == nil {
		failAt(-1, pgerror.FeatureNotSupported, "this statement needs the table catalog")
	}
	ti, ok := t.Tables.LookupTable(rv.Schemaname, rv.Relname)
	if !ok {
		if missingOK {
			return nil
		}
		name := rv.Relname
		if rv.Schemaname != "" {
			name = rv.Schemaname + "." + name
		}
		failAt(-1, pgerror.UndefinedTable, "relation %q does not exist", name)
	}
	return ti
}

// constraintNames hands out PostgreSQL's generated constraint names
// (ChooseConstraintName): <table>_<cols>_<suffix>, with a number appended
// when the name is taken in the same table.
type constraintNames struct {
	table string
	used  map[string]bool
}

func newConstraintNames(table string, taken ...string) *constraintNames {
	c := &constraintNames{table: table, used: map[string]bool{}}
	for _, n := range taken {
		c.used[n] = true
	}
	return c
}

// take reserves an explicit name.
func (c *constraintNames) take(name string) string {
	c.used[name] = true
	return name
}

// choose makes a name from columns and a suffix ("check", "fkey", "key"),
// truncating the parts to fit 63 bytes as makeObjectName does.
func (c *constraintNames) choose(cols []string, suffix string) string {
	name := pgident.Choose(c.table, pgident.ColumnsAddition(cols), suffix, func(n string) bool { return c.used[n] })
	c.used[name] = true
	return name
}

// checkDef translates a CHECK constraint. Unnamed ones are named as
// PostgreSQL does (AddRelationNewConstraints): <table>_<col>_check when the
// expression uses exactly one column, else <table>_check. The expression
// keeps its PostgreSQL text (deparsed) so GMS can store and re-parse it.
//
// A subquery is refused as PostgreSQL's transformSubLink refuses it in a
// check constraint; CREATE TABLE reports its position, ALTER TABLE (whose
// constraint PostgreSQL analyzes without the statement's text) none.
func (t *Translator) checkDef(c *pg.Constraint, names *constraintNames, positioned bool) *sqlparser.ConstraintDefinition {
	pgtree.Walk(c.RawExpr, func(m any) bool {
		sl, ok := m.(*pg.SubLink)
		if !ok {
			return true
		}
		loc := int32(-1)
		if positioned {
			loc = sl.Location
		}
		failAt(loc, pgerror.FeatureNotSupported, "cannot use subquery in check constraint")
		return false
	})
	name := c.Conname
	if name == "" {
		cols := exprColumns(c.RawExpr)
		if len(cols) != 1 {
			cols = nil
		}
		name = names.choose(cols, "check")
	} else {
		names.take(name)
	}
	check := t.inject("check", -1, []sqlparser.Expr{t.scalar(c.RawExpr)}, func(ch []sql.Expression) (sql.Expression, error) {
		typ := expr.TypeOf(ch[0])
		if typ.Kind != types.KindBool && typ.Kind != types.KindUnknown {
			return nil, pgerror.New(pgerror.DatatypeMismatch, "argument of CHECK constraint must be type boolean, not type %s", typ.FormatType())
		}
		return expr.Coerce(t.Env, ch[0], types.Bool, types.CastImplicit)
	})
	return &sqlparser.ConstraintDefinition{Name: name, Details: &sqlparser.CheckConstraintDefinition{
		Expr: WithSourceText(check, deparseExpr(c.RawExpr)), Enforced: true}}
}

// deparseExpr prints an expression as PostgreSQL would accept it back.
func deparseExpr(n *pg.Node) string {
	return deparseCastSafe(n, func(n *pg.Node) string {
		tree := &pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: &pg.SelectStmt{
			TargetList: []*pg.Node{{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: n}}}},
		}}}}}}
		s, err := pgtree.Deparse(tree)
		if err != nil {
			failAt(-1, pgerror.FeatureNotSupported, "cannot store expression: %v", err)
		}
		return strings.TrimPrefix(s, "SELECT ")
	})
}

// exprColumns lists the column names an expression references, in order of
// first appearance.
func exprColumns(n *pg.Node) []string {
	var out []string
	seen := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case *pg.Node:
			if x == nil {
				return
			}
			if cr := x.GetColumnRef(); cr != nil {
				if len(cr.Fields) > 0 {
					if name := strVal(cr.Fields[len(cr.Fields)-1]); name != "" && !seen[name] {
						seen[name] = true
						out = append(out, name)
					}
				}
				return
			}
			walkChildren(x, walk)
		}
	}
	walk(n)
	return out
}

// walkChildren visits the direct sub-nodes of the expression kinds a CHECK
// or index expression is made of.
func walkChildren(n *pg.Node, f func(any)) {
	each := func(ns []*pg.Node) {
		for _, c := range ns {
			f(c)
		}
	}
	switch x := n.Node.(type) {
	case *pg.Node_AExpr:
		f(x.AExpr.Lexpr)
		f(x.AExpr.Rexpr)
	case *pg.Node_BoolExpr:
		each(x.BoolExpr.Args)
	case *pg.Node_NullTest:
		f(x.NullTest.Arg)
	case *pg.Node_BooleanTest:
		f(x.BooleanTest.Arg)
	case *pg.Node_FuncCall:
		each(x.FuncCall.Args)
	case *pg.Node_TypeCast:
		f(x.TypeCast.Arg)
	case *pg.Node_List:
		each(x.List.Items)
	case *pg.Node_CoalesceExpr:
		each(x.CoalesceExpr.Args)
	case *pg.Node_MinMaxExpr:
		each(x.MinMaxExpr.Args)
	case *pg.Node_CaseExpr:
		f(x.CaseExpr.Arg)
		for _, w := range x.CaseExpr.Args {
			if cw := w.GetCaseWhen(); cw != nil {
				f(cw.Expr)
				f(cw.Result)
			}
		}
		f(x.CaseExpr.Defresult)
	case *pg.Node_AArrayExpr:
		each(x.AArrayExpr.Elements)
	}
}

// fkDef translates a FOREIGN KEY / REFERENCES constraint; cols are the
// referencing columns.
func (t *Translator) fkDef(c *pg.Constraint, cols []string, names *constraintNames) *sqlparser.ConstraintDefinition {
	name := c.Conname
	if name == "" {
		name = names.choose(cols, "fkey")
	} else {
		names.take(name)
	}
	ref := t.tableName(c.Pktable)
	refCols := names2(c.PkAttrs)
	if t.selfReference(c.Pktable) {
		// GMS knows a self-reference only by the bare name: a qualified
		// one (public.t referencing public.t) sends it looking for a
		// table that does not exist yet
		ref = t.tableName(&pg.RangeVar{Relname: t.creating.Relname})
	}
	if len(refCols) == 0 && t.selfReference(c.Pktable) {
		// a table referencing itself: its primary key is being declared
		if len(t.creatingPK) == 0 {
			failAt(-1, pgerror.UndefinedObject, "there is no primary key for referenced table %q", c.Pktable.Relname)
		}
		refCols = t.creatingPK
	}
	if len(refCols) == 0 {
		pk := t.lookup(c.Pktable, false).PrimaryKey
		if len(pk) == 0 {
			failAt(-1, pgerror.UndefinedObject, "there is no primary key for referenced table %q", c.Pktable.Relname)
		}
		refCols = pk
	}
	if len(refCols) != len(cols) {
		failAt(-1, pgerror.InvalidForeignKey, "number of referencing and referenced columns for foreign key disagree")
	}
	if !t.selfReference(c.Pktable) {
		if key := t.checkReferencedKey(c.Pktable, refCols); key != nil {
			// GMS finds the referenced index by its column order only:
			// pair the columns up in that order (the same constraint)
			cols, refCols = keyOrder(key, cols, refCols)
		}
	}
	t.noteDeferrable(c, name) // ddl_deferrable.go
	fk := &sqlparser.ForeignKeyDefinition{ReferencedTable: ref,
		OnDelete: fkAction(c.FkDelAction), OnUpdate: fkAction(c.FkUpdAction)}
	for _, s := range cols {
		fk.Source = append(fk.Source, sqlparser.NewColIdent(s))
	}
	for _, s := range refCols {
		fk.ReferencedColumns = append(fk.ReferencedColumns, sqlparser.NewColIdent(s))
	}
	return &sqlparser.ConstraintDefinition{Name: name, Details: fk}
}

// checkReferencedKey returns the key a foreign key's referenced columns
// are (nil when it cannot tell), and fails as PostgreSQL's
// transformFkeyCheckAttrs does
// when a foreign key's referenced columns are missing or are not exactly
// the columns of a primary key or unique index of the existing table pk.
// A table this statement alters is left to the executor: an earlier
// clause may add the unique constraint.
func (t *Translator) checkReferencedKey(pk *pg.RangeVar, refCols []string) []string {
	if t.altering != nil && t.altering.Relname == pk.Relname {
		return nil
	}
	ti := t.lookup(pk, true)
	if ti == nil || ti.UniqueKeys == nil {
		return nil
	}
	for _, c := range refCols {
		if !hasColumn(ti, c) {
			failAt(-1, pgerror.UndefinedColumn, "column \"%s\" referenced in foreign key constraint does not exist", c)
		}
	}
	for _, k := range ti.UniqueKeys {
		if sameColumnSet(k, refCols) {
			return k
		}
	}
	failAt(-1, pgerror.InvalidForeignKey, "there is no unique constraint matching given keys for referenced table \"%s\"", pk.Relname)
	return nil
}

// keyOrder reorders the column pairs (cols[i], refCols[i]) so refCols
// follows key, which holds the same columns.
func keyOrder(key, cols, refCols []string) ([]string, []string) {
	outCols, outRef := make([]string, 0, len(key)), make([]string, 0, len(key))
	for _, k := range key {
		i := slices.Index(refCols, k)
		outCols, outRef = append(outCols, cols[i]), append(outRef, k)
	}
	return outCols, outRef
}

// sameColumnSet reports whether a and b hold the same columns, in any
// order.
func sameColumnSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	for _, x := range b {
		if !slices.Contains(a, x) {
			return false
		}
	}
	return true
}

// selfReference reports whether a foreign key of the table being
// created references that table.
func (t *Translator) selfReference(pk *pg.RangeVar) bool {
	if t.creating == nil || pk.Relname != t.creating.Relname {
		return false
	}
	switch {
	case pk.Schemaname == "" || pk.Schemaname == t.creating.Schemaname:
		return true
	case t.creating.Schemaname == "" && t.Tables != nil:
		// t referencing s.t: itself unless s.t is another, existing table
		_, exists := t.Tables.LookupTable(pk.Schemaname, pk.Relname)
		return !exists
	}
	return false
}

func names2(ns []*pg.Node) []string {
	if len(ns) == 0 {
		return nil
	}
	return names(ns)
}

// fkAction maps pg_constraint's confdeltype / confupdtype letters.
func fkAction(a string) sqlparser.ReferenceAction {
	switch a {
	case "r":
		return sqlparser.Restrict
	case "c":
		return sqlparser.Cascade
	case "n":
		return sqlparser.SetNull
	case "d":
		return sqlparser.SetDefault
	}
	return sqlparser.NoAction
}

// onePrimaryKey fails when a table already declared its primary key.
func onePrimaryKey(pk []string, table string) {
	if len(pk) > 0 {
		fail(pgerror.New(pgerror.InvalidTableDefinition, "multiple primary keys for table %q are not allowed", table))
	}
}

// generated translates GENERATED ALWAYS AS (expr) STORED; the expression
// keeps its PostgreSQL text for GMS to store.
func (t *Translator) generated(c *pg.Constraint, typ *types.Type) sqlparser.Expr {
	t.checkImmutable(c.RawExpr)
	return &sqlparser.ParenExpr{Expr: WithSourceText(t.assignTo(c.RawExpr, typ), deparseExpr(c.RawExpr))}
}

// RenameColumnRef rewrites a stored expression's text (a CHECK
// constraint, a generated column, an index key or predicate) for a
// column rename, as PostgreSQL's stored expressions follow renames (they
// hold attribute numbers).
func RenameColumnRef(text, from, to string) (string, bool) {
	tree, err := pgtree.Parse("SELECT " + text)
	if err != nil || len(tree.Stmts) != 1 {
		return "", false
	}
	sel := tree.Stmts[0].Stmt.GetSelectStmt()
	if sel == nil || len(sel.TargetList) != 1 {
		return "", false
	}
	root := sel.TargetList[0].GetResTarget().Val
	changed := false
	var walk func(v any)
	walk = func(v any) {
		n, ok := v.(*pg.Node)
		if !ok || n == nil {
			return
		}
		if cr := n.GetColumnRef(); cr != nil {
			if k := len(cr.Fields); k > 0 && strVal(cr.Fields[k-1]) == from {
				cr.Fields[k-1] = pg.MakeStrNode(to)
				changed = true
			}
			return
		}
		walkChildren(n, walk)
	}
	walk(root)
	if !changed {
		return text, true
	}
	return deparseExpr(root), true
}

// namedPrimaryKey creates a table whose primary key constraint has a name
// of its own: GMS calls every primary key PRIMARY, so the engine renames
// it after creating the table.
func (t *Translator) namedPrimaryKey(ddl *sqlparser.DDL, s *pg.CreateStmt, name string) Result {
	if s.IfNotExists && t.Tables != nil {
		if _, exists := t.Tables.LookupTable(s.Relation.Schemaname, s.Relation.Relname); exists {
			return Result{Stmt: ddl, Tag: "CREATE TABLE"}
		}
	}
	return Result{Cmd: &TableDDL{Kind: "sequence", Stmts: []sqlparser.Statement{ddl},
		Schema: s.Relation.Schemaname, Table: s.Relation.Relname, PKName: name}, Tag: "CREATE TABLE"}
}

// uniqueIndex is a UNIQUE constraint of CREATE TABLE; an unnamed one on the
// same columns as an earlier one is the same constraint in PostgreSQL, so
// it yields nil.
func uniqueIndex(c *pg.Constraint, cols []string, cn *constraintNames, seen map[string]bool) *sqlparser.IndexDefinition {
	// the name counts the INCLUDE columns too, as ChooseIndexColumnNames does
	nameCols := append(append([]string(nil), cols...), names(c.Including)...)
	key := strings.Join(nameCols, "\x00")
	if c.Conname == "" && seen[key] {
		return nil
	}
	seen[key] = true
	name := c.Conname
	if name == "" {
		name = cn.choose(nameCols, "key")
	} else {
		cn.take(name)
	}
	idx := &sqlparser.IndexDefinition{Info: &sqlparser.IndexInfo{Type: "unique key", Name: sqlparser.NewColIdent(name), Unique: true}}
	for _, k := range cols {
		idx.Columns = append(idx.Columns, &sqlparser.IndexColumn{Column: sqlparser.NewColIdent(k)})
	}
	return idx
}
