package catalog

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// IsPolymorphic reports whether a routine declares a polymorphic
// parameter or result (docs 38.2.5), so each call resolves its actual
// types.
func (f *Function) IsPolymorphic() bool {
	if f.Result.IsPolymorphic() {
		return true
	}
	for _, a := range f.Args {
		if a.Type.IsPolymorphic() {
			return true
		}
	}
	return false
}

// Specialize returns a copy of a polymorphic routine with every
// polymorphic parameter and result type replaced by subst's answer: the
// routine one call runs. Language handlers see only actual types.
func (f *Function) Specialize(subst func(*types.Type) *types.Type) *Function {
	g := f.Declared()
	s := *f
	s.Generic = g
	s.Args = make([]Arg, len(f.Args))
	var actual []string
	for i, a := range f.Args {
		if a.Type.IsPolymorphic() {
			a.Type = subst(a.Type)
			actual = append(actual, a.Type.FormatType())
		}
		s.Args[i] = a
	}
	if f.Result.IsPolymorphic() {
		s.Result = subst(f.Result)
		actual = append(actual, s.Result.FormatType())
	}
	s.Actual = strings.Join(actual, ",")
	return &s
}

// Declared returns the routine as declared: itself, or the polymorphic
// routine a specialized copy came from.
func (f *Function) Declared() *Function {
	if f.Generic != nil {
		return f.Generic
	}
	return f
}

// SpecializeLike specializes g, a newer definition of the routine f was
// specialized from (CREATE OR REPLACE keeps the signature), with the
// actual types f's call resolved.
func (f *Function) SpecializeLike(g *Function) *Function {
	if f.Generic == nil || !g.IsPolymorphic() {
		return g
	}
	actual := map[uint32]*types.Type{}
	if f.Generic.Result.IsPolymorphic() && f.Result != nil {
		actual[f.Generic.Result.OID] = f.Result
	}
	for i, a := range f.Generic.Args {
		if a.Type.IsPolymorphic() && i < len(f.Args) {
			actual[a.Type.OID] = f.Args[i].Type
		}
	}
	return g.Specialize(func(t *types.Type) *types.Type {
		if a, ok := actual[t.OID]; ok {
			return a
		}
		return t
	})
}
