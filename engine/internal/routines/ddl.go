package routines

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// CreateFunction is CREATE [OR REPLACE] FUNCTION / PROCEDURE (docs: SQL
// Commands, CREATE FUNCTION; the checks of ProcedureCreate).
func CreateFunction(s Host, c *translate.CreateFunction) error {
	fn := c.Fn
	schema, err := s.CreationSchema(fn.Schema)
	if err != nil {
		return err
	}
	fn.Schema = schema
	fn.Owner = s.CurrentUser()
	h, err := handler(s, fn.Language)
	if err != nil {
		return err
	}
	cat := catalogOf(s)
	if fn.Language == "c" { // untrusted: superusers only (extension scripts run as one)
		if r, ok := cat.Role(fn.Owner); !ok || !r.Super {
			return pgerror.New(pgerror.InsufficientPrivilege, "permission denied for language c")
		}
	}
	var old *catalog.Function
	for _, f := range cat.Functions(catalog.QName{Schema: schema, Name: fn.Name}) {
		if f.SameInputTypes(fn.InputTypes()) {
			old = f
		}
	}
	word := "function"
	if fn.Kind == catalog.KindProcedure {
		word = "procedure"
	}
	if old != nil {
		if !c.Replace {
			return pgerror.New(pgerror.DuplicateFunction, "%s %q already exists with same argument types", word, fn.Name)
		}
		if old.Kind != fn.Kind {
			oldWord := "function"
			if old.Kind == catalog.KindProcedure {
				oldWord = "procedure"
			}
			return pgerror.New(pgerror.WrongObjectType, "cannot change routine kind").
				WithDetail("%q is a %s.", fn.Name, oldWord)
		}
		if err := checkReplace(old, &fn); err != nil {
			return err
		}
		fn.OID = old.OID
		fn.Owner = old.Owner
	}
	// The routine is in the catalog while its body is validated, so a
	// recursive body resolves (PostgreSQL runs the validator after
	// inserting the pg_proc row); an error rolls the statement back.
	next, stored := cat.PutFunction(fn)
	setCatalog(s, next)
	return validate(s, h, stored, c)
}

// checkReplace applies CREATE OR REPLACE's restrictions (ProcedureCreate):
// the result type and the names of input parameters cannot change.
func checkReplace(old, fn *catalog.Function) error {
	if !sameType(old.Result, fn.Result) || old.ReturnsSet != fn.ReturnsSet {
		hint := "Use DROP FUNCTION " + old.Signature() + " first."
		if fn.Kind == catalog.KindProcedure {
			hint = "Use DROP PROCEDURE " + old.Signature() + " first."
		}
		if old.Result != nil && old.Result.OID == types.Record.OID && len(old.OutputArgs()) > 0 {
			return pgerror.New(pgerror.InvalidFunctionDefinition, "cannot change return type of existing function").
				WithDetail("Row type defined by OUT parameters is different.").WithHint("%s", hint)
		}
		return pgerror.New(pgerror.InvalidFunctionDefinition, "cannot change return type of existing function").WithHint("%s", hint)
	}
	if old.Result != nil && old.Result.OID == types.Record.OID && !sameOutputRow(old.OutputArgs(), fn.OutputArgs()) {
		// RETURNS TABLE (...) or OUT parameters: the row type is the
		// return type, and callers' column lists depend on it
		return pgerror.New(pgerror.InvalidFunctionDefinition, "cannot change return type of existing function").
			WithDetail("Row type defined by OUT parameters is different.").WithHint("Use DROP %s %s first.", kindWord(fn), old.Signature())
	}
	oi, ni := old.InputArgs(), fn.InputArgs()
	for i := range oi {
		if oi[i].Name != "" && oi[i].Name != ni[i].Name {
			return pgerror.New(pgerror.InvalidFunctionDefinition, "cannot change name of input parameter %q", oi[i].Name).
				WithHint("Use DROP FUNCTION %s first.", old.Signature())
		}
	}
	if old.NumDefaults() > fn.NumDefaults() {
		return pgerror.New(pgerror.InvalidFunctionDefinition, "cannot remove parameter defaults from existing function").
			WithHint("Use DROP FUNCTION %s first.", old.Signature())
	}
	return nil
}

// sameOutputRow compares the row types OUT parameters define as
// PostgreSQL's equalTupleDescs does: same count, names (column<n> for an
// unnamed one) and types, in order.
func sameOutputRow(a, b []catalog.Arg) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if outputName(a[i], i) != outputName(b[i], i) || !sameType(a[i].Type, b[i].Type) {
			return false
		}
	}
	return true
}

