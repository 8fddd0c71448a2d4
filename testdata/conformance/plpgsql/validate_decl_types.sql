create table acct (id int primary key, owner text);
create type mood as enum ('ok');
create function f1() returns int language plpgsql as $$ declare x nope_type; begin return 1; end $$;
create function f2() returns int language plpgsql as $$ declare x missing_tab.col%type; begin return 1; end $$;
create function f3() returns int language plpgsql as $$ declare r missing_tab%rowtype; begin return 1; end $$;
create function f4() returns int language plpgsql as $$ declare x acct.nope%type; begin return 1; end $$;
create function f5() returns int language plpgsql as $$ declare x nosuch.thing; begin return 1; end $$;
create function g1(p int) returns text language plpgsql as $$
declare
  a acct.owner%type;
  r acct%rowtype;
  m mood := 'ok';
  n numeric(10, 2);
  rec record;
  arr int[];
  t acct;
begin
  return coalesce(a, 'none') || m::text;
end $$;
select g1(1);
set check_function_bodies = off;
create function f6() returns int language plpgsql as $$ declare x nope_type; begin return 1; end $$;
reset check_function_bodies;
create function tg() returns trigger language plpgsql as $$ declare o acct%rowtype; begin return new; end $$;
create function s1() returns setof nosuch.t language sql as 'select 1';
create function s2(p nosuch.t) returns int language sql as 'select 1';
