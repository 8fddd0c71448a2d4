-- The oracle has no supabase_vault package (the bootstrap gives it the
-- stand-in's objects as plain objects): neither side keeps it, so \dx and
-- \dn list the same.
drop extension if exists supabase_vault cascade;
drop schema if exists vault cascade;
create type mood as enum ('sad', 'ok', 'happy');
create table parent (id serial primary key, name varchar(20) not null default 'x', m mood, created timestamptz);
create table child (id int8 primary key, parent_id int references parent (id), note text check (length(note) < 100), score numeric(6,2));
create index child_note on child (note);
create view parent_names as select id, name from parent;
create sequence counter;
insert into parent (name, m, created) values ('one', 'happy', '2024-01-02 03:04:05+00'), ('two', null, null);
insert into child values (1, 1, 'a', 1.5), (2, 1, null, null), (3, 2, 'tab	and "quote"', -2);
create function add_one(i int) returns int language sql immutable as $$ select i + 1 $$;
drop role if exists wire_psql_reader;
create role wire_psql_reader nologin;
grant select on parent to wire_psql_reader;
alter table child enable row level security;
create policy child_read on child for select to wire_psql_reader using (score > 0);
create view child_ranks as
  with scored as (select id, parent_id, coalesce(score, 0) as score from child)
  select s.id, s.parent_id,
    rank() over (partition by s.parent_id order by s.score desc) as r,
    case when s.score > 0 then 'up' else 'down' end as trend
  from scored s where s.parent_id in (select id from parent);
comment on view child_ranks is 'children ranked per parent';
create function greet(who text default 'world', times int default 1) returns text language sql stable as $$ select repeat('hi ' || who, times) $$;
create index parent_lower on parent (lower(name), (id + 1), lower(name)) where m is not null;
create cast (text as mood) with inout as assignment;
comment on cast (text as mood) is 'labels are moods';
