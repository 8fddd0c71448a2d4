package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// DomainAction is what an ALTER DOMAIN does.
type DomainAction byte

// The ALTER DOMAIN forms AlterDomain carries; the letters are
// AlterDomainStmt's subtypes, and 'R' is ALTER DOMAIN ... RENAME
// CONSTRAINT (a RenameStmt).
const (
	DomainSetDefault         DomainAction = 'T' // SET DEFAULT / DROP DEFAULT
	DomainDropNotNull        DomainAction = 'N'
	DomainSetNotNull         DomainAction = 'O'
	DomainAddConstraint      DomainAction = 'C'
	DomainDropConstraint     DomainAction = 'X'
	DomainValidateConstraint DomainAction = 'V'
	DomainRenameConstraint   DomainAction = 'R'
)

// alterDomain translates ALTER DOMAIN's subcommands (AlterDomainStmt).
// Only CHECK constraints can be added, as in PostgreSQL 15, whose
// grammar already refuses ADD ... NOT NULL; the other kinds fail as
// domainAddConstraint words them.
func (t *Translator) alterDomain(ad *pg.AlterDomainStmt) Result {
	cmd := &AlterDomain{Name: listQName(ad.TypeName), Action: DomainAction(ad.Subtype[0]),
		Constraint: ad.Name, MissingOk: ad.MissingOk}
	switch cmd.Action {
	case DomainSetDefault:
		if ad.Def != nil {
			cmd.Default = exprSQL(ad.Def)
		}
	case DomainAddConstraint:
		c := ad.Def.GetConstraint()
		if c == nil {
			fail(pgerror.New(pgerror.FeatureNotSupported, "this form of ALTER DOMAIN is not supported yet"))
		}
		switch c.Contype {
		case pg.ConstrType_CONSTR_CHECK:
		case pg.ConstrType_CONSTR_UNIQUE:
			fail(pgerror.New(pgerror.SyntaxError, "unique constraints not possible for domains"))
		case pg.ConstrType_CONSTR_PRIMARY:
			fail(pgerror.New(pgerror.SyntaxError, "primary key constraints not possible for domains"))
		case pg.ConstrType_CONSTR_EXCLUSION:
			fail(pgerror.New(pgerror.SyntaxError, "exclusion constraints not possible for domains"))
		case pg.ConstrType_CONSTR_FOREIGN:
			fail(pgerror.New(pgerror.SyntaxError, "foreign key constraints not possible for domains"))
		default:
			fail(pgerror.New(pgerror.FeatureNotSupported, "this form of ALTER DOMAIN is not supported yet"))
		}
		cmd.Check = catalog.Check{Name: c.Conname, Expr: exprSQL(c.RawExpr), NotValid: c.SkipValidation}
	case DomainDropNotNull, DomainSetNotNull, DomainDropConstraint, DomainValidateConstraint:
	default:
		fail(pgerror.New(pgerror.FeatureNotSupported, "this form of ALTER DOMAIN is not supported yet"))
	}
	return Result{Cmd: cmd, Tag: "ALTER DOMAIN"}
}
