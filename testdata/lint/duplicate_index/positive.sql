create table posts (id bigint primary key, author text, title text);
create index posts_author_idx on posts (author);
create index posts_author_idx1 on posts (author);
