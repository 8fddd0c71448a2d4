package ddl

import (
	"fmt"
	"sort"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// findIndex finds the table holding an index (schema "" walks the search
// path). isTable reports that the name is a table instead.
func findIndex(h Host, ctx *sql.Context, schema, name string) (t *storage.Table, isTable bool) {
	schemas := h.SearchPath()
	if schema != "" {
		schemas = []string{schema}
	}
	db := h.Database()
	txn := h.StorageTxn()
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
			if hasIndex(ctx, tb, name) {
				return tb, false
			}
			if n == name {
				isTable = true
			}
		}
	}
	return nil, isTable
}

// hasIndex reports whether t has the PostgreSQL index name, as
// TableInfo(ctx, t).Indexes[name] does, without building the rest of the
// table's info: findIndex asks it of every table in the schema, so every
// CREATE INDEX paid a whole tableInfo per table (5% of replaying a
// 100-migration project).
func hasIndex(ctx *sql.Context, t *storage.Table, name string) bool {
	ixs, err := t.Indexes(ctx)
	if err != nil {
		return false
	}
	for _, ix := range ixs {
		if ix.Name == name && !ix.ForFK { // GMS's own support index, not a PostgreSQL object
			return true
		}
	}
	return false
}

func renameIndex(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	o := c.Objects[0]
	t, _ := findIndex(h, ctx, o[0], o[1])
	if t == nil {
		if c.MissingOK {
			return nil
		}
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", o[1])
	}
	h.SetCatalog(h.Catalog().RenameIndex(tableQName(t), o[1], c.To)) // partitioned indexes' links
	if TableInfo(ctx, t).Constraints[o[1]] == 'p' {
		return t.SetPrimaryKeyName(ctx, c.To)
	}
	// an exclusion constraint is renamed with its index (exclusion.go)
	h.SetCatalog(h.Catalog().RenameConstraint(catalog.QName{Schema: t.SchemaName(), Name: t.Name()}, o[1], c.To))
	return t.RenameIndex(ctx, o[1], c.To)
}

func createIndex(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	t, err := mustTable(h, ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	def := c.Index
	if other, _ := findIndex(h, ctx, c.Schema, def.Name); other != nil {
		if def.IfNotExists {
			h.Notice("NOTICE", pgerror.DuplicateTable, fmt.Sprintf("relation %q already exists, skipping", def.Name))
			return nil
		}
		return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", def.Name)
	}
	if err := checkIndexParams(h, def); err != nil { // table_options.go
		return err
	}
	spec := storage.IndexSpec{Name: def.Name, Unique: def.Unique, Columns: def.Columns, Comment: createIndexComment,
		WhereSource: def.WhereSource, AM: storage.IndexAM{Method: def.Method, Opclass: def.Opclass, Ordering: def.Ordering,
			Collation: collationsIfAny(def.Collation), Include: def.Include}}
	if def.Constraint {
		spec.Comment = ""
	}
	for _, p := range def.Params {
		spec.AM.Options = append(spec.AM.Options, p.Name+"="+p.Value)
	}
	if len(def.Exprs) > 0 {
		spec.Source = def.Source
	}
	sch := t.Schema()
	var keyTypes []*types.Type // nil where not known for certain
	for _, name := range def.Columns {
		var kt *types.Type
		for _, c := range sch {
			if c.Name == name {
				kt, _ = c.Type.(*types.Type)
			}
		}
		keyTypes = append(keyTypes, kt)
	}
	if len(def.Exprs) > 0 {
		keys := make([]sql.Expression, len(def.Exprs))
		for i, e := range def.Exprs {
			if keys[i], err = ResolveOver(sch, e); err != nil {
				return err
			}
			spec.KeyTypes = append(spec.KeyTypes, keys[i].Type())
			spec.KeyText = append(spec.KeyText, keys[i].String())
			kt, _ := keys[i].Type().(*types.Type)
			keyTypes = append(keyTypes, kt)
		}
		spec.Key = IndexKey(keys)
	}
	if err := checkKeyOpclasses(h, def, keyTypes); err != nil { // index_opclass.go
		return err
	}
	for i, kt := range keyTypes {
		if i < len(def.Collation) && def.Collation[i] != "" && kt != nil && !collatable(kt) {
			return pgerror.New(pgerror.DatatypeMismatch, "collations are not supported by type %s", kt.FormatTypeNoMod())
		}
	}
	if def.Where != nil {
		where, err := ResolveOver(sch, def.Where)
		if err != nil {
			return err
		}
		spec.WhereText = where.String()
		spec.Where = IndexWhere(where)
	}
	if err := t.CreateIndexSpec(ctx, spec); err != nil {
		if uv, ok := storage.AsUniqueViolation(err); ok {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.UniqueViolation,
				Message: fmt.Sprintf("could not create unique index %q", def.Name), Detail: duplicatedDetail(uv),
				Table: t.Name(), Constraint: def.Name}
		}
		return err
	}
	return partitionIndexes(h, ctx, c) // partition_index.go
}

