package pgcatalog

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Language OIDs as PostgreSQL assigns them (plpgsql's is per-database
// there; tinybase fixes one).
const (
	langInternal = 12
	langC        = 13
	langSQL      = 14
	langPlpgsql  = 13576
)

// LanguageOID is the pg_language OID of a routine language.
func LanguageOID(name string) uint32 {
	switch name {
	case "internal":
		return langInternal
	case "c":
		return langC
	case "sql":
		return langSQL
	case "plpgsql":
		return langPlpgsql
	}
	return stableOID("l:" + name)
}

// pgLanguage is pg_catalog.pg_language.
var pgLanguage = &def{
	cols: []column{
		{"oid", types.Oid}, {"lanname", types.Name}, {"lanowner", types.Oid}, {"lanispl", types.Bool}, {"lanpltrusted", types.Bool},
		{"lanplcallfoid", types.Oid}, {"laninline", types.Oid}, {"lanvalidator", types.Oid}, {"lanacl", aclitemArray},
	},
	rows: func(*State) ([][]any, error) {
		// the validators' OIDs are PostgreSQL's; plpgsql's handler
		// functions come just before its language, as initdb creates them
		return [][]any{
			{uint32(langInternal), "internal", uint32(10), false, false, uint32(0), uint32(0), uint32(2246), nil},
			{uint32(langC), "c", uint32(10), false, false, uint32(0), uint32(0), uint32(2247), nil},
			{uint32(langSQL), "sql", uint32(10), false, true, uint32(0), uint32(0), uint32(2248), nil},
			{uint32(langPlpgsql), "plpgsql", uint32(10), true, true, uint32(langPlpgsql - 3), uint32(langPlpgsql - 2), uint32(langPlpgsql - 1), nil},
		}, nil
	},
}

var (
	oidArray  = types.ArrayOf(types.Oid)
	textArray = types.ArrayOf(types.Text)
	charArray = types.ArrayOf(types.Char)
)

// pgProc is pg_catalog.pg_proc: one row per user-defined routine, then
// the built-in functions of pg_catalog tinybase implements
// (builtin_procs.go).
var pgProc = &def{
	cols: []column{
		{"oid", types.Oid}, {"proname", types.Name}, {"pronamespace", types.Oid}, {"proowner", types.Oid},
		{"prolang", types.Oid}, {"procost", types.Float4}, {"prorows", types.Float4}, {"provariadic", types.Oid},
		{"prosupport", types.Regproc}, {"prokind", types.Char}, {"prosecdef", types.Bool}, {"proleakproof", types.Bool},
		{"proisstrict", types.Bool}, {"proretset", types.Bool}, {"provolatile", types.Char}, {"proparallel", types.Char},
		{"pronargs", types.Int2}, {"pronargdefaults", types.Int2}, {"prorettype", types.Oid}, {"proargtypes", oidArray},
		{"proallargtypes", oidArray}, {"proargmodes", charArray}, {"proargnames", textArray}, {"proargdefaults", types.Text},
		{"prosrc", types.Text}, {"probin", types.Text}, {"proconfig", textArray}, {"proacl", aclitemArray},
		{"protrftypes", oidArray}, // TRANSFORM FOR TYPE: none here
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, f := range s.Catalog.AllFunctions() {
			out = append(out, s.procRow(f))
		}
		return builtinRows(out), nil
	},
}

// procRow is f's pg_proc row: its owner and its ACL (NULL while it has
// the default one) come from the catalog's security records, keyed by
// the function's signature as GRANT ... ON FUNCTION keys them.
func (s *State) procRow(f *catalog.Function) []any {
	in := f.InputTypes()
	argtypes := make([]any, len(in))
	for i, t := range in {
		argtypes[i] = t.OID
	}
	var all, modes, argNames []any
	hasOut, hasNames := false, false
	for _, a := range f.Args {
		all = append(all, a.Type.OID)
		modes = append(modes, string(rune(a.Mode)))
		argNames = append(argNames, a.Name)
		if a.Mode != catalog.ModeIn {
			hasOut = true
		}
		if a.Name != "" {
			hasNames = true
		}
	}
	var allV, modesV, namesV, cfg any
	if hasOut {
		allV, modesV = types.NewArray(types.Oid, all), types.NewArray(types.Char, modes)
	}
	if hasNames {
		namesV = types.NewArray(types.Text, argNames)
	}
	if len(f.Config) > 0 {
		c := make([]any, len(f.Config))
		for i, v := range f.Config {
			c[i] = v
		}
		cfg = types.NewArray(types.Text, c)
	}
	variadic := uint32(0)
	if f.Variadic() {
		in := f.InputArgs()
		variadic = types.VariadicElem(in[len(in)-1].Type).OID
	}
	ret := uint32(types.Void.OID)
	if f.Result != nil {
		ret = f.Result.OID
	}
	var defaults any
	if n := f.NumDefaults(); n > 0 {
		var ds []string
		for _, a := range f.InputArgs() {
			if a.Default != "" {
				ds = append(ds, a.Default)
			}
		}
		defaults = "(" + strings.Join(ds, ", ") + ")"
	}
	key := catalog.ObjectKey{Kind: catalog.ObjFunction, Schema: f.Schema, Name: f.Signature()}
	var acl any
	if a := s.Catalog.ACL(key); a != nil {
		acl = s.aclStrings(a)
	}
	return []any{f.OID, f.Name, NamespaceOID(f.Schema), s.RoleOID(s.Catalog.Owner(key)), LanguageOID(f.Language),
		float32(f.Cost), float32(f.Rows), variadic, "-", string(rune(f.Kind)), f.SecurityDefiner, f.Leakproof,
		f.Strict, f.ReturnsSet, string(rune(f.Volatility)), string(rune(parallelOf(f))), int16(len(in)), int16(f.NumDefaults()), ret,
		vector(types.Oid, argtypes), allV, modesV, namesV, defaults, f.Body, probin(f), cfg, aclArray(acl), nil}
}

// pgTrigger is pg_catalog.pg_trigger: the catalog's triggers and the
// internal foreign-key triggers (pg_trigger_ri.go).
var pgTrigger = &def{
	cols: []column{
		{"oid", types.Oid}, {"tgrelid", types.Oid}, {"tgparentid", types.Oid}, {"tgname", types.Name},
		{"tgfoid", types.Oid}, {"tgtype", types.Int2}, {"tgenabled", types.Char}, {"tgisinternal", types.Bool},
		{"tgconstrrelid", types.Oid}, {"tgconstrindid", types.Oid}, {"tgconstraint", types.Oid},
		{"tgdeferrable", types.Bool}, {"tginitdeferred", types.Bool}, {"tgnargs", types.Int2},
		{"tgargs", types.Bytea}, {"tgqual", types.Text},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, t := range s.Catalog.AllTriggers() {
			var args []byte
			for _, a := range t.Args {
				args = append(append(args, a...), 0)
			}
			var qual any
			if t.When != "" {
				qual = t.When
			}
			var con uint32
			deferrable, initially := s.Catalog.Deferrable(t.Table, t.Name)
			if t.Constraint {
				con = stableOID("c:" + t.Table.Schema + "." + t.Table.Name + "." + t.Name)
			}
			out = append(out, []any{t.OID, s.RelOID(t.Table.Schema, t.Table.Name), t.Parent, t.Name,
				t.Function, t.TgType(), string(rune(t.Enabled)), false, uint32(0), uint32(0), con,
				deferrable, initially, int16(len(t.Args)), args, qual})
		}
		ri, err := riTriggers(s)
		if err != nil {
			return nil, err
		}
		return append(out, ri...), nil
	},
}

// isTriggers is information_schema.triggers: one row per trigger and
// event.
var isTriggers = &def{
	cols: []column{
		{"trigger_catalog", sqlIdentifier}, {"trigger_schema", sqlIdentifier}, {"trigger_name", sqlIdentifier},
		{"event_manipulation", characterData}, {"event_object_catalog", sqlIdentifier},
		{"event_object_schema", sqlIdentifier}, {"event_object_table", sqlIdentifier},
		{"action_order", cardinalNumber}, {"action_condition", characterData}, {"action_statement", characterData},
		{"action_orientation", characterData}, {"action_timing", characterData},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		order := map[string]int32{}
		for _, t := range s.Catalog.AllTriggers() {
			fn, _ := s.Catalog.FunctionByOID(t.Function)
			stmt := "EXECUTE FUNCTION "
			if fn != nil {
				stmt += s.routineName(fn)
			}
			stmt += "(" + triggerArgs(t.Args) + ")"
			orient := "STATEMENT"
			if t.ForEachRow {
				orient = "ROW"
			}
			var cond any
			if t.When != "" {
				cond = "(" + t.When + ")"
			}
			for _, ev := range []struct {
				bit  catalog.TriggerEvent
				name string
			}{{catalog.EventInsert, "INSERT"}, {catalog.EventDelete, "DELETE"}, {catalog.EventUpdate, "UPDATE"}} {
				if t.Events&ev.bit == 0 {
					continue
				}
				key := t.Table.String() + "/" + ev.name + "/" + t.Timing + "/" + orient
				order[key]++
				out = append(out, []any{s.Database, t.Table.Schema, t.Name, ev.name, s.Database, t.Table.Schema,
					t.Table.Name, order[key], cond, stmt, orient, t.Timing})
			}
		}
		return out, nil
	},
}

func triggerArgs(args []string) string {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = "'" + strings.ReplaceAll(a, "'", "''") + "'"
	}
	return strings.Join(q, ", ")
}

