package ddl

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// FindType resolves a user type through the search path.
func FindType(h Host, cat *catalog.Catalog, q catalog.QName) (catalog.QName, *catalog.TypeDef, bool) {
	for _, sc := range LookupSchemas(h, q.Schema) {
		n := catalog.QName{Schema: sc, Name: q.Name}
		if d, ok := cat.Type(n); ok {
			return n, d, true
		}
	}
	return q, nil, false
}

// newTypeName checks that a type name is free in the creation schema.
func newTypeName(h Host, cat *catalog.Catalog, q catalog.QName) (catalog.QName, error) {
	schema, err := CreationSchema(h, q.Schema)
	if err != nil {
		return q, err
	}
	n := catalog.QName{Schema: schema, Name: q.Name}
	if _, ok := cat.Type(n); ok {
		return n, pgerror.New(pgerror.DuplicateObject, "type %q already exists", q.Name)
	}
	if _, ok := types.ByName(q.Name); ok && schema == "pg_catalog" {
		return n, pgerror.New(pgerror.DuplicateObject, "type %q already exists", q.Name)
	}
	return n, nil
}

// CreateEnum runs CREATE TYPE ... AS ENUM.
func CreateEnum(h Host, c *translate.CreateEnum) error {
	cat := h.Catalog()
	q, err := newTypeName(h, cat, c.Name)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	for _, l := range c.Labels {
		if seen[l] {
			return pgerror.New(pgerror.InvalidParameterValue, "enum labels must be unique").WithDetail("Key %q is duplicated.", l)
		}
		seen[l] = true
	}
	cat, _ = cat.NewEnum(q, c.Labels)
	h.SetCatalog(cat)
	return nil
}

// AlterEnum runs ALTER TYPE ... ADD VALUE on an enum.
func AlterEnum(h Host, c *translate.AlterEnum) error {
	cat := h.Catalog()
	q, d, ok := FindType(h, cat, c.Name)
	if !ok {
		return pgerror.New(pgerror.UndefinedObject, "type %q does not exist", c.Name.Name)
	}
	if d.Type.Kind != types.KindEnum || d.IsDomain() {
		return pgerror.New(pgerror.WrongObjectType, "%s is not an enum", q.Name)
	}
	if c.RenameFrom != "" {
		return renameEnumLabel(h, q, d, c.RenameFrom, c.Label)
	}
	for _, l := range d.Type.Labels {
		if l == c.Label {
			if c.IfNotExists {
				h.Notice("NOTICE", pgerror.DuplicateObject, fmt.Sprintf("enum label %q already exists, skipping", c.Label))
				return nil
			}
			return pgerror.New(pgerror.DuplicateObject, "enum label %q already exists", c.Label)
		}
	}
	labels, orders, ok := catalog.EnumWithLabel(d.Type.Labels, d.Type.SortOrders(), c.Label, c.Neighbor, !c.After)
	if !ok {
		return pgerror.New(pgerror.InvalidParameterValue, "%q is not an existing enum label", c.Neighbor)
	}
	nt := *d.Type
	nt.Labels = labels
	nd := *d
	nt.EnumOrders = types.PlainOrders(orders)
	nd.Type = &nt
	h.SetCatalog(cat.ReplaceType(q, &nd))
	h.Env().NoteNewEnumLabel(nt.OID, c.Label)
	return retypeColumns(h, d.Type.OID, &nt)
}

// renameEnumLabel is ALTER TYPE ... RENAME VALUE: the label keeps its
// place in the sort order, and the stored values (labels, in columns of
// the enum or arrays of it) are rewritten.
func renameEnumLabel(h Host, q catalog.QName, d *catalog.TypeDef, from, to string) error {
	at := -1
	for i, l := range d.Type.Labels {
		if l == to {
			return pgerror.New(pgerror.DuplicateObject, "enum label %q already exists", to)
		}
		if l == from {
			at = i
		}
	}
	if at < 0 {
		return pgerror.New(pgerror.InvalidParameterValue, "%q is not an existing enum label", from)
	}
	nt := *d.Type
	nt.Labels = append([]string(nil), d.Type.Labels...)
	nt.Labels[at] = to
	nd := *d
	nd.Type = &nt
	h.SetCatalog(h.Catalog().ReplaceType(q, &nd))
	if err := retypeColumns(h, d.Type.OID, &nt); err != nil {
		return err
	}
	relabel := func(v any) any {
		if s, ok := v.(string); ok && s == from {
			return to
		}
		return v
	}
	ctx := h.SQLContext()
	for _, t := range allTables(h, ctx, h.StorageTxn()) {
		var scalar, array []int
		for i, col := range t.Schema() {
			ct, _ := col.Type.(*types.Type)
			switch {
			case ct == nil:
			case ct.OID == nt.OID:
				scalar = append(scalar, i)
			case ct.Kind == types.KindArray && ct.Elem != nil && ct.Elem.OID == nt.OID:
				array = append(array, i)
			}
		}
		if len(scalar)+len(array) == 0 {
			continue
		}
		if err := rewriteRows(h, ctx, t, func(r sql.Row) {
			for _, i := range scalar {
				r[i] = relabel(r[i])
			}
			for _, i := range array {
				r[i] = mapArray(r[i], relabel)
			}
		}); err != nil {
			return err
		}
	}
	return nil
}

