package extensions_test

import "testing"

// TestPgNet checks the request functions queue what the worker needs
// (method, encoded URL, headers, body, timeout), the collect functions
// and Supabase's database-webhook trigger.
func TestPgNet(t *testing.T) {
	s := installed(t, "pg_net")
	run(t, s, []sqlCase{
		{name: "get with params", sql: `select net.http_get('http://127.0.0.1:9/x?a=1', params := '{"q":"a b/é"}')`, want: "1"},
		{name: "post named args", sql: `select net.http_post(url := 'http://localhost:9/p', body := '{"hello":1}', headers := '{"Authorization":"Bearer t"}', timeout_milliseconds := 250)`, want: "2"},
		{name: "delete", sql: `select net.http_delete('http://localhost:9/d')`, want: "3"},
		{name: "queue", sql: `select id, method, url, headers, convert_from(body, 'UTF8'), timeout_milliseconds from net.http_request_queue order by id`,
			want: "1|GET|http://127.0.0.1:9/x?a=1&q=a%20b%2F%C3%A9|{}|<null>|5000\n" +
				`2|POST|http://localhost:9/p|{"Content-Type": "application/json", "Authorization": "Bearer t"}|{"hello": 1}|250` + "\n" +
				"3|DELETE|http://localhost:9/d|{}|<null>|5000"},
		{name: "strict get on null url", sql: `select net.http_get(null) is null`, want: "t"},
		{name: "null url post", sql: `select net.http_post(null)`, code: "23502"},
		{name: "not a url is the worker's to report", sql: `select net.http_get('ftp://x') > 0, net.http_post(repeat('x', 100000)) > 0`, want: "t|t"},
		{name: "post wrong content type", sql: `select net.http_post('http://localhost/', headers := '{"content-type":"text/plain"}')`, code: "P0001", msg: "Content-Type header must be"},
		{name: "collect unknown", sql: `select net._http_collect_response(42)`, want: `(ERROR,"request matching request_id not found",)`},
		{name: "collect answered", sql: `insert into net._http_response (id, status_code, headers, content) values (1, 200, '{"a":"b"}', 'hi');
			select (r).status, (r).message, ((r).response).status_code, ((r).response).body from (select net._http_collect_response(1) r) x`,
			want: "SUCCESS|ok|200|hi"},
		{name: "collect error", sql: `insert into net._http_response (id, error_msg) values (2, 'Timeout was reached');
			select net.http_collect_response(2)`, want: `(ERROR,"Timeout was reached",)`},
		{name: "anon may call http_post", sql: `set role anon; select net.http_post('http://localhost/') > 0; reset role`, want: "t"},
		{name: "webhook", sql: `create table orders (id int primary key, total int);
			create trigger orders_hook after insert or update or delete on orders for each row
			  execute function supabase_functions.http_request('http://127.0.0.1:9/hook', 'POST', '{"Content-Type":"application/json"}', '{}', '1000');
			insert into orders values (1, 10); update orders set total = 20; delete from orders;
			select q.method, q.url, convert_from(q.body, 'UTF8'), q.timeout_milliseconds, h.hook_name,
			       h.hook_table_id = 'public.orders'::regclass::oid::int
			  from supabase_functions.hooks h join net.http_request_queue q on q.id = h.request_id order by h.id`,
			want: `POST|http://127.0.0.1:9/hook|{"type": "INSERT", "table": "orders", "record": {"id": 1, "total": 10}, "schema": "public", "old_record": null}|1000|orders_hook|t` + "\n" +
				`POST|http://127.0.0.1:9/hook|{"type": "UPDATE", "table": "orders", "record": {"id": 1, "total": 20}, "schema": "public", "old_record": {"id": 1, "total": 10}}|1000|orders_hook|t` + "\n" +
				`POST|http://127.0.0.1:9/hook|{"type": "DELETE", "table": "orders", "record": null, "schema": "public", "old_record": {"id": 1, "total": 20}}|1000|orders_hook|t`},
		{name: "webhook to an edge function", sql: `select vault.create_secret('http://127.0.0.1:9/functions/v1/', 'supabase_functions_url');
			select vault.create_secret('service-key', 'supabase_service_role_key');
			create table t4 (id int);
			create trigger h4 after insert on t4 for each row execute function supabase_functions.http_request('hello', 'POST', '{"X-A":"1"}');
			insert into t4 values (1);
			select q.url, q.headers from supabase_functions.hooks h join net.http_request_queue q on q.id = h.request_id where h.hook_name = 'h4'`,
			want: `http://127.0.0.1:9/functions/v1/hello|{"X-A": "1", "Content-Type": "application/json", "Authorization": "Bearer service-key"}`},
		{name: "webhook without url", sql: `create table t2 (id int);
			create trigger h2 after insert on t2 for each row execute function supabase_functions.http_request();
			insert into t2 values (1)`, code: "P0001", msg: "url argument is missing"},
		{name: "edge function without its secret", sql: `create table t5 (id int);
			create trigger h5 after insert on t5 for each row execute function supabase_functions.http_request('fn', 'POST');
			delete from vault.secrets where name = 'supabase_functions_url';
			insert into t5 values (1)`, code: "P0001", msg: `Vault secret "supabase_functions_url" not found`},
		{name: "webhook bad method", sql: `create table t3 (id int);
			create trigger h3 after insert on t3 for each row execute function supabase_functions.http_request('http://localhost/', 'PUT');
			insert into t3 values (1)`, code: "P0001", msg: "method argument PUT is invalid"},
	})
}

// TestPgNetDrop drops pg_net: its composite types go before the types
// their fields have, so the whole extension goes, types and functions.
func TestPgNetDrop(t *testing.T) {
	s := installed(t, "pg_net")
	run(t, s, []sqlCase{
		{name: "drop", sql: `drop extension pg_net cascade; select count(*) from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'net'`, want: "0"},
		{name: "no functions left", sql: `select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'net'`, want: "0"},
		{name: "again", sql: `create extension pg_net; select count(*) > 0 from pg_proc where proname = 'http_get'`, want: "t"},
	})
}
