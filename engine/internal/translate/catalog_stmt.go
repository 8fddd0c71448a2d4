package translate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// CatalogReader is what translation reads from the catalog beyond types:
// the engine's session catalog implements it.
type CatalogReader interface {
	Catalog
	// Current is the catalog as the statement sees it.
	Current() *catalog.Catalog
	// SearchPath is the session's search path.
	SearchPath() []string
	// Table resolves a table (schema "" walks the search path) and returns
	// its schema and column names.
	Table(schema, name string) (string, []string, bool)
	// StoredGenerated names a table's stored generated columns.
	StoredGenerated(schema, name string) []string
}

func (t *Translator) reader() CatalogReader {
	r, _ := t.Catalog.(CatalogReader)
	return r
}

// catalogStatement translates statements on catalog objects, and adds the
// catalog side of CREATE TABLE (serial sequences) and DROP TABLE. ok is
// false for statements it leaves to the main switch.
func (t *Translator) catalogStatement(n *pg.Node) (Result, bool) {
	if res, ok := t.ruleStatement(n); ok { // rules.go
		return res, true
	}
	if res, ok := t.applyRules(n); ok {
		return res, true
	}
	switch s := n.Node.(type) {
	case *pg.Node_CreateSeqStmt:
		cs := s.CreateSeqStmt
		return Result{Cmd: &CreateSequence{Name: rangeQName(cs.Sequence), IfNotExists: cs.IfNotExists, Options: t.seqOptions(cs.Options)}, Tag: "CREATE SEQUENCE"}, true
	case *pg.Node_AlterSeqStmt:
		as := s.AlterSeqStmt
		return Result{Cmd: &AlterSequence{Name: rangeQName(as.Sequence), IfExists: as.MissingOk, Options: t.seqOptions(as.Options)}, Tag: "ALTER SEQUENCE"}, true
	case *pg.Node_CreateEnumStmt:
		ce := s.CreateEnumStmt
		return Result{Cmd: &CreateEnum{Name: listQName(ce.TypeName), Labels: names(ce.Vals)}, Tag: "CREATE TYPE"}, true
	case *pg.Node_AlterEnumStmt:
		ae := s.AlterEnumStmt
		return Result{Cmd: &AlterEnum{Name: listQName(ae.TypeName), Label: ae.NewVal, RenameFrom: ae.OldVal, Neighbor: ae.NewValNeighbor, After: ae.NewValIsAfter, IfNotExists: ae.SkipIfNewValExists}, Tag: "ALTER TYPE"}, true
	case *pg.Node_CreateDomainStmt:
		return t.createDomain(s.CreateDomainStmt), true
	case *pg.Node_CompositeTypeStmt:
		return t.compositeType(s.CompositeTypeStmt), true // catalog_composite.go
	case *pg.Node_AlterDomainStmt:
		return t.alterDomain(s.AlterDomainStmt), true // domain_alter.go
	case *pg.Node_ViewStmt:
		return t.createView(s.ViewStmt), true
	case *pg.Node_RefreshMatViewStmt:
		res, err := t.refreshMatview(s.RefreshMatViewStmt) // matview.go
		if err != nil {
			fail(asPG(err))
		}
		return res, true
	case *pg.Node_CommentStmt:
		return t.comment(s.CommentStmt), true
	case *pg.Node_CreateExtensionStmt, *pg.Node_AlterExtensionStmt, *pg.Node_AlterExtensionContentsStmt, *pg.Node_DefineStmt, *pg.Node_AlterObjectSchemaStmt:
		if a := n.GetAlterObjectSchemaStmt(); a != nil && (a.ObjectType == pg.ObjectType_OBJECT_TYPE || a.ObjectType == pg.ObjectType_OBJECT_DOMAIN) {
			var q catalog.QName
			if l := a.Object.GetList(); l != nil {
				q = listQName(l.Items)
			} else {
				q = listQName(a.Object.GetTypeName().Names)
			}
			domain := a.ObjectType == pg.ObjectType_OBJECT_DOMAIN
			tag := map[bool]string{true: "ALTER DOMAIN", false: "ALTER TYPE"}[domain]
			return Result{Cmd: &SetTypeSchema{Name: q, Schema: a.Newschema, Domain: domain}, Tag: tag}, true
		}
		if a := n.GetAlterObjectSchemaStmt(); a != nil && a.ObjectType == pg.ObjectType_OBJECT_VIEW {
			return Result{Cmd: &RenameRelation{Kind: "view", Name: rangeQName(a.Relation), NewSchema: a.Newschema, IfExists: a.MissingOk},
				Tag: "ALTER VIEW"}, true
		}
		if a := n.GetAlterObjectSchemaStmt(); a != nil && a.ObjectType == pg.ObjectType_OBJECT_SEQUENCE {
			return Result{Cmd: &RenameRelation{Kind: "sequence", Name: rangeQName(a.Relation), NewSchema: a.Newschema, IfExists: a.MissingOk},
				Tag: "ALTER SEQUENCE"}, true
		}
		if res, ok := t.extensionStatement(n); ok { // extension.go
			return res, true
		}
	case *pg.Node_RenameStmt:
		rs := s.RenameStmt
		if rs.RenameType == pg.ObjectType_OBJECT_DOMCONSTRAINT {
			return Result{Cmd: &AlterDomain{Name: listQName(rs.Object.GetList().GetItems()), Action: DomainRenameConstraint,
				Constraint: rs.Subname, NewName: rs.Newname}, Tag: "ALTER DOMAIN"}, true
		}
		if rs.RenameType == pg.ObjectType_OBJECT_TYPE || rs.RenameType == pg.ObjectType_OBJECT_DOMAIN {
			var q catalog.QName
			if l := rs.Object.GetList(); l != nil {
				q = listQName(l.Items)
			} else {
				q = listQName(rs.Object.GetTypeName().Names)
			}
			tag := map[bool]string{true: "ALTER DOMAIN", false: "ALTER TYPE"}[rs.RenameType == pg.ObjectType_OBJECT_DOMAIN]
			return Result{Cmd: &RenameType{Name: q, NewName: rs.Newname, Domain: rs.RenameType == pg.ObjectType_OBJECT_DOMAIN}, Tag: tag}, true
		}
		kind := map[pg.ObjectType]string{pg.ObjectType_OBJECT_VIEW: "view", pg.ObjectType_OBJECT_SEQUENCE: "sequence"}[rs.RenameType]
		if kind == "" {
			return Result{}, false
		}
		return Result{Cmd: &RenameRelation{Kind: kind, Name: rangeQName(rs.Relation), NewName: rs.Newname, IfExists: rs.MissingOk},
			Tag: "ALTER " + strings.ToUpper(kind)}, true
	case *pg.Node_DropStmt:
		return t.catalogDrop(s.DropStmt)
	case *pg.Node_CreateStmt:
		return t.createTableWithSequences(s.CreateStmt), true
	case *pg.Node_InsertStmt:
		if res, ok := t.viewDML(n); ok {
			return res, true
		}
		t.checkIdentityInsert(s.InsertStmt)
	case *pg.Node_UpdateStmt:
		if res, ok := t.viewDML(n); ok {
			return res, true
		}
		t.checkIdentityUpdate(s.UpdateStmt)
	case *pg.Node_DeleteStmt:
		return t.viewDML(n)
	case *pg.Node_AlterTableStmt:
		t.checkDropColumn(s.AlterTableStmt)
		return t.alterIdentity(s.AlterTableStmt)
	}
	return Result{}, false
}