// RenameType runs ALTER TYPE | DOMAIN ... RENAME TO: same OIDs, and the
// columns of the type (whose *types.Type carries the name) retyped.
func RenameType(h Host, c *translate.RenameType) error {
	cat := h.Catalog()
	q, d, ok := FindType(h, cat, c.Name)
	if !ok {
		return pgerror.New(pgerror.UndefinedObject, "type %q does not exist", c.Name.Name)
	}
	if c.Domain && !d.IsDomain() {
		return pgerror.New(pgerror.WrongObjectType, "%s is not a domain", d.Type.FormatTypeNoMod())
	}
	if err := h.CheckOwner(catalog.ObjectKey{Kind: catalog.ObjType, Schema: q.Schema, Name: q.Name}, "type", q.Name); err != nil {
		return err
	}
	nq := catalog.QName{Schema: q.Schema, Name: c.NewName}
	if _, taken := cat.Type(nq); taken {
		return pgerror.New(pgerror.DuplicateObject, "type %q already exists", c.NewName)
	}
	if d.Type.IsComposite() {
		if t, ok := h.Table(h.SQLContext(), q.Schema, c.NewName); ok && t != nil {
			return pgerror.New(pgerror.DuplicateTable, "relation %q already exists", c.NewName)
		}
	}
	nt := *d.Type
	nt.Name, nt.SQLName = c.NewName, c.NewName
	nd := *d
	nd.Type = &nt
	h.SetCatalog(followTypeInText(cat.RenameType(q, nq, &nd), typeRef(h, cat, q, d.Type.OID), q, nq)) // type_refs.go
	retypeRoutines(h, d.Type.OID, &nt)
	if err := retypeColumns(h, d.Type.OID, &nt); err != nil {
		return err
	}
	return retypeDefaults(h, d.Type.OID, &nt, typeRef(h, cat, q, d.Type.OID), q, nq) // type_refs.go
}

// SetTypeSchema runs ALTER TYPE | DOMAIN ... SET SCHEMA
// (AlterTypeNamespace): same OIDs, the array type follows, and the
// columns of the type (whose *types.Type carries the schema) retyped;
// functions and casts refer to it by OID.
func SetTypeSchema(h Host, c *translate.SetTypeSchema) error {
	cat := h.Catalog()
	q, d, ok := FindType(h, cat, c.Name)
	if !ok {
		if strings.HasPrefix(c.Name.Name, "_") {
			if _, ed, ok := FindType(h, cat, catalog.QName{Schema: c.Name.Schema, Name: c.Name.Name[1:]}); ok {
				et := ed.Type.FormatTypeNoMod()
				return pgerror.New(pgerror.WrongObjectType, "cannot alter array type %s[]", et).
					WithHint("You can alter type %s, which will alter the array type as well.", et)
			}
		}
		if t, ok := h.Table(h.SQLContext(), c.Name.Schema, c.Name.Name); ok && t != nil {
			return pgerror.New(pgerror.WrongObjectType, "%s is a table's row type", c.Name.Name).WithHint("Use ALTER TABLE instead.")
		}
		return pgerror.New(pgerror.UndefinedObject, "type %q does not exist", c.Name.Display())
	}
	if c.Domain && !d.IsDomain() {
		return pgerror.New(pgerror.WrongObjectType, "%s is not a domain", d.Type.FormatTypeNoMod())
	}
	if err := h.CheckOwner(catalog.ObjectKey{Kind: catalog.ObjType, Schema: q.Schema, Name: q.Name}, "type", q.Name); err != nil {
		return err
	}
	if pgident.IsTempSchema(c.Schema) || pgident.IsTempSchema(q.Schema) || c.Schema == "pg_temp" {
		return pgerror.New(pgerror.FeatureNotSupported, "cannot move objects into or out of temporary schemas")
	}
	if !h.StorageTxn().HasSchema(c.Schema) {
		return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", c.Schema)
	}
	if c.Schema == q.Schema {
		return nil
	}
	nq := catalog.QName{Schema: c.Schema, Name: q.Name}
	if _, taken := cat.Type(nq); taken {
		return pgerror.New(pgerror.DuplicateObject, "type \"%s\" already exists in schema \"%s\"", q.Name, c.Schema)
	}
	if d.Type.IsComposite() {
		if t, ok := h.Table(h.SQLContext(), c.Schema, q.Name); ok && t != nil {
			return pgerror.New(pgerror.DuplicateTable, "relation \"%s\" already exists in schema \"%s\"", q.Name, c.Schema)
		}
	}
	nt := *d.Type
	nt.Schema = c.Schema
	nd := *d
	nd.Type = &nt
	h.SetCatalog(followTypeInText(cat.RenameType(q, nq, &nd), typeRef(h, cat, q, d.Type.OID), q, nq)) // type_refs.go
	retypeRoutines(h, d.Type.OID, &nt)
	if err := retypeColumns(h, d.Type.OID, &nt); err != nil {
		return err
	}
	return retypeDefaults(h, d.Type.OID, &nt, typeRef(h, cat, q, d.Type.OID), q, nq) // type_refs.go
}

