-- Writes through a simple view: RETURNING * gives the view's columns (not
-- the hidden ones of its table), computed view columns read their
-- expression, qualified references name the view, and a data-modifying
-- WITH item writes through the view, as PostgREST's statements do.
create table vb (id serial primary key, a int, secret text default 's');
create view vv as select id, a from vb;
insert into vv (a) values (1) returning *;
update vv set a = 2 returning *;
update vv x set a = 3 returning x.*, x.a;
delete from vv returning *;
insert into vv (a) values (5) returning id;
create view vr as select a as alpha, id, a * 10 as tens, upper(secret) as up from vb;
insert into vr (alpha) values (7) returning *;
insert into vr (alpha) values (8) returning tens, up, vr.alpha;
update vr set alpha = alpha + 1 where id > 0 returning vr.*;
create view vs as select * from vb;
insert into vs (a) values (9) returning *;
delete from vr where alpha = 9 returning *;
insert into vv (a) values (11) returning "public"."vv".*;
insert into public.vv (a) values (12) returning public.vv.a, vv.id;
update public.vr set alpha = 13 where alpha = 12 returning public.vr.*;
delete from vv as d where a = 13 returning d.*;
with pgrst_source as (insert into public.vv (a) values (1), (2) returning "public"."vv".*) select count(*) from pgrst_source;
with s as (update vv set a = a + 10 where a = 1 returning *) select * from s;
with s as (delete from vv where a = 2 returning vv.*) select * from s;
select * from vb order by id;
create view books_view as select b.id, b.a as writer, b.secret from vb b where b.a > 0;
update public.books_view set writer = pgrst_body.writer from (select 42 as writer, 'x' as id) pgrst_body where public.books_view.id = 5 returning public.books_view.*;
update books_view set writer = 0 where id = 5 returning *;
select * from vb order by id;
