package types

import (
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// The reg* types for schemas and routines (PostgreSQL docs 8.19, "Object
// Identifier Types"): regnamespace, regrole, regproc, regprocedure and
// regoperator. As regclass
// and regtype, their values are kept as the text their output prints (the
// object's name, qualified when the search path does not find it; a
// routine's argument types for regprocedure); casts to and from oid
// resolve through the session (ObjectResolver).

// Kinds of the reg* types defined here.
const (
	KindRegnamespace Kind = 200 + iota
	KindRegproc
	KindRegprocedure
	KindRegrole
	KindRegoperator
	KindRegconfig
	KindRegdictionary
)

var (
	Regnamespace = &Type{Kind: KindRegnamespace, OID: 4089, Name: "regnamespace", SQLName: "regnamespace", Category: 'N', Mod: -1, ArrayOID: 4090, Len: 4}
	Regprocedure = &Type{Kind: KindRegprocedure, OID: 2202, Name: "regprocedure", SQLName: "regprocedure", Category: 'N', Mod: -1, ArrayOID: 2207, Len: 4}
	Regrole      = &Type{Kind: KindRegrole, OID: 4096, Name: "regrole", SQLName: "regrole", Category: 'N', Mod: -1, ArrayOID: 4097, Len: 4}
	Regoperator  = &Type{Kind: KindRegoperator, OID: 2204, Name: "regoperator", SQLName: "regoperator", Category: 'N', Mod: -1, ArrayOID: 2208, Len: 4}
	// Regconfig names a text search configuration (regconfig.go).
	Regconfig = &Type{Kind: KindRegconfig, OID: 3734, Name: "regconfig", SQLName: "regconfig", Category: 'N', Mod: -1, ArrayOID: 3735, Len: 4}
	// Regdictionary names a text search dictionary (regconfig.go).
	Regdictionary = &Type{Kind: KindRegdictionary, OID: 3769, Name: "regdictionary", SQLName: "regdictionary", Category: 'N', Mod: -1, ArrayOID: 3770, Len: 4}
	// Cstring is the pseudo-type of the types' output functions'
	// results and input functions' arguments (regoperatorout, textin),
	// held as text.
	Cstring = &Type{Kind: KindText, OID: 2275, Name: "cstring", SQLName: "cstring", Category: 'P', Mod: -1, Schema: "pg_catalog", Len: -2, ArrayOID: 1263}
)

func init() {
	for _, t := range []*Type{Regnamespace, Regprocedure, Regrole, Regoperator, Regconfig, Regdictionary} {
		t.Schema = "pg_catalog"
		byOID[t.OID] = t
		byName[t.Name] = t
		a := &Type{Kind: KindArray, OID: t.ArrayOID, Name: "_" + t.Name, SQLName: t.SQLName + "[]", Category: 'A', Mod: -1, Elem: t, Schema: "pg_catalog", Len: -1}
		arrayByOID[t.OID] = a
		byOID[a.OID] = a
		byName[a.Name] = a
		Builtins = append(Builtins, t)
	}
}

// ObjectResolver maps schema and routine names to OIDs and back; the
// session's RelationResolver implements it.
type ObjectResolver interface {
	// NamespaceOID is 'name'::regnamespace::oid (3F000 when missing).
	NamespaceOID(name string) (uint32, error)
	// NamespaceName is regnamespace output: the quoted name, or the
	// number when no schema has the OID.
	NamespaceName(oid uint32) string
	// RoleOID is 'name'::regrole::oid (42704 when missing).
	RoleOID(name string) (uint32, error)
	// RoleName is regrole output: the quoted name, or the number when
	// no role has the OID.
	RoleName(oid uint32) string
	// ProcOID resolves regproc input (withArgs false: a name that must
	// be unique) or regprocedure input ('name(type, ...)').
	ProcOID(spec string, withArgs bool) (uint32, error)
	// ProcName is regproc / regprocedure output, or the number.
	ProcName(oid uint32, withArgs bool) string
	// OperOID resolves regoperator input ('name(left,right)', NONE for a
	// prefix operator's missing left operand).
	OperOID(spec string) (uint32, error)
	// OperName is regoperator output, or the number.
	OperName(oid uint32) string
}

// IsRegObject reports whether t is regnamespace, regrole, regproc,
// regprocedure, regoperator or regconfig.
func IsRegObject(t *Type) bool {
	switch t.Kind {
	case KindRegnamespace, KindRegrole, KindRegproc, KindRegprocedure, KindRegoperator, KindRegconfig, KindRegdictionary:
		return true
	}
	return false
}

func objectResolver(env *Env) ObjectResolver {
	if env != nil {
		if o, ok := env.Relations.(ObjectResolver); ok {
			return o
		}
	}
	return nil
}

// regObjectIn is the input function of the reg* types defined here: a
// number is an OID (printed as its object's name when there is one),
// otherwise the name must resolve.
func regObjectIn(t *Type, s string, env *Env) (any, error) {
	s = strings.TrimSpace(s)
	if t.Kind == KindRegconfig {
		return regconfigKind.in(s, objectResolver(env)) // regconfig.go
	}
	if t.Kind == KindRegdictionary {
		return regdictionaryKind.in(s, objectResolver(env))
	}
	o := objectResolver(env)
	if n, err := strconv.ParseUint(s, 10, 32); err == nil {
		return regObjectName(t, uint32(n), o), nil
	}
	if o == nil {
		return s, nil
	}
	oid, err := regObjectOID(t, s, o)
	if err != nil {
		return nil, err
	}
	return regObjectName(t, oid, o), nil
}

func regObjectName(t *Type, oid uint32, o ObjectResolver) string {
	if t.Kind == KindRegconfig && oid != 0 {
		return regconfigKind.nameOf(oid, o) // regconfig.go
	}
	if t.Kind == KindRegdictionary && oid != 0 {
		return regdictionaryKind.nameOf(oid, o)
	}
	if o == nil || oid == 0 {
		if oid == 0 {
			return "-"
		}
		return strconv.FormatUint(uint64(oid), 10)
	}
	switch t.Kind {
	case KindRegnamespace:
		return o.NamespaceName(oid)
	case KindRegrole:
		return o.RoleName(oid)
	case KindRegproc:
		return o.ProcName(oid, false)
	case KindRegoperator:
		return o.OperName(oid)
	default:
		return o.ProcName(oid, true)
	}
}

func regObjectOID(t *Type, s string, o ObjectResolver) (uint32, error) {
	if s == "-" {
		return 0, nil
	}
	if n, err := strconv.ParseUint(s, 10, 32); err == nil {
		return uint32(n), nil
	}
	switch t.Kind {
	case KindRegconfig:
		return regconfigKind.oidOf(s, o)
	case KindRegdictionary:
		return regdictionaryKind.oidOf(s, o)
	case KindRegnamespace:
		parts := SplitQualifiedName(s)
		if len(parts) != 1 {
			return 0, pgerror.New(pgerror.InvalidName, "invalid name syntax")
		}
		return o.NamespaceOID(parts[0])
	case KindRegrole:
		parts := SplitQualifiedName(s)
		if len(parts) != 1 {
			return 0, pgerror.New(pgerror.InvalidName, "invalid name syntax")
		}
		return o.RoleOID(parts[0])
	case KindRegproc:
		return o.ProcOID(s, false)
	case KindRegoperator:
		return o.OperOID(s)
	default:
		return o.ProcOID(s, true)
	}
}

// castRegObject casts between the reg* types defined here and oid or the
// integer types.
func castRegObject(v any, f, t *Type, env *Env) (any, error) {
	o := objectResolver(env)
	if IsRegObject(f) {
		var oid uint32
		if o != nil || f.Kind == KindRegconfig || f.Kind == KindRegdictionary {
			var err error
			if oid, err = regObjectOID(f, v.(string), o); err != nil {
				return nil, err
			}
		} else if n, err := strconv.ParseUint(v.(string), 10, 32); err == nil {
			oid = uint32(n)
		} else {
			return nil, CannotCast(f, t)
		}
		if IsRegObject(t) {
			return regObjectName(t, oid, o), nil
		}
		return castNumber(int64(oid), t)
	}
	n, err := castNumber(v, Oid)
	if err != nil {
		return nil, err
	}
	return regObjectName(t, n.(uint32), o), nil
}

// RegtypeType resolves a type name as regtype input does (regoperator
// input names its operand types so).
func RegtypeType(s string, env *Env) (*Type, error) { return regtypeType(s, env) }
