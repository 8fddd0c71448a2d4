-- A SQL function whose final statement is a query with data-modifying WITH
-- items: CREATE checks the main query's columns against the declared
-- result, and plans the body without running it (a set-returning function
-- in FROM is not called with the parameters' placeholders).
create table jobs (id int primary key, name text not null, tries int not null default 0);
create type job_rec as (id int, name text);
create function fail_on_null(q text) returns setof jobs language plpgsql as $$
begin
  if q is null then
    raise exception 'called with a null name';
  end if;
  return query select * from jobs where name = q;
end $$;
create function claim(q text) returns setof job_rec language sql as $$
with picked as (select * from fail_on_null(q)),
bump as (update jobs set tries = tries + 1 where id in (select id from picked))
select p.id, p.name from picked p
$$;
create function claim_returning(q text) returns setof job_rec language sql as $$
with bumped as (update jobs set tries = tries + 1 where name = q returning id, name)
select b.id, b.name from bumped b
$$;
create function claim_bad(q text) returns setof int language sql as $$
with bump as (update jobs set tries = tries + 1 where name = q)
select 'x'::text
$$;
create function claim_count(q text) returns bigint language sql as $$
with bump as (delete from jobs where name = q)
select count(*) from jobs
$$;
insert into jobs (id, name) values (1, 'a'), (2, 'b'), (3, 'a');
select * from claim('a') order by id;
select * from claim_returning('b');
select id, tries from jobs order by id;
select claim_count('b');
select id, tries from jobs order by id;
