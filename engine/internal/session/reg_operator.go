package session

import (
	"slices"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// regoperator (types/regobjects.go): an operator named by its symbol and
// operand types, "=(integer,integer)", NONE for a prefix operator's
// missing left operand; qualified with its schema when the search path
// does not find it.

func operandOID(t *types.Type) uint32 {
	if t == nil {
		return 0
	}
	return t.OID
}

// operatorVisible reports whether the search path finds the user operator
// o: its schema is on the path (pg_catalog, with the built-ins, always
// first) and no operator of an earlier schema has its name and operands.
func operatorVisible(cat *catalog.Catalog, path []string, o *catalog.Operator) bool {
	left, right := operandOID(o.Left), operandOID(o.Right)
	if _, ok := pgcatalog.BuiltinOperator(o.Name, left, right); ok {
		return false
	}
	at := slices.Index(path, o.Schema)
	if at < 0 {
		return o.Schema == "pg_catalog"
	}
	for _, p := range cat.Operators(o.Name) {
		if p.OID != o.OID && slices.Index(path[:at], p.Schema) >= 0 && operandOID(p.Left) == left && operandOID(p.Right) == right {
			return false
		}
	}
	return true
}

// OperOID implements types.ObjectResolver.
func (r sessionRelations) OperOID(spec string) (uint32, error) {
	s := strings.TrimSpace(spec)
	open := strings.IndexByte(s, '(')
	if open < 0 || !strings.HasSuffix(s, ")") {
		return 0, pgerror.New(pgerror.InvalidTextRepresentation, "expected a left parenthesis")
	}
	name, schema := strings.TrimSpace(s[:open]), ""
	if dot := strings.LastIndexByte(name, '.'); dot >= 0 {
		parts := types.SplitQualifiedName(name[:dot])
		if len(parts) != 1 {
			return 0, pgerror.New(pgerror.SyntaxError, "improper qualified name (too many dotted names): %s", name)
		}
		schema, name = parts[0], name[dot+1:]
	}
	args := splitTypeList(s[open+1 : len(s)-1])
	switch {
	case len(args) == 1:
		return 0, pgerror.New(pgerror.UndefinedParameter, "missing argument").WithHint("Use NONE to denote the missing argument of a unary operator.")
	case len(args) != 2:
		return 0, pgerror.New(pgerror.TooManyArguments, "too many arguments").WithHint("Provide two argument types for operator.")
	}
	var oids [2]uint32
	for i, a := range args {
		a = strings.TrimSpace(a)
		if strings.EqualFold(a, "none") {
			continue
		}
		t, err := types.RegtypeType(a, &types.Env{Relations: r})
		if err != nil {
			return 0, err
		}
		oids[i] = t.OID
	}
	path := r.s.SearchPath()
	if schema == "" || schema == "pg_catalog" {
		if oid, ok := pgcatalog.BuiltinOperator(name, oids[0], oids[1]); ok {
			return oid, nil
		}
	}
	cat := r.s.catalog()
	for _, o := range cat.Operators(name) {
		if operandOID(o.Left) != oids[0] || operandOID(o.Right) != oids[1] {
			continue
		}
		if schema != "" && o.Schema == schema || schema == "" && operatorVisible(cat, path, o) {
			return o.OID, nil
		}
	}
	return 0, pgerror.New(pgerror.UndefinedFunction, "operator does not exist: %s", s)
}

// OperName implements types.ObjectResolver.
func (r sessionRelations) OperName(oid uint32) string {
	operand := func(o uint32) string {
		if o == 0 {
			return "NONE"
		}
		if t, ok := types.ByOID(o); ok {
			return t.FormatType()
		}
		if t, ok := r.UserTypeByOID(o); ok {
			return t.FormatType()
		}
		return strconv.FormatUint(uint64(o), 10)
	}
	if name, left, right, ok := pgcatalog.BuiltinOperatorByOID(oid); ok {
		return name + "(" + operand(left) + "," + operand(right) + ")"
	}
	cat := r.s.catalog()
	for _, o := range cat.AllOperators() {
		if o.OID != oid {
			continue
		}
		name := o.Name
		if !operatorVisible(cat, r.s.SearchPath(), o) {
			name = quoteIdentPart(o.Schema) + "." + name
		}
		return name + "(" + operand(operandOID(o.Left)) + "," + operand(operandOID(o.Right)) + ")"
	}
	return strconv.FormatUint(uint64(oid), 10)
}