func rangeQName(rv *pg.RangeVar) catalog.QName {
	return catalog.QName{Schema: rv.Schemaname, Name: rv.Relname}
}

func listQName(ns []*pg.Node) catalog.QName {
	parts := names(ns)
	q := catalog.QName{Name: parts[len(parts)-1]}
	if len(parts) > 1 {
		q.Schema = parts[len(parts)-2]
	}
	return q
}

func (t *Translator) catalogDrop(s *pg.DropStmt) (Result, bool) {
	if s.RemoveType == pg.ObjectType_OBJECT_MATVIEW {
		return t.dropMatview(s) // matview.go
	}
	kind := map[pg.ObjectType]string{
		pg.ObjectType_OBJECT_SEQUENCE:  "sequence",
		pg.ObjectType_OBJECT_VIEW:      "view",
		pg.ObjectType_OBJECT_TYPE:      "type",
		pg.ObjectType_OBJECT_DOMAIN:    "domain",
		pg.ObjectType_OBJECT_EXTENSION: "extension",
	}[s.RemoveType]
	cascade := s.Behavior == pg.DropBehavior_DROP_CASCADE
	if s.RemoveType == pg.ObjectType_OBJECT_TABLE {
		res, err := t.drop(s)
		if err != nil {
			fail(err.(*pgerror.Error))
		}
		deps := &DropTableDeps{IfExists: s.MissingOk, Cascade: cascade}
		for _, o := range s.Objects {
			deps.Tables = append(deps.Tables, listQName(o.GetList().Items))
		}
		res.Catalog = append(res.Catalog, deps)
		return res, true
	}
	if kind == "" {
		return Result{}, false
	}
	cmd := &DropObjects{Kind: kind, IfExists: s.MissingOk, Cascade: cascade}
	for _, o := range s.Objects {
		switch x := o.Node.(type) {
		case *pg.Node_List:
			cmd.Names = append(cmd.Names, listQName(x.List.Items))
		case *pg.Node_TypeName:
			cmd.Names = append(cmd.Names, listQName(x.TypeName.Names))
		case *pg.Node_String_:
			cmd.Names = append(cmd.Names, catalog.QName{Name: x.String_.Sval})
		}
	}
	return Result{Cmd: cmd, Tag: "DROP " + strings.ToUpper(kind)}, true
}

