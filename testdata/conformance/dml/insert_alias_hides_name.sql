-- conformance: context
-- INSERT INTO r AS t: the alias hides the table's name in RETURNING and
-- ON CONFLICT, as in a FROM clause
create table ah (a int primary key, b int);
insert into ah as t values (1, 1) returning ah.*;
insert into ah as t values (1, 1) returning ah.a;
insert into ah as t values (1, 1) returning public.ah.a;
insert into ah as t values (1, 1) on conflict (a) do update set b = ah.b;
insert into ah as t values (1, 1) on conflict (a) do update set b = 2 where ah.b > 0;
insert into ah as t values (1, 1) returning t.*;
insert into ah as t values (2, 2) returning t.a, (select count(*) from ah);
insert into ah as ah values (3, 3) returning ah.*;
insert into ah as t values (1, 9) on conflict (a) do update set b = t.b + excluded.b returning t.*;
select * from ah order by a;
