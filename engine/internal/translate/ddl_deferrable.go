package translate

import (
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// SetDeferrable records, with the CREATE or ALTER TABLE that declares
// them, which of a table's key and foreign key constraints are DEFERRABLE
// (PostgreSQL docs: CREATE TABLE, DEFERRABLE / INITIALLY DEFERRED). The
// engine checks a deferrable constraint at the end of the statement, or
// at COMMIT while it is deferred (SET CONSTRAINTS).
type SetDeferrable struct {
	Table catalog.QName // Schema empty: the creation schema
	// Create: the table is being created (CREATE TABLE IF NOT EXISTS of
	// an existing table records nothing)
	Create      bool
	Constraints []DeferrableConstraint
}

// DeferrableConstraint is one constraint's deferrability.
type DeferrableConstraint struct {
	Name                  string
	Deferrable, Initially bool
}

func (*SetDeferrable) command()        {}
func (*SetDeferrable) catalogCommand() {}

// SetConstraints is SET CONSTRAINTS { ALL | name [, ...] } { DEFERRED |
// IMMEDIATE }.
type SetConstraints struct {
	All      bool
	Names    [][]string // possibly schema-qualified constraint names
	Deferred bool
}

func (*SetConstraints) command() {}

// setConstraints translates SET CONSTRAINTS.
func setConstraints(s *pg.ConstraintsSetStmt) Result {
	c := &SetConstraints{All: len(s.Constraints) == 0, Deferred: s.Deferred}
	for _, n := range s.Constraints {
		if rv := n.GetRangeVar(); rv != nil {
			var parts []string
			if rv.Schemaname != "" {
				parts = append(parts, rv.Schemaname)
			}
			c.Names = append(c.Names, append(parts, rv.Relname))
		}
	}
	return Result{Cmd: c, Tag: "SET CONSTRAINTS"}
}

// noteDeferrable remembers a DEFERRABLE constraint the statement being
// translated declares, under the name it gets.
func (t *Translator) noteDeferrable(c *pg.Constraint, name string) {
	if c.Deferrable || c.Initdeferred {
		t.deferrals = append(t.deferrals, DeferrableConstraint{Name: name, Deferrable: true, Initially: c.Initdeferred})
	}
}

// withDeferrals adds the deferrable constraints the statement declared to
// its catalog changes.
func (t *Translator) withDeferrals(res Result, table catalog.QName, create bool) Result {
	if len(t.deferrals) > 0 {
		res.Catalog = append(res.Catalog, &SetDeferrable{Table: table, Create: create, Constraints: t.deferrals})
	}
	t.deferrals = nil
	return res
}

// mergeConstraintAttrs folds a column's DEFERRABLE / NOT DEFERRABLE /
// INITIALLY DEFERRED / INITIALLY IMMEDIATE items into the constraint
// before them, as PostgreSQL's transformConstraintAttrs does; INITIALLY
// DEFERRED implies DEFERRABLE.
func mergeConstraintAttrs(list []*pg.Node) {
	var prev *pg.Constraint
	for _, n := range list {
		c := n.GetConstraint()
		if c == nil {
			continue
		}
		switch c.Contype {
		case pg.ConstrType_CONSTR_ATTR_DEFERRABLE:
			if prev != nil {
				prev.Deferrable = true
			}
		case pg.ConstrType_CONSTR_ATTR_NOT_DEFERRABLE:
			if prev != nil {
				prev.Deferrable = false
			}
		case pg.ConstrType_CONSTR_ATTR_DEFERRED:
			if prev != nil {
				prev.Initdeferred, prev.Deferrable = true, true
			}
		case pg.ConstrType_CONSTR_ATTR_IMMEDIATE:
			if prev != nil {
				prev.Initdeferred = false
			}
		default:
			prev = c
		}
	}
}

// alterConstraint translates ALTER TABLE ... ALTER CONSTRAINT name
// [NOT] DEFERRABLE [INITIALLY DEFERRED | IMMEDIATE], alone in its
// statement; ok is false for other ALTER TABLEs.
func (t *Translator) alterConstraint(s *pg.AlterTableStmt, ti *TableInfo) (Result, bool) {
	if len(s.Cmds) != 1 {
		return Result{}, false
	}
	cmd := s.Cmds[0].GetAlterTableCmd()
	if cmd == nil || cmd.Subtype != pg.AlterTableType_AT_AlterConstraint {
		return Result{}, false
	}
	c := cmd.Def.GetConstraint()
	kind, ok := ti.Constraints[c.Conname]
	if !ok {
		fail(pgerror.New(pgerror.UndefinedObject, "constraint %q of relation %q does not exist", c.Conname, ti.Name))
	}
	if kind != 'f' {
		fail(pgerror.New(pgerror.WrongObjectType, "constraint %q of relation %q is not a foreign key constraint", c.Conname, ti.Name))
	}
	return Result{Cmd: &SetDeferrable{Table: catalog.QName{Schema: ti.Schema, Name: ti.Name},
		Constraints: []DeferrableConstraint{{Name: c.Conname, Deferrable: c.Deferrable || c.Initdeferred, Initially: c.Initdeferred}}}, Tag: "ALTER TABLE"}, true
}

// primaryKeyName is the name of a table's primary key constraint.
func primaryKeyName(table, given string) string {
	if given != "" {
		return given
	}
	return pgident.MakeObjectName(table, "", "pkey")
}