// seqOptions reads CREATE / ALTER SEQUENCE options (and identity column
// sequence options).
func (t *Translator) seqOptions(opts []*pg.Node) catalog.SequenceOptions {
	var o catalog.SequenceOptions
	for _, n := range opts {
		d := n.GetDefElem()
		if d == nil {
			continue
		}
		switch d.Defname {
		case "as":
			o.Type = t.typeName(d.Arg.GetTypeName())
			switch o.Type.Kind {
			case types.KindInt2, types.KindInt4, types.KindInt8:
			default:
				failAt(d.Location, pgerror.InvalidParameterValue, "sequence type must be smallint, integer, or bigint")
			}
		case "start":
			o.Start = intArg(d)
		case "increment":
			o.Increment = intArg(d)
			if *o.Increment == 0 {
				failAt(d.Location, pgerror.InvalidParameterValue, "INCREMENT must not be zero")
			}
		case "minvalue":
			if d.Arg == nil {
				o.NoMin = true
			} else {
				o.Min = intArg(d)
			}
		case "maxvalue":
			if d.Arg == nil {
				o.NoMax = true
			} else {
				o.Max = intArg(d)
			}
		case "cycle":
			b := d.Arg == nil || d.Arg.GetBoolean().GetBoolval() || d.Arg.GetInteger().GetIval() != 0
			o.Cycle = &b
		case "restart":
			if d.Arg == nil {
				o.RestartDefault = true
			} else {
				o.Restart = intArg(d)
			}
		case "owned_by":
			var names []string
			for _, n := range d.Arg.GetList().GetItems() {
				names = append(names, strVal(n))
			}
			switch {
			case len(names) == 1 && names[0] == "none":
				o.OwnedByNone = true
			case len(names) == 2 || len(names) == 3:
				o.OwnedBy = names
			default:
				failAt(d.Location, pgerror.SyntaxError, "invalid relation name in OWNED BY option")
			}
		case "generated":
			// SET GENERATED ALWAYS | BY DEFAULT (ATTRIBUTE_IDENTITY_*)
			o.Generated = byte(d.Arg.GetInteger().GetIval())
		case "cache", "sequence_name":
			// CACHE has no observable effect here
		default:
			failAt(d.Location, pgerror.FeatureNotSupported, "sequence option %s is not supported yet", d.Defname)
		}
	}
	return o
}

func intArg(d *pg.DefElem) *int64 {
	var v int64
	switch a := d.Arg.Node.(type) {
	case *pg.Node_Integer:
		v = int64(a.Integer.Ival)
	case *pg.Node_Float:
		n, err := strconv.ParseInt(a.Float.Fval, 10, 64)
		if err != nil {
			failAt(d.Location, pgerror.NumericValueOutOfRange, "value \"%s\" is out of range for type bigint", a.Float.Fval)
		}
		v = n
	default:
		failAt(d.Location, pgerror.SyntaxError, "%s requires a numeric value", d.Defname)
	}
	return &v
}

// exprSQL returns an expression's SQL text, via a SELECT that
// pg_query deparses.
func exprSQL(n *pg.Node) string {
	return deparseCastSafe(n, func(n *pg.Node) string {
		sel := &pg.SelectStmt{TargetList: []*pg.Node{{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: n}}}}}
		out, err := pgtree.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}}}}})
		if err != nil {
			fail(pgerror.New(pgerror.InternalError, "deparse: %v", err))
		}
		return strings.TrimPrefix(out, "SELECT ")
	})
}

