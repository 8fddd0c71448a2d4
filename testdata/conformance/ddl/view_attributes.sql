-- The columns of views in pg_attribute: the types their SELECT gives,
-- never NOT NULL, without defaults; what `supabase gen types` and
-- PostgREST read.
create domain positive_int as integer check (value > 0);
create type mood as enum ('sad', 'happy');
create table items (
  id bigint generated always as identity primary key,
  name text not null,
  price numeric(10, 2) not null default 0,
  qty positive_int,
  tags varchar(20)[],
  feeling mood default 'happy',
  made_at timestamptz not null default now()
);
create view item_list as select id, name, price, qty, tags, feeling from items;
create view item_totals (item, total) as select id, price * 2 from items;
create view item_misc as select 'x' as label, 1 as one, name || '!' as shout, count(*) over () as n, made_at::date as day from items;
create view item_nested as select item, total from item_totals where total > 0;
select attname, format_type(atttypid, atttypmod), attnum, attnotnull, atthasdef, attidentity, attgenerated, attisdropped, attndims
from pg_attribute where attrelid = 'item_list'::regclass order by attnum;
select attname, format_type(atttypid, atttypmod), attnum, attnotnull, atthasdef
from pg_attribute where attrelid = 'item_totals'::regclass order by attnum;
select attname, format_type(atttypid, atttypmod), attnum, attnotnull
from pg_attribute where attrelid = 'item_misc'::regclass order by attnum;
select attname, format_type(atttypid, atttypmod), attnum
from pg_attribute where attrelid = 'item_nested'::regclass order by attnum;
select c.relname, count(a.attname), c.relnatts
from pg_class c join pg_attribute a on a.attrelid = c.oid and a.attnum > 0
where c.relkind = 'v' and c.relnamespace = 'public'::regnamespace
group by c.relname, c.relnatts order by c.relname;
alter view item_list rename to item_listing;
select attname, format_type(atttypid, atttypmod)
from pg_attribute where attrelid = 'item_listing'::regclass order by attnum;
create or replace view item_totals (item, total, extra) as select id, price * 2, name from items;
select attname, format_type(atttypid, atttypmod)
from pg_attribute where attrelid = 'item_totals'::regclass order by attnum;
select a.attname, t.typname
from pg_attribute a join pg_type t on t.oid = a.atttypid
where a.attrelid = 'item_listing'::regclass and a.attnum > 0 order by a.attnum;
