package session

import (
	"fmt"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
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
	// acldefault("char", owner) returns aclitem[] in PostgreSQL; ACLs are
	// text[] here (pg_class.relacl and friends), printed alike.
	r.Add("acldefault", expr.FuncImpl{Args: []*types.Type{types.Char, types.Oid}, Result: expr.Fixed(types.ArrayOf(types.Text)), Volatile: true,
		Fn: withState(func(st *pgcatalog.State, a []any) (any, error) {
			kind := fmt.Sprint(a[0])
			d, ok := aclDefaults[kind]
			if !ok {
				return nil, pgerror.New(pgerror.InternalError, "unrecognized object type abbreviation: %s", kind)
			}
			oid := a[1].(uint32)
			owner, ok := st.RoleByOID(oid)
			if oid == 10 {
				owner, ok = "postgres", true
			}
			if !ok {
				owner = fmt.Sprint(oid) // aclitemout prints an unknown role's OID
			}
			// the owner's name as aclitem quotes it: an item without
			// privileges prints "q=/q"
			empty := catalog.ACLItem{Grantee: owner, Grantor: owner}.String()
			q := empty[:(len(empty)-2)/2]
			var items []any
			if d.world != "" {
				items = append(items, "="+d.world+"/"+q)
			}
			if d.owner != "" {
				items = append(items, q+"="+d.owner+"/"+q)
			}
			return types.NewArray(types.Text, items), nil
		})})
}
