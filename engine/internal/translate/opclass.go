package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// OpClassDDL is CREATE / ALTER / DROP OPERATOR CLASS and OPERATOR FAMILY
// (PostgreSQL docs: SQL Commands). The engine runs them on the catalog
// (engine/internal/ddl/opclass.go); indexes name a class by name.
type OpClassDDL struct {
	// Kind is create, add (ALTER OPERATOR FAMILY ADD), drop_members
	// (ALTER OPERATOR FAMILY DROP), drop, rename, owner or set_schema.
	Kind   string
	Class  bool // the object is an operator class, else a family
	Name   catalog.QName
	Method string

	Family  catalog.QName // create class: FAMILY, "" for a family of its own
	Type    *types.Type   // create class: FOR TYPE
	Default bool          // create class: DEFAULT
	Items   []OpClassItem // create class, add, drop_members

	Objects           []catalog.QName // drop
	IfExists, Cascade bool            // drop

	NewName, NewOwner, NewSchema string
}

// OpClassItem is one OPERATOR, FUNCTION or STORAGE item.
type OpClassItem struct {
	Function bool // FUNCTION, else OPERATOR (Stored set: STORAGE)
	Number   int16
	Name     catalog.QName // operator or function; empty in a DROP item
	// Args are the operator's or function's argument types as written
	// (nil when the operator is named without them); ClassArgs are the
	// (lefttype, righttype) written after the number.
	Args, ClassArgs []*types.Type
	OrderFamily     catalog.QName // FOR ORDER BY
	Stored          *types.Type   // STORAGE
}

func (*OpClassDDL) command()        {}
func (*OpClassDDL) catalogCommand() {}

// opclassStatement translates the operator class and family statements;
// ok is false for any other.
func (t *Translator) opclassStatement(n *pg.Node) (Result, bool) {
	isClass := func(o pg.ObjectType) (class, ok bool) {
		switch o {
		case pg.ObjectType_OBJECT_OPCLASS:
			return true, true
		case pg.ObjectType_OBJECT_OPFAMILY:
			return false, true
		}
		return false, false
	}
	tag := func(class bool, verb string) string {
		if class {
			return verb + " OPERATOR CLASS"
		}
		return verb + " OPERATOR FAMILY"
	}
	// object lists of DROP, RENAME, OWNER and SET SCHEMA put the access
	// method first
	named := func(n *pg.Node) (catalog.QName, string) {
		items := names(n.GetList().GetItems())
		if len(items) < 2 {
			return catalog.QName{}, ""
		}
		q := catalog.QName{Name: items[len(items)-1]}
		if len(items) > 2 {
			q.Schema = items[len(items)-2]
		}
		return q, items[0]
	}
	switch s := n.Node.(type) {
	case *pg.Node_CreateOpClassStmt:
		c := s.CreateOpClassStmt
		cmd := &OpClassDDL{Kind: "create", Class: true, Name: listQName(c.Opclassname), Method: c.Amname,
			Default: c.IsDefault, Type: t.typeName(c.Datatype), Items: t.opclassItems(c.Items)}
		if len(c.Opfamilyname) > 0 {
			cmd.Family = listQName(c.Opfamilyname)
		}
		return Result{Cmd: cmd, Tag: tag(true, "CREATE")}, true
	case *pg.Node_CreateOpFamilyStmt:
		c := s.CreateOpFamilyStmt
		return Result{Cmd: &OpClassDDL{Kind: "create", Name: listQName(c.Opfamilyname), Method: c.Amname}, Tag: tag(false, "CREATE")}, true
	case *pg.Node_AlterOpFamilyStmt:
		a := s.AlterOpFamilyStmt
		kind := "add"
		if a.IsDrop {
			kind = "drop_members"
		}
		return Result{Cmd: &OpClassDDL{Kind: kind, Name: listQName(a.Opfamilyname), Method: a.Amname, Items: t.opclassItems(a.Items)},
			Tag: tag(false, "ALTER")}, true
	case *pg.Node_DropStmt:
		class, ok := isClass(s.DropStmt.RemoveType)
		if !ok {
			return Result{}, false
		}
		cmd := &OpClassDDL{Kind: "drop", Class: class, IfExists: s.DropStmt.MissingOk, Cascade: s.DropStmt.Behavior == pg.DropBehavior_DROP_CASCADE}
		for _, o := range s.DropStmt.Objects {
			q, am := named(o)
			cmd.Objects = append(cmd.Objects, q)
			cmd.Method = am // the grammar takes one USING per object; all name theirs
		}
		return Result{Cmd: cmd, Tag: tag(class, "DROP")}, true
	case *pg.Node_RenameStmt:
		class, ok := isClass(s.RenameStmt.RenameType)
		if !ok {
			return Result{}, false
		}
		q, am := named(s.RenameStmt.Object)
		return Result{Cmd: &OpClassDDL{Kind: "rename", Class: class, Name: q, Method: am, NewName: s.RenameStmt.Newname}, Tag: tag(class, "ALTER")}, true
	case *pg.Node_AlterOwnerStmt:
		class, ok := isClass(s.AlterOwnerStmt.ObjectType)
		if !ok {
			return Result{}, false
		}
		q, am := named(s.AlterOwnerStmt.Object)
		return Result{Cmd: &OpClassDDL{Kind: "owner", Class: class, Name: q, Method: am, NewOwner: roleSpec(s.AlterOwnerStmt.Newowner)}, Tag: tag(class, "ALTER")}, true
	case *pg.Node_AlterObjectSchemaStmt:
		class, ok := isClass(s.AlterObjectSchemaStmt.ObjectType)
		if !ok {
			return Result{}, false
		}
		q, am := named(s.AlterObjectSchemaStmt.Object)
		return Result{Cmd: &OpClassDDL{Kind: "set_schema", Class: class, Name: q, Method: am, NewSchema: s.AlterObjectSchemaStmt.Newschema}, Tag: tag(class, "ALTER")}, true
	}
	return Result{}, false
}

func (t *Translator) opclassItems(ns []*pg.Node) []OpClassItem {
	var out []OpClassItem
	typesOf := func(ns []*pg.Node) []*types.Type {
		var ts []*types.Type
		for _, a := range ns {
			if tn := a.GetTypeName(); tn != nil {
				ts = append(ts, t.typeName(tn))
			}
		}
		return ts
	}
	for _, n := range ns {
		it := n.GetCreateOpClassItem()
		if it == nil {
			continue
		}
		item := OpClassItem{Function: it.Itemtype == 2, Number: int16(it.Number), ClassArgs: typesOf(it.ClassArgs)}
		if it.Itemtype == 3 {
			item.Stored = t.typeName(it.Storedtype)
		}
		if o := it.Name; o != nil {
			item.Name = listQName(o.Objname)
			item.Args = typesOf(o.Objargs)
		}
		if len(it.OrderFamily) > 0 {
			item.OrderFamily = listQName(it.OrderFamily)
		}
		out = append(out, item)
	}
	return out
}
