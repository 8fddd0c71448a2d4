package translate

import (
	"github.com/tinybase/tinybase/internal/pgtree"
	"strconv"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// CreateFunction is CREATE [OR REPLACE] FUNCTION / PROCEDURE.
type CreateFunction struct {
	Replace bool
	Fn      catalog.Function
	// BodyLoc is the offset of the body in the statement's text when it
	// is an SQL-standard body (RETURN / BEGIN ATOMIC); -1 otherwise.
	BodyLoc int
	// Statements of an SQL-standard body, deparsed.
	Statements []string
}

func (*CreateFunction) command()        {}
func (*CreateFunction) catalogCommand() {}

// createFunction translates CREATE FUNCTION / PROCEDURE (docs: SQL
// Commands, CREATE FUNCTION): the signature and options become a
// catalog.Function; the engine validates the body.
func (t *Translator) createFunction(s *pg.CreateFunctionStmt) Result {
	q := listQName(s.Funcname)
	fn := catalog.Function{Schema: q.Schema, Name: q.Name, Kind: catalog.KindFunction,
		Volatility: catalog.Volatile, Cost: 100}
	tag := "CREATE FUNCTION"
	if s.IsProcedure {
		fn.Kind = catalog.KindProcedure
		tag = "CREATE PROCEDURE"
	}
	seenDefault := false
	for _, p := range s.Parameters {
		fp := p.GetFunctionParameter()
		a := catalog.Arg{Name: fp.Name, Mode: catalog.ModeIn}
		switch fp.Mode {
		case pg.FunctionParameterMode_FUNC_PARAM_OUT:
			a.Mode = catalog.ModeOut
		case pg.FunctionParameterMode_FUNC_PARAM_INOUT:
			a.Mode = catalog.ModeInOut
		case pg.FunctionParameterMode_FUNC_PARAM_VARIADIC:
			a.Mode = catalog.ModeVariadic
		case pg.FunctionParameterMode_FUNC_PARAM_TABLE:
			a.Mode = catalog.ModeTable
		}
		a.Type = t.routineType(fp.ArgType)
		if a.Type.Kind == types.KindVoid && a.Type.OID == types.Trigger.OID {
			failAt(fp.ArgType.Location, pgerror.InvalidFunctionDefinition, "SQL functions cannot have arguments of type trigger")
		}
		if a.Mode == catalog.ModeVariadic && !a.Type.IsArray() && a.Type.OID != types.AnyArray.OID && a.Type.OID != types.AnyCompatibleArray.OID && a.Type.OID != types.Any.OID {
			failAt(fp.ArgType.Location, pgerror.InvalidFunctionDefinition, "VARIADIC parameter must be an array")
		}
		if fp.Defexpr != nil {
			if a.Mode == catalog.ModeOut || a.Mode == catalog.ModeTable {
				failAt(-1, pgerror.InvalidFunctionDefinition, "only input parameters can have default values")
			}
			a.Default = exprSQL(fp.Defexpr)
			seenDefault = true
		} else if seenDefault && a.Mode.IsInput() {
			failAt(-1, pgerror.InvalidFunctionDefinition, "input parameters after one with a default value must also have defaults")
		}
		fn.Args = append(fn.Args, a)
	}
	for i, a := range fn.Args {
		if a.Name == "" {
			continue
		}
		for _, b := range fn.Args[:i] {
			if b.Name == a.Name && (b.Mode.IsInput() == a.Mode.IsInput() || a.Mode == catalog.ModeInOut || b.Mode == catalog.ModeInOut) {
				failAt(-1, pgerror.InvalidFunctionDefinition, "parameter name %q used more than once", a.Name)
			}
		}
	}
	outs := fn.OutputArgs()
	switch {
	case s.ReturnType != nil:
		fn.Result = t.routineType(s.ReturnType)
		fn.ReturnsSet = s.ReturnType.Setof
		hasTable := false
		for _, a := range fn.Args {
			if a.Mode == catalog.ModeTable {
				hasTable = true
			}
		}
		if hasTable && len(outs) > 1 {
			fn.Result = types.Record
		}
		if !hasTable && len(outs) > 0 {
			want := types.Record
			if len(outs) == 1 {
				want = outs[0].Type
			}
			if fn.Result.OID != want.OID {
				failAt(-1, pgerror.InvalidFunctionDefinition, "function result type must be %s because of OUT parameters", want.WithMod(-1).FormatType())
			}
		}
	case s.IsProcedure:
		if len(outs) == 1 {
			fn.Result = outs[0].Type
		} else if len(outs) > 1 {
			fn.Result = types.Record
		}
	case len(outs) == 1:
		fn.Result = outs[0].Type
	case len(outs) > 1:
		fn.Result = types.Record
	default:
		failAt(-1, pgerror.InvalidFunctionDefinition, "function result type must be specified")
	}
	var body []string
	var hasLang bool
	seen := map[string]bool{}
	for _, o := range s.Options {
		d := o.GetDefElem()
		if d == nil {
			continue
		}
		// every option but SET may appear once (compute_function_attributes)
		if d.Defname != "set" {
			if seen[d.Defname] {
				failAt(d.Location, pgerror.SyntaxError, "conflicting or redundant options")
			}
			seen[d.Defname] = true
		}
		switch d.Defname {
		case "language":
			fn.Language = strings.ToLower(strVal(d.Arg))
			hasLang = true
		case "as":
			for _, it := range d.Arg.GetList().GetItems() {
				body = append(body, strVal(it))
			}
		case "volatility":
			if s.IsProcedure {
				failAt(d.Location, pgerror.InvalidFunctionDefinition, "invalid attribute in procedure definition")
			}
			switch strVal(d.Arg) {
			case "immutable":
				fn.Volatility = catalog.Immutable
			case "stable":
				fn.Volatility = catalog.Stable
			default:
				fn.Volatility = catalog.Volatile
			}
		case "strict":
			if s.IsProcedure {
				failAt(d.Location, pgerror.InvalidFunctionDefinition, "invalid attribute in procedure definition")
			}
			fn.Strict = boolArg(d.Arg)
		case "security":
			fn.SecurityDefiner = boolArg(d.Arg)
		case "leakproof":
			fn.Leakproof = boolArg(d.Arg)
		case "cost":
			fn.Cost = numArg(d.Arg)
		case "rows":
			fn.Rows = numArg(d.Arg)
		case "set":
			if c, ok := t.routineSetting(d.Arg.GetVariableSetStmt(), fn.Config); ok {
				fn.Config = c
			}
		case "window":
			failAt(d.Location, pgerror.FeatureNotSupported, "window functions written in SQL or PL/pgSQL are not supported")
		case "parallel":
			// recorded for pg_proc; tinybase runs every call serially
			fn.Parallel = parallelCode(strVal(d.Arg))
		case "support":
			// accepted and ignored
		}
	}
	if fn.ReturnsSet && fn.Rows == 0 {
		fn.Rows = 1000
	}
	res := &CreateFunction{Replace: s.Replace, BodyLoc: -1}
	if s.SqlBody != nil {
		if hasLang && fn.Language != "sql" {
			failAt(-1, pgerror.InvalidFunctionDefinition, "inline SQL function body only valid for language SQL")
		}
		fn.Language = "sql"
		fn.SQLBody = true
		res.Statements = sqlBodyStatements(s.SqlBody)
		fn.Body = strings.Join(res.Statements, "; ")
	} else {
		if !hasLang {
			failAt(-1, pgerror.InvalidFunctionDefinition, "no language specified")
		}
		if len(body) == 0 {
			failAt(-1, pgerror.InvalidFunctionDefinition, "no function body specified")
		}
		switch {
		case fn.Language == "c":
			// AS 'obj_file' [, 'link_symbol']: the symbol defaults to the
			// function's name (docs: CREATE FUNCTION)
			fn.Module, fn.Body = body[0], fn.Name
			if len(body) > 1 {
				fn.Body = body[1]
			}
		case len(body) > 1:
			failAt(-1, pgerror.InvalidFunctionDefinition, "only one AS item needed for language %q", fn.Language)
		default:
			fn.Body = body[0]
		}
	}
	if fn.Language == "sql" && fn.Result != nil && (fn.Result.OID == types.Trigger.OID || fn.Result.OID == types.EventTrigger.OID) {
		fail(pgerror.New(pgerror.InvalidFunctionDefinition, "SQL functions cannot return type %s", fn.Result.Name))
	}
	checkPolySignature(&fn)
	checkAnyParams(&fn)
	if fn.Result != nil && fn.Result.OID == types.Trigger.OID && len(fn.InputArgs()) > 0 {
		fail(pgerror.New(pgerror.InvalidFunctionDefinition, "trigger functions cannot have declared arguments").
			WithHint("The arguments of the trigger can be accessed through TG_NARGS and TG_ARGV instead."))
	}
	res.Fn = fn
	return Result{Cmd: res, Tag: tag}
}

// pseudoTypeName is the pseudo-type tn names (trigger, void, record,
// internal, cstring, the polymorphic types...), nil for any other type.
func pseudoTypeName(tn *pg.TypeName) *types.Type {
	parts := names(tn.Names)
	last := parts[len(parts)-1]
	if len(parts) > 2 || len(parts) == 2 && parts[0] != "pg_catalog" || last == "unknown" {
		return nil
	}
	p, ok := types.PseudoByName(last)
	switch {
	case !ok:
		return nil
	case len(tn.ArrayBounds) > 0:
		// only record and cstring have array types (void[] does not exist)
		if p.ArrayOID == 0 {
			return nil
		}
		return types.ArrayOf(p)
	}
	return p
}

// routineType resolves a parameter or result type, including the
// pseudo-types routines may use and name%TYPE references.
func (t *Translator) routineType(tn *pg.TypeName) *types.Type {
	parts := names(tn.Names)
	last := parts[len(parts)-1]
	if pt := pseudoTypeName(tn); pt != nil {
		return pt
	}
	if tn.PctType {
		return t.pctType(tn)
	}
	if rl, ok := t.Tables.(RowTypeLookup); ok {
		schema := ""
		if len(parts) > 1 {
			schema = parts[len(parts)-2]
		}
		if _, isType := types.ByName(last); !isType || schema != "" && schema != "pg_catalog" {
			if r := t.reader(); r == nil || !hasUserType(r, schema, last) {
				if rt, ok := rl.RowType(schema, last); ok {
					if len(tn.ArrayBounds) > 0 {
						return types.ArrayOf(rt)
					}
					return rt
				}
			}
		}
	}
	return t.typeName(tn).WithMod(-1)
}

// RowTypeLookup resolves a table's row type (a composite type named after
// the table, usable as a parameter or result type).
type RowTypeLookup interface {
	RowType(schema, table string) (*types.Type, bool)
}

func hasUserType(r CatalogReader, schema, name string) bool {
	_, ok := r.LookupType(schema, name)
	return ok
}

// pctType resolves table.column%TYPE.
func (t *Translator) pctType(tn *pg.TypeName) *types.Type {
	parts := names(tn.Names)
	if len(parts) < 2 {
		failAt(tn.Location, pgerror.SyntaxError, "improper %%TYPE reference (too few dotted names): %s", strings.Join(parts, "."))
	}
	col := parts[len(parts)-1]
	rel := catalog.QName{Name: parts[len(parts)-2]}
	if len(parts) > 2 {
		rel.Schema = parts[len(parts)-3]
	}
	if tl, ok := t.Tables.(ColumnTypeLookup); ok {
		typ, found, tableFound := tl.ColumnType(rel.Schema, rel.Name, col)
		if !tableFound {
			failAt(tn.Location, pgerror.UndefinedTable, "relation %q does not exist", displayQName(rel))
		}
		if !found {
			failAt(tn.Location, pgerror.UndefinedColumn, "column %q of relation %q does not exist", col, rel.Name)
		}
		return typ.WithMod(-1)
	}
	failAt(tn.Location, pgerror.FeatureNotSupported, "%%TYPE is not supported here")
	return nil
}

// ColumnTypeLookup resolves a table column's type (for %TYPE).
type ColumnTypeLookup interface {
	ColumnType(schema, table, column string) (typ *types.Type, found, tableFound bool)
}

func displayQName(q catalog.QName) string {
	if q.Schema != "" {
		return q.Schema + "." + q.Name
	}
	return q.Name
}

func boolArg(n *pg.Node) bool {
	if n == nil {
		return true
	}
	if b := n.GetBoolean(); b != nil {
		return b.Boolval
	}
	return n.GetInteger().GetIval() != 0
}

func numArg(n *pg.Node) float64 {
	if i := n.GetInteger(); i != nil {
		return float64(i.Ival)
	}
	if f := n.GetFloat(); f != nil {
		v, _ := strconv.ParseFloat(f.Fval, 64)
		return v
	}
	return 0
}

// routineSetting applies one SET / RESET clause to a proconfig list.
func (t *Translator) routineSetting(v *pg.VariableSetStmt, cfg []string) ([]string, bool) {
	if v == nil {
		return cfg, false
	}
	name := strings.ToLower(v.Name)
	var out []string
	for _, c := range cfg {
		if k, _, _ := strings.Cut(c, "="); k != name && v.Kind != pg.VariableSetKind_VAR_RESET_ALL {
			out = append(out, c)
		}
	}
	switch v.Kind {
	case pg.VariableSetKind_VAR_SET_VALUE:
		vals := make([]string, len(v.Args))
		for i, a := range v.Args {
			vals[i] = settingWord(a, name)
		}
		out = append(out, name+"="+strings.Join(vals, ", "))
	case pg.VariableSetKind_VAR_SET_CURRENT:
		failAt(-1, pgerror.FeatureNotSupported, "SET ... FROM CURRENT in a routine is not supported yet")
	}
	return out, true
}

// settingWord renders one value of a SET clause as proconfig stores it
// (search_path elements are quoted only when needed).
func settingWord(n *pg.Node, name string) string {
	c := n.GetAConst()
	if c == nil {
		return exprSQL(n)
	}
	switch {
	case c.GetSval() != nil:
		s := c.GetSval().Sval
		if name == "search_path" && s != strings.ToLower(s) || strings.ContainsAny(s, " ,\"") {
			return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
		}
		return s
	case c.GetIval() != nil:
		return strconv.Itoa(int(c.GetIval().Ival))
	case c.GetFval() != nil:
		return c.GetFval().Fval
	case c.GetBoolval() != nil:
		if c.GetBoolval().Boolval {
			return "on"
		}
		return "off"
	}
	return exprSQL(n)
}

// sqlBodyStatements deparses an SQL-standard body: RETURN expr becomes
// SELECT expr; BEGIN ATOMIC lists its statements.
func sqlBodyStatements(n *pg.Node) []string {
	var stmts []*pg.Node
	switch x := n.Node.(type) {
	case *pg.Node_ReturnStmt:
		sel := &pg.SelectStmt{TargetList: []*pg.Node{{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: x.ReturnStmt.Returnval}}}}}
		stmts = append(stmts, &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}})
	case *pg.Node_List:
		for _, it := range x.List.Items {
			if l := it.GetList(); l != nil {
				stmts = append(stmts, l.Items...)
			} else {
				stmts = append(stmts, it)
			}
		}
	}
	out := make([]string, 0, len(stmts))
	for _, s := range stmts {
		if r := s.GetReturnStmt(); r != nil {
			sel := &pg.SelectStmt{TargetList: []*pg.Node{{Node: &pg.Node_ResTarget{ResTarget: &pg.ResTarget{Val: r.Returnval}}}}}
			s = &pg.Node{Node: &pg.Node_SelectStmt{SelectStmt: sel}}
		}
		txt, err := pgtree.Deparse(&pg.ParseResult{Stmts: []*pg.RawStmt{{Stmt: s}}})
		if err != nil {
			fail(pgerror.New(pgerror.InternalError, "deparse: %v", err))
		}
		out = append(out, txt)
	}
	return out
}

