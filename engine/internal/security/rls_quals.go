package security

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// The row security expressions for one table, command and role
// (PostgreSQL's get_row_security_policies): which policies apply, and how
// their USING and WITH CHECK expressions combine.

// bypass reports whether role is exempt from table q's row security.
func (w *secWalker) bypass(role string, q catalog.QName) bool {
	rs := w.cat.RowSecurity(q)
	if !rs.Enabled {
		return true
	}
	r, _ := w.cat.Role(role)
	if r != nil && (r.Super || r.BypassRLS) {
		return true
	}
	if !rs.Forced && w.cat.HasPrivsOf(role, w.cat.Owner(RelKey(q))) {
		return true
	}
	return false
}

// applicable returns the policies of table q for command cmd that apply
// to the role, split into permissive and restrictive.
func (w *secWalker) applicable(q catalog.QName, cmd byte) (perm, restr []*catalog.Policy) {
	for _, p := range w.cat.Policies(q) {
		if p.Command != '*' && p.Command != cmd {
			continue
		}
		applies := len(p.Roles) == 0
		for _, r := range p.Roles {
			if w.cat.HasPrivsOf(w.role, r) {
				applies = true
				break
			}
		}
		if !applies {
			continue
		}
		if p.Permissive {
			perm = append(perm, p)
		} else {
			restr = append(restr, p)
		}
	}
	return perm, restr
}

func (w *secWalker) checkRecursion(q catalog.QName) {
	for _, e := range w.expanding {
		if e == q {
			w.fail(pgerror.New(pgerror.InvalidObjectDefinition, "infinite recursion detected in policy for relation %q", q.Name))
		}
	}
}

// usingQual is the filter row security puts on rows of q for cmd
// (permissive USING ORed, restrictive ANDed, false without a permissive
// policy); applies is false when the role bypasses row security.
func (w *secWalker) usingQual(q catalog.QName, cmd byte) (string, bool) {
	if w.bypass(w.role, q) {
		return "", false
	}
	w.checkRecursion(q)
	perm, restr := w.applicable(q, cmd)
	return combine(perm, restr, func(p *catalog.Policy) string { return p.Using }), true
}

// checkQual is the WITH CHECK expression for new rows of q for cmd (a
// policy without WITH CHECK checks its USING expression).
func (w *secWalker) checkQual(q catalog.QName, cmd byte) (string, bool) {
	if w.bypass(w.role, q) {
		return "", false
	}
	perm, restr := w.applicable(q, cmd)
	return combine(perm, restr, func(p *catalog.Policy) string {
		if p.Check != "" {
			return p.Check
		}
		return p.Using
	}), true
}

// andQuals ANDs two row security quals. A side with no applicable policy
// is the constant false, and then so is the whole: PostgreSQL folds it and
// never evaluates the other side (whose expressions may raise, such as
// pg_has_role on a name that is not a role).
func andQuals(a, b string) string {
	if a == "false" || b == "false" {
		return "false"
	}
	return "(" + a + ") AND (" + b + ")"
}

func combine(perm, restr []*catalog.Policy, expr func(*catalog.Policy) string) string {
	var ors []string
	for _, p := range perm {
		if e := expr(p); e != "" {
			ors = append(ors, "("+e+")")
		}
	}
	if len(ors) == 0 {
		return "false"
	}
	out := "(" + strings.Join(ors, " OR ") + ")"
	for _, p := range restr {
		if e := expr(p); e != "" {
			out += " AND (" + e + ")"
		}
	}
	return out
}