// ParseExpr parses an expression's SQL text (a stored CHECK or DEFAULT).
func ParseExpr(text string) (*pg.Node, error) {
	tree, err := pgtree.Parse("SELECT " + text)
	if err != nil {
		return nil, err
	}
	return tree.Stmts[0].Stmt.GetSelectStmt().TargetList[0].GetResTarget().Val, nil
}

// DomainCheckName names an unnamed CHECK constraint of a domain as
// PostgreSQL does: <domain>_check, then _check1, _check2... past the
// names its constraints already have.
func DomainCheckName(domain string, have []catalog.Check) string {
	taken := map[string]bool{}
	for _, c := range have {
		taken[c.Name] = true
	}
	name := domain + "_check"
	for i := 1; taken[name]; i++ {
		name = fmt.Sprintf("%s_check%d", domain, i)
	}
	return name
}

func (t *Translator) createDomain(s *pg.CreateDomainStmt) Result {
	q := listQName(s.Domainname)
	if pt := pseudoTypeName(s.TypeName); pt != nil {
		// DefineDomain: only base, composite, domain, enum and range types
		fail(pgerror.New(pgerror.DatatypeMismatch, "\"%s\" is not a valid base type for a domain", strings.Join(names(s.TypeName.Names), ".")))
	}
	cmd := &CreateDomain{Name: q, Base: t.typeName(s.TypeName)}
	for _, cn := range s.Constraints {
		c := cn.GetConstraint()
		switch c.Contype {
		case pg.ConstrType_CONSTR_NOTNULL:
			cmd.NotNull = true
		case pg.ConstrType_CONSTR_NULL:
		case pg.ConstrType_CONSTR_CHECK:
			name := c.Conname
			if name == "" {
				name = DomainCheckName(q.Name, cmd.Checks)
			}
			cmd.Checks = append(cmd.Checks, catalog.Check{Name: name, Expr: exprSQL(c.RawExpr)})
		case pg.ConstrType_CONSTR_DEFAULT:
			cmd.Default = exprSQL(c.RawExpr)
		default:
			fail(pgerror.New(pgerror.FeatureNotSupported, "domain constraint %s is not supported yet", c.Contype))
		}
	}
	return Result{Cmd: cmd, Tag: "CREATE DOMAIN"}
}

func (t *Translator) createView(s *pg.ViewStmt) Result {
	sel := s.Query.GetSelectStmt()
	if sel == nil {
		fail(pgerror.New(pgerror.FeatureNotSupported, "view query must be a SELECT"))
	}
	if viewCheckOption(s) != "" {
		if why := notAutoUpdatable(sel); why != "" {
			fail(pgerror.New(pgerror.FeatureNotSupported, "WITH CHECK OPTION is supported only on automatically updatable views").WithHint("%s", why))
		}
	}
	checkViewOptions(s) // security.go; after the check above, as PostgreSQL's reloptions come later

	query := s.Query
	if x := t.viewStars(sel); x != sel {
		query = &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: x}}
	}
	text, err := pgtree.DeparseCastSafe(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: query}}})
	if err != nil {
		fail(pgerror.New(pgerror.InternalError, "deparse: %v", err))
	}
	return Result{Cmd: &CreateView{Name: rangeQName(s.View), Replace: s.Replace, Columns: names(s.Aliases), Query: text}, Tag: "CREATE VIEW"}
}

// viewStars is a view's SELECT with the * of its SELECT lists (each arm
// of a set operation's) replaced by the columns they stand for now: a
// view keeps the columns it was created with, as PostgreSQL expands *
// when it stores the query, so a column added to a table later is not
// one of the view's. A * it cannot expand stays.
func (t *Translator) viewStars(sel *pg.SelectStmt) (out *pg.SelectStmt) {
	defer func() {
		if recover() != nil {
			out = sel
		}
	}()
	if sel.Op != pg.SetOperation_SETOP_NONE {
		l, r := t.viewStars(sel.Larg), t.viewStars(sel.Rarg)
		if l == sel.Larg && r == sel.Rarg {
			return sel
		}
		c := pgtree.Clone(sel)
		c.Larg, c.Rarg = l, r
		return c
	}
	if len(sel.ValuesLists) > 0 {
		return sel
	}
	x, _ := t.tryExpandStars(sel, t.scopeCTEs(sel)) // select_star.go
	if x == nil || x == sel {
		return sel
	}
	// a source with two columns of one name: its * is no list of
	// references (the duplicate fails as PostgreSQL fails it)
	seen := map[string]bool{}
	for _, tn := range x.TargetList {
		if cr := tn.GetResTarget().GetVal().GetColumnRef(); cr != nil && len(cr.Fields) == 2 {
			k := strVal(cr.Fields[0]) + "\x00" + strVal(cr.Fields[1])
			if seen[k] {
				return sel
			}
			seen[k] = true
		}
	}
	return x
}

