package postgrest

import (
	"context"
)

// Impersonated role settings (PostgREST docs: Impersonated Role Settings):
// the settings made with ALTER ROLE … SET on each role the authenticator
// is a member of are read with the in-database configuration (at the first
// request and on NOTIFY pgrst, 'reload config') and applied with
// set_config(name, value, true) at the start of every request that runs as
// that role, before the role itself is set (server.go tx), as PostgREST's
// Config/Database.hs queryRoleSettings and Query/PreQuery.hs do. As there,
// only parameters an ordinary user may set (pg_settings.context = 'user')
// are applied, so a role's custom placeholder (my.setting) or a superuser
// parameter is skipped; values are lower-cased; default_transaction_isolation
// selects PostgREST's isolation level instead, which this server does not
// vary, so it is skipped too. PostgREST on PostgreSQL 15 also applies
// parameters the authenticator was granted SET on (GRANT SET ON PARAMETER):
// the engine has no has_parameter_privilege, so that case is not read.
const roleSettingsSQL = `with role_setting as (
  select r.rolname, unnest(r.rolconfig) as setting
  from pg_catalog.pg_auth_members m
  join pg_catalog.pg_roles r on r.oid = m.roleid
  where m.member = (select oid from pg_catalog.pg_roles where rolname = current_user)
), kv as (
  select rolname, substr(setting, 1, strpos(setting, '=') - 1) as k, lower(substr(setting, strpos(setting, '=') + 1)) as v
  from role_setting
)
select kv.rolname, kv.k, kv.v
from kv join pg_catalog.pg_settings ps on ps.name = kv.k and ps.context = 'user'
where kv.k <> 'default_transaction_isolation'
order by kv.rolname, kv.k`

// readRoleSettings reads the settings of the roles the session user can
// switch to, by role name.
func readRoleSettings(ctx context.Context, q Querier) (map[string][][2]string, error) {
	res, err := q.Query(ctx, roleSettingsSQL)
	if err != nil {
		return nil, err
	}
	var out map[string][][2]string
	for _, r := range res.Rows {
		if len(r) != 3 || r[0] == nil || r[1] == nil || r[2] == nil {
			continue
		}
		if out == nil {
			out = map[string][][2]string{}
		}
		out[*r[0]] = append(out[*r[0]], [2]string{*r[1], *r[2]})
	}
	return out, nil
}
