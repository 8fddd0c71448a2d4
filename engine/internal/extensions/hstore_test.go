package extensions_test

import (
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestHstore covers what the conformance case does not: hostile
// arguments and an audit trigger's hstore(NEW) - hstore(OLD).
func TestHstore(t *testing.T) {
	run(t, installed(t, "hstore"), []sqlCase{
		{name: "nulls", sql: `select akeys(null) is null, hstore(null::text[]) is null, 'a=>1'::hstore -> null::text is null, exist(null, 'a') is null`, want: "t|t|t|t"},
		{name: "huge", sql: `select length((hstore(repeat('k', 100000), repeat('v', 1000000)))::text)`, want: "1100006"},
		{name: "3-D array", sql: `select hstore('{{{a,b}}}'::text[])`, code: "2202E", msg: "wrong number of array subscripts"},
		{name: "odd array", sql: `select hstore(array['a'])`, code: "2202E", msg: "array must have even number of elements"},
		{name: "null key", sql: `select hstore(array[null, 'x'])`, code: "22004", msg: "null value not allowed for hstore key"},
		{name: "audit diff", sql: `create table acct (id int primary key, name text, balance int);
create table audit (id serial primary key, changed hstore);
create function log_change() returns trigger language plpgsql as $$
begin
  insert into audit (changed) values (hstore(new) - hstore(old));
  return new;
end $$;
create trigger acct_audit after update on acct for each row execute function log_change();
insert into acct values (1, 'a', 10);
update acct set balance = 20 where id = 1;
select changed from audit`, want: `"balance"=>"20"`},
	})
}

func TestHstoreDurable(t *testing.T) {
	s2 := enginetest.Reopened(t, `create extension hstore with schema extensions;
create table kv (id int primary key, h hstore);
insert into kv values (1, 'a=>1, b=>NULL')`, `insert into kv values (2, 'c=>"x y"')`)
	res := enginetest.Exec(t, s2, `select id, h, h -> 'a' from kv where h ? 'a' or h @> 'c=>"x y"' order by id`)
	if got, want := enginetest.LastRows(res), "1|\"a\"=>\"1\", \"b\"=>NULL|1\n2|\"c\"=>\"x y\"|<null>"; got != want {
		t.Errorf("after reopening:\n got %q\nwant %q", got, want)
	}
}