// routineStatement translates statements on routines and triggers; ok is
// false for other statements.
func (t *Translator) routineStatement(n *pg.Node) (Result, bool) {
	switch s := n.Node.(type) {
	case *pg.Node_CreateFunctionStmt:
		return t.createFunction(s.CreateFunctionStmt), true
	case *pg.Node_CallStmt:
		return t.callStmt(s.CallStmt), true
	case *pg.Node_CreateTrigStmt:
		return t.createTrigger(s.CreateTrigStmt), true
	case *pg.Node_DropStmt:
		if s.DropStmt.RemoveType == pg.ObjectType_OBJECT_TRIGGER {
			return t.dropTrigger(s.DropStmt), true
		}
	case *pg.Node_AlterTableStmt:
		return t.enableTriggers(s.AlterTableStmt)
	case *pg.Node_RenameStmt:
		if r := s.RenameStmt; r.RenameType == pg.ObjectType_OBJECT_TABLE || r.RenameType == pg.ObjectType_OBJECT_COLUMN {
			res, err := t.tableDDL(n)
			if err != nil {
				fail(err.(*pgerror.Error))
			}
			res.Catalog = append(res.Catalog, &TableRenamed{Table: rangeQName(r.Relation), Column: r.Subname, NewName: r.Newname})
			return res, true
		}
		if r := s.RenameStmt; r.RenameType == pg.ObjectType_OBJECT_TRIGGER {
			return Result{Cmd: &RenameTrigger{Table: rangeQName(r.Relation), Name: r.Subname, NewName: r.Newname}, Tag: "ALTER TRIGGER"}, true
		}
		return t.alterRoutine(n)
	case *pg.Node_AlterFunctionStmt, *pg.Node_AlterObjectSchemaStmt, *pg.Node_AlterOwnerStmt:
		return t.alterRoutine(n)
	}
	return Result{}, false
}

// TableRenamed runs with ALTER TABLE ... RENAME [COLUMN]: catalog objects
// naming the table or column (triggers, owned sequences, views'
// dependencies, comments) follow the rename.
type TableRenamed struct {
	Table   catalog.QName
	Column  string // "" for a table rename
	NewName string
}

func (*TableRenamed) command()        {}
func (*TableRenamed) catalogCommand() {}
