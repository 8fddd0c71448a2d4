package translate

import (
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// CreateExtension is CREATE EXTENSION [IF NOT EXISTS] name [WITH]
// [SCHEMA s] [VERSION v] [CASCADE].
type CreateExtension struct {
	Name        string
	Schema      string
	Version     string
	IfNotExists bool
	Cascade     bool
}

// AlterExtension is ALTER EXTENSION name UPDATE [TO version] (NewSchema
// empty) or ALTER EXTENSION name SET SCHEMA s.
type AlterExtension struct {
	Name      string
	Version   string
	NewSchema string
}

// CreateOperator is CREATE OPERATOR name (FUNCTION = f, LEFTARG = t,
// RIGHTARG = t, COMMUTATOR = op, NEGATOR = op, ...), docs: SQL Commands,
// CREATE OPERATOR.
type CreateOperator struct {
	Op catalog.Operator
	// Func names the implementing function; the command resolves it
	// with the argument types.
	Func catalog.QName
}

func (*CreateExtension) command()        {}
func (*CreateExtension) catalogCommand() {}
func (*AlterExtension) command()         {}
func (*AlterExtension) catalogCommand()  {}
func (*CreateOperator) command()         {}
func (*CreateOperator) catalogCommand()  {}

// extensionStatement translates CREATE / ALTER EXTENSION and CREATE
// OPERATOR (what extension scripts declare).
func (t *Translator) extensionStatement(n *pg.Node) (Result, bool) {
	switch s := n.Node.(type) {
	case *pg.Node_CreateExtensionStmt:
		ce := s.CreateExtensionStmt
		cmd := &CreateExtension{Name: ce.Extname, IfNotExists: ce.IfNotExists}
		for _, o := range ce.Options {
			d := o.GetDefElem()
			if d == nil {
				continue
			}
			switch d.Defname {
			case "schema":
				cmd.Schema = strVal(d.Arg)
			case "new_version":
				cmd.Version = strVal(d.Arg)
			case "cascade":
				cmd.Cascade = boolArg(d.Arg)
			}
		}
		return Result{Cmd: cmd, Tag: "CREATE EXTENSION"}, true
	case *pg.Node_AlterExtensionStmt:
		ae := s.AlterExtensionStmt
		cmd := &AlterExtension{Name: ae.Extname}
		for _, o := range ae.Options {
			if d := o.GetDefElem(); d != nil && d.Defname == "new_version" {
				cmd.Version = strVal(d.Arg)
			}
		}
		return Result{Cmd: cmd, Tag: "ALTER EXTENSION"}, true
	case *pg.Node_AlterObjectSchemaStmt:
		a := s.AlterObjectSchemaStmt
		if a.ObjectType != pg.ObjectType_OBJECT_EXTENSION {
			return Result{}, false
		}
		return Result{Cmd: &AlterExtension{Name: strVal(a.Object), NewSchema: a.Newschema}, Tag: "ALTER EXTENSION"}, true
	case *pg.Node_AlterExtensionContentsStmt:
		fail(pgerror.New(pgerror.FeatureNotSupported, "ALTER EXTENSION ... ADD / DROP is not supported yet"))
	case *pg.Node_DefineStmt:
		if s.DefineStmt.Kind == pg.ObjectType_OBJECT_AGGREGATE {
			return t.createAggregate(s.DefineStmt), true // aggregate_ddl.go
		}
		if s.DefineStmt.Kind != pg.ObjectType_OBJECT_OPERATOR {
			return Result{}, false
		}
		return t.createOperator(s.DefineStmt), true
	}
	return Result{}, false
}

func (t *Translator) createOperator(d *pg.DefineStmt) Result {
	q := listQName(d.Defnames)
	cmd := &CreateOperator{Op: catalog.Operator{Schema: q.Schema, Name: q.Name}}
	opName := func(n *pg.Node) string {
		if l := n.GetList(); l != nil {
			return listQName(l.Items).Name
		}
		return strVal(n)
	}
	for _, o := range d.Definition {
		de := o.GetDefElem()
		if de == nil {
			continue
		}
		switch strings.ToLower(de.Defname) {
		case "leftarg":
			cmd.Op.Left = t.typeName(de.Arg.GetTypeName())
		case "rightarg":
			cmd.Op.Right = t.typeName(de.Arg.GetTypeName())
		case "function", "procedure":
			if tn := de.Arg.GetTypeName(); tn != nil {
				cmd.Func = listQName(tn.Names)
			} else if l := de.Arg.GetList(); l != nil {
				cmd.Func = listQName(l.Items)
			} else {
				cmd.Func = catalog.QName{Name: strVal(de.Arg)}
			}
		case "commutator":
			cmd.Op.Commutator = opName(de.Arg)
		case "negator":
			cmd.Op.Negator = opName(de.Arg)
		case "restrict":
			cmd.Op.Restrict = opName(de.Arg)
		case "join":
			cmd.Op.Join = opName(de.Arg)
		case "hashes":
			cmd.Op.HashesOK = true
		case "merges":
			cmd.Op.MergesOK = true
		default:
			fail(pgerror.New(pgerror.SyntaxError, "operator attribute %q not recognized", de.Defname))
		}
	}
	if cmd.Func.Name == "" {
		fail(pgerror.New(pgerror.InvalidFunctionDefinition, "operator function must be specified"))
	}
	if cmd.Op.Right == nil {
		fail(pgerror.New(pgerror.InvalidFunctionDefinition, "operator argument types must be specified"))
	}
	return Result{Cmd: cmd, Tag: "CREATE OPERATOR"}
}

// operatorTypes are the argument types of a binary operator call, for
// matching a user operator.
func operatorMatches(o *catalog.Operator, lt, rt *types.Type) bool {
	if o.Left == nil || o.Right == nil {
		return false
	}
	// two unknown literals prefer the string category (docs 10.2 step
	// 3.c): only an operator on text takes them, so '1' = '1' stays
	// text's when an extension defines = on its own type
	if lt != nil && rt != nil && lt.OID == types.Unknown.OID && rt.OID == types.Unknown.OID && o.Left.OID != types.Text.OID {
		return false
	}
	return sameOrUnknown(o.Left, lt) && sameOrUnknown(o.Right, rt)
}

func sameOrUnknown(want, got *types.Type) bool {
	if got == nil {
		return false
	}
	if got.OID == types.Unknown.OID {
		return true
	}
	if want.OID == got.OID {
		return true
	}
	// text-like arguments reach a text operator as PostgreSQL's implicit
	// casts take them (varchar, bpchar, name → text)
	if want.OID == types.Text.OID {
		switch got.Kind {
		case types.KindVarchar, types.KindBpchar, types.KindText:
			return true
		}
	}
	return false
}

// userOperator binds a binary operator to a user operator (CREATE
// OPERATOR) on the search path whose argument types match, as a call of
// its function. Unknown literals match a text argument, as PostgreSQL
// prefers the string category for them.
func (t *Translator) userOperator(schema, op string, c []sql.Expression) (sql.Expression, bool) {
	r := t.reader()
	if r == nil {
		return nil, false
	}
	cat := r.Current()
	ops := cat.Operators(op)
	if len(ops) == 0 {
		return nil, false
	}
	lt, rt := expr.TypeOf(c[0]), expr.TypeOf(c[1])
	// an unknown literal takes the other operand's type first (docs
	// 10.2 step 2.a): isbn = '...' is =(isbn, isbn) before =(isbn, ean13)
	exact := func(o *catalog.Operator) bool {
		l, r := lt, rt
		if l != nil && r != nil && l.OID == types.Unknown.OID {
			l = r
		} else if l != nil && r != nil && r.OID == types.Unknown.OID {
			r = l
		}
		return o.Left != nil && o.Right != nil && l != nil && r != nil && o.Left.OID == l.OID && o.Right.OID == r.OID
	}
	var ordered []*catalog.Operator
	for _, pass := range []bool{true, false} {
		for _, o := range ops {
			if exact(o) == pass {
				ordered = append(ordered, o)
			}
		}
	}
	// then operators the operands reach through implicit casts CREATE
	// CAST made (PostgreSQL's candidates by implicit coercion)
	viaCast := func(o *catalog.Operator) bool {
		if o.Left == nil || o.Right == nil || lt == nil || rt == nil {
			return false
		}
		fits := func(want, got *types.Type) bool {
			if sameOrUnknown(want, got) {
				return true
			}
			if uc, ok := types.LookupUserCast(t.Env, got, want); ok {
				return uc.Context == types.CastImplicit
			}
			// an extension type's own pg_cast rows (citext → text), so
			// citext reaches pg_trgm's text operators as in PostgreSQL
			return got.Base().Kind == types.KindExt && types.CastAllowed(got, want, types.CastImplicit)
		}
		return fits(o.Left, lt) && fits(o.Right, rt)
	}
	for _, sc := range operatorSchemas(r, schema) {
		for _, o := range ordered {
			if o.Schema != sc || !operatorMatches(o, lt, rt) {
				continue
			}
			fn, ok := cat.FunctionByOID(o.Proc)
			if !ok {
				continue
			}
			c = t.foldExtLiterals(o, c) // ext_literal.go
			if native := extensions.NativeOperator(fn.Module, fn.Body); native != "" && o.Left.OID == o.Right.OID && fn.Language == "c" {
				// the engine's own comparison, which index scans serve
				if e, err := expr.NewBinOp(t.Env, native, c[0], c[1]); err == nil {
					return e, true
				}
			}
			e, err := t.bindCall(fn, []int{0, 1}, c, nil, nil, false)
			if err != nil {
				return nil, false
			}
			return e, true
		}
	}
	for _, sc := range operatorSchemas(r, schema) {
		for _, o := range ops {
			if o.Schema != sc || !viaCast(o) {
				continue
			}
			if fn, ok := cat.FunctionByOID(o.Proc); ok {
				if e, err := t.bindCall(fn, []int{0, 1}, c, nil, nil, false); err == nil {
					return e, true
				}
			}
		}
	}
	return nil, false
}

// userPrefixOperator binds a prefix operator (CREATE OPERATOR without
// LEFTARG, as hstore's %%) on the search path taking the operand's type.
func (t *Translator) userPrefixOperator(schema, op string, arg sql.Expression) (sql.Expression, bool) {
	r := t.reader()
	if r == nil {
		return nil, false
	}
	cat := r.Current()
	at := expr.TypeOf(arg)
	for _, sc := range operatorSchemas(r, schema) {
		for _, o := range cat.Operators(op) {
			if o.Schema != sc || o.Left != nil || o.Right == nil || at == nil || o.Right.Base().OID != at.Base().OID {
				continue
			}
			fn, ok := cat.FunctionByOID(o.Proc)
			if !ok {
				continue
			}
			e, err := t.bindCall(fn, []int{0}, []sql.Expression{arg}, nil, nil, false)
			if err != nil {
				return nil, false
			}
			return e, true
		}
	}
	return nil, false
}

// operatorSchemas is where an operator is looked up: the schema
// OPERATOR(schema.op) names, else pg_catalog and the search path.
func operatorSchemas(r CatalogReader, schema string) []string {
	if schema != "" {
		return []string{schema}
	}
	return append([]string{"pg_catalog"}, r.SearchPath()...)
}
