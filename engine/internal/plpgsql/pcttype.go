package plpgsql

import "strings"

// PctTypeVar finds the variable a declaration's var%TYPE names (docs
// 43.3.3, "Copying Types"): a parameter or an earlier variable, bare or
// qualified by the function's name. In a polymorphic function this is
// how a variable takes a parameter's actual type. ok is false when the
// type is not such a reference (tbl.col%TYPE is the host's).
func (fn *Function) PctTypeVar(dno int, typeName string) (int, bool) {
	lower := strings.ToLower(strings.TrimSpace(typeName))
	if !strings.HasSuffix(lower, "%type") {
		return 0, false
	}
	ref := strings.TrimSpace(lower[:len(lower)-len("%type")])
	if i := strings.LastIndexByte(ref, '.'); i >= 0 {
		if strings.Trim(ref[:i], `"`) != strings.ToLower(fn.Name) {
			return 0, false
		}
		ref = ref[i+1:]
	}
	ref = strings.Trim(ref, `"`)
	for j := dno - 1; j >= 0; j-- {
		d := fn.Datums[j]
		if d != nil && d.Kind != DRecField && strings.ToLower(d.Name) == ref {
			return j, true
		}
	}
	return 0, false
}