func quoteIdent(s string) string {
	for i, r := range s {
		if !(r >= 'a' && r <= 'z' || r == '_' || i > 0 && r >= '0' && r <= '9') {
			return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
		}
	}
	return s
}

// routineName is a routine's name as pg_get_triggerdef prints it:
// qualified unless its schema is on the search path.
func (s *State) routineName(f *catalog.Function) string {
	if f.Schema == "pg_catalog" {
		return quoteIdent(f.Name) // implicitly first on the path
	}
	for _, sc := range s.SearchPath {
		if sc == f.Schema {
			return quoteIdent(f.Name)
		}
	}
	return quoteIdent(f.Schema) + "." + quoteIdent(f.Name)
}

// functionOID finds a user routine by schema and signature (the key of
// its comment).
func (s *State) functionOID(schema, sig string) uint32 {
	for _, f := range s.Catalog.AllFunctions() {
		if f.Schema == schema && f.Signature() == sig {
			return f.OID
		}
	}
	return 0
}

// probin is pg_proc.probin: a C-language function's object file.
func probin(f *catalog.Function) any {
	if f.Module == "" {
		return nil
	}
	return f.Module
}

// parallelOf is a user routine's proparallel ('u' unless declared).
func parallelOf(f *catalog.Function) byte {
	if f.Parallel == 0 {
		return 'u'
	}
	return f.Parallel
}
