package session

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// aclDefaults are acldefault's privileges per object type abbreviation
// (PostgreSQL 15's acl.c): what PUBLIC and the owner hold on an object
// whose ACL is NULL, as aclitem letters.
var aclDefaults = map[string]struct{ world, owner string }{
	"c": {"", ""},        // column
	"r": {"", "arwdDxt"}, // relation
	"s": {"", "rwU"},     // sequence
	"d": {"Tc", "CTc"},   // database
	"f": {"X", "X"},      // function
	"l": {"U", "U"},      // language
	"L": {"", "rw"},      // large object
	"n": {"", "UC"},      // schema
	"t": {"", "C"},       // tablespace
	"F": {"", "U"},       // foreign-data wrapper
	"S": {"", "U"},       // foreign server
	"T": {"U", "U"},      // type
	"p": {"", "sA"},      // configuration parameter
}

// addPgDumpFuncs adds the catalog functions pg_dump calls that no other
// client does: acldefault, the baseline each object's ACL is compared
// with to emit GRANT and REVOKE.
func addPgDumpFuncs(r *expr.Registry) {
	r.Add("acldefault", expr.FuncImpl{Args: []*types.Type{types.Char, types.Oid}, Result: expr.Fixed(types.ArrayOf(types.ACLItem)), Volatile: true,
		Fn: func(_ *sql.Context, env *types.Env, a []any) (any, error) {
			kind := fmt.Sprint(a[0])
			d, ok := aclDefaults[kind]
			if !ok {
				return nil, pgerror.New(pgerror.InternalError, "unrecognized objtype abbreviation: %s", kind)
			}
			// an unknown owner prints as its OID, as aclitemout does
			oid := a[1].(uint32)
			owner := types.ACLRoleNameOf(oid, false, env)
			items := []any{}
			for _, it := range []struct{ grantee, privs string }{{"", d.world}, {types.ACLRoleNameOf(oid, true, env), d.owner}} {
				if it.privs == "" {
					continue
				}
				p := types.ACLParts{Grantee: it.grantee, Grantor: owner}
				for _, c := range it.privs {
					p.Privs |= 1 << strings.IndexRune(types.ACLRights, c)
				}
				items = append(items, p.String())
			}
			return types.NewArray(types.ACLItem, items), nil
		}})
}
