package engine

import (
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine/catalog"
	"github.com/tinybase/tinybase/engine/pgerror"
	"github.com/tinybase/tinybase/engine/translate"
	"github.com/tinybase/tinybase/engine/types"
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
	cat := s.catalog()
	for _, sc := range s.lookupSchemas(f.Name.Schema) {
		for k := range functionOwners(cat) {
			if k.Schema != sc {
				continue
			}
			name, _, _ := strings.Cut(k.Name, "(")
			if name != f.Name.Name {
				continue
			}
			if f.ArgsUnspecified || k.Name == funcSignature(f.Name.Name, f.ArgTypes) {
				return grantTarget{key: k, class: catalog.ClassFunction, word: word, name: k.Name, q: catalog.QName{Schema: sc, Name: f.Name.Name}}, nil
			}
		}
	}
	if f.ArgsUnspecified {
		return grantTarget{}, pgerror.New(pgerror.UndefinedFunction, "could not find a function named %q", displayName(f.Name))
	}
	return grantTarget{}, pgerror.New(pgerror.UndefinedFunction, "%s %s does not exist", word, funcSignature(displayName(f.Name), f.ArgTypes))
}

// functionOwners lists the user functions the catalog knows owners of.
func functionOwners(cat *catalog.Catalog) map[catalog.ObjectKey]bool {
	out := map[catalog.ObjectKey]bool{}
	for _, k := range cat.ObjectKeys(catalog.ObjFunction) {
		out[k] = true
	}
	return out
}

// functionsInSchema lists a schema's user functions for ON ALL FUNCTIONS.
func (s *Session) functionsInSchema(schema, word string) []grantTarget {
	var out []grantTarget
	for k := range functionOwners(s.catalog()) {
		if k.Schema == schema {
			name, _, _ := strings.Cut(k.Name, "(")
			out = append(out, grantTarget{key: k, class: catalog.ClassFunction, word: "function", name: k.Name, q: catalog.QName{Schema: schema, Name: name}})
		}
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
	if _, ok := functionOwners(cat)[key]; ok {
		return nil // CREATE OR REPLACE keeps owner and privileges
	}
	cat = cat.SetOwner(key, owner)
	s.setCatalog(cat.SetACL(key, cat.NewObjectACL(owner, schema, 'f')))
	return nil
}

var _ = fmt.Sprintf
