package extensions_test

import "testing"

// plpgsql_check cannot be installed on the oracle (it is not in
// PostgreSQL 15's contrib): expected rows follow the extension's
// regression output for the same kinds of findings.
func TestPlpgsqlCheck(t *testing.T) {
	tb := `select lineno, statement, sqlstate, message, level, position, query from extensions.plpgsql_check_function_tb(`
	run(t, installed(t, "plpgsql_check")[:1], []sqlCase{
		{name: "setup", sql: `create table t1(a int, b int);
create function clean(p int) returns int language plpgsql as $$
declare
  s int := 0;
  r record;
begin
  for r in select a, b from t1 where a > p loop
    s := s + r.a + r.b;
  end loop;
  return s;
end $$;
create function missing_rel() returns void language plpgsql as $$
begin
  if false then
    insert into nosuch values (1);
  end if;
end $$;
create function missing_col() returns void language plpgsql as $$
begin
  update t1 set c = 30;
  perform a from t1 where zz = 1;
end $$;
create function missing_fn() returns int language plpgsql as $$
declare x int;
begin
  x := no_such_fn(1);
  return x;
end $$;
create function bad_field() returns void language plpgsql as $$
declare r record;
begin
  for r in select * from t1 loop
    raise notice '%', r.c;
  end loop;
end $$;
create function unused(a int, b int) returns int language plpgsql as $$
declare
  u int;
  w int;
begin
  w := 1;
  return a;
end $$;
create function badcast() returns void language plpgsql as $$
declare d date;
begin
  d := true;
  raise notice '%', d;
end $$;
create function trg() returns trigger language plpgsql as $$
begin
  new.a := new.b + 1;
  raise notice '%', new.c;
  return new;
end $$;
select 1`, want: "1"},
		{name: "clean", sql: `select count(*) from extensions.plpgsql_check_function('clean(int)')`, want: "0"},
		{name: "clean tb", sql: tb + `'clean(int)')`, want: ""},
		{name: "missing relation", sql: tb + `'missing_rel()')`, want: `4|SQL statement|42P01|relation "nosuch" does not exist|error|13|insert into nosuch values (1)`},
		{name: "missing relation text", sql: `select * from extensions.plpgsql_check_function('missing_rel()')`,
			want: "error:42P01:4:SQL statement:relation \"nosuch\" does not exist\nQuery: insert into nosuch values (1)\n--                 ^"},
		{name: "missing column fatal", sql: tb + `'missing_col()')`, want: `3|SQL statement|42703|column "c" of relation "t1" does not exist|error|15|update t1 set c = 30`},
		{name: "missing column all", sql: `select lineno, sqlstate, message from extensions.plpgsql_check_function_tb('missing_col()', fatal_errors := false)`,
			want: "3|42703|column \"c\" of relation \"t1\" does not exist\n4|42703|column \"zz\" does not exist"},
		{name: "missing function", sql: tb + `'missing_fn()')`, want: `4|assignment|42883|function no_such_fn(integer) does not exist|error|6|x := no_such_fn(1)`},
		{name: "record field", sql: `select lineno, statement, sqlstate, message, context from extensions.plpgsql_check_function_tb('bad_field()')`,
			want: `5|RAISE|42703|record "r" has no field "c"|SQL expression "r.c"`},
		{name: "unused", sql: `select * from extensions.plpgsql_check_function('unused(int,int)')`,
			want: "warning extra:00000:unused parameter \"b\"\nwarning:00000:3:DECLARE:unused variable \"u\"\nwarning extra:00000:4:DECLARE:never read variable \"w\""},
		{name: "without warnings", sql: `select count(*) from extensions.plpgsql_check_function('unused(int,int)', without_warnings := true)`, want: "0"},
		{name: "cast", sql: `select lineno, statement, sqlstate, message, level from extensions.plpgsql_check_function_tb('badcast()')`,
			want: `4|assignment|42804|target type is different type than source type|warning`},
		{name: "trigger", sql: `select lineno, statement, sqlstate, message from extensions.plpgsql_check_function_tb('trg()', 't1')`,
			want: `4|RAISE|42703|record "new" has no field "c"`},
		{name: "trigger without relation", sql: `select * from extensions.plpgsql_check_function('trg()')`, code: "22023", msg: "missing trigger relation"},
		{name: "not plpgsql", sql: `create function s() returns int language sql as 'select 1'; select * from extensions.plpgsql_check_function('s()')`, code: "22023", msg: "is not a plpgsql function"},
		{name: "writes are not run", sql: `create sequence sq;
create function writes() returns void language plpgsql as $$
begin
  insert into t1 values (nextval('sq'), 2);
  update t1 set b = 3;
  delete from t1 where a = 1;
  perform nextval('sq');
  if nextval('sq') > 0 then
    raise notice '%', (select nextval('sq'));
  end if;
end $$;
select count(*) from extensions.plpgsql_check_function('writes()')`, want: "0"},
		{name: "nothing ran", sql: `select count(*), (select is_called from sq) from t1`, want: "0|f"},
		{name: "unmodified out", sql: `create function outp(a int, out b int) language plpgsql as $$ begin perform a; end $$;
select * from extensions.plpgsql_check_function('outp(int)')`, want: `warning extra:00000:unmodified OUT variable "b"`},
	})
}

// The migration shape of the issue: CREATE EXTENSION without a schema.
func TestPlpgsqlCheckPlainCreate(t *testing.T) {
	run(t, installed(t)[:1], []sqlCase{
		{name: "create and check", sql: `create extension if not exists plpgsql_check;
create table t(x int);
create function f() returns int language plpgsql as $$ begin return (select sum(y) from t); end $$;
select * from plpgsql_check_function_tb('f()')`,
			want: `f|1|RETURN|42703|column "y" does not exist|<null>|<null>|error|13|(select sum(y) from t)|<null>`},
	})
}

