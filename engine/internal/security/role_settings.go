package security

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// ALTER ROLE ... SET and ALTER DATABASE ... SET: the settings
// pg_db_role_setting keeps and sessions apply at login (LoginSettings).

// AlterRoleSet runs ALTER ROLE ... SET / RESET.
func AlterRoleSet(h Host, c *translate.AlterRoleSet) error {
	if c.Database != "" && c.Database != databaseName {
		return pgerror.New(pgerror.InvalidCatalogName, "database %q does not exist", c.Database)
	}
	cat := h.Catalog()
	if c.Name == "" { // ALTER ROLE ALL
		if !isSuperuser(h) {
			return pgerror.New(pgerror.InsufficientPrivilege, "must be superuser to alter settings globally")
		}
		if c.Database != "" { // the same pg_db_role_setting row as ALTER DATABASE ... SET
			return AlterDatabaseSet(h, &translate.AlterDatabaseSet{Database: c.Database, Setting: c.Setting, Value: c.Value, Reset: c.Reset, ResetAll: c.ResetAll})
		}
		out, err := applySettingChange(h, cat.AllRoleSettings(), c.Setting, c.Value, c.Reset, c.ResetAll)
		if err != nil {
			return err
		}
		h.SetCatalog(cat.SetAllRoleSettings(out))
		return nil
	}
	name, err := resolveRoleName(h, c.Name)
	if err != nil {
		return err
	}
	old, _ := cat.Role(name)
	me := currentRole(h)
	if !me.Super && (old.Super || (!me.CreateRole && name != me.Name)) {
		return pgerror.New(pgerror.InsufficientPrivilege, "permission denied")
	}
	r := *old
	list := &r.Settings
	if c.Database != "" {
		list = &r.DBSettings
	}
	out, err := applySettingChange(h, *list, c.Setting, c.Value, c.Reset, c.ResetAll)
	if err != nil {
		return err
	}
	*list = out
	h.SetCatalog(cat.PutRole(r))
	return nil
}

// AlterDatabaseSet runs ALTER DATABASE ... SET / RESET.
func AlterDatabaseSet(h Host, c *translate.AlterDatabaseSet) error {
	if c.Database != databaseName {
		return pgerror.New(pgerror.InvalidCatalogName, "database %q does not exist", c.Database)
	}
	cat := h.Catalog()
	if !isSuperuser(h) && !cat.HasPrivsOf(h.CurrentUser(), cat.Owner(databaseKey())) {
		return mustBeOwner("database", databaseName)
	}
	out, err := applySettingChange(h, cat.DatabaseSettings(), c.Setting, c.Value, c.Reset, c.ResetAll)
	if err != nil {
		return err
	}
	h.SetCatalog(cat.SetDatabaseSettings(out))
	return nil
}

// applySettingChange is SET / RESET on a list of "name=value" settings
// (pg_db_role_setting.setconfig).
func applySettingChange(h Host, old []string, setting, value string, reset, resetAll bool) ([]string, error) {
	setting = strings.ToLower(setting)
	if !reset {
		v, err := h.NormalizeSetting(setting, value)
		if err != nil {
			return nil, err
		}
		value = v
	}
	var out []string
	replaced := false
	stored := h.CanonicalSettingName(setting)
	for _, kv := range old {
		k, _, _ := strings.Cut(kv, "=")
		if resetAll || strings.EqualFold(k, setting) {
			if !reset && !replaced { // a new value keeps its place (GUCArrayAdd)
				out = append(out, stored+"="+value)
				replaced = true
			}
			continue
		}
		out = append(out, kv)
	}
	if !reset && !replaced {
		out = append(out, stored+"="+value)
	}
	return out, nil
}
