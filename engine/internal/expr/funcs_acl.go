package expr

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/pghash"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// The aclitem functions and operators (docs 9.26, table 9.70 "Access
// Privilege Inquiry Functions"; acl.c): aclexplode, makeaclitem,
// aclcontains (@>), hash_aclitem, and aclinsert / aclremove (+ / -),
// which PostgreSQL only keeps to say they are gone. acldefault, which
// needs the catalog's owners, is the session's (pgdump_funcs.go).

var aclArray = types.ArrayOf(types.ACLItem)

func init() {
	srfColumns["aclexplode"] = []SRFColumn{{"grantor", types.Oid}, {"grantee", types.Oid}, {"privilege_type", types.Text}, {"is_grantable", types.Bool}}
	addOp("@>", aclArray, types.ACLItem, types.Bool, func(env *types.Env, a, b any) (any, error) {
		return aclContains(a, b)
	})
	addOp("+", aclArray, types.ACLItem, aclArray, func(*types.Env, any, any) (any, error) { return nil, aclGone("aclinsert") })
	addOp("-", aclArray, types.ACLItem, aclArray, func(*types.Env, any, any) (any, error) { return nil, aclGone("aclremove") })
}

// AddACLFuncs adds the aclitem functions. A family of session.Builtins.
func AddACLFuncs(r *Registry) {
	addSRF(r, "aclexplode", FuncImpl{Args: []*types.Type{aclArray}, Result: Fixed(types.Record),
		Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			items, err := aclItems(a[0])
			if err != nil {
				return nil, err
			}
			var rows srfRows
			for _, it := range items {
				p := types.SplitACLItem(it)
				grantor, grantee := types.ACLRoleOID(p.Grantor, env), types.ACLRoleOID(p.Grantee, env)
				for i, name := range types.ACLRightNames {
					if p.Privs&(1<<i) != 0 {
						rows = append(rows, []any{grantor, grantee, name, p.Goptions&(1<<i) != 0})
					}
				}
			}
			return rows, nil
		}})
	r.Add("makeaclitem", FuncImpl{Args: []*types.Type{types.Oid, types.Oid, types.Text, types.Bool}, Result: Fixed(types.ACLItem),
		Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			priv, err := aclPrivilege(a[2].(string))
			if err != nil {
				return nil, err
			}
			p := types.ACLParts{Grantee: types.ACLRoleNameOf(a[0].(uint32), true, env), Grantor: types.ACLRoleNameOf(a[1].(uint32), false, env), Privs: priv}
			if a[3].(bool) {
				p.Goptions = priv
			}
			return p.String(), nil
		}})
	r.Add("aclcontains", FuncImpl{Args: []*types.Type{aclArray, types.ACLItem}, Result: Fixed(types.Bool),
		Fn: func(_ *sql.Context, _ *types.Env, a []any) (any, error) { return aclContains(a[0], a[1]) }})
	r.Add("hash_aclitem", FuncImpl{Args: []*types.Type{types.ACLItem}, Result: Fixed(types.Int4),
		Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			return int64(int32(aclHashSum(a[0].(string), env))), nil
		}})
	r.Add("hash_aclitem_extended", FuncImpl{Args: []*types.Type{types.ACLItem, types.Int8}, Result: Fixed(types.Int8),
		Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			sum, seed := aclHashSum(a[0].(string), env), uint64(a[1].(int64))
			if seed == 0 {
				return int64(sum), nil
			}
			return int64(pghash.Uint32Extended(sum, seed)), nil
		}})
	for _, name := range []string{"aclinsert", "aclremove"} {
		name := name
		r.Add(name, FuncImpl{Args: []*types.Type{aclArray, types.ACLItem}, Result: Fixed(aclArray),
			Fn: func(*sql.Context, *types.Env, []any) (any, error) { return nil, aclGone(name) }})
	}
}

// aclHashSum is what hash_aclitem returns: the sum of the OIDs and the
// privilege word (grant options 16 bits up), not a real hash.
func aclHashSum(item string, env *types.Env) uint32 {
	p := types.SplitACLItem(item)
	return (p.Privs | p.Goptions<<16) + types.ACLRoleOID(p.Grantee, env) + types.ACLRoleOID(p.Grantor, env)
}

func aclGone(name string) error {
	return pgerror.New(pgerror.FeatureNotSupported, "%s is no longer supported", name)
}

// aclItems checks an ACL as acl.c's check_acl does: one dimension, no
// NULL items.
func aclItems(v any) ([]string, error) {
	arr := v.(*types.Array)
	if len(arr.Dims) != 1 {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "ACL arrays must be one-dimensional")
	}
	out := make([]string, len(arr.Values))
	for i, e := range arr.Values {
		s, ok := e.(string)
		if !ok {
			return nil, pgerror.New(pgerror.NullValueNotAllowed, "ACL arrays must not contain null values")
		}
		out[i] = s
	}
	return out, nil
}

// aclContains is aclcontains: an item of the ACL has the same grantee and
// grantor and at least the privileges and grant options of item.
func aclContains(acl, item any) (any, error) {
	items, err := aclItems(acl)
	if err != nil {
		return nil, err
	}
	want := types.SplitACLItem(item.(string))
	for _, it := range items {
		p := types.SplitACLItem(it)
		if p.Grantee == want.Grantee && p.Grantor == want.Grantor &&
			p.Privs&want.Privs == want.Privs && p.Goptions&want.Goptions == want.Goptions {
			return true, nil
		}
	}
	return false, nil
}

// aclPrivileges are the privilege names makeaclitem accepts, as
// PostgreSQL 15's convert_priv_string (one name, any case; RULE is the
// old privilege, now nothing).
var aclPrivileges = map[string]uint32{
	"INSERT": 1 << 0, "SELECT": 1 << 1, "UPDATE": 1 << 2, "DELETE": 1 << 3, "TRUNCATE": 1 << 4,
	"REFERENCES": 1 << 5, "TRIGGER": 1 << 6, "EXECUTE": 1 << 7, "USAGE": 1 << 8, "CREATE": 1 << 9,
	"TEMP": 1 << 10, "TEMPORARY": 1 << 10, "CONNECT": 1 << 11, "SET": 1 << 12, "ALTER SYSTEM": 1 << 13, "RULE": 0,
}

func aclPrivilege(s string) (uint32, error) {
	if p, ok := aclPrivileges[asciiUpper(s)]; ok {
		return p, nil
	}
	return 0, pgerror.New(pgerror.InvalidParameterValue, "unrecognized privilege type: \"%s\"", s)
}

// asciiUpper folds ASCII letters only, as pg_strcasecmp compares.
func asciiUpper(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' {
			return r - 'a' + 'A'
		}
		return r
	}, s)
}
