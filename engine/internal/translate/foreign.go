package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Foreign data DDL (PostgreSQL docs: CREATE FOREIGN DATA WRAPPER, CREATE
// SERVER, CREATE USER MAPPING, CREATE FOREIGN TABLE and their ALTER /
// DROP). The objects are catalog rows (package catalog, foreign.go); a
// foreign table is also an empty table holding its columns, which
// reads and writes refuse (refuseForeign).

// ForeignDDL is one foreign-data statement, or the foreign-table part
// of CREATE / DROP FOREIGN TABLE (which run with the table's DDL).
type ForeignDDL struct {
	// Op is "create_wrapper", "drop_wrapper", "create_server",
	// "alter_server", "drop_server", "create_mapping", "alter_mapping",
	// "drop_mapping", "create_table" or "drop_table".
	Op      string
	Name    string   // wrapper or server
	Names   []string // DROP's
	Wrapper string   // CREATE SERVER's
	Server  string   // user mappings' and foreign tables'
	User    string   // a role name or a RoleSpec marker
	Table   catalog.QName
	// Type and Version are CREATE / ALTER SERVER's, when given.
	Type, Version       string
	HasType, HasVersion bool
	// Handler and Validator name CREATE FOREIGN DATA WRAPPER's functions.
	Handler, Validator *catalog.QName
	Options            []OptionEdit
	IfExists, Cascade  bool
	IfNotExists        bool
}

// OptionEdit is one OPTIONS (...) item: Action "" (CREATE) or ADD, SET, DROP.
type OptionEdit struct {
	Action, Name, Value string
}

func (*ForeignDDL) command()        {}
func (*ForeignDDL) catalogCommand() {}

func optionEdits(ns []*pg.Node) []OptionEdit {
	var out []OptionEdit
	for _, n := range ns {
		d := n.GetDefElem()
		if d == nil {
			continue
		}
		e := OptionEdit{Name: d.Defname}
		switch d.Defaction {
		case pg.DefElemAction_DEFELEM_ADD:
			e.Action = "ADD"
		case pg.DefElemAction_DEFELEM_SET:
			e.Action = "SET"
		case pg.DefElemAction_DEFELEM_DROP:
			e.Action = "DROP"
		}
		if d.Arg != nil {
			e.Value = strVal(d.Arg)
		}
		out = append(out, e)
	}
	return out
}

// foreignStatement translates the foreign-data statements; ok is false
// for any other statement.
func (t *Translator) foreignStatement(n *pg.Node) (Result, bool) {
	switch s := n.Node.(type) {
	case *pg.Node_CreateFdwStmt:
		c := &ForeignDDL{Op: "create_wrapper", Name: s.CreateFdwStmt.Fdwname, Options: optionEdits(s.CreateFdwStmt.Options)}
		for _, o := range s.CreateFdwStmt.FuncOptions {
			d := o.GetDefElem()
			if d == nil || d.Arg == nil {
				continue
			}
			q := listQName(d.Arg.GetList().GetItems())
			switch d.Defname {
			case "handler":
				c.Handler = &q
			case "validator":
				c.Validator = &q
			}
		}
		return Result{Cmd: c, Tag: "CREATE FOREIGN DATA WRAPPER"}, true
	case *pg.Node_CreateForeignServerStmt:
		x := s.CreateForeignServerStmt
		return Result{Cmd: &ForeignDDL{Op: "create_server", Name: x.Servername, Wrapper: x.Fdwname, Type: x.Servertype, HasType: x.Servertype != "",
			Version: x.Version, HasVersion: x.Version != "", IfNotExists: x.IfNotExists, Options: optionEdits(x.Options)}, Tag: "CREATE SERVER"}, true
	case *pg.Node_AlterForeignServerStmt:
		x := s.AlterForeignServerStmt
		return Result{Cmd: &ForeignDDL{Op: "alter_server", Name: x.Servername, Version: x.Version, HasVersion: x.HasVersion, Options: optionEdits(x.Options)}, Tag: "ALTER SERVER"}, true
	case *pg.Node_CreateUserMappingStmt:
		x := s.CreateUserMappingStmt
		return Result{Cmd: &ForeignDDL{Op: "create_mapping", User: roleSpec(x.User), Server: x.Servername, IfNotExists: x.IfNotExists, Options: optionEdits(x.Options)}, Tag: "CREATE USER MAPPING"}, true
	case *pg.Node_AlterUserMappingStmt:
		x := s.AlterUserMappingStmt
		return Result{Cmd: &ForeignDDL{Op: "alter_mapping", User: roleSpec(x.User), Server: x.Servername, Options: optionEdits(x.Options)}, Tag: "ALTER USER MAPPING"}, true
	case *pg.Node_DropUserMappingStmt:
		x := s.DropUserMappingStmt
		return Result{Cmd: &ForeignDDL{Op: "drop_mapping", User: roleSpec(x.User), Server: x.Servername, IfExists: x.MissingOk}, Tag: "DROP USER MAPPING"}, true
	case *pg.Node_ImportForeignSchemaStmt:
		fail(pgerror.New(pgerror.FeatureNotSupported, "IMPORT FOREIGN SCHEMA is not supported: tinybase does not reach external services").
			WithHint("Declare the foreign tables with CREATE FOREIGN TABLE."))
	case *pg.Node_CreateForeignTableStmt:
		return t.createForeignTable(s.CreateForeignTableStmt), true
	case *pg.Node_DropStmt:
		return t.dropForeign(s.DropStmt)
	case *pg.Node_AlterTableStmt:
		if s.AlterTableStmt.Objtype == pg.ObjectType_OBJECT_FOREIGN_TABLE {
			return t.alterForeignTable(s.AlterTableStmt), true
		}
	case *pg.Node_CommentStmt:
		if s.CommentStmt.Objtype == pg.ObjectType_OBJECT_FOREIGN_TABLE {
			c := &pg.CommentStmt{Objtype: pg.ObjectType_OBJECT_TABLE, Object: s.CommentStmt.Object, Comment: s.CommentStmt.Comment}
			return t.mustStatement(&pg.Node{Node: &pg.Node_CommentStmt{CommentStmt: c}}), true
		}
	}
	return Result{}, false
}

// mustStatement translates a statement built from another, failing the
// outer translation with its error.
func (t *Translator) mustStatement(n *pg.Node) Result {
	res, err := t.Statement(n)
	if err != nil {
		pe, ok := pgerror.As(err)
		if !ok {
			pe = pgerror.New(pgerror.InternalError, "%v", err)
		}
		fail(pe)
	}
	return res
}

// alterForeignTable is ALTER FOREIGN TABLE: OPTIONS (...) edits the
// foreign table's options, the other actions run as ALTER TABLE's.
func (t *Translator) alterForeignTable(s *pg.AlterTableStmt) Result {
	ti := t.lookup(s.Relation, s.MissingOk)
	if ti == nil { // IF EXISTS
		return Result{Cmd: &ForeignDDL{Op: "missing_table", Table: rangeQName(s.Relation)}, Tag: "ALTER FOREIGN TABLE"}
	}
	q, ok := t.foreignTableOf(catalog.QName{Schema: ti.Schema, Name: ti.Name})
	if !ok {
		fail(pgerror.New(pgerror.WrongObjectType, "%q is not a foreign table", ti.Name))
	}
	var opts []OptionEdit
	rest := &pg.AlterTableStmt{Relation: s.Relation, Objtype: pg.ObjectType_OBJECT_TABLE, MissingOk: s.MissingOk}
	for _, n := range s.Cmds {
		if c := n.GetAlterTableCmd(); c != nil && c.Subtype == pg.AlterTableType_AT_GenericOptions {
			opts = append(opts, optionEdits(c.Def.GetList().GetItems())...)
			continue
		}
		rest.Cmds = append(rest.Cmds, n)
	}
	edit := &ForeignDDL{Op: "alter_table", Table: q, Options: opts}
	if len(rest.Cmds) == 0 {
		return Result{Cmd: edit, Tag: "ALTER FOREIGN TABLE"}
	}
	res := t.mustStatement(&pg.Node{Node: &pg.Node_AlterTableStmt{AlterTableStmt: rest}})
	if len(opts) > 0 {
		res.Catalog = append(res.Catalog, edit)
	}
	res.Tag = "ALTER FOREIGN TABLE"
	return res
}

// createForeignTable is CREATE FOREIGN TABLE: the columns as CREATE
// TABLE, and the server and options recorded.
func (t *Translator) createForeignTable(s *pg.CreateForeignTableStmt) Result {
	res := t.mustStatement(&pg.Node{Node: &pg.Node_CreateStmt{CreateStmt: s.BaseStmt}})
	if c, ok := res.Cmd.(*TableDDL); ok && c.Kind == "noop" {
		res.Tag = "CREATE FOREIGN TABLE" // IF NOT EXISTS of an existing relation: its notice only
		return res
	}
	q := rangeQName(s.BaseStmt.Relation)
	res.Catalog = append(res.Catalog, &ForeignDDL{Op: "create_table", Table: q, Server: s.Servername, Options: optionEdits(s.Options), IfNotExists: s.BaseStmt.IfNotExists})
	res.Tag = "CREATE FOREIGN TABLE"
	return res
}

// dropForeign is DROP FOREIGN DATA WRAPPER, DROP SERVER and DROP FOREIGN
// TABLE, and DROP TABLE's refusal of a foreign table.
func (t *Translator) dropForeign(s *pg.DropStmt) (Result, bool) {
	switch s.RemoveType {
	case pg.ObjectType_OBJECT_FDW, pg.ObjectType_OBJECT_FOREIGN_SERVER:
		c := &ForeignDDL{Op: "drop_wrapper", IfExists: s.MissingOk, Cascade: s.Behavior == pg.DropBehavior_DROP_CASCADE}
		tag := "DROP FOREIGN DATA WRAPPER"
		if s.RemoveType == pg.ObjectType_OBJECT_FOREIGN_SERVER {
			c.Op, tag = "drop_server", "DROP SERVER"
		}
		for _, o := range s.Objects {
			c.Names = append(c.Names, strVal(o))
		}
		return Result{Cmd: c, Tag: tag}, true
	case pg.ObjectType_OBJECT_TABLE:
		for _, o := range s.Objects {
			if q, ok := t.foreignTableOf(listQName(o.GetList().Items)); ok {
				fail(pgerror.New(pgerror.WrongObjectType, "%q is not a table", q.Name).
					WithHint("Use DROP FOREIGN TABLE to remove a foreign table."))
			}
		}
		return Result{}, false
	case pg.ObjectType_OBJECT_FOREIGN_TABLE:
	default:
		return Result{}, false
	}
	cp := &pg.DropStmt{RemoveType: pg.ObjectType_OBJECT_TABLE, Behavior: s.Behavior, MissingOk: s.MissingOk}
	var forget []CatalogCommand
	for _, o := range s.Objects {
		q := listQName(o.GetList().Items)
		ti := t.lookup(&pg.RangeVar{Schemaname: q.Schema, Relname: q.Name}, true)
		if ti == nil {
			if !s.MissingOk {
				fail(pgerror.New(pgerror.UndefinedObject, "foreign table %q does not exist", q.Name))
			}
			cp.Objects = append(cp.Objects, o) // DROP TABLE IF EXISTS skips it, DropTableDeps gives the notice
			continue
		}
		tq, ok := t.foreignTableOf(catalog.QName{Schema: ti.Schema, Name: ti.Name})
		if !ok {
			fail(pgerror.New(pgerror.WrongObjectType, "%q is not a foreign table", ti.Name).
				WithHint("Use DROP TABLE to remove a table."))
		}
		cp.Objects = append(cp.Objects, o)
		forget = append(forget, &ForeignDDL{Op: "drop_table", Table: tq})
	}
	res, ok := t.catalogDrop(cp)
	for _, c := range res.Catalog {
		if d, isDeps := c.(*DropTableDeps); isDeps {
			d.Word = "foreign table"
		}
	}
	res.Catalog = append(res.Catalog, forget...)
	res.Tag = "DROP FOREIGN TABLE"
	return res, ok
}

// foreignTableOf resolves q (schema optional) to a foreign table.
func (t *Translator) foreignTableOf(q catalog.QName) (catalog.QName, bool) {
	r := t.reader()
	if r == nil || len(r.Current().Foreign().Tables) == 0 || t.Tables == nil {
		return catalog.QName{}, false
	}
	ti, ok := t.Tables.LookupTable(q.Schema, q.Name)
	if !ok {
		return catalog.QName{}, false
	}
	tq := catalog.QName{Schema: ti.Schema, Name: ti.Name}
	_, ok = r.Current().ForeignTable(tq)
	return tq, ok
}

// refuseForeign fails a read or write of a foreign table: tinybase has
// no foreign-data wrapper handlers, it reaches no external service.
func (t *Translator) refuseForeign(rv *pg.RangeVar, verb string) {
	if rv == nil {
		return
	}
	q, ok := t.foreignTableOf(catalog.QName{Schema: rv.Schemaname, Name: rv.Relname})
	if !ok {
		return
	}
	fail(pgerror.New(pgerror.FeatureNotSupported, "foreign table %q cannot be %s: tinybase does not reach external services", q.Name, verb).
		WithHint("Foreign tables apply as on Supabase, but their rows live in the external service; query it directly or use a local table in development."))
}
