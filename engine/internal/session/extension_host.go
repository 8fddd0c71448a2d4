package session

import (
	"context"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

var _ ddl.ExtensionHost = ddlHost{}

// RunExtensionScript implements ddl.ExtensionHost: the statements run as
// nested statements of CREATE / ALTER / DROP EXTENSION, in its
// transaction, with search_path set to the extension's schema and, when
// the current role is not a superuser, the role set to the bootstrap
// superuser (extension.c's execute_extension_script).
func (h ddlHost) RunExtensionScript(script, schema string) error {
	s := h.s
	stmts, err := SplitStatements(script)
	if err != nil {
		return err
	}
	restore := s.setLocals(map[string]string{"search_path": quoteIdent(schema) + ", pg_catalog"})
	defer restore()
	if r, ok := s.catalog().Role(s.CurrentUser()); !ok || !r.Super {
		for _, su := range []string{"supabase_admin", "postgres"} {
			if r, ok := s.catalog().Role(su); ok && r.Super {
				defer s.setLocals(map[string]string{"role": su})()
				break
			}
		}
	}
	return s.inPL(context.Background(), func(ctx context.Context) error {
		return s.runScript(ctx, stmts)
	})
}

// runScript runs an extension script's statements nestedly.
func (s *Session) runScript(ctx context.Context, stmts []Statement) error {
	for _, st := range stmts {
		tree, err := pgtree.Parse(st.SQL)
		if err != nil {
			return pgtree.SyntaxError(err)
		}
		for _, raw := range tree.Stmts {
			node := raw.Stmt
			res, err := s.CurrentTranslator().Statement(node)
			if err != nil {
				return err
			}
			if err := s.applyCatalog(res.Catalog); err != nil {
				return err
			}
			if _, err := s.runNested(ctx, st.SQL, node, res); err != nil {
				return err
			}
		}
	}
	return nil
}

// setLocals sets session-local settings and returns the function putting
// the old values back.
func (s *Session) setLocals(vals map[string]string) func() {
	type saved struct {
		name, val string
		had       bool
	}
	var olds []saved
	for k, v := range vals {
		old, had := s.local[k]
		olds = append(olds, saved{k, old, had})
		s.local[k] = v
	}
	return func() {
		for _, o := range olds {
			if o.had {
				s.local[o.name] = o.val
			} else {
				delete(s.local, o.name)
			}
		}
	}
}

// extensionSetting is the default of a configuration parameter an
// installed extension defines (extensions.Extension.Settings).
func (s *Session) extensionSetting(name string) (string, bool) {
	e, v, ok := extensions.SettingOwner(name)
	if !ok {
		return "", false
	}
	if _, installed := s.catalog().Extension(e.Name); !installed {
		return "", false
	}
	return v, true
}

// checkExtensionSetting checks a value for a parameter an installed
// extension defines with limits and returns the form SHOW prints; other
// dotted names are placeholders, which take any value.
func (s *Session) checkExtensionSetting(name, value string) (string, error) {
	e, _, ok := extensions.SettingOwner(name)
	if !ok {
		return value, nil
	}
	lim, ok := e.SettingLimits[name]
	if _, installed := s.catalog().Extension(e.Name); !ok || !installed {
		return value, nil
	}
	invalid := pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter \"%s\": \"%s\"", name, value)
	if len(lim.Choices) > 0 {
		for _, c := range lim.Choices {
			if strings.EqualFold(c, strings.TrimSpace(value)) {
				return c, nil
			}
		}
		return "", invalid.WithHint("Available values: %s.", strings.Join(lim.Choices, ", "))
	}
	v := strings.TrimSpace(value)
	if lim.Real {
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return "", invalid
		}
		if f < lim.Min || f > lim.Max {
			return "", pgerror.New(pgerror.InvalidParameterValue, "%s is outside the valid range for parameter %q (%s .. %s)",
				strconv.FormatFloat(f, 'g', -1, 64), name, strconv.FormatFloat(lim.Min, 'g', -1, 64), strconv.FormatFloat(lim.Max, 'g', -1, 64))
		}
		return strconv.FormatFloat(f, 'g', -1, 64), nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return "", invalid
	}
	if float64(n) < lim.Min || float64(n) > lim.Max {
		return "", pgerror.New(pgerror.InvalidParameterValue, "%d is outside the valid range for parameter %q (%d .. %d)", n, name, int64(lim.Min), int64(lim.Max))
	}
	return strconv.FormatInt(n, 10), nil
}
