package pgcatalog

// OperatorSig is a built-in binary operator's signature and commutator
// (pg_operator's oid, oprleft, oprright, oprcom).
type OperatorSig struct {
	OID, Left, Right, Com uint32
}

// BuiltinBinaryOperators lists PostgreSQL 15's binary operators called
// name.
func BuiltinBinaryOperators(name string) []OperatorSig {
	var out []OperatorSig
	for _, o := range builtinOperators {
		if o.name == name && o.kind == 'b' {
			out = append(out, OperatorSig{OID: o.oid, Left: o.left, Right: o.right, Com: o.com})
		}
	}
	return out
}
