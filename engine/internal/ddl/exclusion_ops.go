package ddl

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// exclusionOperator resolves an exclusion constraint's operator for key
// type typ on both sides, as PostgreSQL's ComputeIndexAttrs does
// (compatible_oper, then the commutator check): it must exist and be
// its own commutator. It returns the operator's OID for conexclop.
// Whether the index's operator family holds it is not checked: the
// engine compares rows by the operator itself, not through the index.
func exclusionOperator(cat *catalog.Catalog, name string, typ *types.Type) (uint32, error) {
	schema, op := "", name
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '.' {
			schema, op = name[:i], name[i+1:]
			break
		}
	}
	type cand struct {
		oid, com    uint32
		left, right string
		exact       bool
	}
	var found []cand
	if schema == "" || schema == "pg_catalog" {
		for _, o := range pgcatalog.BuiltinBinaryOperators(op) {
			if binaryCoercible(cat, typ, o.Left) && binaryCoercible(cat, typ, o.Right) {
				found = append(found, cand{o.OID, o.Com, opTypeName(cat, o.Left), opTypeName(cat, o.Right), o.Left == typ.Base().OID && o.Right == typ.Base().OID})
			}
		}
	}
	for _, o := range cat.Operators(op) {
		if o.Left == nil || o.Right == nil || schema != "" && o.Schema != schema {
			continue
		}
		if binaryCoercible(cat, typ, o.Left.OID) && binaryCoercible(cat, typ, o.Right.OID) {
			com := uint32(0)
			if o.Commutator == o.Name {
				com = o.OID
			}
			found = append(found, cand{o.OID, com, o.Left.FormatTypeNoMod(), o.Right.FormatTypeNoMod(), o.Left.OID == typ.OID && o.Right.OID == typ.OID})
		}
	}
	if len(found) == 0 {
		t := typ.FormatTypeNoMod()
		return 0, pgerror.New(pgerror.UndefinedFunction, "operator does not exist: %s %s %s", t, name, t).
			WithHint("No operator matches the given name and argument types. You might need to add explicit type casts.")
	}
	best := found[0]
	for _, c := range found {
		if c.exact {
			best = c
			break
		}
	}
	if best.com != best.oid {
		return 0, pgerror.New(pgerror.WrongObjectType, "operator %s(%s,%s) is not commutative", op, best.left, best.right).
			WithDetail("Only commutative operators can be used in exclusion constraints.")
	}
	return best.oid, nil
}

// opTypeName is an operator argument type's name, polymorphic ones
// included (pg_type names them; the engine's type table does not).
func opTypeName(cat *catalog.Catalog, oid uint32) string {
	switch oid {
	case oidAnyRange:
		return "anyrange"
	case oidAnyMultirange:
		return "anymultirange"
	case oidAnyArray:
		return "anyarray"
	case oidAnyElement:
		return "anyelement"
	case oidAnyEnum:
		return "anyenum"
	case oidAnyNonArray:
		return "anynonarray"
	}
	return typeName(cat, oid)
}
