package translate

import (
	"fmt"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// serialKind returns the sequence type of a serial pseudo-type name.
func serialKind(tn *pg.TypeName) *types.Type {
	if tn == nil {
		return nil
	}
	parts := names(tn.Names)
	switch parts[len(parts)-1] {
	case "serial", "serial4":
		return types.Int4
	case "bigserial", "serial8":
		return types.Int8
	case "smallserial", "serial2":
		return types.Int2
	}
	return nil
}

func identityConstraint(cd *pg.ColumnDef) *pg.Constraint {
	for _, cn := range cd.Constraints {
		if c := cn.GetConstraint(); c != nil && c.Contype == pg.ConstrType_CONSTR_IDENTITY {
			return c
		}
	}
	return nil
}

// checkColumnDefaults fails a column definition with two defaults, two
// identities or two generation expressions, or more than one of them,
// as PostgreSQL's transformColumnDefinition does; a serial column's
// default and NOT NULL come after the written constraints.
func checkColumnDefaults(cd *pg.ColumnDef, table string) {
	var sawDefault, sawIdentity, sawGenerated bool
	last := int32(-1)
	clash := func(loc int32, what string) {
		failAt(loc, pgerror.SyntaxError, "%s for column %q of table %q", what, cd.Colname, table)
	}
	for _, n := range cd.Constraints {
		c := n.GetConstraint()
		if c == nil {
			continue
		}
		last = c.Location
		switch c.Contype {
		case pg.ConstrType_CONSTR_DEFAULT:
			if sawDefault {
				clash(c.Location, "multiple default values specified")
			}
			sawDefault = true
		case pg.ConstrType_CONSTR_IDENTITY:
			if sawIdentity {
				clash(c.Location, "multiple identity specifications")
			}
			sawIdentity = true
		case pg.ConstrType_CONSTR_GENERATED:
			if sawGenerated {
				clash(c.Location, "multiple generation clauses specified")
			}
			sawGenerated = true
		}
	}
	if serialKind(cd.TypeName) != nil {
		if sawDefault {
			clash(-1, "multiple default values specified")
		}
		sawDefault, last = true, -1
	}
	switch {
	case sawDefault && sawIdentity:
		clash(last, "both default and identity specified")
	case sawDefault && sawGenerated:
		clash(last, "both default and generation expression specified")
	case sawIdentity && sawGenerated:
		clash(last, "both identity and generation expression specified")
	}
}

// identitySequence is the sequence of an identity column, or nil.
func (t *Translator) identitySequence(ti *TableInfo, column string) *catalog.QName {
	r := t.reader()
	if r == nil {
		return nil
	}
	seq, ok := r.Current().ColumnSequence(ti.Schema, ti.Name, column)
	if !ok || seq.Identity == 0 {
		return nil
	}
	return &catalog.QName{Schema: seq.Schema, Name: seq.Name}
}

// SequenceName is the name PostgreSQL gives the sequence of a serial or
// identity column.
func SequenceName(table, column string) string { return pgident.MakeObjectName(table, column, "seq") }

// serialSequenceName picks the name of a serial column's sequence:
// <table>_<column>_seq, or with a number appended when a relation of that
// name exists (PostgreSQL's ChooseRelationName).
func (t *Translator) serialSequenceName(rel *pg.RangeVar, column string) string {
	base := SequenceName(rel.Relname, column)
	r := t.reader()
	if r == nil {
		return base
	}
	schemas := []string{rel.Schemaname}
	if rel.Schemaname == "" {
		schemas = r.SearchPath()
	}
	taken := func(name string) bool {
		for _, sc := range schemas {
			q := catalog.QName{Schema: sc, Name: name}
			if r.Current().RelationExists(q) {
				return true
			}
			if _, _, ok := r.Table(sc, name); ok {
				return true
			}
		}
		return false
	}
	if _, _, exists := r.Table(rel.Schemaname, rel.Relname); exists {
		return base // CREATE TABLE fails or is skipped; the name is not used
	}
	return pgident.Choose(rel.Relname, column, "seq", taken)
}

// catalogColumn gives serial and identity columns PostgreSQL's form: NOT
// NULL with the default nextval('<table>_<col>_seq'::regclass) (the
// sequence itself is created with the table, createTableWithSequences),
// and columns of a domain with a default that default.
func (t *Translator) catalogColumn(rel *pg.RangeVar, cd *pg.ColumnDef, col *sqlparser.ColumnDefinition) {
	if serialKind(cd.TypeName) == nil && identityConstraint(cd) == nil {
		if typ, ok := col.Type.ResolvedType.(*types.Type); ok && typ.Domain != nil {
			t.domainColumn(typ, col)
		}
		return
	}
	seq := pgident.QuoteIfNeeded(t.serialSequenceName(rel, cd.Colname))
	if rel.Schemaname != "" {
		seq = pgident.QuoteIfNeeded(rel.Schemaname) + "." + seq
	}
	typ, _ := col.Type.ResolvedType.(*types.Type)
	col.Type.Autoincrement = false
	col.Type.NotNull = true
	col.Type.Default = &sqlparser.ParenExpr{Expr: t.inject("nextval", -1, nil, func([]sql.Expression) (sql.Expression, error) {
		call, err := expr.NewFuncCall(t.Env, "nextval", []sql.Expression{expr.NewLiteral(types.Regclass, seq)})
		if err != nil {
			return nil, err
		}
		return expr.Coerce(t.Env, call, typ, types.CastAssignment)
	})}
}

// domainColumn applies a domain's default to a column of it, marked as
// the domain's (DomainDefault): the column has no default of its own in
// the catalogs, as in PostgreSQL. The domain's
// NOT NULL stays the domain's (storage asks the type, types.CheckNull):
// the column's attnotnull is false, as in PostgreSQL.
func (t *Translator) domainColumn(typ *types.Type, col *sqlparser.ColumnDefinition) {
	if col.Type.Default != nil {
		return
	}
	if e, ok := t.domainDefault(typ); ok {
		col.Type.Default = &sqlparser.ParenExpr{Expr: e}
	}
}

// domainDefault is the default a column of domain typ takes from it,
// marked as the domain's; ok is false when the domain has none. It is
// coerced to the base type, as PostgreSQL stores it: the domain's
// constraints check it when an INSERT takes it (the column default's
// OutType), not when a table is created.
func (t *Translator) domainDefault(typ *types.Type) (sqlparser.Expr, bool) {
	r := t.reader()
	if r == nil || typ.Domain == nil {
		return nil, false
	}
	d, ok := r.Current().Type(catalog.QName{Schema: typ.Schema, Name: typ.Name})
	if !ok || d.Default == "" {
		return nil, false
	}
	n, err := ParseExpr(d.Default)
	if err != nil {
		return nil, false
	}
	return withDomainDefault(t.assignTo(n, typ.Base().WithMod(-1)), typ), true
}

// createTableWithSequences translates CREATE TABLE and adds the owned
// sequences of its serial and identity columns.
func (t *Translator) createTableWithSequences(s *pg.CreateStmt) Result {
	t.deferrals = nil
	if s.IfNotExists && s.Relation.Relpersistence != "t" && t.relationTaken(s.Relation) {
		return Result{Cmd: &TableDDL{Kind: "noop", NoticeCode: pgerror.DuplicateTable,
			Notices: []string{fmt.Sprintf("relation %q already exists, skipping", s.Relation.Relname)}}, Tag: "CREATE TABLE"}
	}
	t.checkRelationFree(s.Relation, s.IfNotExists)
	res, err := t.createTable(s)
	if err != nil {
		fail(asPG(err))
	}
	res = t.withDeferrals(res, catalog.QName{Schema: s.Relation.Schemaname, Name: s.Relation.Relname}, true) // ddl_deferrable.go
	// WITH (...) and UNLOGGED (ddl_table_options.go)
	if opts := t.createTableOptions(s); opts != nil {
		res.Catalog = append(res.Catalog, opts)
	}
	for _, e := range s.TableElts {
		cd := e.GetColumnDef()
		if cd == nil {
			continue
		}
		seqType := serialKind(cd.TypeName)
		ic := identityConstraint(cd)
		if seqType == nil && ic == nil {
			continue
		}
		cmd := &CreateSequence{Name: catalog.QName{Schema: s.Relation.Schemaname, Name: t.serialSequenceName(s.Relation, cd.Colname)},
			OwnedBy: &catalog.ColumnRef{Schema: s.Relation.Schemaname, Table: s.Relation.Relname, Column: cd.Colname}}
		if ic != nil {
			cmd.Options = t.seqOptions(ic.Options)
			cmd.Identity = 'd'
			if ic.GeneratedWhen == "a" {
				cmd.Identity = 'a'
			}
			seqType = t.typeName(cd.TypeName)
		}
		if cmd.Options.Type == nil {
			cmd.Options.Type = seqType
		}
		res.Catalog = append(res.Catalog, cmd)
	}
	return res
}

func asPG(err error) *pgerror.Error {
	if pe, ok := pgerror.As(err); ok {
		return pe
	}
	return pgerror.New(pgerror.InternalError, "%v", err)
}

// alwaysIdentity returns the GENERATED ALWAYS identity column of a table,
// with the table's column names.
func (t *Translator) alwaysIdentity(rv *pg.RangeVar) (string, []string) {
	r := t.reader()
	if r == nil {
		return "", nil
	}
	schema, cols, ok := r.Table(rv.Schemaname, rv.Relname)
	if !ok {
		return "", nil
	}
	for _, c := range cols {
		if seq, ok := r.Current().ColumnSequence(schema, rv.Relname, c); ok && seq.Identity == 'a' {
			return c, cols
		}
	}
	return "", nil
}

// checkIdentityInsert rejects explicit values for a GENERATED ALWAYS
// identity column unless OVERRIDING SYSTEM VALUE (428C9).
func (t *Translator) checkIdentityInsert(s *pg.InsertStmt) {
	if s.Override == pg.OverridingKind_OVERRIDING_SYSTEM_VALUE || s.SelectStmt == nil {
		return
	}
	idCol, cols := t.alwaysIdentity(s.Relation)
	if idCol == "" {
		return
	}
	pos := -1
	if len(s.Cols) == 0 {
		for i, c := range cols {
			if c == idCol {
				pos = i
			}
		}
	} else {
		for i, c := range s.Cols {
			if c.GetResTarget().Name == idCol {
				pos = i
			}
		}
	}
	if pos < 0 {
		return
	}
	fault := func() {
		fail(pgerror.New(pgerror.GeneratedAlways, "cannot insert a non-DEFAULT value into column %q", idCol).
			WithDetail("Column %q is an identity column defined as GENERATED ALWAYS.", idCol).
			WithHint("Use OVERRIDING SYSTEM VALUE to override."))
	}
	sel := s.SelectStmt.GetSelectStmt()
	if len(sel.ValuesLists) == 0 {
		fault()
	}
	for _, l := range sel.ValuesLists {
		items := l.GetList().Items
		if pos < len(items) && items[pos].GetSetToDefault() == nil {
			fault()
		}
	}
}

// checkIdentityUpdate rejects assigning a GENERATED ALWAYS identity column
// anything but DEFAULT.
func (t *Translator) checkIdentityUpdate(s *pg.UpdateStmt) {
	idCol, _ := t.alwaysIdentity(s.Relation)
	if idCol == "" {
		return
	}
	for _, n := range s.TargetList {
		rt := n.GetResTarget()
		if rt.Name == idCol && rt.Val.GetSetToDefault() == nil {
			fail(pgerror.New(pgerror.GeneratedAlways, "column %q can only be updated to DEFAULT", idCol).
				WithDetail("Column %q is an identity column defined as GENERATED ALWAYS.", idCol))
		}
	}
}

// alterIdentity handles ALTER TABLE ... ALTER COLUMN ... RESTART / SET
// identity options when those are the statement's only commands.
func (t *Translator) alterIdentity(s *pg.AlterTableStmt) (Result, bool) {
	if len(s.Cmds) != 1 {
		return Result{}, false
	}
	c := s.Cmds[0].GetAlterTableCmd()
	if c == nil || c.Subtype != pg.AlterTableType_AT_SetIdentity {
		return Result{}, false
	}
	var opts []*pg.Node
	if l := c.Def.GetList(); l != nil {
		opts = l.Items
	}
	return Result{Cmd: &AlterSequence{Name: rangeQName(s.Relation), Column: c.Name, Options: t.seqOptions(opts)}, Tag: "ALTER TABLE"}, true
}

// checkRelationFree fails CREATE TABLE when a sequence or view of the
// catalog already has the name (storage knows only its tables).
func (t *Translator) checkRelationFree(rel *pg.RangeVar, ifNotExists bool) {
	r := t.reader()
	if r == nil || ifNotExists {
		return
	}
	q := catalog.QName{Schema: t.relationSchema(r, rel), Name: rel.Relname}
	cat := r.Current()
	_, seq := cat.Sequence(q)
	_, view := cat.View(q)
	if seq || view {
		fail(pgerror.New(pgerror.DuplicateTable, "relation %q already exists", rel.Relname))
	}
}

// relationSchema is the schema CREATE puts rel in: its own, or the first
// schema of the search path that exists.
func (t *Translator) relationSchema(r CatalogReader, rel *pg.RangeVar) string {
	if rel.Schemaname != "" {
		return rel.Schemaname
	}
	sl, _ := t.Tables.(SchemaLookup)
	for _, sc := range r.SearchPath() {
		if sc != "pg_catalog" && (sl == nil || sl.HasSchema(sc)) {
			return sc
		}
	}
	return ""
}

// relationTaken reports whether a table, view or sequence already has
// rel's name in the schema CREATE ... IF NOT EXISTS would put it in (the
// statement then only sends PostgreSQL's 42P07 notice).
func (t *Translator) relationTaken(rel *pg.RangeVar) bool {
	r := t.reader()
	if r == nil {
		return false
	}
	q := catalog.QName{Schema: t.relationSchema(r, rel), Name: rel.Relname}
	if q.Schema == "" {
		return false
	}
	if t.Tables != nil {
		if _, ok := t.Tables.LookupTable(q.Schema, q.Name); ok {
			return true
		}
	}
	cat := r.Current()
	_, seq := cat.Sequence(q)
	_, view := cat.View(q)
	return seq || view
}
