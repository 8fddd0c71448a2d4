package pgcatalog

import (
	"strconv"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// specificName is information_schema's specific_name: name_oid.
func specificName(f *catalog.Function) string {
	return f.Name + "_" + strconv.FormatUint(uint64(f.OID), 10)
}

// dataType is information_schema's data_type spelling of a type.
func dataType(t *types.Type) string {
	switch {
	case t == nil:
		return "void"
	case t.IsArray():
		return "ARRAY"
	case t.Kind == types.KindEnum || t.Kind == types.KindRecord && len(t.Fields) > 0:
		return "USER-DEFINED"
	}
	return t.FormatTypeNoMod()
}

// routineRows are information_schema.routines' rows.
func routineRows(s *State) ([][]any, error) {
	var out [][]any
	for _, f := range s.Catalog.AllFunctions() {
		kind := "FUNCTION"
		var dt, udt any
		if f.Kind == catalog.KindProcedure {
			kind = "PROCEDURE"
		} else {
			dt = dataType(f.Result)
			if f.Result != nil {
				udt = f.Result.Name
			}
		}
		body := "EXTERNAL"
		if f.Language == "sql" {
			body = "SQL"
		}
		det := "NO"
		if f.Volatility == catalog.Immutable {
			det = "YES"
		}
		sec := "INVOKER"
		if f.SecurityDefiner {
			sec = "DEFINER"
		}
		out = append(out, []any{s.Database, f.Schema, specificName(f), s.Database, f.Schema, f.Name,
			kind, dt, udt, body, f.Body, upper(f.Language), det, sec})
	}
	return out, nil
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}

// isParameters is information_schema.parameters.
var isParameters = &def{
	cols: []column{
		{"specific_catalog", sqlIdentifier}, {"specific_schema", sqlIdentifier}, {"specific_name", sqlIdentifier},
		{"ordinal_position", cardinalNumber}, {"parameter_mode", characterData}, {"is_result", yesOrNo},
		{"as_locator", yesOrNo}, {"parameter_name", sqlIdentifier}, {"data_type", characterData},
		{"udt_name", sqlIdentifier}, {"parameter_default", characterData},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, f := range s.Catalog.AllFunctions() {
			for i, a := range f.Args {
				mode := map[catalog.ArgMode]string{catalog.ModeIn: "IN", catalog.ModeOut: "OUT", catalog.ModeInOut: "INOUT",
					catalog.ModeVariadic: "IN", catalog.ModeTable: "OUT"}[a.Mode]
				var name, def any
				if a.Name != "" {
					name = a.Name
				}
				if a.Default != "" {
					def = a.Default
				}
				out = append(out, []any{s.Database, f.Schema, specificName(f), int32(i + 1), mode, "NO", "NO",
					name, dataType(a.Type), a.Type.Name, def})
			}
		}
		return out, nil
	},
}
