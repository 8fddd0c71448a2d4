package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// CastDDL is CREATE CAST and DROP CAST (PostgreSQL docs: SQL Commands,
// CREATE CAST): user pg_cast rows the engine keeps in its catalog
// (engine/internal/ddl/cast.go) and applies wherever a conversion is
// looked up (expr.Coerce).
type CastDDL struct {
	// Drop is DROP CAST; otherwise CREATE CAST.
	Drop           bool
	Source, Target *types.Type
	// Func is WITH FUNCTION's function; nil with Inout (WITH INOUT) or
	// for WITHOUT FUNCTION.
	Func  *RoutineRef
	Inout bool
	// Context is castcontext: 'e' (explicit only), 'a' (AS ASSIGNMENT)
	// or 'i' (AS IMPLICIT).
	Context byte
	// MissingType is DROP CAST IF EXISTS's "type "x" does not exist"
	// when a type is missing: a notice, no error.
	MissingType       string
	IfExists, Cascade bool
}

func (*CastDDL) command()        {}
func (*CastDDL) catalogCommand() {}

// castStatement translates CREATE CAST and DROP CAST; ok is false for
// any other statement.
func (t *Translator) castStatement(n *pg.Node) (Result, bool) {
	switch s := n.Node.(type) {
	case *pg.Node_CreateCastStmt:
		c := s.CreateCastStmt
		cmd := &CastDDL{Source: t.castType(c.Sourcetype), Target: t.castType(c.Targettype), Inout: c.Inout, Context: 'e'}
		switch c.Context {
		case pg.CoercionContext_COERCION_IMPLICIT:
			cmd.Context = 'i'
		case pg.CoercionContext_COERCION_ASSIGNMENT:
			cmd.Context = 'a'
		}
		if c.Func != nil {
			ref := t.routineRef(c.Func)
			cmd.Func = &ref
		}
		return Result{Cmd: cmd, Tag: "CREATE CAST"}, true
	case *pg.Node_DropStmt:
		d := s.DropStmt
		if d.RemoveType != pg.ObjectType_OBJECT_CAST {
			return Result{}, false
		}
		cmd := &CastDDL{Drop: true, IfExists: d.MissingOk, Cascade: d.Behavior == pg.DropBehavior_DROP_CASCADE}
		// the grammar takes one cast per DROP CAST
		items := d.Objects[0].GetList().GetItems()
		if d.MissingOk {
			cmd.Source, cmd.Target, cmd.MissingType = t.castTypesIfExist(items)
		} else {
			cmd.Source, cmd.Target = t.castType(items[0].GetTypeName()), t.castType(items[1].GetTypeName())
		}
		return Result{Cmd: cmd, Tag: "DROP CAST"}, true
	}
	return Result{}, false
}

// castTypesIfExist resolves DROP CAST IF EXISTS's types; a missing one
// is returned as the notice's subject instead of an error, as
// PostgreSQL's does_not_exist_skipping does.
func (t *Translator) castTypesIfExist(items []*pg.Node) (src, dst *types.Type, missing string) {
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(*pgerror.Error)
			if !ok || pe.Code != pgerror.UndefinedObject || !strings.HasPrefix(pe.Message, "type ") {
				panic(r)
			}
			src, dst, missing = nil, nil, strings.TrimSuffix(pe.Message, " does not exist")
		}
	}()
	return t.castType(items[0].GetTypeName()), t.castType(items[1].GetTypeName()), ""
}

// castType resolves a type CREATE / DROP / COMMENT ON CAST names:
// pseudo-types included, so CREATE CAST can refuse them by name.
func (t *Translator) castType(tn *pg.TypeName) *types.Type {
	if tn == nil {
		fail(pgerror.New(pgerror.SyntaxError, "cast must name two types"))
	}
	return t.routineType(tn)
}
