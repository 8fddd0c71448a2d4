package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// DropRoutine is DROP FUNCTION / PROCEDURE / ROUTINE / AGGREGATE; the
// engine resolves each name against the catalog and the built-ins.
type DropRoutine struct {
	Word     string // "function", "procedure", "aggregate" (messages)
	Kind     pg.ObjectType
	Items    []RoutineRef
	IfExists bool
	Cascade  bool
}

// RoutineRef names a routine as DROP / ALTER / COMMENT write it: a name
// with or without an argument list.
type RoutineRef struct {
	Name catalog.QName
	// Args are the listed argument types (input parameters only);
	// ArgsUnspecified when the statement gave no list.
	Args            []*types.Type
	ArgsUnspecified bool
	// AllArgs is the list read as every parameter's type, OUT ones
	// included, when it may be one (no modes written, or an OUT written):
	// PostgreSQL 14+ matches a procedure's full parameter list too.
	AllArgs []*types.Type
	// Written is the argument list as written, for "does not exist"
	// notices.
	Written []string
	// MissingType is DROP ... IF EXISTS naming an argument type that does
	// not exist: PostgreSQL's notice, and nothing is dropped.
	MissingType string
}

func (*DropRoutine) command()        {}
func (*DropRoutine) catalogCommand() {}

// dropRoutine is DROP FUNCTION / PROCEDURE / ROUTINE / AGGREGATE.
func (t *Translator) dropRoutine(s *pg.DropStmt) (Result, error) {
	word := map[pg.ObjectType]string{
		pg.ObjectType_OBJECT_FUNCTION:  "function",
		pg.ObjectType_OBJECT_PROCEDURE: "procedure",
		pg.ObjectType_OBJECT_ROUTINE:   "routine",
		pg.ObjectType_OBJECT_AGGREGATE: "aggregate",
	}[s.RemoveType]
	tag := "DROP " + strings.TrimPrefix(s.RemoveType.String(), "OBJECT_")
	cmd := &DropRoutine{Word: word, Kind: s.RemoveType, IfExists: s.MissingOk, Cascade: s.Behavior == pg.DropBehavior_DROP_CASCADE}
	for _, o := range s.Objects {
		owa := o.GetObjectWithArgs()
		if owa == nil {
			return Result{}, pgerror.New(pgerror.FeatureNotSupported, "%s is not supported yet", tag)
		}
		if s.MissingOk {
			cmd.Items = append(cmd.Items, t.routineRefIfExists(owa))
			continue
		}
		cmd.Items = append(cmd.Items, t.routineRef(owa))
	}
	return Result{Cmd: cmd, Tag: tag}, nil
}

// routineRefIfExists is routineRef for DROP ... IF EXISTS, where an
// argument type that does not exist is a notice (LookupTypeNameOid's
// missing_ok), not an error.
func (t *Translator) routineRefIfExists(owa *pg.ObjectWithArgs) (ref RoutineRef) {
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(*pgerror.Error)
			if !ok || pe.Code != pgerror.UndefinedObject || !strings.HasPrefix(pe.Message, "type ") {
				panic(r)
			}
			ref = RoutineRef{Name: listQName(owa.Objname), MissingType: strings.TrimSuffix(pe.Message, " does not exist")}
		}
	}()
	return t.routineRef(owa)
}

// routineRef reads an ObjectWithArgs (name(argtypes)); OUT parameters in
// the list are ignored as PostgreSQL ignores them.
func (t *Translator) routineRef(owa *pg.ObjectWithArgs) RoutineRef {
	ref := RoutineRef{Name: listQName(owa.Objname), ArgsUnspecified: owa.ArgsUnspecified}
	if len(owa.Objfuncargs) > 0 {
		modes, outs := false, false
		var all []*types.Type
		for _, a := range owa.Objfuncargs {
			fp := a.GetFunctionParameter()
			if fp == nil {
				continue
			}
			modes = modes || fp.Mode != pg.FunctionParameterMode_FUNC_PARAM_DEFAULT
			if fp.Mode == pg.FunctionParameterMode_FUNC_PARAM_TABLE {
				continue
			}
			typ := t.routineType(fp.ArgType)
			all = append(all, typ)
			if fp.Mode == pg.FunctionParameterMode_FUNC_PARAM_OUT {
				outs = true
				continue
			}
			ref.Args = append(ref.Args, typ)
			ref.Written = append(ref.Written, writtenTypeName(fp.ArgType))
		}
		if !modes || outs {
			ref.AllArgs = all
		}
		return ref
	}
	for _, a := range owa.Objargs {
		tn := a.GetTypeName()
		if tn == nil {
			fail(pgerror.New(pgerror.FeatureNotSupported, "this routine reference is not supported yet"))
		}
		ref.Args = append(ref.Args, t.routineType(tn))
		ref.Written = append(ref.Written, writtenTypeName(tn))
	}
	return ref
}

// writtenTypeName spells a type name as written, as TypeNameToString
// does: its qualified name, then "[]" once for any array bounds.
func writtenTypeName(tn *pg.TypeName) string {
	s := strings.Join(names(tn.Names), ".")
	if len(tn.ArrayBounds) > 0 {
		s += "[]"
	}
	return s
}

// BuiltinRoutine reports whether a built-in function has exactly these
// argument types (any overload when anyArgs).
func BuiltinRoutine(schema, name string, args []*types.Type, anyArgs bool) bool {
	if schema != "" && schema != "pg_catalog" {
		return false
	}
	for _, c := range expr.Builtins().Overloads(name) {
		if anyArgs {
			return true
		}
		if c.Variadic != nil || c.VarAny || len(c.Args) != len(args) {
			continue
		}
		same := true
		for i, a := range c.Args {
			if a == nil || a.OID != args[i].OID {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	return false
}
