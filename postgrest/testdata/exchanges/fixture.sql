create schema other;
create table authors (id int primary key, name text not null, bio text);
create table books (id int primary key, title text not null, author_id int references authors(id), year int, price numeric(8,2), tags text[], meta jsonb);
create table tags (id int primary key, label text);
create table book_tags (book_id int references books(id), tag_id int references tags(id), primary key (book_id, tag_id));
create table items (id serial primary key, name text, qty int default 7, done boolean default false);
create table people (id int primary key, name text, boss_id int, mentor_id int,
  constraint people_boss_fkey foreign key (boss_id) references people(id),
  constraint people_mentor_fkey foreign key (mentor_id) references people(id));
create table profiles (id int primary key references authors(id), website text);
create table todos (id serial primary key, owner text not null, task text, done boolean not null default false);
create table other.notes (id int primary key, body text);
insert into authors values (1, 'Ann', 'writes'), (2, 'Bob', null), (3, 'Cy', 'x');
insert into books values
  (1, 'Alpha', 1, 2001, 10.50, '{a,b}', '{"lang":"en","pages":100}'),
  (2, 'Beta', 1, 2005, 20.00, '{b}', '{"lang":"fr","pages":250}'),
  (3, 'Gamma', 2, 1999, null, null, null),
  (4, 'Delta, the "fourth"', null, 2010, 5.25, '{}', '{"lang":"en"}');
insert into tags values (1, 'fiction'), (2, 'science'), (3, 'poetry');
insert into book_tags values (1, 1), (1, 2), (2, 2), (3, 3);
insert into people values (1, 'root', null, null), (2, 'mid', 1, 1), (3, 'leaf', 2, 1);
insert into profiles values (1, 'ann.example');
insert into other.notes values (1, 'hidden');
insert into todos (owner, task) values ('u1', 'one'), ('u1', 'two'), ('u2', 'three');
grant usage on schema public, other to anon, authenticated, service_role;
grant all on all tables in schema public, other to anon, authenticated, service_role;
grant all on all sequences in schema public to anon, authenticated, service_role;
create function now_text() returns text language sql stable as $$ select to_char('2024-01-02 03:04:05+00'::timestamptz, 'YYYY-MM-DD HH24:MI TZ') $$;