func outputName(a catalog.Arg, i int) string {
	if a.Name == "" {
		return "column" + strconv.Itoa(i+1)
	}
	return a.Name
}

func kindWord(fn *catalog.Function) string {
	if fn.Kind == catalog.KindProcedure {
		return "PROCEDURE"
	}
	return "FUNCTION"
}

func sameType(a, b *types.Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.OID == b.OID
}

// handler returns the handler of a language.
func handler(s Host, lang string) (routine.Handler, error) {
	if h, ok := s.Language(lang); ok {
		return h, nil
	}
	switch lang {
	case "plpgsql":
		return nil, nil // syntax-checked here; calls need the interpreter
	case "internal":
		return nil, pgerror.New(pgerror.FeatureNotSupported, "language %q is not supported in tinybase", lang)
	}
	return nil, pgerror.New(pgerror.UndefinedObject, "language %q does not exist", lang)
}

// validate checks a body at CREATE (check_function_bodies).
func validate(s Host, h routine.Handler, fn *catalog.Function, c *translate.CreateFunction) error {
	if v, _ := s.Setting("check_function_bodies"); v == "off" {
		return nil
	}
	if fn.Language == "plpgsql" {
		if err := checkPlpgsqlSyntax(s.SQLText(), fn.Body, plSource(fn), fn.Name); err != nil {
			return err
		}
	}
	if h == nil {
		return nil
	}
	// like ProcedureCreate, validate in the environment the routine runs in
	restore, err := applyConfig(s, fn)
	if err != nil {
		return err
	}
	defer restore()
	v := &validator{h: s, body: fn.Body, sqlBodyLoc: c.BodyLoc}
	return h.Validate(context.Background(), v, fn)
}

// DropRoutine is DROP FUNCTION / PROCEDURE / ROUTINE.
func DropRoutine(s Host, c *translate.DropRoutine) error {
	cat := catalogOf(s)
	var drop []*catalog.Function
	for _, ref := range c.Items {
		if ref.MissingType != "" {
			s.AddNotice(routine.Notice{Severity: "NOTICE", Code: "00000", Message: ref.MissingType + " does not exist, skipping"})
			continue
		}
		fns, err := ResolveRef(s, cat, ref, c.Word, c.IfExists)
		if err != nil {
			return err
		}
		for _, f := range fns {
			if err := checkRoutineKind(c.Kind, f, "drop"); err != nil {
				return err
			}
		}
		drop = append(drop, fns...)
	}
	for _, f := range drop {
		if e, ok := cat.MemberOf("function", f.Schema, f.Name, f.OID); ok {
			return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop function %s because extension %s requires it", strings.ReplaceAll(f.Signature(), ", ", ","), e.Name).
				WithHint("You can drop extension %s instead.", e.Name)
		}
		var err error
		if cat, err = dropDependents(s, cat, f, c.Cascade); err != nil {
			return err
		}
		cat = cat.DropFunction(f.OID)
	}
	setCatalog(s, cat)
	return nil
}

// checkRoutineKind is LookupFuncWithArgs' check that the routine found
// is of the kind the statement names (DROP FUNCTION of an aggregate,
// DROP AGGREGATE of a function, ...).
func checkRoutineKind(kind pg.ObjectType, f *catalog.Function, verb string) error {
	switch {
	case kind == pg.ObjectType_OBJECT_PROCEDURE && f.Kind != catalog.KindProcedure:
		return pgerror.New(pgerror.WrongObjectType, "%s is not a procedure", f.Signature())
	case kind == pg.ObjectType_OBJECT_FUNCTION && f.Kind == catalog.KindProcedure:
		return pgerror.New(pgerror.WrongObjectType, "%s is not a function", f.Signature())
	case kind == pg.ObjectType_OBJECT_AGGREGATE && f.Kind != catalog.KindAggregate:
		return pgerror.New(pgerror.WrongObjectType, "function %s is not an aggregate", f.Signature())
	case kind == pg.ObjectType_OBJECT_FUNCTION && f.Kind == catalog.KindAggregate:
		hint := "Use DROP AGGREGATE to drop aggregate functions."
		if verb == "alter" {
			hint = "Use ALTER AGGREGATE to change owner of aggregate functions."
		}
		return pgerror.New(pgerror.WrongObjectType, "%q is an aggregate function", f.Name).WithHint("%s", hint)
	}
	return nil
}

