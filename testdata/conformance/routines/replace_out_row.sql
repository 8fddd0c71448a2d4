-- CREATE OR REPLACE of a function returning a row through OUT parameters
-- or RETURNS TABLE: the row type (count, names, types) cannot change;
-- a same-row replace and a renamed single OUT column still work
create function ror_t() returns table (a int, b text) language sql as $$ select 1, 'x' $$;
create or replace function ror_t() returns table (a int, b text, c boolean) language sql as $$ select 1, 'x', true $$;
create or replace function ror_t() returns table (a int, c text) language sql as $$ select 1, 'x' $$;
create or replace function ror_t() returns table (a int, b varchar) language sql as $$ select 1, 'x' $$;
create or replace function ror_t() returns table (a int, b text) language sql as $$ select 2, 'y' $$;
select * from ror_t();
create function ror_o(out x int, out y int) language sql as $$ select 1, 2 $$;
create or replace function ror_o(out x int, out z int) language sql as $$ select 1, 2 $$;
create or replace function ror_o(out x int, out y int, out z int) language sql as $$ select 1, 2, 3 $$;
create or replace function ror_o(out x int, out y int) language sql as $$ select 3, 4 $$;
select * from ror_o();
create function ror_one() returns table (a int) language sql as $$ select 1 $$;
create or replace function ror_one() returns table (b int) language sql as $$ select 1 $$;
select * from ror_one();
create function ror_rec() returns record language sql as $$ select 1, 2 $$;
create or replace function ror_rec(out p int, out q int) language sql as $$ select 1, 2 $$;
create procedure ror_p(inout a int, inout b int) language plpgsql as $$ begin a := 1; b := 2; end $$;
create or replace procedure ror_p(inout a int, inout c int) language plpgsql as $$ begin a := 1; c := 2; end $$;
drop function ror_t(), ror_o(), ror_one(), ror_rec();
drop procedure ror_p(int, int);
