package schemadiff

import (
	"strings"
)

// functions replaces changed functions in place (CREATE OR REPLACE) and
// drops and creates those whose kind or result changed. A function whose
// result is a view the diff creates comes after the views.
func (d *differ) functions() {
	newViews := map[string]bool{}
	for name, v := range d.to.Views {
		if old, ok := d.from.Views[name]; !ok || !sameView(old, v) {
			newViews[name] = true
		}
	}
	for _, name := range sortedKeys(d.to.Functions) {
		f := d.to.Functions[name]
		old, ok := d.from.Functions[name]
		kind := "FUNCTION "
		if f.Kind == "p" {
			kind = "PROCEDURE "
		}
		prevACL, prevComment := d.initialFunctionACL(name), ""
		if ok && old.Kind == f.Kind && old.Result == f.Result {
			prevACL, prevComment = old.ACL.without(old.Owner), old.Comment
		}
		d.p.grants = append(d.p.grants, grantStatements(strings.TrimSpace(kind), name, prevACL, f.ACL.without(f.Owner))...)
		d.comment(kind+name, prevComment, f.Comment)
		if ok && old.Def == f.Def {
			continue
		}
		if ok && (old.Kind != f.Kind || old.Result != f.Result) {
			d.p.dropFunctions = append(d.p.dropFunctions, dropFunction(old))
		}
		late := false
		for v := range newViews {
			if mentions(f.Result, v) {
				late = true
			}
		}
		if late {
			d.p.lateFunctions = append(d.p.lateFunctions, f.Def)
		} else {
			d.p.functions = append(d.p.functions, f.Def)
		}
	}
	for _, name := range sortedKeys(d.from.Functions) {
		if _, ok := d.to.Functions[name]; !ok {
			d.p.dropFunctions = append(d.p.dropFunctions, dropFunction(d.from.Functions[name]))
		}
	}
	// SQL bodies may name tables and views created later in the diff;
	// pg_dump turns body checks off for the same reason.
	if len(d.p.functions)+len(d.p.lateFunctions) > 0 {
		d.p.functions = append([]string{"SET check_function_bodies = false"}, d.p.functions...)
	}
}

// initialFunctionACL is the privileges a function postgres creates gets:
// EXECUTE for PUBLIC (or the global default privileges that replace it)
// and the schema's default privileges.
func (d *differ) initialFunctionACL(name string) ACL {
	schema, _, _ := strings.Cut(name, ".")
	acl := ACL{"": "X"}
	if g := d.from.DefaultACL[""]; g != nil && g["f"] != nil {
		acl = g["f"]
	}
	if s := d.from.DefaultACL[schema]; s != nil {
		acl = acl.union(s["f"])
	}
	return acl.without("postgres")
}

func dropFunction(f *Function) string {
	if f.Kind == "p" {
		return "DROP PROCEDURE " + f.Name
	}
	return "DROP FUNCTION " + f.Name
}

// sameView compares views by definition and options. Definitions are
// compared without whitespace and parentheses: PostgreSQL's and tinybase's
// pg_get_viewdef parenthesize differently, and a diff between the two
// (db diff --db-url against PostgreSQL) must not rebuild every view. A
// change that only moves parentheses goes unseen.
func sameView(a, b *View) bool {
	return looseDef(a.Def) == looseDef(b.Def) && equalStrings(a.Options, b.Options)
}

func looseDef(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\t', '\n', '\r', '(', ')', ';':
			return -1
		}
		return r
	}, s)
}

// views drops the views that go or change, and every view over them or
// over a table whose columns change, dependents first; then creates the
// new and changed ones, dependencies first.
func (d *differ) views() {
	rebuild := map[string]bool{}
	for name, v := range d.from.Views {
		nv, ok := d.to.Views[name]
		if !ok || !sameView(v, nv) {
			rebuild[name] = true
			continue
		}
		for t := range d.reshaped {
			if mentions(v.Def, t) {
				rebuild[name] = true
			}
		}
		if d.callsDropped(v.Def) {
			rebuild[name] = true
		}
	}
	// Views over rebuilt views are rebuilt too.
	for changed := true; changed; {
		changed = false
		for name, v := range d.from.Views {
			if rebuild[name] {
				continue
			}
			for r := range rebuild {
				if mentions(v.Def, r) {
					rebuild[name], changed = true, true
					break
				}
			}
		}
	}
	var drops []string
	for name := range rebuild {
		drops = append(drops, name)
	}
	ordered := topo(drops, viewDeps(d.from.Views))
	for i := len(ordered) - 1; i >= 0; i-- {
		v := d.from.Views[ordered[i]]
		kind := "VIEW "
		if strings.HasPrefix(v.Def, "MATERIALIZED ") {
			kind = "MATERIALIZED VIEW "
		}
		d.p.dropViews = append(d.p.dropViews, "DROP "+kind+v.Name)
	}
	var creates []string
	for name := range d.to.Views {
		if _, ok := d.from.Views[name]; !ok || rebuild[name] {
			creates = append(creates, name)
		}
	}
	for _, name := range topo(creates, viewDeps(d.to.Views)) {
		v := d.to.Views[name]
		d.p.views = append(d.p.views, createView(v))
		var old ACL
		if ov, ok := d.from.Views[name]; ok && !rebuild[name] {
			old = ov.ACL.without(ov.Owner)
		} else {
			old = d.initialACL(name, "r", "postgres")
		}
		d.p.grants = append(d.p.grants, grantStatements("TABLE", name, old, v.ACL.without(v.Owner))...)
		d.comment(viewKind(v)+name, "", v.Comment)
	}
	for _, name := range sortedKeys(d.to.Views) {
		v := d.to.Views[name]
		if ov, ok := d.from.Views[name]; ok && !rebuild[name] {
			d.p.grants = append(d.p.grants, grantStatements("TABLE", name, ov.ACL.without(ov.Owner), v.ACL.without(v.Owner))...)
			d.comment(viewKind(v)+name, ov.Comment, v.Comment)
		}
	}
}

func viewKind(v *View) string {
	if strings.HasPrefix(v.Def, "MATERIALIZED ") {
		return "MATERIALIZED VIEW "
	}
	return "VIEW "
}

func viewDeps(views map[string]*View) func(string) []string {
	return func(name string) []string {
		var deps []string
		for other := range views {
			if other != name && mentions(views[name].Def, other) {
				deps = append(deps, other)
			}
		}
		return deps
	}
}

func createView(v *View) string {
	def := v.Def
	kind := "VIEW "
	if rest, ok := strings.CutPrefix(def, "MATERIALIZED "); ok {
		kind, def = "MATERIALIZED VIEW ", rest
	}
	s := "CREATE " + kind + v.Name
	if len(v.Options) > 0 {
		s += " WITH (" + strings.Join(v.Options, ", ") + ")"
	}
	return s + " AS\n" + strings.TrimSuffix(strings.TrimSpace(def), ";")
}
