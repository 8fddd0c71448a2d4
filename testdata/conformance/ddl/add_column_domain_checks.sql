-- ADD COLUMN of a domain type over existing rows: the default each row
-- takes passes the domain's checks (a CHECK that refuses NULL too), and
-- without a default the rows' NULL must pass them
create type add_col_ss as (major smallint, minor smallint);
create function add_col_valid(add_col_ss) returns boolean immutable language sql as $$ select ($1).major is not null and ($1).minor is not null $$;
create domain add_col_sv as add_col_ss check (add_col_valid(value));
create function add_col_t2s(text) returns add_col_ss immutable strict language sql as $$ select (split_part($1, '.', 1), split_part($1, '.', 2))::add_col_ss $$;
create domain add_col_nn as int check (value is not null);
create domain add_col_nd as int not null;
create table add_col_p (id int);
insert into add_col_p values (1), (2);
alter table add_col_p add column v add_col_sv not null default add_col_t2s('0.0');
alter table add_col_p add column w add_col_sv not null default add_col_t2s('1.2'), add column x text generated always as ((w).major::text) stored;
alter table add_col_p add column a add_col_nn;
alter table add_col_p add column b add_col_nn default 4;
alter table add_col_p add column c add_col_nd;
alter table add_col_p add column d add_col_nd default 7;
alter table add_col_p add column e add_col_nn default null;
alter table add_col_p alter column id type add_col_nn using null;
select * from add_col_p order by id;
create table add_col_empty (id int);
alter table add_col_empty add column a add_col_nn;
select count(*) from add_col_empty;