func (t *Translator) comment(s *pg.CommentStmt) Result {
	cmd := &Comment{}
	if s.Comment != "" {
		text := s.Comment
		cmd.Text = &text
	}
	switch s.Objtype {
	case pg.ObjectType_OBJECT_TABLE, pg.ObjectType_OBJECT_VIEW, pg.ObjectType_OBJECT_MATVIEW, pg.ObjectType_OBJECT_SEQUENCE:
		cmd.Kind = catalog.ObjRelation
		cmd.Name = listQName(s.Object.GetList().Items)
	case pg.ObjectType_OBJECT_COLUMN:
		parts := names(s.Object.GetList().Items)
		if len(parts) < 2 {
			fail(pgerror.New(pgerror.SyntaxError, "column name must be qualified"))
		}
		cmd.Kind = catalog.ObjColumn
		cmd.Column = parts[len(parts)-1]
		cmd.Name = catalog.QName{Name: parts[len(parts)-2]}
		if len(parts) > 2 {
			cmd.Name.Schema = parts[len(parts)-3]
		}
	case pg.ObjectType_OBJECT_TYPE, pg.ObjectType_OBJECT_DOMAIN:
		cmd.Kind = catalog.ObjType
		cmd.Name = listQName(s.Object.GetTypeName().Names)
	case pg.ObjectType_OBJECT_SCHEMA:
		cmd.Kind = catalog.ObjSchema
		cmd.Name = catalog.QName{Name: strVal(s.Object)}
	case pg.ObjectType_OBJECT_EXTENSION:
		cmd.Kind = catalog.ObjExtension
		cmd.Name = catalog.QName{Name: strVal(s.Object)}
	case pg.ObjectType_OBJECT_INDEX:
		cmd.Kind, cmd.Index = catalog.ObjRelation, true
		cmd.Name = listQName(s.Object.GetList().Items)
	case pg.ObjectType_OBJECT_POLICY, pg.ObjectType_OBJECT_TRIGGER, pg.ObjectType_OBJECT_TABCONSTRAINT:
		// the table's (qualified) name, then the object's
		parts := names(s.Object.GetList().Items)
		cmd.Kind = map[pg.ObjectType]catalog.ObjKind{pg.ObjectType_OBJECT_POLICY: catalog.ObjPolicy,
			pg.ObjectType_OBJECT_TRIGGER: catalog.ObjTrigger, pg.ObjectType_OBJECT_TABCONSTRAINT: catalog.ObjConstraint}[s.Objtype]
		cmd.Column = parts[len(parts)-1]
		cmd.Name = catalog.QName{Name: parts[len(parts)-2]}
		if len(parts) > 2 {
			cmd.Name.Schema = parts[len(parts)-3]
		}
	case pg.ObjectType_OBJECT_FUNCTION:
		cmd.Kind = catalog.ObjFunction
		cmd.Name = listQName(s.Object.GetObjectWithArgs().Objname)
		ref := t.routineRef(s.Object.GetObjectWithArgs())
		cmd.Routine = &ref
	case pg.ObjectType_OBJECT_LARGEOBJECT:
		cmd.Kind = catalog.ObjLargeObject
		cmd.Name = catalog.QName{Name: largeObjectOID(s.Object)} // security.go
	case pg.ObjectType_OBJECT_CAST:
		items := s.Object.GetList().GetItems()
		cmd.Kind = catalog.ObjCast
		cmd.CastSource, cmd.CastTarget = t.castType(items[0].GetTypeName()), t.castType(items[1].GetTypeName())
	default:
		fail(pgerror.New(pgerror.FeatureNotSupported, "COMMENT ON %s is not supported yet", s.Objtype))
	}
	return Result{Cmd: cmd, Tag: "COMMENT"}
}

// Scalar translates a standalone expression (a domain CHECK).
func (t *Translator) Scalar(n *pg.Node) (e sqlparser.Expr, err error) {
	defer func() {
		if r := recover(); r != nil {
			if pe, ok := r.(*pgerror.Error); ok {
				err = pe
				return
			}
			panic(r)
		}
	}()
	return t.scalar(n), nil
}
