create type dz_status as enum ('draft', 'published', 'archived');
create type dz_role as enum ('reader', 'editor');
create table dz_users (id bigint primary key, email text not null unique, role dz_role not null default 'reader', created_at timestamptz);
create table dz_posts (id bigint primary key, author_id bigint not null references dz_users (id) on delete cascade, title varchar(200) not null, status dz_status, body text);
create index dz_posts_author on dz_posts (author_id);
create table dz_comments (id bigint primary key, post_id bigint references dz_posts (id), user_id bigint references dz_users (id), note text check (length(note) < 1000));
create index dz_comments_post on dz_comments (post_id, user_id);
create table dz_tags (id serial primary key, name varchar(40) not null default 'tag', weight numeric(6,2) default 0, added timestamptz default now());
