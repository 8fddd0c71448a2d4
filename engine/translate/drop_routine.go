package translate

import (
	"fmt"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/expr"
	"github.com/tinybase/tinybase/engine/pgerror"
	"github.com/tinybase/tinybase/engine/types"
)

// dropRoutine is DROP FUNCTION / PROCEDURE / ROUTINE / AGGREGATE. There are
// no user-defined routines yet, so a routine named here is either missing
// (42883, or a NOTICE with IF EXISTS) or a built-in, which PostgreSQL
// refuses to drop (2BP01).
func (t *Translator) dropRoutine(s *pg.DropStmt) (Result, error) {
	word := map[pg.ObjectType]string{
		pg.ObjectType_OBJECT_FUNCTION:  "function",
		pg.ObjectType_OBJECT_PROCEDURE: "procedure",
		pg.ObjectType_OBJECT_ROUTINE:   "function",
		pg.ObjectType_OBJECT_AGGREGATE: "aggregate",
	}[s.RemoveType]
	tag := "DROP " + strings.TrimPrefix(s.RemoveType.String(), "OBJECT_")
	var notices []string
	for _, o := range s.Objects {
		owa := o.GetObjectWithArgs()
		if owa == nil {
			return Result{}, pgerror.New(pgerror.FeatureNotSupported, "%s is not supported yet", tag)
		}
		parts := names(owa.Objname)
		name := parts[len(parts)-1]
		schema := ""
		if len(parts) > 1 {
			schema = parts[len(parts)-2]
		}
		if schema != "" && schema != "pg_catalog" {
			if sl, ok := t.Tables.(SchemaLookup); ok && !sl.HasSchema(schema) {
				if s.MissingOk {
					notices = append(notices, fmt.Sprintf("schema %q does not exist, skipping", schema))
					continue
				}
				return Result{}, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", schema)
			}
		}
		var argTypes []*types.Type
		var written, formatted []string
		for _, a := range owa.Objargs {
			tn := a.GetTypeName()
			if tn == nil {
				return Result{}, pgerror.New(pgerror.FeatureNotSupported, "%s is not supported yet", tag)
			}
			typ := t.typeName(tn)
			argTypes = append(argTypes, typ)
			written = append(written, strings.Join(names(tn.Names), "."))
			formatted = append(formatted, typ.WithMod(-1).FormatType())
		}
		shown := strings.Join(parts, ".")
		if owa.ArgsUnspecified {
			if builtinRoutine(schema, name, nil, true) {
				return Result{}, pgerror.New(pgerror.FeatureNotSupported, "dropping built-in %s %s is not supported yet", word, name)
			}
			if s.MissingOk {
				notices = append(notices, fmt.Sprintf("%s %s() does not exist, skipping", word, shown))
				continue
			}
			return Result{}, pgerror.New(pgerror.UndefinedFunction, "could not find a %s named %q", word, shown)
		}
		sig := fmt.Sprintf("%s(%s)", shown, strings.Join(formatted, ", "))
		if builtinRoutine(schema, name, argTypes, false) {
			return Result{}, pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop %s %s because it is required by the database system", word, sig)
		}
		if s.MissingOk {
			notices = append(notices, fmt.Sprintf("%s %s(%s) does not exist, skipping", word, shown, strings.Join(written, ", ")))
			continue
		}
		return Result{}, pgerror.New(pgerror.UndefinedFunction, "%s %s does not exist", word, sig)
	}
	return Result{Cmd: &TableDDL{Kind: "noop", Notices: notices}, Tag: tag}, nil
}

// builtinRoutine reports whether a built-in function has exactly these
// argument types (any overload when anyArgs).
func builtinRoutine(schema, name string, args []*types.Type, anyArgs bool) bool {
	if schema != "" && schema != "pg_catalog" {
		return false
	}
	for _, c := range expr.Funcs[name] {
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
