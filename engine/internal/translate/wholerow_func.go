package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// funcRowSource names the columns of a user function in FROM whose result
// is a row (a table's row type, or OUT / TABLE parameters), so that its
// alias used as a value, or * over it, expands like a table's (PostgreSQL
// docs 7.2.1.4). It is nil when the columns are not known statically: a
// ROWS FROM list, WITH ORDINALITY, a scalar or an anonymous record
// result, or overloads that disagree.
func (t *Translator) funcRowSource(rf *pg.RangeFunction) *rowSource {
	if len(rf.Functions) != 1 || rf.Ordinality || len(rf.Coldeflist) > 0 {
		return nil
	}
	list := rf.Functions[0].GetList().GetItems()
	if len(list) == 0 {
		return nil
	}
	fc := list[0].GetFuncCall()
	if fc == nil {
		return nil
	}
	parts := names(fc.Funcname)
	if expr.IsSRF(strings.ToLower(parts[len(parts)-1])) {
		return nil
	}
	var found *rowSource
	for _, f := range t.userCandidates(parts) {
		if !callShapeFits(f, fc.Args) {
			continue // an overload this call cannot reach does not disagree
		}
		var src *rowSource
		if out := f.OutputArgs(); len(out) > 0 {
			src = &rowSource{}
			for _, a := range out {
				src.cols = append(src.cols, a.Name)
			}
		} else if r := f.Result; r != nil && r.Kind == types.KindRecord && r.Name != "" && r != types.Record {
			src = t.relationSource(&pg.RangeVar{Schemaname: r.Schema, Relname: r.Name}, nil)
			if src == nil && len(r.Fields) > 0 {
				src = &rowSource{typ: r}
				for _, fl := range r.Fields {
					src.cols = append(src.cols, fl.Name)
				}
			}
		}
		if r := f.Result; src == nil && r != nil && r.Base().Kind != types.KindRecord && r.Kind != types.KindVoid && rf.Alias != nil {
			// a function returning a base type: one column named for
			// the alias, whose value is the whole row
			src = &rowSource{cols: []string{rf.Alias.Aliasname}, scalar: true}
		}
		if src == nil {
			return nil
		}
		if found != nil && strings.Join(found.cols, "\x00") != strings.Join(src.cols, "\x00") {
			return nil
		}
		found = src
	}
	return found
}

// unaliasedFuncSource is a function in FROM without an alias: PostgreSQL
// names it after the function.
func (t *Translator) unaliasedFuncSource(rf *pg.RangeFunction) namedSource {
	if src := builtinFuncSource(rf, ""); src != nil {
		fc := rf.Functions[0].GetList().GetItems()[0].GetFuncCall()
		parts := names(fc.Funcname)
		return namedSource{alias: strings.ToLower(parts[len(parts)-1]), src: src}
	}
	src := t.funcRowSource(rf)
	if src == nil {
		return namedSource{}
	}
	fc := rf.Functions[0].GetList().GetItems()[0].GetFuncCall()
	parts := names(fc.Funcname)
	return namedSource{alias: parts[len(parts)-1], src: src}
}

// callShapeFits reports whether a call with these arguments could resolve
// to f by count and parameter names alone: positional arguments first,
// every named argument a parameter not already given positionally, and
// every parameter left without an argument having a default (docs 4.3,
// Calling Functions). Types are left to the call's own resolution.
func callShapeFits(f *catalog.Function, args []*pg.Node) bool {
	in := f.InputArgs()
	given := make([]bool, len(in))
	pos := 0
	for _, a := range args {
		if na := a.GetNamedArgExpr(); na != nil {
			found := false
			for i, p := range in {
				if p.Name == na.Name && !given[i] {
					given[i], found = true, true
					break
				}
			}
			if !found {
				return false
			}
			continue
		}
		if pos >= len(in) {
			return false
		}
		given[pos] = true
		pos++
	}
	for i, p := range in {
		if !given[i] && p.Default == "" && p.Mode != catalog.ModeVariadic {
			return false
		}
	}
	return true
}
