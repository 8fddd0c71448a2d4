create extension if not exists pgcrypto with schema extensions;
create type status as enum ('draft', 'published', 'archived');
create type money_amount as (currency char(3), cents bigint);
create sequence invoice_no start 1000;
create table profiles (
  id uuid primary key default gen_random_uuid(),
  username text not null unique,
  full_name text,
  age int check (age >= 0),
  created_at timestamptz not null default now()
);
comment on table profiles is 'public user profiles';
comment on column profiles.username is 'unique handle';
create table posts (
  id bigint generated always as identity primary key,
  author uuid not null references profiles (id) on delete cascade,
  title text not null,
  body text,
  status status not null default 'draft',
  tags text[] not null default '{}',
  meta jsonb,
  price money_amount,
  title_len int generated always as (length(title)) stored,
  invoice int not null default nextval('invoice_no')
);
create index posts_author_idx on posts (author);
create index posts_title_lower on posts (lower(title));
create view published_posts with (security_invoker = true) as
  select p.id, p.title, pr.username from posts p join profiles pr on pr.id = p.author where p.status = 'published';
create function post_count(uid uuid) returns bigint language sql stable as $$ select count(*) from posts where author = uid $$;
create function touch_title() returns trigger language plpgsql as $$
begin
  new.title := trim(new.title);
  return new;
end
$$;
create trigger posts_touch before insert or update on posts for each row execute function touch_title();
alter table posts enable row level security;
create policy posts_read on posts for select to anon, authenticated using (status = 'published');
create policy posts_write on posts for all to authenticated using (author = auth.uid()) with check (author = auth.uid());
grant select on published_posts to anon;
grant select, insert, update on posts to authenticated;
insert into profiles (id, username, full_name, age, created_at) values
  ('00000000-0000-0000-0000-000000000001', 'ann', 'Ann "A" Lee', 31, '2024-01-02 03:04:05+00'),
  ('00000000-0000-0000-0000-000000000002', 'bob', null, null, '2024-02-03 04:05:06+00');
insert into posts (author, title, body, status, tags, meta, price) values
  ('00000000-0000-0000-0000-000000000001', ' hello ', 'tab	and
newline', 'published', '{a,b}', '{"k": [1, 2]}', '(EUR,1250)'),
  ('00000000-0000-0000-0000-000000000002', 'draft', null, 'draft', '{}', null, null);
