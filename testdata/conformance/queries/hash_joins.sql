-- Inner joins on equalities no index serves (expressions, unindexed
-- columns, NULL keys), which tinybase runs as hash joins, with more than
-- two tables and other conditions beside the equality.
create table authors (id int primary key, handle text, team int);
create table notes (id int primary key, author_handle text, team int, body text);
create table teams (id int primary key, name text);
insert into authors select g, 'a' || g, case when g % 7 = 0 then null else g % 5 end from generate_series(1, 300) g;
insert into notes select g, case when g % 11 = 0 then null else 'a' || (g % 320) end, case when g % 13 = 0 then null else g % 5 end, 'note ' || g
  from generate_series(1, 2000) g;
insert into teams values (0, 'zero'), (1, 'one'), (2, 'two'), (3, 'three');
select count(*) from notes n join authors a on a.handle = n.author_handle;
select count(*) from authors a join notes n on n.author_handle = a.handle;
select a.id, n.id from notes n join authors a on a.handle = n.author_handle where n.id < 40;
select count(*) from notes n join authors a on a.team = n.team;
select count(*) from notes n join authors a on a.team = n.team and a.id < n.id where n.id < 100;
select count(*) from notes n join authors a on 'a' || a.id = n.author_handle;
select t.name, count(*) from notes n join authors a on a.handle = n.author_handle join teams t on t.id = a.team group by t.name order by t.name;
select count(*) from notes n join authors a on a.handle = n.author_handle and a.team = n.team;
select count(*) from notes n join authors a on lower(a.handle) = lower(n.author_handle) where a.team is null;
select count(*) from notes n, authors a where a.handle = n.author_handle and n.body like 'note 1%';
