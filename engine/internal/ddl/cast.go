package ddl

import (
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Cast runs CREATE CAST and DROP CAST (PostgreSQL docs: SQL Commands,
// CREATE CAST) on the catalog's user casts: pg_cast lists them, and
// expr.Coerce applies them through the session's types.Env.
func Cast(h Host, c *translate.CastDDL) error {
	if c.Drop {
		return dropCast(h, c)
	}
	return createCast(h, c)
}

// createCast checks a cast as functioncmds.c's CreateCast does, in its
// order, and records it.
func createCast(h Host, c *translate.CastDDL) error {
	src, dst := c.Source, c.Target
	if src.Category == 'P' {
		return pgerror.New(pgerror.WrongObjectType, "source data type %s is a pseudo-type", src.FormatType())
	}
	if dst.Category == 'P' {
		return pgerror.New(pgerror.WrongObjectType, "target data type %s is a pseudo-type", dst.FormatType())
	}
	if err := checkCastOwner(h, src, dst); err != nil {
		return err
	}
	// a domain's casts are kept but never used: conversions look up the
	// domains' base types (find_coercion_pathway)
	if src.Domain != nil {
		h.Notice("WARNING", pgerror.WrongObjectType, "cast will be ignored because the source data type is a domain")
	} else if dst.Domain != nil {
		h.Notice("WARNING", pgerror.WrongObjectType, "cast will be ignored because the target data type is a domain")
	}
	cat := h.Catalog()
	k := catalog.Cast{Source: src.OID, Target: dst.OID, Context: c.Context, Method: 'b'}
	nargs := 0
	switch {
	case c.Func != nil:
		fn, err := castFunction(h, cat, c.Func)
		if err != nil {
			return err
		}
		in := fn.InputTypes()
		nargs = len(in)
		if nargs < 1 || nargs > 3 {
			return castDefError("cast function must take one to three arguments")
		}
		if !binaryCoercible(cat, src, in[0].OID) {
			return castDefError("argument of cast function must match or be binary-coercible from source data type")
		}
		if nargs > 1 && in[1].OID != types.Int4.OID {
			return castDefError("second argument of cast function must be type integer")
		}
		if nargs > 2 && in[2].OID != types.Bool.OID {
			return castDefError("third argument of cast function must be type boolean")
		}
		if fn.Result == nil || !binaryCoercible(cat, fn.Result, dst.OID) {
			return castDefError("return data type of cast function must match or be binary-coercible to target data type")
		}
		if fn.Kind != catalog.KindFunction {
			return castDefError("cast function must be a normal function")
		}
		if fn.ReturnsSet {
			return castDefError("cast function must not return a set")
		}
		k.Func, k.Method = fn.OID, 'f'
	case c.Inout:
		k.Method = 'i'
	default:
		if r, ok := cat.Role(h.CurrentUser()); !ok || !r.Super {
			return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to create a cast WITHOUT FUNCTION")
		}
		// typlen stands for PostgreSQL's (typlen, typbyval, typalign)
		// comparison: a crude check that the two share a representation
		if src.Base().Len != dst.Base().Len {
			return castDefError("source and target data types are not physically compatible")
		}
		switch {
		case src.IsComposite() || dst.IsComposite():
			return castDefError("composite data types are not binary-compatible")
		case src.Base().Kind == types.KindEnum || dst.Base().Kind == types.KindEnum:
			return castDefError("enum data types are not binary-compatible")
		case src.IsArray() || dst.IsArray():
			return castDefError("array data types are not binary-compatible")
		case src.Domain != nil || dst.Domain != nil:
			return castDefError("domain data types must not be marked binary-compatible")
		}
	}
	if src.OID == dst.OID && nargs < 2 {
		return castDefError("source data type and target data type are the same")
	}
	if castExists(cat, src.OID, dst.OID) {
		return pgerror.New(pgerror.DuplicateObject, "cast from type %s to type %s already exists", src.FormatType(), dst.FormatType())
	}
	h.SetCatalog(cat.PutCast(k))
	return nil
}

func castDefError(msg string) error {
	return pgerror.New(pgerror.InvalidObjectDefinition, "%s", msg)
}

// castFunction resolves WITH FUNCTION's function as LookupFuncWithArgs
// does for a function: a procedure or a missing one is an error.
func castFunction(h Host, cat *catalog.Catalog, ref *translate.RoutineRef) (*catalog.Function, error) {
	if fn, ok := h.CommentedRoutine(cat, ref.Name, ref); ok {
		if fn.Kind == catalog.KindProcedure {
			return nil, pgerror.New(pgerror.WrongObjectType, "%s is not a function", fn.Signature())
		}
		return fn, nil
	}
	args := make([]string, len(ref.Args))
	for i, a := range ref.Args {
		args[i] = a.FormatType()
	}
	return nil, pgerror.New(pgerror.UndefinedFunction, "function %s(%s) does not exist", ref.Name.Display(), strings.Join(args, ", "))
}

// castExists reports whether pg_cast has a row from source to target:
// PostgreSQL's, an installed extension's or a user's.
func castExists(cat *catalog.Catalog, source, target uint32) bool {
	if pgcatalog.BuiltinCastExists(source, target) {
		return true
	}
	if _, ok := cat.Cast(source, target); ok {
		return true
	}
	for _, ie := range cat.Extensions() {
		e, ok := extensions.Lookup(ie.Name)
		if !ok {
			continue
		}
		for _, ec := range e.Casts {
			s, d := extensions.ExtType(cat, ie.Schema, ec.Source), extensions.ExtType(cat, ie.Schema, ec.Target)
			if s != nil && d != nil && s.OID == source && d.OID == target {
				return true
			}
		}
	}
	return false
}

// checkCastOwner is CREATE / DROP / COMMENT ON CAST's privilege check:
// the current role must own the source or the target type.
func checkCastOwner(h Host, src, dst *types.Type) error {
	if h.CheckOwner(typeOwnerKey(h.Catalog(), src), "type", src.FormatType()) == nil ||
		h.CheckOwner(typeOwnerKey(h.Catalog(), dst), "type", dst.FormatType()) == nil {
		return nil
	}
	return pgerror.New(pgerror.InsufficientPrivilege, "must be owner of type %s or type %s", src.FormatType(), dst.FormatType())
}

// typeOwnerKey is the key a type's owner is recorded under: an array's
// is its element's, a table's row type its table's.
func typeOwnerKey(cat *catalog.Catalog, t *types.Type) catalog.ObjectKey {
	if t.Kind == types.KindArray && t.Domain == nil && t.Elem != nil {
		t = t.Elem
	}
	if _, ok := cat.TypeByOID(t.OID); ok {
		return catalog.ObjectKey{Kind: catalog.ObjType, Schema: t.Schema, Name: t.Name}
	}
	if t.RelOID != 0 && t.Schema != "" && t.Schema != "pg_catalog" {
		return catalog.ObjectKey{Kind: catalog.ObjRelation, Schema: t.Schema, Name: t.Name}
	}
	return catalog.ObjectKey{Kind: catalog.ObjType, Schema: "pg_catalog", Name: t.Name}
}

// findCast is get_cast_oid: the user cast from src to dst, 42704 when
// there is none (a built-in or an extension's cannot be dropped here).
func findCast(h Host, src, dst *types.Type) (catalog.Cast, error) {
	if k, ok := h.Catalog().Cast(src.OID, dst.OID); ok {
		return k, nil
	}
	if castExists(h.Catalog(), src.OID, dst.OID) {
		return catalog.Cast{}, pgerror.New(pgerror.FeatureNotSupported, "changing PostgreSQL's cast from type %s to type %s is not supported", src.FormatType(), dst.FormatType())
	}
	return catalog.Cast{}, pgerror.New(pgerror.UndefinedObject, "cast from type %s to type %s does not exist", src.FormatType(), dst.FormatType())
}

func dropCast(h Host, c *translate.CastDDL) error {
	if c.MissingType != "" {
		h.Notice("NOTICE", "00000", c.MissingType+" does not exist, skipping")
		return nil
	}
	k, err := findCast(h, c.Source, c.Target)
	if err != nil {
		if c.IfExists && codeOf(err) == pgerror.UndefinedObject {
			h.Notice("NOTICE", "00000", fmt.Sprintf("cast from type %s to type %s does not exist, skipping", c.Source.FormatType(), c.Target.FormatType()))
			return nil
		}
		return err
	}
	if err := checkCastOwner(h, c.Source, c.Target); err != nil {
		return err
	}
	if e, ok := h.Catalog().MemberOf("cast", "", "", k.OID); ok {
		desc := h.Catalog().CastDescription(k)
		return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop %s because extension %s requires it", desc, e.Name).
			WithHint("You can drop extension %s instead.", e.Name)
	}
	// nothing depends on a cast: RESTRICT and CASCADE drop it alike
	h.SetCatalog(h.Catalog().DropCast(k.OID))
	return nil
}

// dropTypeCasts refuses to drop a type casts use unless CASCADE, which
// drops them (pg_depend's normal dependencies of a cast on its types).
func dropTypeCasts(h Host, cat *catalog.Catalog, t *types.Type, name string, cascade bool) (*catalog.Catalog, error) {
	for _, k := range cat.Casts() {
		if k.Source != t.OID && k.Target != t.OID {
			continue
		}
		if !cascade {
			return nil, dependError("type", name).(*pgerror.Error).WithDetail("%s depends on type %s", cat.CastDescription(k), name)
		}
		h.DropCascades(cat.CastDescription(k))
		cat = cat.DropCast(k.OID)
	}
	return cat, nil
}
