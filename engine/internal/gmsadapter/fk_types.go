package gmsadapter

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// GMS checks a new foreign key's column types by its own rule, the same
// type on both sides, which refuses what PostgreSQL accepts (an integer
// column referencing a bigint key, text referencing varchar). Its only
// hook for that is a package variable: tinybase is the one GMS user in
// its process, so the check is set once, to PostgreSQL's.
func init() { plan.ValidateForeignKeyDefinition = validateForeignKeyTypes }

// validateForeignKeyTypes is PostgreSQL's rule (ATAddForeignKeyConstraint):
// each referencing column's type must compare with its referenced
// column's through the key's equality, that is the same type under any
// domain, two integer types, or a type implicitly cast to the key's.
func validateForeignKeyTypes(_ *sql.Context, fk sql.ForeignKeyConstraint, cols, parentCols map[string]*sql.Column) error {
	for i := range fk.Columns {
		c, p := cols[strings.ToLower(fk.Columns[i])], parentCols[strings.ToLower(fk.ParentColumns[i])]
		if c == nil || p == nil {
			continue
		}
		ct, pt := expr.FromGMSType(c.Type), expr.FromGMSType(p.Type)
		if !foreignKeyComparable(ct, pt) {
			return pgerror.New(pgerror.DatatypeMismatch, "foreign key constraint \"%s\" cannot be implemented", fk.Name).
				WithDetail("Key columns \"%s\" and \"%s\" are of incompatible types: %s and %s.",
					c.Name, p.Name, ct.WithMod(-1).FormatType(), pt.WithMod(-1).FormatType())
		}
	}
	return nil
}

func foreignKeyComparable(child, parent *types.Type) bool {
	c, p := child.Base(), parent.Base()
	switch {
	case c.OID == p.OID:
		return true
	case isInteger(c) && isInteger(p):
		return true // integer_ops has the cross-type equalities
	}
	return types.CastAllowed(c, p, types.CastImplicit)
}

func isInteger(t *types.Type) bool {
	return t.Kind == types.KindInt2 || t.Kind == types.KindInt4 || t.Kind == types.KindInt8
}
