package translate

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// addIdentity is ALTER TABLE ... ALTER COLUMN ... ADD GENERATED { ALWAYS |
// BY DEFAULT } AS IDENTITY [(sequence options)]: an owned identity
// sequence (named by SEQUENCE NAME, or <table>_<column>_seq) and the
// column's nextval default, as CREATE TABLE makes an identity column.
func (t *Translator) addIdentity(cmd *pg.AlterTableCmd, ti *TableInfo, rel *pg.RangeVar) (*sqlparser.DDL, *CreateSequence) {
	c := t.column(ti, cmd.Name)
	if c.Nullable {
		fail(pgerror.New(pgerror.ObjectNotInPrerequisiteState, "column %q of relation %q must be declared NOT NULL before identity can be added", c.Name, ti.Name))
	}
	if r := t.reader(); r != nil {
		if seq, ok := r.Current().ColumnSequence(ti.Schema, ti.Name, c.Name); ok {
			if seq.Identity != 0 {
				fail(pgerror.New(pgerror.ObjectNotInPrerequisiteState, "column %q of relation %q is already an identity column", c.Name, ti.Name))
			}
			fail(pgerror.New(pgerror.ObjectNotInPrerequisiteState, "column %q of relation %q already has a default value", c.Name, ti.Name))
		}
	}
	ic := cmd.Def.GetConstraint()
	var opts []*pg.Node
	name := ""
	for _, o := range ic.Options {
		if d := o.GetDefElem(); d != nil && d.Defname == "sequence_name" {
			parts := names(d.Arg.GetList().Items)
			name = parts[len(parts)-1]
			continue
		}
		opts = append(opts, o)
	}
	if name == "" {
		name = t.freeRelationName(ti, c.Name)
	}
	seq := &CreateSequence{Name: catalog.QName{Schema: ti.Schema, Name: name},
		OwnedBy: &catalog.ColumnRef{Schema: ti.Schema, Table: ti.Name, Column: c.Name},
		Options: t.seqOptions(opts), Identity: 'd', AddIdentity: true}
	if ic.GeneratedWhen == "a" {
		seq.Identity = 'a'
	}
	if seq.Options.Type == nil {
		seq.Options.Type = c.Type
	}
	switch c.Type.Kind {
	case types.KindInt2, types.KindInt4, types.KindInt8:
	default:
		fail(pgerror.New(pgerror.InvalidParameterValue, "identity column type must be smallint, integer, or bigint"))
	}
	qualified := pgident.QuoteIfNeeded(ti.Schema) + "." + pgident.QuoteIfNeeded(name)
	typ := c.Type
	def := &sqlparser.ParenExpr{Expr: t.inject("nextval", -1, nil, func([]sql.Expression) (sql.Expression, error) {
		call, err := expr.NewFuncCall(t.Env, "nextval", []sql.Expression{expr.NewLiteral(types.Regclass, qualified)})
		if err != nil {
			return nil, err
		}
		return expr.Coerce(t.Env, call, typ, types.CastAssignment)
	})}
	return &sqlparser.DDL{DefaultSpec: &sqlparser.DefaultSpec{Action: sqlparser.SetStr, Column: sqlparser.NewColIdent(c.Name), Value: def}}, seq
}

// freeRelationName is <table>_<column>_seq, numbered when a relation of
// that name exists in the table's schema (PostgreSQL's ChooseRelationName).
func (t *Translator) freeRelationName(ti *TableInfo, column string) string {
	r := t.reader()
	if r == nil {
		return SequenceName(ti.Name, column)
	}
	return pgident.Choose(ti.Name, column, "seq", func(name string) bool {
		if r.Current().RelationExists(catalog.QName{Schema: ti.Schema, Name: name}) {
			return true
		}
		_, _, ok := r.Table(ti.Schema, name)
		return ok
	})
}

// constraintUsingIndex is ALTER TABLE ... ADD [CONSTRAINT name] PRIMARY
// KEY | UNIQUE USING INDEX index: the engine checks the index, which
// becomes the constraint's (renamed to the constraint's name).
func (t *Translator) constraintUsingIndex(s *pg.AlterTableStmt, ti *TableInfo, c *pg.Constraint) (Result, error) {
	if len(s.Cmds) != 1 {
		return Result{}, pgerror.New(pgerror.FeatureNotSupported, "ADD CONSTRAINT ... USING INDEX together with other ALTER TABLE actions is not supported yet")
	}
	kind := byte('u')
	if c.Contype == pg.ConstrType_CONSTR_PRIMARY {
		kind = 'p'
		if len(ti.PrimaryKey) > 0 {
			return Result{}, pgerror.New(pgerror.InvalidTableDefinition, "multiple primary keys for table %q are not allowed", ti.Name)
		}
	}
	if c.Conname != "" {
		if _, taken := ti.Constraints[c.Conname]; taken {
			return Result{}, pgerror.New(pgerror.DuplicateObject, "constraint %q for relation %q already exists", c.Conname, ti.Name)
		}
	}
	return Result{Cmd: &TableDDL{Kind: "using_index", Schema: ti.Schema, Table: ti.Name, From: c.Indexname, To: c.Conname, Contype: kind}, Tag: "ALTER TABLE"}, nil
}
