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
	ic := cmd.Def.GetConstraint()
	// the sequence, whose type check comes first, is made before the
	// column is looked at (ATExecAddIdentity)
	checkIdentityType(c.Type)
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
	seq, def := t.columnSequence(ti, c.Name, c.Type, ic)
	return &sqlparser.DDL{DefaultSpec: &sqlparser.DefaultSpec{Action: sqlparser.SetStr, Column: sqlparser.NewColIdent(c.Name), Value: def}}, seq
}

// checkIdentityType is the check CREATE SEQUENCE makes of an identity
// column's type (init_params).
func checkIdentityType(typ *types.Type) {
	switch typ.Kind {
	case types.KindInt2, types.KindInt4, types.KindInt8:
	default:
		fail(pgerror.New(pgerror.InvalidParameterValue, "identity column type must be smallint, integer, or bigint"))
	}
}

// columnSequence is the sequence an existing table's column of type typ
// gets as a serial column (ic nil) or an identity column (GENERATED ...
// AS IDENTITY [(options)]), owned by the column, and the column's
// default taking its next value.
func (t *Translator) columnSequence(ti *TableInfo, column string, typ *types.Type, ic *pg.Constraint) (*CreateSequence, *sqlparser.ParenExpr) {
	seq := &CreateSequence{OwnedBy: &catalog.ColumnRef{Schema: ti.Schema, Table: ti.Name, Column: column}, AddIdentity: true}
	name := catalog.QName{Schema: ti.Schema}
	if ic != nil {
		var opts []*pg.Node
		for _, o := range ic.Options {
			if d := o.GetDefElem(); d != nil && d.Defname == "sequence_name" {
				q := listQName(d.Arg.GetList().Items)
				name.Name = q.Name
				if q.Schema != "" {
					name.Schema = q.Schema
				}
				continue
			}
			opts = append(opts, o)
		}
		seq.Options = t.seqOptions(opts)
		seq.Identity = 'd'
		if ic.GeneratedWhen == "a" {
			seq.Identity = 'a'
		}
	}
	if name.Name == "" {
		name.Name = t.freeRelationName(ti, column)
	}
	seq.Name = name
	if seq.Options.Type == nil {
		seq.Options.Type = typ
	}
	return seq, t.nextvalOf(qualifiedName(name), typ)
}

// addSerialColumn gives the column ADD COLUMN adds as serial or identity
// its sequence: NOT NULL, with nextval of the sequence as its default,
// which fills the existing rows in the table's physical order as
// PostgreSQL's rewrite of the table does. It returns nil for other
// columns.
func (t *Translator) addSerialColumn(cd *pg.ColumnDef, ti *TableInfo, col *sqlparser.ColumnDefinition) *CreateSequence {
	ic := identityConstraint(cd)
	if ic == nil && serialKind(cd.TypeName) == nil {
		return nil
	}
	typ := col.Type.ResolvedType.(*types.Type)
	if ic != nil {
		checkIdentityType(typ)
	}
	col.Type.NotNull = true
	if parent, ok := t.recursedSerials[cd.Colname]; ok && ic == nil {
		// a descendant's step: the column takes the parent's default,
		// the sequence stays the parent's
		col.Type.Default = t.nextvalOf(parent, typ)
		return nil
	}
	seq, def := t.columnSequence(ti, cd.Colname, typ, ic)
	col.Type.Default = def
	if t.recursing && t.recursedSerials != nil {
		t.recursedSerials[cd.Colname] = qualifiedName(seq.Name)
	}
	return seq
}

func qualifiedName(q catalog.QName) string {
	return pgident.QuoteIfNeeded(q.Schema) + "." + pgident.QuoteIfNeeded(q.Name)
}

// nextvalOf is the default nextval('<qualified>'), assignment-cast to typ.
func (t *Translator) nextvalOf(qualified string, typ *types.Type) *sqlparser.ParenExpr {
	return &sqlparser.ParenExpr{Expr: t.inject("nextval", -1, nil, func([]sql.Expression) (sql.Expression, error) {
		call, err := expr.NewFuncCall(t.Env, "nextval", []sql.Expression{expr.NewLiteral(types.Regclass, qualified)})
		if err != nil {
			return nil, err
		}
		return expr.Coerce(t.Env, call, typ, types.CastAssignment)
	})}
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