// IndexKey is an expression index's key function: keys evaluated over
// the row.
func IndexKey(keys []sql.Expression) func(ctx *sql.Context, row sql.Row) (sql.Row, error) {
	return func(ctx *sql.Context, row sql.Row) (sql.Row, error) {
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

// IndexWhere is a partial index's predicate function: rows where where
// is false or NULL are not indexed.
func IndexWhere(where sql.Expression) func(ctx *sql.Context, row sql.Row) (bool, error) {
	return func(ctx *sql.Context, row sql.Row) (bool, error) {
		v, err := where.Eval(ctx, row)
		if err != nil {
			return false, err
		}
		b, ok := v.(bool)
		return ok && b, nil
	}
}

// createIndexComment marks indexes made by CREATE INDEX: a unique one is
// not a constraint, so DROP INDEX may drop it (unlike a UNIQUE constraint's).
const createIndexComment = "tinybase: CREATE INDEX"

// ResolveOver resolves a translated expression against a table's row
// (translate.ResolveOver).
func ResolveOver(sch sql.Schema, e sqlparser.Expr) (sql.Expression, error) {
	return translate.ResolveOver(sch, e)
}

// ResolveOverWith is ResolveOver with column i of sch read by field(i).
func ResolveOverWith(sch sql.Schema, e sqlparser.Expr, field func(i int, c *sql.Column) sql.Expression) (sql.Expression, error) {
	return translate.ResolveOverWith(sch, e, field)
}

func dropIndexes(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	for _, o := range c.Objects {
		t, isTable := findIndex(h, ctx, o[0], o[1])
		if t == nil {
			if isTable {
				return pgerror.New(pgerror.WrongObjectType, "%q is not an index", o[1])
			}
			if c.MissingOK {
				skipping(h, "index", catalog.QName{Schema: o[0], Name: o[1]})
				continue
			}
			return pgerror.New(pgerror.UndefinedObject, "index %q does not exist", o[1])
		}
		switch TableInfo(ctx, t).Constraints[o[1]] {
		case 'p', 'u':
			e := pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop index %s because constraint %s on table %s requires it", o[1], o[1], t.Name())
			e.Hint = fmt.Sprintf("You can drop constraint %s on table %s instead.", o[1], t.Name())
			return e
		}
		if err := dropAttachedCheck(h, ctx, t, o[1]); err != nil { // index_attach.go
			return err
		}
		if err := keepForeignKeyIndexes(ctx, t, "index", o[1]); err != nil { // fk_index.go
			return err
		}
		if err := t.DropIndex(ctx, o[1]); err != nil {
			return err
		}
		if err := dropAttachedIndexes(h, ctx, catalog.IndexKey(tableQName(t), o[1])); err != nil {
			return err
		}
	}
	return nil
}

// collatable reports whether a key of type t takes a COLLATE: a string
// type, name, or an array or domain of one.
func collatable(t *types.Type) bool {
	b := t.Base()
	if b.Kind == types.KindArray && b.Elem != nil {
		b = b.Elem.Base()
	}
	return b.Kind == types.KindName || b.IsString()
}

// collationsIfAny is nil when no key part has a COLLATE, so an index
// without one keeps the image it always had.
func collationsIfAny(c []string) []string {
	if allEmptyStrings(c) {
		return nil
	}
	return c
}

func allEmptyStrings(ss []string) bool {
	for _, s := range ss {
		if s != "" {
			return false
		}
	}
	return true
}

// setIncludes records the INCLUDE columns of the UNIQUE and PRIMARY KEY
// constraints c created, on their indexes.
func setIncludes(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	t, err := mustTable(h, ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	for _, inc := range c.Includes {
		if err := t.SetIndexInclude(ctx, inc.Index, inc.Columns); err != nil {
			return err
		}
	}
	return nil
}
