package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/catalog"
	"github.com/tinybase/tinybase/engine/pgerror"
	"github.com/tinybase/tinybase/engine/types"
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
		cmd.Fields = append(cmd.Fields, types.Field{Name: cd.Colname, Type: t.typeName(cd.TypeName)})
	}
	return Result{Cmd: cmd, Tag: "CREATE TYPE"}
}