// dropDependents refuses to drop a trigger function that triggers use
// unless CASCADE, which drops them.
func dropDependents(s Host, cat *catalog.Catalog, f *catalog.Function, cascade bool) (*catalog.Catalog, error) {
	for _, tg := range cat.AllTriggers() {
		if tg.Function != f.OID {
			continue
		}
		if !cascade {
			return nil, pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop function %s because other objects depend on it", f.Signature()).
				WithDetail("trigger %s on table %s depends on function %s", tg.Name, tg.Table.Name, f.Signature()).
				WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
		}
		s.DropCascades(fmt.Sprintf("trigger %s on table %s", tg.Name, visibleName(s, tg.Table.Schema, tg.Table.Name)))
		cat = cat.DropTrigger(tg.Table, tg.Name)
	}
	for _, g := range cat.AllFunctions() {
		if g.Agg != nil && g.OID != f.OID && g.Agg.UsesFunction(f.OID) {
			sig := strings.ReplaceAll(f.Signature(), ", ", ",")
			if !cascade {
				return nil, pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop function %s because other objects depend on it", sig).
					WithDetail("function %s depends on function %s", g.Signature(), sig).
					WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
			}
			notice(s, fmt.Sprintf("drop cascades to function %s", g.Signature()))
			cat = cat.DropFunction(g.OID)
		}
	}
	for _, k := range cat.Casts() {
		if k.Func != f.OID {
			continue
		}
		if !cascade {
			return nil, pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop function %s because other objects depend on it", f.Signature()).
				WithDetail("%s depends on function %s", cat.CastDescription(k), f.Signature()).
				WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
		}
		notice(s, "drop cascades to "+cat.CastDescription(k))
		cat = cat.DropCast(k.OID)
	}
	cat, err := dropCallingPolicies(s, cat, f, cascade) // policy_deps.go
	if err != nil {
		return nil, err
	}
	if dep, err := s.RoutineUsedByTables(f); err != nil || dep != "" {
		if err != nil {
			return nil, err
		}
		if cascade {
			return nil, pgerror.New(pgerror.FeatureNotSupported, "DROP ... CASCADE of a function a column default or check constraint uses is not supported yet").
				WithDetail("%s depends on function %s", dep, f.Signature())
		}
		return nil, pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop function %s because other objects depend on it", f.Signature()).
			WithDetail("%s depends on function %s", dep, f.Signature()).
			WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
	}
	return cat, nil
}

// ResolveRef finds the routines a DROP / ALTER / GRANT names. A missing
// one is 42883, or a NOTICE and no routines with IF EXISTS.
func ResolveRef(s Host, cat *catalog.Catalog, ref translate.RoutineRef, word string, ifExists bool) ([]*catalog.Function, error) {
	shown := ref.Name.Display()
	if ref.Name.Schema != "" && ref.Name.Schema != "pg_catalog" && !s.StorageTxn().HasSchema(ref.Name.Schema) {
		if ifExists {
			notice(s, fmt.Sprintf("schema %q does not exist, skipping", ref.Name.Schema))
			return nil, nil
		}
		return nil, pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", ref.Name.Schema)
	}
	var found []*catalog.Function
	// a procedure may be named by all its parameters' types, OUT ones
	// included (LookupFuncWithArgs since PostgreSQL 14); a list that
	// reads both ways and names two routines is ambiguous
	full := ref.AllArgs != nil && (word == "procedure" || word == "routine")
	for _, sc := range s.LookupSchemas(ref.Name.Schema) {
		for _, f := range cat.Functions(catalog.QName{Schema: sc, Name: ref.Name.Name}) {
			if ref.ArgsUnspecified || f.SameInputTypes(ref.Args) || full && sameAllTypes(f, ref.AllArgs) {
				found = append(found, f)
			}
		}
		if len(found) > 0 {
			break
		}
	}
	if (ref.ArgsUnspecified || full) && len(found) > 1 {
		err := pgerror.New(pgerror.AmbiguousFunction, "%s name %q is not unique", word, shown)
		if ref.ArgsUnspecified {
			err = err.WithHint("Specify the argument list to select the %s unambiguously.", word)
		}
		return nil, err
	}
	if len(found) > 0 {
		return found, nil
	}
	msgWord := word
	if msgWord == "routine" {
		msgWord = "function"
	}
	if ref.ArgsUnspecified {
		if translate.BuiltinRoutine(ref.Name.Schema, ref.Name.Name, nil, true) {
			return nil, pgerror.New(pgerror.FeatureNotSupported, "dropping built-in %s %s is not supported yet", msgWord, ref.Name.Name)
		}
		if ifExists {
			notice(s, fmt.Sprintf("%s %s() does not exist, skipping", msgWord, shown))
			return nil, nil
		}
		return nil, pgerror.New(pgerror.UndefinedFunction, "could not find a %s named %q", msgWord, shown)
	}
	formatted := make([]string, len(ref.Args))
	for i, a := range ref.Args {
		formatted[i] = a.WithMod(-1).FormatType()
	}
	sig := fmt.Sprintf("%s(%s)", shown, strings.Join(formatted, ", "))
	if translate.BuiltinRoutine(ref.Name.Schema, ref.Name.Name, ref.Args, false) {
		return nil, pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop %s %s because it is required by the database system", msgWord, sig)
	}
	if ifExists {
		notice(s, fmt.Sprintf("%s %s(%s) does not exist, skipping", msgWord, shown, strings.Join(ref.Written, ",")))
		return nil, nil
	}
	return nil, pgerror.New(pgerror.UndefinedFunction, "%s %s does not exist", msgWord, sig)
}

