package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgAggregate is pg_catalog.pg_aggregate: one row per CREATE AGGREGATE
// aggregate (docs: pg_aggregate). tinybase's built-in aggregates are
// implemented natively and have no support functions to list.
var pgAggregate = &def{
	cols: []column{
		{"aggfnoid", types.Regproc}, {"aggkind", types.Char}, {"aggnumdirectargs", types.Int2},
		{"aggtransfn", types.Regproc}, {"aggfinalfn", types.Regproc}, {"aggcombinefn", types.Regproc},
		{"aggserialfn", types.Regproc}, {"aggdeserialfn", types.Regproc}, {"aggmtransfn", types.Regproc},
		{"aggminvtransfn", types.Regproc}, {"aggmfinalfn", types.Regproc}, {"aggfinalextra", types.Bool},
		{"aggmfinalextra", types.Bool}, {"aggfinalmodify", types.Char}, {"aggmfinalmodify", types.Char},
		{"aggsortop", types.Oid}, {"aggtranstype", types.Oid}, {"aggtransspace", types.Int4},
		{"aggmtranstype", types.Oid}, {"aggmtransspace", types.Int4}, {"agginitval", types.Text}, {"aggminitval", types.Text},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, f := range s.Catalog.AllFunctions() {
			a := f.Agg
			if f.Kind != catalog.KindAggregate || a == nil {
				continue
			}
			var init, minit any
			if a.InitCond != nil {
				init = *a.InitCond
			}
			if a.MInitCond != nil {
				minit = *a.MInitCond
			}
			oidOf := func(t *types.Type) uint32 {
				if t == nil {
					return 0
				}
				return t.OID
			}
			out = append(out, []any{s.procName(f.OID), "n", int16(0),
				s.procName(a.TransFn), s.procName(a.FinalFn), s.procName(a.CombineFn),
				s.procName(a.SerialFn), s.procName(a.DeserialFn), s.procName(a.MTransFn),
				s.procName(a.MInvTransFn), s.procName(a.MFinalFn), a.FinalExtra,
				a.MFinalExtra, string(rune(a.FinalModify)), string(rune(a.MFinalModify)),
				a.SortOp, oidOf(a.TransType), a.TransSpace,
				oidOf(a.MTransType), a.MTransSpace, init, minit})
		}
		return out, nil
	},
}

// procName is regproc output for a routine OID: "-" for none, a
// built-in's name, a user routine's name, schema-qualified when the
// search path does not find exactly it (regprocout).
func (s *State) procName(oid uint32) string {
	if oid == 0 {
		return "-"
	}
	if p, ok := BuiltinByOID(oid); ok {
		if builtinOverloaded(p.Name) {
			// tinybase keeps a regproc as text, which its name would not
			// find uniquely: its OID keeps oprcode::oid (pg_dump) resolvable
			return itoa(oid)
		}
		return p.Name
	}
	f, ok := s.Catalog.FunctionByOID(oid)
	if !ok {
		return itoa(oid)
	}
	if len(s.Catalog.Functions(catalog.QName{Schema: f.Schema, Name: f.Name})) > 1 {
		return itoa(oid) // overloaded, as a built-in above: the name would not find it alone
	}
	name := quoteIdent(f.Name)
	visible := false
	for _, sc := range s.SearchPath {
		if sc == f.Schema {
			visible = true
			break
		}
	}
	if visible && builtinNamed(f.Name) {
		visible = false
	}
	if !visible {
		name = quoteIdent(f.Schema) + "." + name
	}
	return name
}

// builtinNamed reports whether a built-in function has this name.
// builtinOverloaded reports whether more than one built-in has the name.
func builtinOverloaded(name string) bool {
	n := 0
	for _, p := range Builtins() {
		if p.Name == name {
			n++
		}
	}
	return n > 1
}

func builtinNamed(name string) bool {
	for _, p := range Builtins() {
		if p.Name == name {
			return true
		}
	}
	return false
}
