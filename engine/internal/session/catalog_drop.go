package session

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

func dependError(kind, name string) error {
	return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop %s %s because other objects depend on it", kind, name).
		WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
}

func (s *Session) dropObjects(c *translate.DropObjects) error {
	for _, n := range c.Names {
		var err error
		switch c.Kind {
		case "sequence":
			err = s.dropSequence(n, c)
		case "view":
			err = s.dropView(n, c)
		case "type", "domain":
			err = s.dropType(n, c)
		case "extension":
			cat := s.catalog()
			if _, ok := cat.Extension(n.Name); !ok {
				if c.IfExists {
					continue
				}
				return pgerror.New(pgerror.UndefinedObject, "extension %q does not exist", n.Name)
			}
			s.setCatalog(cat.DropExtension(n.Name))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *Session) dropSequence(n catalog.QName, c *translate.DropObjects) error {
	cat := s.catalog()
	seq, err := s.resolveSequence(cat, n)
	if err != nil {
		if c.IfExists && codeOf(err) == pgerror.UndefinedTable {
			return nil
		}
		if codeOf(err) == pgerror.UndefinedTable {
			return pgerror.New(pgerror.UndefinedTable, "sequence %q does not exist", n.Name)
		}
		return err
	}
	users := s.sequenceUsers(cat, seq)
	if len(users) > 0 {
		if !c.Cascade {
			return dependError("sequence", seq.Name)
		}
		// CASCADE drops the column defaults that call nextval on it
		ctx := s.gmsContext()
		for _, u := range users {
			nc := u.col.Copy()
			nc.Default = nil
			if err := u.table.ModifyColumn(ctx, u.col.Name, nc, nil); err != nil {
				return mapError(err)
			}
		}
	}
	s.setCatalog(s.catalog().DropSequence(catalog.QName{Schema: seq.Schema, Name: seq.Name}))
	return nil
}

type columnUse struct {
	table interface {
		ModifyColumn(*sql.Context, string, *sql.Column, *sql.ColumnOrder) error
	}
	col *sql.Column
}

// sequenceUsers finds the column defaults that call nextval on seq.
func (s *Session) sequenceUsers(cat *catalog.Catalog, seq *catalog.Sequence) []columnUse {
	ctx := s.gmsContext()
	txn := s.StorageTxn()
	var out []columnUse
	for _, t := range s.allTables(ctx, txn) {
		for _, col := range t.Schema() {
			if col.Default == nil || col.Default.Expr == nil {
				continue
			}
			uses := false
			transform.InspectExpr(col.Default.Expr, func(e sql.Expression) bool {
				fc, ok := e.(*expr.FuncCall)
				if !ok || fc.Name != "nextval" || len(fc.Args) != 1 {
					return false
				}
				if lit, ok := fc.Args[0].(*expr.Literal); ok {
					if name, ok := lit.Value.(string); ok {
						if other, err := s.resolveSequence(cat, parseRelName(name)); err == nil && other.OID == seq.OID {
							uses = true
						}
					}
				}
				return false
			})
			if uses {
				out = append(out, columnUse{table: t, col: col})
			}
		}
	}
	return out
}

// findView resolves a view through the search path; a table found first
// is reported as isTable.
func (s *Session) findView(cat *catalog.Catalog, q catalog.QName) (v *catalog.View, isTable bool) {
	for _, sc := range s.lookupSchemas(q.Schema) {
		n := catalog.QName{Schema: sc, Name: q.Name}
		if _, ok := s.findTable(sc, q.Name); ok {
			return nil, true
		}
		if v, ok := cat.View(n); ok {
			return v, false
		}
	}
	return nil, false
}

func (s *Session) dropView(n catalog.QName, c *translate.DropObjects) error {
	cat := s.catalog()
	v, isTable := s.findView(cat, n)
	if isTable {
		return pgerror.New(pgerror.WrongObjectType, "%q is not a view", n.Name).WithHint("Use DROP TABLE to remove a table.")
	}
	if v == nil {
		if c.IfExists {
			return nil
		}
		return pgerror.New(pgerror.UndefinedTable, "view %q does not exist", n.Name)
	}
	cat, err := dropRelationCascade(cat, catalog.QName{Schema: v.Schema, Name: v.Name}, "view", c.Cascade)
	if err != nil {
		return err
	}
	s.setCatalog(cat.DropView(catalog.QName{Schema: v.Schema, Name: v.Name}))
	return nil
}

// dropRelationCascade removes the views that depend on relation q, or
// fails with 2BP01 without CASCADE.
func dropRelationCascade(cat *catalog.Catalog, q catalog.QName, kind string, cascade bool) (*catalog.Catalog, error) {
	deps := cat.Dependents(q)
	if len(deps) > 0 && !cascade {
		return nil, dependError(kind, q.Name)
	}
	for _, d := range deps {
		dq := catalog.QName{Schema: d.Schema, Name: d.Name}
		var err error
		if cat, err = dropRelationCascade(cat, dq, "view", true); err != nil {
			return nil, err
		}
		cat = cat.DropView(dq)
	}
	return cat, nil
}

func (s *Session) dropType(n catalog.QName, c *translate.DropObjects) error {
	cat := s.catalog()
	q, d, ok := s.findType(cat, n)
	if !ok {
		if c.IfExists {
			return nil
		}
		return pgerror.New(pgerror.UndefinedObject, "type %q does not exist", n.Name)
	}
	if c.Kind == "domain" && !d.IsDomain() {
		return pgerror.New(pgerror.WrongObjectType, "%q is not a domain", n.Name)
	}
	if err := compositeDependents(cat, d.Type, q.Name, c.Cascade); err != nil { // catalog_composite.go
		return err
	}
	users := s.typeUsers(d.Type.OID)
	for _, other := range cat.Types() {
		if other.Type.Domain != nil && other.Type.Domain.OID == d.Type.OID {
			return pgerror.New(pgerror.FeatureNotSupported, "DROP TYPE of a type with domains over it is not supported yet")
		}
	}
	if len(users) > 0 && !c.Cascade {
		return dependError("type", q.Name)
	}
	// CASCADE drops the columns of the type, as PostgreSQL does
	ctx := s.gmsContext()
	for _, u := range users {
		if err := u.table.DropColumn(ctx, u.column); err != nil {
			return mapError(err)
		}
	}
	s.setCatalog(s.catalog().DropType(q))
	return nil
}

// dropTableDeps runs before DROP TABLE: dependent views (CASCADE),
// owned sequences and comments go with the table.
func (s *Session) dropTableDeps(c *translate.DropTableDeps) error {
	cat := s.catalog()
	for _, n := range c.Tables {
		t, ok := s.findTable(n.Schema, n.Name)
		if !ok {
			continue // GMS reports the missing table (or skips it with IF EXISTS)
		}
		q := catalog.QName{Schema: t.SchemaName(), Name: t.Name()}
		var err error
		if cat, err = dropRelationCascade(cat, q, "table", c.Cascade); err != nil {
			return err
		}
		for _, seq := range cat.OwnedSequences(q.Schema, q.Name) {
			cat = cat.DropSequence(catalog.QName{Schema: seq.Schema, Name: seq.Name})
		}
		cat = cat.DropRelationComments(q)
		cat = cat.DropTableTriggers(q)
	}
	s.setCatalog(cat)
	return nil
}

// objDescription is obj_description(relation, 'pg_class').
func (s *Session) objDescription(rel, catalogName string) (any, error) {
	q, err := s.resolveRelation(parseRelName(rel))
	if err != nil {
		return nil, err
	}
	if text, ok := s.catalog().Comment(catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: q.Schema, Name: q.Name}); ok {
		return text, nil
	}
	return nil, nil
}

// colDescription is col_description(relation, column number).
func (s *Session) colDescription(rel string, n int32) (any, error) {
	q, err := s.resolveRelation(parseRelName(rel))
	if err != nil {
		return nil, err
	}
	cols := s.relationColumns(q)
	if n < 1 || int(n) > len(cols) {
		return nil, nil
	}
	if text, ok := s.catalog().Comment(catalog.ObjectKey{Kind: catalog.ObjColumn, Schema: q.Schema, Name: q.Name, Column: cols[n-1]}); ok {
		return text, nil
	}
	return nil, nil
}

// resolveRelation resolves a table, view or sequence name.
func (s *Session) resolveRelation(q catalog.QName) (catalog.QName, error) {
	cat := s.catalog()
	for _, sc := range s.lookupSchemas(q.Schema) {
		n := catalog.QName{Schema: sc, Name: q.Name}
		if t, ok := s.findTable(sc, q.Name); ok {
			return catalog.QName{Schema: t.SchemaName(), Name: t.Name()}, nil
		}
		if cat.RelationExists(n) {
			return n, nil
		}
	}
	return q, pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", displayName(q))
}

// relationColumns returns a table's or view's column names.
func (s *Session) relationColumns(q catalog.QName) []string {
	if t, ok := s.findTable(q.Schema, q.Name); ok {
		out := make([]string, len(t.Schema()))
		for i, c := range t.Schema() {
			out[i] = c.Name
		}
		return out
	}
	if v, ok := s.catalog().View(q); ok {
		return v.Columns
	}
	return nil
}

func (s *Session) comment(c *translate.Comment) error {
	cat := s.catalog()
	key := catalog.ObjectKey{Kind: c.Kind}
	switch c.Kind {
	case catalog.ObjRelation, catalog.ObjColumn:
		q, err := s.resolveRelation(c.Name)
		if err != nil {
			return err
		}
		key.Schema, key.Name = q.Schema, q.Name
		if c.Kind == catalog.ObjColumn {
			found := false
			for _, col := range s.relationColumns(q) {
				found = found || col == c.Column
			}
			if !found {
				return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", c.Column, q.Name)
			}
			key.Column = c.Column
		}
	case catalog.ObjType:
		q, _, ok := s.findType(cat, c.Name)
		if !ok {
			if _, builtin := types.ByName(c.Name.Name); !builtin {
				return pgerror.New(pgerror.UndefinedObject, "type %q does not exist", c.Name.Name)
			}
			q = catalog.QName{Schema: "pg_catalog", Name: c.Name.Name}
		}
		key.Schema, key.Name = q.Schema, q.Name
	case catalog.ObjSchema:
		if !s.StorageTxn().HasSchema(c.Name.Name) {
			return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", c.Name.Name)
		}
		key.Name = c.Name.Name
	case catalog.ObjExtension:
		if _, ok := cat.Extension(c.Name.Name); !ok {
			return pgerror.New(pgerror.UndefinedObject, "extension %q does not exist", c.Name.Name)
		}
		key.Name = c.Name.Name
	case catalog.ObjFunction:
		if f, ok := s.commentedRoutine(cat, c.Name, c.Routine); ok {
			key.Schema, key.Name = f.Schema, f.Signature()
			break
		}
		if _, ok := expr.Funcs[strings.ToLower(c.Name.Name)]; !ok {
			return pgerror.New(pgerror.UndefinedFunction, "function %s does not exist", c.Name.Name)
		}
		key.Schema, key.Name = c.Name.Schema, c.Name.Name
	}
	s.setCatalog(cat.SetComment(key, c.Text))
	return nil
}

func (s *Session) createExtension(c *translate.CreateExtension) error {
	cat := s.catalog()
	version, ok := catalog.Available[c.Name]
	if !ok {
		return pgerror.New(pgerror.FeatureNotSupported, "extension %q is not available", c.Name).
			WithHint("The extension must first be installed on the system where PostgreSQL is running.")
	}
	if _, ok := cat.Extension(c.Name); ok {
		if c.IfNotExists {
			return nil
		}
		return pgerror.New(pgerror.DuplicateObject, "extension %q already exists", c.Name)
	}
	schema, err := s.creationSchema(c.Schema)
	if err != nil {
		return err
	}
	s.setCatalog(cat.PutExtension(catalog.Extension{Name: c.Name, Schema: schema, Version: version}))
	return nil
}

func codeOf(err error) string {
	if pe, ok := pgerror.As(err); ok {
		return pe.Code
	}
	return ""
}

// dropColumnDeps runs before ALTER TABLE ... DROP COLUMN ... CASCADE: the
// views, policies and triggers using the column are dropped with it.
func (s *Session) dropColumnDeps(c *translate.DropColumnDeps) error {
	cat := s.catalog()
	for _, v := range c.Views {
		if _, ok := cat.View(v); !ok {
			continue // already dropped with a view it depends on
		}
		var err error
		if cat, err = dropRelationCascade(cat, v, "view", true); err != nil {
			return err
		}
		cat = cat.DropView(v)
	}
	for _, p := range c.Policies {
		cat = cat.DropPolicy(c.Table, p)
	}
	for _, tg := range c.Triggers {
		cat = cat.DropTrigger(c.Table, tg)
	}
	s.setCatalog(cat)
	return nil
}