// sameAllTypes reports whether f's parameters, OUT ones included, have
// exactly the types ts.
func sameAllTypes(f *catalog.Function, ts []*types.Type) bool {
	n := 0
	for _, a := range f.Args {
		if a.Mode == catalog.ModeTable {
			continue
		}
		if n >= len(ts) || a.Type.OID != ts[n].OID {
			return false
		}
		n++
	}
	return n == len(ts)
}

// AlterRoutine is ALTER FUNCTION / PROCEDURE / ROUTINE.
func AlterRoutine(s Host, c *translate.AlterRoutine) error {
	cat := catalogOf(s)
	fns, err := ResolveRef(s, cat, c.Ref, c.Word, false)
	if err != nil {
		return err
	}
	f := *fns[0]
	if err := checkRoutineKind(c.Kind, &f, "alter"); err != nil {
		return err
	}
	switch {
	case c.Rename != "":
		f.Name = c.Rename
	case c.NewSchema != "":
		if !s.StorageTxn().HasSchema(c.NewSchema) {
			return pgerror.New(pgerror.InvalidSchemaName, "schema %q does not exist", c.NewSchema)
		}
		f.Schema = c.NewSchema
	case c.Owner != "":
		f.Owner = c.Owner
	}
	if c.Rename != "" || c.NewSchema != "" {
		for _, g := range cat.Functions(catalog.QName{Schema: f.Schema, Name: f.Name}) {
			if g.OID != f.OID && g.SameInputTypes(f.InputTypes()) {
				word := "function"
				if f.Kind == catalog.KindProcedure {
					word = "procedure"
				}
				return pgerror.New(pgerror.DuplicateFunction, "%s %s already exists in schema %q", word, f.Signature(), f.Schema)
			}
		}
	}
	if c.Volatility != nil {
		f.Volatility = *c.Volatility
	}
	if c.Strict != nil {
		f.Strict = *c.Strict
	}
	if c.SecDef != nil {
		f.SecurityDefiner = *c.SecDef
	}
	if c.Leakproof != nil {
		f.Leakproof = *c.Leakproof
	}
	if c.Parallel != nil {
		f.Parallel = *c.Parallel
	}
	if c.Cost != nil {
		f.Cost = *c.Cost
	}
	if c.Rows != nil {
		f.Rows = *c.Rows
	}
	for _, v := range c.Settings {
		f.Config = translate.ApplyRoutineSetting(f.Config, v)
	}
	next, _ := cat.PutFunction(f)
	setCatalog(s, next)
	return nil
}

// Commented finds the user routine COMMENT ON FUNCTION names: the
// overload with the listed argument types (any, without a list) first on
// the search path.
func Commented(s Host, cat *catalog.Catalog, q catalog.QName, ref *translate.RoutineRef) (*catalog.Function, bool) {
	for _, sc := range s.LookupSchemas(q.Schema) {
		for _, f := range cat.Functions(catalog.QName{Schema: sc, Name: q.Name}) {
			if ref == nil || ref.ArgsUnspecified || f.SameInputTypes(ref.Args) {
				return f, true
			}
		}
	}
	return nil, false
}

// notice queues a NOTICE (00000) for the client.
func notice(s Host, msg string) {
	s.AddNotice(routine.Notice{Severity: "NOTICE", Code: "00000", Message: msg})
}

// visibleName is a relation's name as PostgreSQL's getObjectDescription
// prints it: qualified when its schema is not on the search path.
func visibleName(s Host, schema, name string) string {
	if schema == "" || schema == "pg_catalog" || slices.Contains(s.SearchPath(), schema) {
		return pgident.QuoteIfNeeded(name)
	}
	return pgident.QuoteIfNeeded(schema) + "." + pgident.QuoteIfNeeded(name)
}
