package extensions

import (
	"context"
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// isnExt stands in for isn 1.2 (PostgreSQL docs F.19): the types ean13,
// isbn13, ismn13, issn13, isbn, ismn, issn and upc (types/ext_isn.go),
// with isn's text forms, check digits, weak mode and casts; the
// comparison operators between each type and itself, ean13, and its
// standard's other type, all comparing the numbers as bigint, in btree
// and hash operator classes; make_valid, is_valid, isn_weak. isn's
// comparison and hash functions are PostgreSQL's own int8 ones
// (LANGUAGE internal there); here they bind to Go by the same symbols.
// The types' input and output functions (ean13_in, isn_out…) are the
// types' own and not in pg_proc: tinybase has no cstring arguments.
func isnExt() *Extension {
	return &Extension{
		Name:          "isn",
		Version:       "1.2",
		Comment:       "data types for international product numbering standards",
		Relocatable:   true,
		BaseTypes:     isnTypes,
		OpClasses:     isnOpClasses(),
		Casts:         isnCasts(),
		FamilyMembers: isnFamilyMembers(),
		NativeOps: map[string]string{"int8eq": "=", "int8ne": "<>", "int8lt": "<", "int8le": "<=",
			"int8gt": ">", "int8ge": ">="},
		Funcs:  isnFuncs(),
		Script: isnScript(),
	}
}

// isnTypes in the order isn creates them.
var isnTypes = []string{"ean13", "isbn13", "ismn13", "issn13", "isbn", "ismn", "issn", "upc"}

// isnPairs are the operand types of isn's operators: each type with
// itself, ean13 with every type, and the two types of each standard.
func isnPairs() [][2]string {
	var out [][2]string
	for _, t := range isnTypes {
		out = append(out, [2]string{"ean13", t})
	}
	for _, std := range []string{"isbn", "ismn", "issn"} {
		for _, l := range []string{std + "13", std} {
			for _, r := range []string{"ean13", std + "13", std} {
				out = append(out, [2]string{l, r})
			}
		}
	}
	return append(out, [2]string{"upc", "ean13"}, [2]string{"upc", "upc"})
}

func isnOpClasses() []OpClass {
	var out []OpClass
	for _, t := range isnTypes {
		out = append(out, OpClass{Name: t + "_ops", Method: "btree", Type: t, Default: true, Family: "isn_ops"},
			OpClass{Name: t + "_ops", Method: "hash", Type: t, Default: true, Family: "isn_ops"})
	}
	return out
}

// isnFamilyMembers are the isn_ops families' members: every operator
// pair's five comparisons and its bt*cmp in btree's, its = in hash's,
// with each type's hash function.
func isnFamilyMembers() []AmMember {
	var out []AmMember
	for _, p := range isnPairs() {
		for i, op := range []string{"<", "<=", "=", ">=", ">"} {
			out = append(out, AmMember{Method: "btree", Family: "isn_ops", Left: p[0], Right: p[1], Number: int16(i + 1), Operator: op})
		}
		out = append(out, AmMember{Method: "btree", Family: "isn_ops", Left: p[0], Right: p[1], Number: 1, Func: "bt" + p[0] + "cmp"},
			AmMember{Method: "hash", Family: "isn_ops", Left: p[0], Right: p[1], Number: 1, Operator: "="})
	}
	for _, t := range isnTypes {
		out = append(out, AmMember{Method: "hash", Family: "isn_ops", Left: t, Right: t, Number: 1, Func: "hash" + t})
	}
	return out
}

// isnCasts are isn's pg_cast rows: ean13 to each other type explicitly
// through the function named after it, which checks the number's
// standard; each type to ean13, and between a standard's two types, by
// assignment without a function.
func isnCasts() []Cast {
	var out []Cast
	for _, t := range isnTypes[1:] {
		out = append(out, Cast{Source: "ean13", Target: t, Func: t, Context: 'e'})
	}
	for _, t := range isnTypes[1:] {
		out = append(out, Cast{Source: t, Target: "ean13", Context: 'a'})
	}
	for _, std := range []string{"isbn", "ismn", "issn"} {
		out = append(out, Cast{Source: std, Target: std + "13", Context: 'a'}, Cast{Source: std + "13", Target: std, Context: 'a'})
	}
	return out
}

// isnOps are the comparison operators: symbol, function, the operator
// with swapped operands, the negation, the estimators; = hashes and
// merges.
var isnOps = []struct{ sym, fn, com, neg, rest, join string }{
	{"<", "isnlt", ">", ">=", "scalarltsel", "scalarltjoinsel"},
	{"<=", "isnle", ">=", ">", "scalarlesel", "scalarlejoinsel"},
	{"=", "isneq", "=", "<>", "eqsel", "eqjoinsel"},
	{">=", "isnge", "<=", "<", "scalargesel", "scalargejoinsel"},
	{">", "isngt", "<", "<=", "scalargtsel", "scalargtjoinsel"},
	{"<>", "isnne", "<>", "=", "neqsel", "neqjoinsel"},
}

// isnTypeComments are the types' descriptions (COMMENT ON TYPE).
var isnTypeComments = map[string]string{
	"ean13":  "International European Article Number (EAN13)",
	"isbn13": "International Standard Book Number 13 (ISBN13)",
	"ismn13": "International Standard Music Number 13 (ISMN13)",
	"issn13": "International Standard Serial Number 13 (ISSN13)",
	"isbn":   "International Standard Book Number (ISBN)",
	"ismn":   "International Standard Music Number (ISMN)",
	"issn":   "International Standard Serial Number (ISSN)",
	"upc":    "Universal Product Code (UPC)",
}

func isnScript() string {
	var b strings.Builder
	for _, t := range isnTypes {
		fmt.Fprintf(&b, "COMMENT ON TYPE %s IS '%s';\n", t, isnTypeComments[t])
	}
	fn := func(sig, ret, symbol, parallel string) {
		fmt.Fprintf(&b, "CREATE FUNCTION %s RETURNS %s AS 'MODULE_PATHNAME', '%s' LANGUAGE c IMMUTABLE STRICT PARALLEL %s;\n", sig, ret, symbol, parallel)
	}
	for _, p := range isnPairs() {
		for _, op := range isnOps {
			fn(fmt.Sprintf("%s(%s, %s)", op.fn, p[0], p[1]), "boolean", "int8"+op.fn[3:], "SAFE")
		}
	}
	for _, p := range isnPairs() {
		for _, op := range isnOps {
			fmt.Fprintf(&b, "CREATE OPERATOR %s (PROCEDURE = %s, LEFTARG = %s, RIGHTARG = %s, COMMUTATOR = %s, NEGATOR = %s, RESTRICT = %s, JOIN = %s",
				op.sym, op.fn, p[0], p[1], op.com, op.neg, op.rest, op.join)
			if op.sym == "=" {
				b.WriteString(", HASHES, MERGES")
			}
			b.WriteString(");\n")
		}
	}
	for _, p := range isnPairs() {
		fn(fmt.Sprintf("bt%scmp(%s, %s)", p[0], p[0], p[1]), "integer", "btint8cmp", "SAFE")
	}
	for _, t := range isnTypes {
		fn("hash"+t+"("+t+")", "integer", "hashint8", "SAFE")
	}
	for _, t := range isnTypes[1:] {
		fn(t+"(ean13)", t, strings.TrimSuffix(t, "13")+"_cast_from_ean13", "SAFE")
	}
	for _, t := range isnTypes {
		fn("make_valid("+t+")", t, "make_valid", "SAFE")
		fn("is_valid("+t+")", "boolean", "is_valid", "SAFE")
	}
	fn("isn_weak(boolean)", "boolean", "accept_weak_input", "RESTRICTED")
	fn("isn_weak()", "boolean", "weak_input_status", "RESTRICTED")
	return b.String()
}

func isnVal(a any) types.Isn { return a.(types.Isn) }

func isnFuncs() map[string]Func {
	cmp := func(test func(a, b types.Isn) bool) Func {
		return Scalar(func(a []any) (any, error) { return test(isnVal(a[0]), isnVal(a[1])), nil })
	}
	m := map[string]Func{
		"int8eq": cmp(func(a, b types.Isn) bool { return a == b }),
		"int8ne": cmp(func(a, b types.Isn) bool { return a != b }),
		"int8lt": cmp(func(a, b types.Isn) bool { return a < b }),
		"int8le": cmp(func(a, b types.Isn) bool { return a <= b }),
		"int8gt": cmp(func(a, b types.Isn) bool { return a > b }),
		"int8ge": cmp(func(a, b types.Isn) bool { return a >= b }),
		"btint8cmp": Scalar(func(a []any) (any, error) {
			return int32(types.CompareExt(a[0], a[1])), nil
		}),
		"hashint8":   Scalar(func(a []any) (any, error) { return isnVal(a[0]).Hash(), nil }),
		"make_valid": Scalar(func(a []any) (any, error) { return isnVal(a[0]).MakeValid(), nil }),
		"is_valid":   Scalar(func(a []any) (any, error) { return isnVal(a[0]).Valid(), nil }),
		// isn_weak(bool) sets the session's mode and returns the new one
		"accept_weak_input": ScalarC(func(_ context.Context, c routine.Caller, a []any) (any, error) {
			c.Env().IsnWeak = a[0].(bool)
			return c.Env().IsnWeak, nil
		}),
		"weak_input_status": ScalarC(func(_ context.Context, c routine.Caller, _ []any) (any, error) {
			return c.Env().IsnWeak, nil
		}),
	}
	for _, t := range isnTypes[1:] {
		typ := t
		m[strings.TrimSuffix(t, "13")+"_cast_from_ean13"] = Scalar(func(a []any) (any, error) { return types.IsnCast(isnVal(a[0]), typ) })
	}
	return m
}