// The migration shape: the extension created in a migration, then a
// function checked by name through the search path.
func TestPlpgsqlCheckMigration(t *testing.T) {
	run(t, installed(t, "plpgsql_check")[:1], []sqlCase{
		{name: "create again", sql: `create extension if not exists plpgsql_check with schema extensions; set search_path = public, extensions;
create function f() returns int language plpgsql as $$ begin return (select count(*) from missing_table); end $$;
select * from plpgsql_check_function('f()')`,
			want: "error:42P01:1:RETURN:relation \"missing_table\" does not exist\nQuery: (select count(*) from missing_table)\n--                           ^"},
	})
}

// The json and xml formats, functions named without a signature, and
// plpgsql_check_pragma, whose call runs as a no-op.
func TestPlpgsqlCheckFormatsAndNames(t *testing.T) {
	run(t, installed(t, "plpgsql_check")[:1], []sqlCase{
		{name: "setup", sql: `set search_path = public, extensions;
create table t(a int);
create function f() returns int language plpgsql as $$
declare u int;
begin
  return (select sum(b) from t);
end $$;
create function ok() returns int language plpgsql as $$ begin perform plpgsql_check_pragma('disable:check'); return 1; end $$;
create function two(int) returns int language plpgsql as $$ begin return 1; end $$;
create function two(text) returns int language plpgsql as $$ begin return 2; end $$;
select 1`, want: "1"},
		{name: "json", sql: `select replace(plpgsql_check_function('f()', format := 'json', fatal_errors := false), 'f'::regproc::oid::text, 'OID')`,
			want: "{ \"function\":\"OID\",\n\"issues\":[\n  {\n    \"level\":\"error\",\n    \"message\":\"column \\\"b\\\" does not exist\",\n    \"statement\":{\n\"lineNumber\":\"4\",\n\"text\":\"RETURN\"\n},\n    \"query\":{\n\"position\":\"13\",\n\"text\":\"(select sum(b) from t)\"\n},\n    \"sqlState\":\"42703\"\n  },  {\n    \"level\":\"warning\",\n    \"message\":\"unused variable \\\"u\\\"\",\n    \"sqlState\":\"00000\"\n  }\n\n]\n}"},
		{name: "json parses", sql: `select jsonb_array_length(plpgsql_check_function('f()', format := 'JSON', fatal_errors := false)::jsonb->'issues')`, want: "2"},
		{name: "json clean", sql: `select (plpgsql_check_function('ok', format := 'json')::jsonb)->'issues'`, want: "[]"},
		{name: "xml", sql: `select replace(plpgsql_check_function('f()', fatal_errors := true, other_warnings := false, format := 'xml'), 'f'::regproc::oid::text, 'OID')`,
			want: "<Function oid=\"OID\">\n  <Issue>\n    <Level>error</Level>\n    <Sqlstate>42703</Sqlstate>\n    <Message>column \"b\" does not exist</Message>\n    <Stmt lineno=\"4\">RETURN</Stmt>\n    <Query position=\"13\">(select sum(b) from t)</Query>\n  </Issue>\n</Function>"},
		{name: "bad format", sql: `select plpgsql_check_function('f()', format := 'yaml')`, code: "22023", msg: `unrecognize format: "yaml"`},
		{name: "by name", sql: `select lineno, sqlstate from plpgsql_check_function_tb('f', fatal_errors := false)`, want: "4|42703\n2|00000"},
		{name: "by name text", sql: `select count(*) from plpgsql_check_function('ok')`, want: "0"},
		{name: "ambiguous name", sql: `select * from plpgsql_check_function('two')`, code: "42725", msg: `more than one function named "two"`},
		{name: "unknown name", sql: `select * from plpgsql_check_function('nosuch')`, code: "42883", msg: `function "nosuch" does not exist`},
		{name: "pragma runs", sql: `select ok(), plpgsql_check_pragma('type: x int', 'echo: hi')`, want: "1|1"},
	})
}

// plpgsql_show_dependency_tb: relations and user routines, each once,
// ordered by type, schema and name; built-ins and CTE names are not
// dependencies.
func TestPlpgsqlShowDependency(t *testing.T) {
	run(t, installed(t, "plpgsql_check")[:1], []sqlCase{
		{name: "setup", sql: `set search_path = public, extensions;
create schema app;
create table public.accounts(id int primary key, owner text);
create table app.audit(id int, what text);
create function public.fee(x int, y text) returns int language sql as 'select x';
create procedure app.note(t text) language plpgsql as $$ begin insert into app.audit values (1, t); end $$;
create function work(p int) returns int language plpgsql as $$
declare n int;
begin
  with recent as (select id from accounts where id > p)
  select count(*) into n from recent;
  insert into app.audit select id, owner from accounts where upper(owner) = 'X';
  n := fee(n, 'a') + fee(1, 'b') + length('abc');
  call app.note('done');
  return n;
end $$;
select 1`, want: "1"},
		{name: "deps", sql: `select type, schema, name, params from plpgsql_show_dependency_tb('work(int)')`,
			want: "FUNCTION|public|fee|(integer,text)\nPROCEDURE|app|note|(text)\nRELATION|app|audit|<null>\nRELATION|public|accounts|<null>"},
		{name: "by name", sql: `select count(*) from plpgsql_show_dependency_tb('work')`, want: "4"},
		{name: "oids", sql: `select bool_and(oid = 'public.accounts'::regclass::oid) from plpgsql_show_dependency_tb('work') where name = 'accounts'`, want: "t"},
		{name: "nothing ran", sql: `select count(*) from app.audit`, want: "0"},
	})
}
