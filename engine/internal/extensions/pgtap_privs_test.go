package extensions_test

import "testing"

// TestPgtapForeignPrivs checks fdw_privs_are and server_privs_are against
// GRANT on foreign-data wrappers and servers (and, with TINYBASE_PG_URL,
// that the script prints the same on PostgreSQL).
func TestPgtapForeignPrivs(t *testing.T) {
	s := installed(t, "pgtap")
	run(t, s, []sqlCase{
		{name: "objects", sql: "create foreign data wrapper tpf_w; create server tpf_s foreign data wrapper tpf_w; select 1", want: "1"},
		{name: "owner holds usage", sql: "begin; select plan(2); select fdw_privs_are('tpf_w', current_user, '{USAGE}'); select server_privs_are('tpf_s', current_user, '{USAGE}', 'd'); rollback",
			want: "ok 2 - d"},
		{name: "public lacks usage", sql: "begin; select plan(1); select fdw_privs_are('tpf_w', 'anon', '{USAGE}', 'd'); rollback",
			want: "not ok 1 - d\n# Failed test 1: \"d\"\n#     Missing privileges:\n#         USAGE"},
		{name: "granted", sql: "grant usage on foreign server tpf_s to anon; begin; select plan(1); select server_privs_are('tpf_s', 'anon', '{}'::name[]); rollback",
			want: "not ok 1 - Role anon should be granted no privileges on server tpf_s\n# Failed test 1: \"Role anon should be granted no privileges on server tpf_s\"\n#     Extra privileges:\n#         USAGE"},
		{name: "missing server", sql: "begin; select plan(1); select server_privs_are('tpf_none', 'anon', '{USAGE}', 'd'); rollback",
			want: "not ok 1 - d\n# Failed test 1: \"d\"\n#     Server tpf_none does not exist"},
		{name: "missing role", sql: "begin; select plan(1); select fdw_privs_are('tpf_w', 'tpf_nobody', '{USAGE}', 'd'); rollback",
			want: "not ok 1 - d\n# Failed test 1: \"d\"\n#     Role tpf_nobody does not exist"},
	})
}
