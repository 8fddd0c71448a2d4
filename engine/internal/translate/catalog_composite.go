package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// CreateComposite is CREATE TYPE name AS (field type, ...).
type CreateComposite struct {
	Name   catalog.QName
	Fields []types.Field
}

func (*CreateComposite) command()        {}
func (*CreateComposite) catalogCommand() {}

// compositeType translates CREATE TYPE ... AS (...).
func (t *Translator) compositeType(s *pg.CompositeTypeStmt) Result {
	cmd := &CreateComposite{Name: rangeQName(s.Typevar)}
	seen := map[string]bool{}
	for _, n := range s.Coldeflist {
		cd := n.GetColumnDef()
		if cd == nil {
			fail(pgerror.New(pgerror.FeatureNotSupported, "this form of CREATE TYPE is not supported yet"))
		}
		if seen[cd.Colname] {
			fail(pgerror.New(pgerror.DuplicateColumn, "column %q specified more than once", cd.Colname))
		}
		seen[cd.Colname] = true
		for _, c := range cd.Constraints {
			if con := c.GetConstraint(); con != nil {
				fail(pgerror.New(pgerror.FeatureNotSupported, "constraints are not supported on composite types"))
			}
		}
		cmd.Fields = append(cmd.Fields, types.Field{Name: cd.Colname, Type: t.columnTypeName(cd.Colname, cd.TypeName)})
	}
	return Result{Cmd: cmd, Tag: "CREATE TYPE"}
}

// tableRowType is the row type of table schema.name used as a type name
// (a function's parameter or result, a cast), nil when there is no such
// table.
func (t *Translator) tableRowType(schema, name string) *types.Type {
	if schema == "pg_catalog" {
		return nil
	}
	rl, ok := t.Tables.(RowTypeLookup)
	if !ok {
		return nil
	}
	rt, ok := rl.RowType(schema, name)
	if !ok {
		return nil
	}
	return rt
}

// columnTypeName resolves column col's (or a composite field's) type. A
// pseudo-type is 42P16, as CheckAttributeType reports it. Values of a
// table's row type cannot be stored in a column on tinybase yet.
func (t *Translator) columnTypeName(col string, tn *pg.TypeName) *types.Type {
	if pt := pseudoTypeName(tn); pt != nil {
		failAt(-1, pgerror.InvalidTableDefinition, "column %q has pseudo-type %s", col, pt.FormatType())
	}
	typ := t.typeName(tn)
	if b := typ.Base(); b.IsTableRowType() || b.Kind == types.KindArray && b.Elem != nil && b.Elem.IsTableRowType() {
		failAt(tn.Location, pgerror.FeatureNotSupported, "columns of a table's row type (%s) are not supported yet", typ.FormatType())
	}
	return typ
}

// AlterComposite is ALTER TYPE ... ADD / DROP ATTRIBUTE.
type AlterComposite struct {
	Name catalog.QName
	Cmds []AlterAttribute
}

// AlterAttribute is one ADD ATTRIBUTE (Add set) or DROP ATTRIBUTE clause.
type AlterAttribute struct {
	Add      *types.Field
	Drop     string
	IfExists bool
	Cascade  bool
}

func (*AlterComposite) command()        {}
func (*AlterComposite) catalogCommand() {}

// alterCompositeType translates ALTER TYPE ... ADD / DROP ATTRIBUTE.
func (t *Translator) alterCompositeType(s *pg.AlterTableStmt) Result {
	cmd := &AlterComposite{Name: rangeQName(s.Relation)}
	for _, n := range s.Cmds {
		ac := n.GetAlterTableCmd()
		switch {
		case ac != nil && ac.Subtype == pg.AlterTableType_AT_AddColumn && ac.Def.GetColumnDef() != nil:
			cd := ac.Def.GetColumnDef()
			cmd.Cmds = append(cmd.Cmds, AlterAttribute{Add: &types.Field{Name: cd.Colname, Type: t.columnTypeName(cd.Colname, cd.TypeName)},
				Cascade: ac.Behavior == pg.DropBehavior_DROP_CASCADE})
		case ac != nil && ac.Subtype == pg.AlterTableType_AT_DropColumn:
			cmd.Cmds = append(cmd.Cmds, AlterAttribute{Drop: ac.Name, IfExists: ac.MissingOk, Cascade: ac.Behavior == pg.DropBehavior_DROP_CASCADE})
		default:
			fail(pgerror.New(pgerror.FeatureNotSupported, "this form of ALTER TYPE is not supported yet"))
		}
	}
	return Result{Cmd: cmd, Tag: "ALTER TYPE"}
}
