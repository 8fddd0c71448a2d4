package engine

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/expr"
	"github.com/tinybase/tinybase/engine/pgerror"
	"github.com/tinybase/tinybase/engine/storage"
	"github.com/tinybase/tinybase/engine/translate"
	"github.com/tinybase/tinybase/engine/types"
)

// tableDDL runs table DDL directly on storage, atomically: a failure
// rolls back to the statement's start.
func (s *Session) tableDDL(c *translate.TableDDL, tag string) (string, *Rows, error) {
	if c.Kind == "noop" {
		return s.commandDone(tag)
	}
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	mark := txn.Savepoint()
	ctx := s.sqlContext()
	var err error
	switch c.Kind {
	case "rename_table":
		err = s.eng.provider.DB().Schema(c.Schema).RenameTable(ctx, c.Table, c.To)
	case "rename_constraint":
		err = s.renameConstraint(ctx, c)
	case "rename_index":
		err = s.renameIndex(ctx, c)
	case "set_schema":
		err = pgerror.New(pgerror.FeatureNotSupported, "ALTER TABLE ... SET SCHEMA is not supported yet")
	case "create_index":
		err = s.createIndex(ctx, c)
	case "create_as":
		var n int
		if n, err = s.createAs(ctx, c); err == nil {
			tag = fmt.Sprintf("SELECT %d", n)
			if c.NoData {
				tag = "CREATE TABLE AS"
			}
		}
	case "alter_type":
		err = s.alterType(ctx, c)
	case "rename_column":
		err = s.renameColumn(ctx, c)
	case "sequence":
		if err = s.runSequence(ctx, c.Stmts); err == nil && c.PKName != "" {
			var t *storage.Table
			if t, err = s.mustTable(ctx, c.Schema, c.Table); err == nil {
				err = t.SetPrimaryKeyName(ctx, c.PKName)
			}
		}
	case "drop_index":
		err = s.dropIndexes(ctx, c)
	case "drop_table":
		err = s.dropTables(ctx, c)
	case "truncate":
		err = s.truncate(ctx, c)
	default:
		err = fmt.Errorf("engine: unknown table DDL %q", c.Kind)
	}
	if err != nil {
		txn.RollbackTo(mark)
		return "", nil, mapError(err)
	}
	return s.commandDone(tag)
}

// renameColumn renames a column; storage renames it in indexes and foreign
// keys, and the CHECK constraints using it are stored again with the
// rewritten text.
func (s *Session) renameColumn(ctx *sql.Context, c *translate.TableDDL) error {
	t, err := s.mustTable(ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	sch := t.Schema()
	i := sch.IndexOfColName(c.From)
	if i < 0 {
		return pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", c.From)
	}
	col := sch[i].Copy()
	col.Name = c.To
	if err := t.ModifyColumn(ctx, c.From, col, nil); err != nil {
		return err
	}
	if t, err = s.mustTable(ctx, c.Schema, c.Table); err != nil {
		return err
	}
	checks, err := t.GetChecks(ctx)
	if err != nil {
		return err
	}
	for _, ch := range checks {
		text, ok := c.Checks[ch.Name]
		if !ok {
			continue
		}
		if err := t.DropCheck(ctx, ch.Name); err != nil {
			return err
		}
		ch.CheckExpression = text
		if err := t.CreateCheck(ctx, &ch); err != nil {
			return err
		}
	}
	return nil
}

// createAs runs CREATE TABLE AS: the query's columns (unknown-typed ones
// become text, as in PostgreSQL) and its rows.
func (s *Session) createAs(ctx *sql.Context, c *translate.TableDDL) (int, error) {
	sch, iter, _, err := s.eng.gms.QueryWithBindings(ctx, sqlparser.String(c.Query), c.Query, nil, nil)
	if err != nil {
		return 0, err
	}
	var rows []sql.Row
	colTypes := make([]*types.Type, len(sch))
	for i, col := range sch {
		colTypes[i] = expr.FromGMSType(col.Type)
	}
	for !c.NoData {
		r, err := iter.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			iter.Close(ctx)
			return 0, err
		}
		row := make(sql.Row, len(r))
		for i, v := range r {
			if row[i], err = expr.FromGMSValue(colTypes[i], v); err != nil {
				iter.Close(ctx)
				return 0, err
			}
		}
		rows = append(rows, row)
	}
	if err := iter.Close(ctx); err != nil {
		return 0, err
	}
	if len(c.Columns) > len(sch) {
		return 0, pgerror.New(pgerror.SyntaxError, "too many column names were specified")
	}
	cols := make(sql.Schema, len(sch))
	for i, col := range sch {
		name := col.Name
		if i < len(c.Columns) {
			name = c.Columns[i]
		}
		typ := colTypes[i]
		if typ == types.Unknown {
			typ = types.Text
		}
		cols[i] = &sql.Column{Name: name, Type: typ, Nullable: true, Source: c.Table}
	}
	db := s.eng.provider.DB()
	pks := sql.NewPrimaryKeySchema(cols)
	if c.Schema != "" {
		err = db.Schema(c.Schema).CreateTable(ctx, c.Table, pks, sql.Collation_Default, "")
	} else {
		err = db.CreateTable(ctx, c.Table, pks, sql.Collation_Default, "")
	}
	if err != nil {
		return 0, err
	}
	t, err := s.mustTable(ctx, c.Schema, c.Table)
	if err != nil {
		return 0, err
	}
	ins := t.Inserter(ctx)
	for _, r := range rows {
		if err := ins.Insert(ctx, r); err != nil {
			return 0, err
		}
	}
	return len(rows), ins.Close(ctx)
}