// rewriteRows replaces every row of t with edit applied to it, or with
// replace when given.
func rewriteRows(h Host, ctx *sql.Context, t *storage.Table, edit func(sql.Row), replace ...[]sql.Row) error {
	var rows []sql.Row
	var err error
	if len(replace) > 0 {
		rows = replace[0]
	} else if rows, err = allRows(ctx, t); err != nil {
		return err
	}
	for _, r := range rows {
		edit(r)
	}
	if _, err := t.Truncate(ctx); err != nil {
		return h.MapError(err)
	}
	ins := t.Inserter(ctx)
	for _, r := range rows {
		if err := ins.Insert(ctx, r); err != nil {
			return h.MapError(err)
		}
	}
	return ins.Close(ctx)
}

// retypeColumns installs a changed user type in every table column of
// that type (or an array of it): columns hold their *types.Type, and enum
// labels or domain constraints are part of it.
func retypeColumns(h Host, oid uint32, nt *types.Type) error {
	ctx := h.SQLContext()
	txn := h.StorageTxn()
	for _, t := range allTables(h, ctx, txn) {
		for _, col := range t.Schema() {
			ct, _ := col.Type.(*types.Type)
			if ct == nil {
				continue
			}
			var repl *types.Type
			switch {
			case ct.OID == oid:
				repl = nt.WithMod(ct.Mod)
			case ct.Kind == types.KindArray && ct.Elem != nil && ct.Elem.OID == oid:
				repl = types.ArrayOf(nt)
			default:
				continue
			}
			nc := col.Copy()
			nc.Type = repl
			if d := nc.Default; d != nil && d.OutType != nil {
				// the default converts to the new type (a domain's
				// default checks with its new constraints)
				nd := *d
				nd.OutType = repl
				if dd, ok := d.Expr.(*translate.DomainDefault); ok {
					nd.Expr = &translate.DomainDefault{Child: dd.Child, Domain: repl}
				}
				nc.Default = &nd
			}
			if err := t.ModifyColumn(ctx, col.Name, nc, nil); err != nil {
				return h.MapError(err)
			}
		}
	}
	return nil
}

// typeSwap replaces the type whose OID is oid, or an array of it, by nt
// (keeping a type modifier); ok reports a replacement.
func typeSwap(oid uint32, nt *types.Type) func(t *types.Type) (*types.Type, bool) {
	return func(t *types.Type) (*types.Type, bool) {
		switch {
		case t == nil:
		case t.OID == oid:
			return nt.WithMod(t.Mod), true
		case t.Kind == types.KindArray && t.Elem != nil && t.Elem.OID == oid:
			return types.ArrayOf(nt), true
		}
		return t, false
	}
}

// retypeRoutines installs a renamed or moved user type in the parameters
// and results of the routines using it (or an array of it), which print
// their signatures from their *types.Type (pg_get_function_arguments).
func retypeRoutines(h Host, oid uint32, nt *types.Type) {
	swap := typeSwap(oid, nt)
	cat := h.Catalog()
	for _, f := range cat.AllFunctions() {
		nf := *f
		changed := false
		nf.Args = append([]catalog.Arg(nil), f.Args...)
		for i := range nf.Args {
			var ok bool
			if nf.Args[i].Type, ok = swap(nf.Args[i].Type); ok {
				changed = true
			}
		}
		if r, ok := swap(f.Result); ok {
			nf.Result, changed = r, true
		}
		if changed {
			cat, _ = cat.PutFunction(nf)
		}
	}
	h.SetCatalog(cat)
}

