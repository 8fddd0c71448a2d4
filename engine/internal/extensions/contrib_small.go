package extensions

import (
	"context"

	"time"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Contrib modules small enough to share a file.

// btreeGin and btreeGist (docs F.7, F.8) add GIN and GiST operator
// classes for the B-tree types, each its type's default (so CREATE INDEX
// ... USING gin (id) and EXCLUDE USING gist (room WITH =) resolve). The
// engine indexes with its own B-trees, so the classes are what they add
// to indexing (btree_gist's functions and types: btree_gist.go).
func btreeGin() *Extension {
	return &Extension{Name: "btree_gin", Version: "1.3", Comment: "support for indexing common datatypes in GIN", Relocatable: true,
		OpClasses: btreeOpClasses("gin", "", map[string]string{"money": "money", "varbit": "varbit"})}
}

// btreeTypes are the types btree_gin and btree_gist both give a class,
// by the class name's stem (PostgreSQL names most after the type), with
// the STORAGE type of btree_gist's class (btree_gin's store the key).
var btreeTypes = []struct{ stem, typ, gistKey string }{
	{"bit", "bit", "gbtreekey_var"}, {"bool", "bool", "gbtreekey2"}, {"bpchar", "bpchar", "gbtreekey_var"},
	{"bytea", "bytea", "gbtreekey_var"}, {"cidr", "cidr", "gbtreekey16"}, {"date", "date", "gbtreekey8"},
	{"enum", "anyenum", "gbtreekey8"}, {"float4", "float4", "gbtreekey8"}, {"float8", "float8", "gbtreekey16"},
	{"inet", "inet", "gbtreekey16"}, {"int2", "int2", "gbtreekey4"}, {"int4", "int4", "gbtreekey8"},
	{"int8", "int8", "gbtreekey16"}, {"interval", "interval", "gbtreekey32"}, {"macaddr8", "macaddr8", "gbtreekey16"},
	{"macaddr", "macaddr", "gbtreekey16"}, {"money", "money", "gbtreekey16"}, {"numeric", "numeric", "gbtreekey_var"},
	{"oid", "oid", "gbtreekey8"}, {"text", "text", "gbtreekey_var"}, {"time", "time", "gbtreekey16"},
	{"timestamp", "timestamp", "gbtreekey16"}, {"timestamptz", "timestamptz", "gbtreekey16"}, {"timetz", "timetz", "gbtreekey16"},
	{"uuid", "uuid", "gbtreekey32"}, {"varbit", "varbit", "gbtreekey_var"},
}

// btreeOpClasses are btree_gin's (method gin) or btree_gist's (gist)
// default classes: prefix+stem+"_ops", with rename giving the stems
// that differ from btreeTypes'. btree_gin also has char, name and
// varchar classes; btree_gist has none of them.
func btreeOpClasses(method, prefix string, rename map[string]string) []OpClass {
	var out []OpClass
	for _, t := range btreeTypes {
		stem := t.stem
		if r, ok := rename[stem]; ok {
			stem = r
		}
		oc := OpClass{Name: prefix + stem + "_ops", Method: method, Type: t.typ, Default: true}
		if method == "gist" {
			oc.Storage = t.gistKey
		}
		out = append(out, oc)
	}
	if method == "gin" {
		out = append(out, OpClass{Name: "char_ops", Method: method, Type: "char", Default: true},
			OpClass{Name: "name_ops", Method: method, Type: "name", Default: true},
			OpClass{Name: "varchar_ops", Method: method, Type: "varchar", Default: true})
	}
	return out
}

// moddatetime (docs F.41, "spi"): a BEFORE UPDATE row trigger setting
// the named timestamp column to the transaction's start time.
func moddatetime() *Extension {
	return &Extension{
		Name:        "moddatetime",
		Version:     "1.0",
		Comment:     "functions for tracking last modification time",
		Relocatable: true,
		Funcs:       map[string]Func{"moddatetime": modDatetime},
		Script:      `CREATE FUNCTION moddatetime() RETURNS trigger AS 'MODULE_PATHNAME' LANGUAGE c;`,
	}
}

func modDatetime(_ context.Context, c routine.Caller, _ *catalog.Function, _ []any, tg *routine.TriggerData) (routine.Result, error) {
	internal := func(format string, a ...any) (routine.Result, error) {
		return routine.Result{}, pgerror.New(pgerror.InternalError, format, a...)
	}
	switch {
	case tg == nil:
		return internal("moddatetime: not fired by trigger manager")
	case tg.Level != "ROW":
		return internal("moddatetime: must be fired for row")
	case tg.When != "BEFORE":
		return internal("moddatetime: must be fired before event")
	case tg.Op == "INSERT":
		return internal("moddatetime: cannot process INSERT events")
	case tg.Op != "UPDATE":
		return internal("moddatetime: cannot process DELETE events")
	case len(tg.Args) != 1:
		return internal("moddatetime (%s): A single argument was expected", tg.TableName)
	}
	col := -1
	for i, cl := range tg.Columns {
		if cl.Name == tg.Args[0] {
			col = i
		}
	}
	if col < 0 {
		return routine.Result{}, pgerror.New("09000", "attribute %q does not exist", tg.Args[0])
	}
	env := c.Env()
	now := env.Now
	if now.IsZero() {
		now = time.Now().UTC()
	}
	row := append([]any(nil), tg.New...)
	switch tg.Columns[col].Type.OID {
	case types.Timestamptz.OID:
		row[col] = now.UTC()
	case types.Timestamp.OID:
		loc := env.Loc
		if loc == nil {
			loc = time.UTC
		}
		t := now.In(loc)
		row[col] = time.Date(t.Year(), t.Month(), t.Day(), t.Hour(), t.Minute(), t.Second(), t.Nanosecond(), time.UTC)
	default:
		return routine.Result{}, pgerror.New("09000", "attribute %q of %q must be type TIMESTAMP or TIMESTAMPTZ", tg.Args[0], tg.TableName)
	}
	return routine.Result{Row: row}, nil
}

// unaccent (docs F.46): unaccent(text) and unaccent(dictionary, text)
// remove diacritics as the default unaccent.rules does (types.Unaccent).
// The script also makes the unaccent template and dictionary, a
// filtering dictionary text search configurations can map token types
// to (ALTER TEXT SEARCH CONFIGURATION ... WITH unaccent, english_stem).
// The dictionary argument of unaccent(dictionary, text) is text; only
// 'unaccent' is accepted.
func unaccentExt() *Extension {
	return &Extension{
		Name:        "unaccent",
		Version:     "1.1",
		Comment:     "text search dictionary that removes accents",
		Relocatable: true,
		Funcs: map[string]Func{
			"index_support": indexSupport, // the template's init and lexize
			"unaccent_dict": ScalarC(func(_ context.Context, c routine.Caller, a []any) (any, error) {
				if len(a) == 1 {
					return types.Unaccent(a[0].(string)), nil
				}
				// unaccent(dictionary, text) runs any dictionary on the
				// whole string: its first lexeme, else the string itself
				d, err := types.TSDictFor(c.Env(), a[0].(string))
				if err != nil {
					return nil, err
				}
				if l, r := d.Lexize(a[1].(string)); r != types.TSUnknown && l != "" {
					return l, nil
				}
				return a[1].(string), nil
			}),
		},
		Script: `
CREATE FUNCTION unaccent(regdictionary, text) RETURNS text AS 'MODULE_PATHNAME', 'unaccent_dict' LANGUAGE c STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION unaccent(text) RETURNS text AS 'MODULE_PATHNAME', 'unaccent_dict' LANGUAGE c STABLE STRICT PARALLEL SAFE;
CREATE FUNCTION unaccent_init(internal) RETURNS internal AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c PARALLEL SAFE;
CREATE FUNCTION unaccent_lexize(internal, internal, internal, internal) RETURNS internal AS 'MODULE_PATHNAME', 'index_support' LANGUAGE c PARALLEL SAFE;
CREATE TEXT SEARCH TEMPLATE unaccent (INIT = unaccent_init, LEXIZE = unaccent_lexize);
CREATE TEXT SEARCH DICTIONARY unaccent (TEMPLATE = unaccent, RULES = 'unaccent');
`,
	}
}