// runSequence plans and runs GMS statements one after another, each seeing
// the previous one's changes.
func (s *Session) runSequence(ctx *sql.Context, stmts []sqlparser.Statement) error {
	for _, st := range stmts {
		_, iter, _, err := s.eng.gms.QueryWithBindings(ctx, sqlparser.String(st), st, nil, nil)
		if err != nil {
			return err
		}
		for {
			if _, err = iter.Next(ctx); err != nil {
				break
			}
		}
		cerr := iter.Close(ctx)
		if err != io.EOF {
			return err
		}
		if cerr != nil {
			return cerr
		}
	}
	return nil
}

func (s *Session) mustTable(ctx *sql.Context, schema, name string) (*storage.Table, error) {
	t, ok := s.table(ctx, schema, name)
	if !ok {
		if schema != "" {
			name = schema + "." + name
		}
		return nil, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", name)
	}
	return t, nil
}

func (s *Session) renameConstraint(ctx *sql.Context, c *translate.TableDDL) error {
	t, err := s.mustTable(ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	switch tableInfo(ctx, t).Constraints[c.From] {
	case 'p':
		return t.SetPrimaryKeyName(ctx, c.To)
	case 'u':
		return t.RenameIndex(ctx, c.From, c.To)
	case 'f':
		fks, err := t.GetDeclaredForeignKeys(ctx)
		if err != nil {
			return err
		}
		for _, fk := range fks {
			if fk.Name == c.From {
				fk.Name = c.To
				return t.UpdateForeignKey(ctx, c.From, fk)
			}
		}
	case 'c':
		checks, err := t.GetChecks(ctx)
		if err != nil {
			return err
		}
		for _, ch := range checks {
			if ch.Name == c.From {
				if err := t.DropCheck(ctx, c.From); err != nil {
					return err
				}
				ch.Name = c.To
				return t.CreateCheck(ctx, &ch)
			}
		}
	}
	return pgerror.New(pgerror.UndefinedObject, "constraint %q for table %q does not exist", c.From, c.Table)
}

// findIndex finds the table holding an index (schema "" walks the search
// path). isTable reports that the name is a table instead.
func (s *Session) findIndex(ctx *sql.Context, schema, name string) (t *storage.Table, isTable bool) {
	schemas := s.SearchPath()
	if schema != "" {
		schemas = []string{schema}
	}
	db := s.eng.provider.DB()
	txn := s.StorageTxn()
	for _, sc := range schemas {
		names, err := txn.TableNames(sc)
		if err != nil {
			continue
		}
		sort.Strings(names)
		for _, n := range names {
			tb, ok, err := db.Table(ctx, sc, n)
			if err != nil || !ok {
				continue
			}
			if tableInfo(ctx, tb).Indexes[name] {
				return tb, false
			}
			if n == name {
				isTable = true
			}
		}
	}
	return nil, isTable
}

func (s *Session) renameIndex(ctx *sql.Context, c *translate.TableDDL) error {
	o := c.Objects[0]
	t, _ := s.findIndex(ctx, o[0], o[1])
	if t == nil {
		if c.MissingOK {
			return nil
		}
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", o[1])
	}
	if tableInfo(ctx, t).Constraints[o[1]] == 'p' {
		return t.SetPrimaryKeyName(ctx, c.To)
	}
	return t.RenameIndex(ctx, o[1], c.To)
}

func (s *Session) createIndex(ctx *sql.Context, c *translate.TableDDL) error {
	t, err := s.mustTable(ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	def := c.Index
	if other, _ := s.findIndex(ctx, c.Schema, def.Name); other != nil {
		if def.IfNotExists {
			return nil
		}
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", def.Name)
	}
	spec := storage.IndexSpec{Name: def.Name, Unique: def.Unique, Columns: def.Columns, Comment: createIndexComment}
	sch := t.Schema()
	if len(def.Exprs) > 0 {
		keys := make([]sql.Expression, len(def.Exprs))
		for i, e := range def.Exprs {
			if keys[i], err = resolveOver(sch, e); err != nil {
				return err
			}
			spec.KeyTypes = append(spec.KeyTypes, keys[i].Type())
		}
		spec.Key = func(ctx *sql.Context, row sql.Row) (sql.Row, error) {
			out := make(sql.Row, len(keys))
			for i, k := range keys {
				v, err := k.Eval(ctx, row)
				if err != nil {
					return nil, err
				}
				out[i] = v
			}
			return out, nil
		}
	}
	if def.Where != nil {
		where, err := resolveOver(sch, def.Where)
		if err != nil {
			return err
		}
		spec.Where = func(ctx *sql.Context, row sql.Row) (bool, error) {
			v, err := where.Eval(ctx, row)
			if err != nil {
				return false, err
			}
			b, ok := v.(bool)
			return ok && b, nil
		}
	}
	if err := t.CreateIndexSpec(ctx, spec); err != nil {
		if _, ok := storage.AsUniqueViolation(err); ok {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.UniqueViolation,
				Message: fmt.Sprintf("could not create unique index %q", def.Name), Table: t.Name(), Constraint: def.Name}
		}
		return err
	}
	return nil
}

// createIndexComment marks indexes made by CREATE INDEX: a unique one is
// not a constraint, so DROP INDEX may drop it (unlike a UNIQUE constraint's).
const createIndexComment = "tinybase: CREATE INDEX"

// resolveOver resolves a translated expression against a table's row:
// column references become fields of the row, injected tinybase
// expressions are built once their children are.
func resolveOver(sch sql.Schema, e sqlparser.Expr) (sql.Expression, error) {
	switch x := e.(type) {
	case *sqlparser.ColName:
		name := x.Name.String()
		for i, c := range sch {
			if c.Name == name {
				return expression.NewGetField(i, c.Type, c.Name, c.Nullable), nil
			}
		}
		return nil, pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", name)
	case *sqlparser.ParenExpr:
		return resolveOver(sch, x.Expr)
	case sqlparser.InjectedExpr:
		children := make([]any, len(x.Children))
		for i, c := range x.Children {
			r, err := resolveOver(sch, c)
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

func (s *Session) dropIndexes(ctx *sql.Context, c *translate.TableDDL) error {
	for _, o := range c.Objects {
		t, isTable := s.findIndex(ctx, o[0], o[1])
		if t == nil {
			if isTable {
				return pgerror.New(pgerror.WrongObjectType, "%q is not an index", o[1])
			}
			if c.MissingOK {
				continue
			}
			return pgerror.New(pgerror.UndefinedObject, "index %q does not exist", o[1])
		}
		switch tableInfo(ctx, t).Constraints[o[1]] {
		case 'p', 'u':
			e := pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop index %s because constraint %s on table %s requires it", o[1], o[1], t.Name())
			e.Hint = fmt.Sprintf("You can drop constraint %s on table %s instead.", o[1], t.Name())
			return e
		}
		if err := t.DropIndex(ctx, o[1]); err != nil {
			return err
		}
	}
	return nil
}

// referencing returns the foreign keys of other tables (not in skip) that
// reference t.
func referencing(ctx *sql.Context, t *storage.Table, skip map[string]bool) ([]sql.ForeignKeyConstraint, error) {
	fks, err := t.GetReferencedForeignKeys(ctx)
	if err != nil {
		return nil, err
	}
	var out []sql.ForeignKeyConstraint
	for _, fk := range fks {
		if !skip[fk.SchemaName+"."+fk.Table] {
			out = append(out, fk)
		}
	}
	return out, nil
}

func (s *Session) dropTables(ctx *sql.Context, c *translate.TableDDL) error {
	var tables []*storage.Table
	dropping := map[string]bool{}
	for _, o := range c.Objects {
		t, ok := s.table(ctx, o[0], o[1])
		if !ok {
			if c.MissingOK {
				continue
			}
			return pgerror.New(pgerror.UndefinedTable, "table %q does not exist", o[1])
		}
		tables = append(tables, t)
		dropping[t.SchemaName()+"."+t.Name()] = true
	}
	for _, t := range tables {
		fks, err := referencing(ctx, t, dropping)
		if err != nil {
			return err
		}
		if len(fks) > 0 && !c.Cascade {
			var detail []string
			for _, fk := range fks {
				detail = append(detail, fmt.Sprintf("constraint %s on table %s depends on table %s", fk.Name, fk.Table, t.Name()))
			}
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.DependentObjectsStillExist,
				Message: fmt.Sprintf("cannot drop table %s because other objects depend on it", t.Name()),
				Detail:  strings.Join(detail, "\n"), Hint: "Use DROP ... CASCADE to drop the dependent objects too."}
		}
		for _, fk := range fks {
			child, ok := s.table(ctx, fk.SchemaName, fk.Table)
			if !ok {
				continue
			}
			if err := child.DropForeignKey(ctx, fk.Name); err != nil {
				return err
			}
		}
	}
	for _, t := range tables {
		if err := s.eng.provider.DB().Schema(t.SchemaName()).DropTable(ctx, t.Name()); err != nil {
			return err
		}
	}
	return nil
}

// truncate is TRUNCATE [CASCADE]: a table referenced by a foreign key may
// only be truncated together with the referencing tables.
func (s *Session) truncate(ctx *sql.Context, c *translate.TableDDL) error {
	var tables []*storage.Table
	set := map[string]bool{}
	for _, o := range c.Objects {
		t, err := s.mustTable(ctx, o[0], o[1])
		if err != nil {
			return err
		}
		if !set[t.SchemaName()+"."+t.Name()] {
			set[t.SchemaName()+"."+t.Name()] = true
			tables = append(tables, t)
		}
	}
	for i := 0; i < len(tables); i++ {
		t := tables[i]
		fks, err := referencing(ctx, t, set)
		if err != nil {
			return err
		}
		for _, fk := range fks {
			if fk.SchemaName == t.SchemaName() && fk.Table == t.Name() {
				continue
			}
			if !c.Cascade {
				return &pgerror.Error{Severity: "ERROR", Code: pgerror.FeatureNotSupported,
					Message: "cannot truncate a table referenced in a foreign key constraint",
					Detail:  fmt.Sprintf("Table %q references %q.", fk.Table, t.Name()),
					Hint:    fmt.Sprintf("Truncate table %q at the same time, or use TRUNCATE ... CASCADE.", fk.Table)}
			}
			child, ok := s.table(ctx, fk.SchemaName, fk.Table)
			if !ok || set[child.SchemaName()+"."+child.Name()] {
				continue
			}
			set[child.SchemaName()+"."+child.Name()] = true
			tables = append(tables, child)
		}
	}
	if c.Restart {
		if err := restartIdentity(tables); err != nil {
			return err
		}
	}
	for _, t := range tables {
		if _, err := t.Truncate(ctx); err != nil {
			return err
		}
	}
	return nil
}

// restartIdentity is TRUNCATE's RESTART IDENTITY. Tables without identity
// columns have nothing to restart; restarting the sequences behind identity
// and serial columns belongs to the sequence catalog, which does not
// offer it yet.
func restartIdentity(tables []*storage.Table) error {
	for _, t := range tables {
		for _, col := range t.Schema() {
			if col.AutoIncrement {
				return pgerror.New(pgerror.FeatureNotSupported, "TRUNCATE ... RESTART IDENTITY is not supported yet")
			}
		}
	}
	return nil
}

// alterType is ALTER COLUMN TYPE: every value is cast with PostgreSQL's
// cast rules (assignment, or explicit under USING col::type). Storage's own
// retyping converts Go values, not PostgreSQL casts, so the rows are taken
// out, the column retyped on the empty table, and the cast rows put back.
func (s *Session) alterType(ctx *sql.Context, c *translate.TableDDL) error {
	t, err := s.mustTable(ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	rows, err := allRows(ctx, t)
	if err != nil {
		return err
	}
	for _, rt := range c.Retypes {
		sch := t.Schema()
		i := sch.IndexOfColName(rt.Column)
		if i < 0 {
			return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", rt.Column, c.Table)
		}
		from := expr.FromGMSType(sch[i].Type)
		for _, r := range rows {
			if r[i] == nil {
				continue
			}
			if r[i], err = types.Cast(r[i], from, rt.Type, rt.Explicit, &s.env); err != nil {
				return err
			}
		}
		if _, err := t.Truncate(ctx); err != nil {
			return err
		}
		col := sch[i].Copy()
		col.Type = rt.Type
		if err := t.ModifyColumn(ctx, sch[i].Name, col, nil); err != nil {
			return err
		}
		if t, err = s.mustTable(ctx, c.Schema, c.Table); err != nil {
			return err
		}
	}
	ins := t.Inserter(ctx)
	for _, r := range rows {
		if err := ins.Insert(ctx, r); err != nil {
			return err
		}
	}
	return ins.Close(ctx)
}

func allRows(ctx *sql.Context, t *storage.Table) ([]sql.Row, error) {
	it, err := t.Rows(ctx)
	if err != nil {
		return nil, err
	}
	defer it.Close(ctx)
	var out []sql.Row
	for {
		r, err := it.Next(ctx)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, r.Copy())
	}
}
