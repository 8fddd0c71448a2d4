package security

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// resolveFunctionTarget finds the function a GRANT / ALTER FUNCTION names.
func resolveFunctionTarget(h Host, f translate.FuncRef, word string) (grantTarget, error) {
	if word == "routine" || word == "" {
		word = "function"
	}
	fns, err := h.ResolveRoutines(translate.RoutineRef{Name: f.Name, Args: f.ArgTypes, ArgsUnspecified: f.ArgsUnspecified}, word)
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
func functionsInSchema(h Host, schema, word string) []grantTarget {
	var out []grantTarget
	for _, fn := range h.Catalog().AllFunctions() {
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
func recordFunctionOwner(h Host, c *translate.RecordOwner, owner string) error {
	schema, err := h.CreationSchema(c.Name.Schema)
	if err != nil {
		return nil
	}
	cat := h.Catalog()
	if !cat.HasPrivilege(h.CurrentUser(), schemaKey(schema), catalog.ClassSchema, catalog.PrivCreate) {
		return permissionDenied("schema", schema)
	}
	key := funcKey(schema, c.Name.Name, c.Func.ArgTypes)
	for _, f := range cat.Functions(catalog.QName{Schema: schema, Name: c.Name.Name}) {
		if f.SameInputTypes(c.Func.ArgTypes) {
			// CREATE OR REPLACE keeps owner and privileges; only the owner may
			return CheckOwner(h, key, "function", c.Name.Name)
		}
	}
	cat = cat.SetOwner(key, owner)
	h.SetCatalog(cat.SetACL(key, cat.NewObjectACL(owner, schema, 'f')))
	return nil
}

// CanExecute reports whether role holds EXECUTE on fn.
func CanExecute(cat *catalog.Catalog, role string, fn *catalog.Function) bool {
	key := funcKey(fn.Schema, fn.Name, fn.InputTypes())
	return cat.HasPrivilege(role, key, catalog.ClassFunction, catalog.PrivExecute)
}

// CheckCall is the privilege side of calling a routine (PostgreSQL's
// fmgr_security_definer): the caller needs EXECUTE, except on a trigger
// function, which is checked when the trigger is created, not when it
// fires. A SECURITY DEFINER routine (definer true) runs as runAs, its
// owner.
func CheckCall(cat *catalog.Catalog, role string, fn *catalog.Function) (runAs string, definer bool, err error) {
	key := funcKey(fn.Schema, fn.Name, fn.InputTypes())
	if (fn.Result == nil || fn.Result.OID != types.Trigger.OID) && !cat.HasPrivilege(role, key, catalog.ClassFunction, catalog.PrivExecute) {
		return "", false, permissionDenied(functionTarget(fn).word, fn.Name)
	}
	if !fn.SecurityDefiner {
		return "", false, nil
	}
	return cat.Owner(key), true, nil
}
