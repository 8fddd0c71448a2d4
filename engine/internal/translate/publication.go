package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Publication is CREATE PUBLICATION, ALTER PUBLICATION and DROP
// PUBLICATION (PostgreSQL docs: CREATE PUBLICATION).
type Publication struct {
	// Op is "create", "add", "drop", "set" (the member lists), "options"
	// (ALTER ... SET (...)), "rename", "owner" or "drop_publication".
	Op        string
	Name      string
	AllTables bool
	Tables    []catalog.QName
	// TableOpts are the tables' row filters and column lists, by
	// position in Tables.
	TableOpts []catalog.PublicationTableOpts
	Schemas   []string // "" is CURRENT_SCHEMA
	// Options are WITH (...) / SET (...): publish, publish_via_partition_root.
	Options []PublicationOption
	NewName string // RENAME TO, OWNER TO
	// Names and IfExists are DROP PUBLICATION's.
	Names    []string
	IfExists bool
	Cascade  bool
}

// PublicationOption is one WITH (name = value) item; Value is "" with
// HasValue false when omitted.
type PublicationOption struct {
	Name, Value string
	HasValue    bool
}

func (*Publication) command()        {}
func (*Publication) catalogCommand() {}

// publicationStatement translates the publication statements.
func (t *Translator) publicationStatement(n *pg.Node) (Result, bool) {
	switch s := n.Node.(type) {
	case *pg.Node_CreatePublicationStmt:
		c := s.CreatePublicationStmt
		p := &Publication{Op: "create", Name: c.Pubname, AllTables: c.ForAllTables, Options: publicationOptions(c.Options)}
		t.publicationObjects(p, c.Pubobjects)
		return Result{Cmd: p, Tag: "CREATE PUBLICATION"}, true
	case *pg.Node_AlterPublicationStmt:
		a := s.AlterPublicationStmt
		p := &Publication{Name: a.Pubname, Options: publicationOptions(a.Options)}
		switch {
		case len(a.Options) > 0:
			p.Op = "options"
		case a.Action == pg.AlterPublicationAction_AP_AddObjects:
			p.Op = "add"
		case a.Action == pg.AlterPublicationAction_AP_DropObjects:
			p.Op = "drop"
		default:
			p.Op = "set"
		}
		t.publicationObjects(p, a.Pubobjects)
		return Result{Cmd: p, Tag: "ALTER PUBLICATION"}, true
	case *pg.Node_DropStmt:
		d := s.DropStmt
		if d.RemoveType != pg.ObjectType_OBJECT_PUBLICATION {
			return Result{}, false
		}
		p := &Publication{Op: "drop_publication", IfExists: d.MissingOk, Cascade: d.Behavior == pg.DropBehavior_DROP_CASCADE}
		for _, o := range d.Objects {
			p.Names = append(p.Names, strVal(o))
		}
		return Result{Cmd: p, Tag: "DROP PUBLICATION"}, true
	case *pg.Node_RenameStmt:
		r := s.RenameStmt
		if r.RenameType != pg.ObjectType_OBJECT_PUBLICATION {
			return Result{}, false
		}
		return Result{Cmd: &Publication{Op: "rename", Name: strVal(r.Object), NewName: r.Newname}, Tag: "ALTER PUBLICATION"}, true
	case *pg.Node_AlterOwnerStmt:
		o := s.AlterOwnerStmt
		if o.ObjectType != pg.ObjectType_OBJECT_PUBLICATION {
			return Result{}, false
		}
		return Result{Cmd: &Publication{Op: "owner", Name: strVal(o.Object), NewName: roleSpec(o.Newowner)}, Tag: "ALTER PUBLICATION"}, true
	}
	return Result{}, false
}

func publicationOptions(opts []*pg.Node) []PublicationOption {
	var out []PublicationOption
	for _, o := range opts {
		d := o.GetDefElem()
		if d == nil {
			continue
		}
		po := PublicationOption{Name: d.Defname}
		if d.Arg != nil {
			po.Value, po.HasValue = defText(d.Arg), true
		}
		out = append(out, po)
	}
	return out
}

// publicationObjects reads FOR TABLE ... / FOR TABLES IN SCHEMA ... into
// p, with the tables' row filters and column lists.
func (t *Translator) publicationObjects(p *Publication, objs []*pg.Node) {
	kind := pg.PublicationObjSpecType_PUBLICATIONOBJ_TABLE
	for _, o := range objs {
		spec := o.GetPublicationObjSpec()
		if spec == nil {
			continue
		}
		if spec.Pubobjtype != pg.PublicationObjSpecType_PUBLICATIONOBJ_CONTINUATION {
			kind = spec.Pubobjtype
		}
		switch kind {
		case pg.PublicationObjSpecType_PUBLICATIONOBJ_TABLE:
			pt := spec.Pubtable
			if pt == nil || pt.Relation == nil {
				failAt(spec.Location, pgerror.SyntaxError, "invalid table name")
			}
			p.Tables = append(p.Tables, rangeQName(pt.Relation))
			p.TableOpts = append(p.TableOpts, t.publicationTableOpts(p.Op, pt)) // publication_filters.go
		case pg.PublicationObjSpecType_PUBLICATIONOBJ_TABLES_IN_SCHEMA:
			p.Schemas = append(p.Schemas, spec.Name)
		case pg.PublicationObjSpecType_PUBLICATIONOBJ_TABLES_IN_CUR_SCHEMA:
			p.Schemas = append(p.Schemas, "")
		}
	}
}
