package session

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// funcSignature is how a function is keyed in owners and ACLs:
// name(argtype, ...) with format_type names.
func funcSignature(name string, args []*types.Type) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = a.WithMod(-1).FormatType()
	}
	return name + "(" + strings.Join(parts, ", ") + ")"
}

// funcKey is a function's owner / ACL key.
func funcKey(schema, name string, args []*types.Type) catalog.ObjectKey {
	return catalog.ObjectKey{Kind: catalog.ObjFunction, Schema: schema, Name: funcSignature(name, args)}
}

// resolveFunctionTarget finds the function a GRANT / ALTER FUNCTION names.
func (s *Session) resolveFunctionTarget(f translate.FuncRef, word string) (grantTarget, error) {
	if word == "routine" || word == "" {
		word = "function"
	}
	fns, err := s.resolveRoutineRef(s.catalog(), translate.RoutineRef{Name: f.Name, Args: f.ArgTypes, ArgsUnspecified: f.ArgsUnspecified}, word, false)
	if err != nil {
		return grantTarget{}, err
	}
	return functionTarget(fns[0]), nil
}

func functionTarget(fn *catalog.Function) grantTarget {
	word := "function"
	if fn.Kind == catalog.KindProcedure {
		word = "procedure"
	}
	return grantTarget{key: funcKey(fn.Schema, fn.Name, fn.InputTypes()), class: catalog.ClassFunction, word: word, name: fn.Name, q: catalog.QName{Schema: fn.Schema, Name: fn.Name}}
}

// functionsInSchema lists a schema's routines for ON ALL FUNCTIONS /
// PROCEDURES / ROUTINES IN SCHEMA.
func (s *Session) functionsInSchema(schema, word string) []grantTarget {
	var out []grantTarget
	for _, fn := range s.catalog().AllFunctions() {
		if fn.Schema != schema {
			continue
		}
		if (word == "function" && fn.Kind != catalog.KindFunction) || (word == "procedure" && fn.Kind != catalog.KindProcedure) {
			continue
		}
		out = append(out, functionTarget(fn))
	}
	return out
}

// recordFunctionOwner records a new function's owner and ACL.
func (s *Session) recordFunctionOwner(c *translate.RecordOwner, owner string) error {
	schema, err := s.creationSchema(c.Name.Schema)
	if err != nil {
		return nil
	}
	cat := s.catalog()
	if !cat.HasPrivilege(s.CurrentUser(), schemaKey(schema), catalog.ClassSchema, catalog.PrivCreate) {
		return permissionDenied("schema", schema)
	}
	key := funcKey(schema, c.Name.Name, c.Func.ArgTypes)
	for _, f := range cat.Functions(catalog.QName{Schema: schema, Name: c.Name.Name}) {
		if f.SameInputTypes(c.Func.ArgTypes) {
			// CREATE OR REPLACE keeps owner and privileges; only the owner may
			return s.checkOwner(key, "function", c.Name.Name)
		}
	}
	cat = cat.SetOwner(key, owner)
	s.setCatalog(cat.SetACL(key, cat.NewObjectACL(owner, schema, 'f')))
	return nil
}

// CanExecute implements translate.ExecuteChecker: whether the current role
// holds EXECUTE on fn.
func (c *sessionCatalog) CanExecute(fn *catalog.Function) bool {
	key := funcKey(fn.Schema, fn.Name, fn.InputTypes())
	return c.cat.HasPrivilege(c.s.CurrentUser(), key, catalog.ClassFunction, catalog.PrivExecute)
}

// runAsDefiner is the runAs hook of routine calls (routine_call.go): the
// caller needs EXECUTE, and a SECURITY DEFINER routine runs as its owner
// (PostgreSQL's fmgr_security_definer), restoring the role afterwards.
func (s *Session) runAsDefiner(fn *catalog.Function, body func() error) error {
	cat := s.catalog()
	key := funcKey(fn.Schema, fn.Name, fn.InputTypes())
	// trigger functions are checked when the trigger is created, not when it fires
	if (fn.Result == nil || fn.Result.OID != catalog.TriggerType.OID) && !cat.HasPrivilege(s.CurrentUser(), key, catalog.ClassFunction, catalog.PrivExecute) {
		return permissionDenied(functionTarget(fn).word, fn.Name)
	}
	if !fn.SecurityDefiner {
		return body()
	}
	owner := cat.Owner(key)
	old, had := s.local["role"]
	s.local["role"] = owner
	defer func() {
		if had {
			s.local["role"] = old
		} else {
			delete(s.local, "role")
		}
	}()
	return body()
}