// typeUsers lists the table columns using a type.
func typeUsers(h Host, oid uint32) []tableColumn {
	ctx := h.SQLContext()
	txn := h.StorageTxn()
	var out []tableColumn
	for _, t := range allTables(h, ctx, txn) {
		for _, col := range t.Schema() {
			ct, _ := col.Type.(*types.Type)
			if ct == nil {
				continue
			}
			if ct.OID == oid || (ct.Elem != nil && ct.Elem.OID == oid) || (ct.Domain != nil && ct.Domain.OID == oid) {
				out = append(out, tableColumn{t, col.Name})
			}
		}
	}
	return out
}

// CreateDomain runs CREATE DOMAIN.
func CreateDomain(h Host, c *translate.CreateDomain) error {
	cat := h.Catalog()
	q, err := newTypeName(h, cat, c.Name)
	if err != nil {
		return err
	}
	b := c.Base
	def := &catalog.TypeDef{NotNull: c.NotNull, Checks: c.Checks, Default: c.Default,
		Type: &types.Type{Kind: b.Kind, Name: q.Name, SQLName: q.Name, Schema: q.Schema, Category: b.Category,
			Mod: -1, Len: b.Len, Domain: b, Labels: b.Labels, Elem: b.Elem}}
	if def.Default == "" && b.Domain != nil {
		// a domain over a domain inherits its default (PostgreSQL's
		// DefineDomain copies the base's typdefault)
		if bd, ok := cat.Type(catalog.QName{Schema: b.Schema, Name: b.Name}); ok {
			def.Default = bd.Default
		}
	}
	cat, stored := cat.NewDomain(q, def)
	if err := compileDomain(h, stored); err != nil {
		return err
	}
	h.SetCatalog(cat)
	return nil
}

// valueRef is VALUE in a domain constraint: the value being checked.
type valueRef struct{ typ *types.Type }

func (v *valueRef) Resolved() bool                                         { return true }
func (v *valueRef) Type() sql.Type                                         { return v.typ }
func (v *valueRef) IsNullable() bool                                       { return true }
func (v *valueRef) Eval(_ *sql.Context, row sql.Row) (any, error)          { return row[0], nil }
func (v *valueRef) Children() []sql.Expression                             { return nil }
func (v *valueRef) WithChildren(...sql.Expression) (sql.Expression, error) { return v, nil }
func (v *valueRef) String() string                                         { return "VALUE" }

// ValueLeaf lets a domain check inline SQL functions of VALUE
// (translate.ValueLeaf), such as citext's operators.
func (v *valueRef) ValueLeaf() {}

// resolveStandalone builds an expression from translated vitess AST
// without a query around it: injected tinybase expressions, with VALUE as
// the only column.
func resolveStandalone(e sqlparser.Expr, valueType *types.Type) (sql.Expression, error) {
	switch x := e.(type) {
	case sqlparser.InjectedExpr:
		kids := make([]any, len(x.Children))
		for i, c := range x.Children {
			k, err := resolveStandalone(c, valueType)
			if err != nil {
				return nil, err
			}
			kids[i] = k
		}
		out, err := x.Expression.(sqlparser.Injectable).WithResolvedChildren(kids)
		if err != nil {
			return nil, err
		}
		return out.(sql.Expression), nil
	case *sqlparser.ParenExpr:
		return resolveStandalone(x.Expr, valueType)
	case *sqlparser.ColName:
		if x.Name.Lowered() == "value" && x.Qualifier.IsEmpty() {
			return &valueRef{typ: valueType}, nil
		}
		return nil, pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", x.Name.String())
	}
	return nil, pgerror.New(pgerror.FeatureNotSupported, "this expression is not supported in a domain constraint yet")
}

// tableColumn is a column of a storage table.
type tableColumn struct {
	table interface {
		DropColumn(*sql.Context, string) error
		SchemaName() string
		Name() string
	}
	column string
}

// mapArray returns an array value with f applied to its elements.
func mapArray(v any, f func(any) any) any {
	a, ok := v.(*types.Array)
	if !ok {
		return v
	}
	na := *a
	na.Values = make([]any, len(a.Values))
	for i, e := range a.Values {
		na.Values[i] = f(e)
	}
	return &na
}
