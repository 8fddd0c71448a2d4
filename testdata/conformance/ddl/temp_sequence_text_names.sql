-- pg_temp in a sequence name given as text: nextval, currval, setval and a column default that names it
select nextval('pg_temp.tsn_seq');
create temp sequence tsn_seq;
select nextval('pg_temp.tsn_seq'), nextval('tsn_seq');
select currval('pg_temp.tsn_seq');
select setval('pg_temp.tsn_seq', 10, false);
select nextval('pg_temp.tsn_seq');
create temp table tsn_t (id integer not null default nextval('pg_temp.tsn_seq'), v text);
insert into tsn_t (v) values ('a'), ('b');
select id, v from tsn_t order by id;
select nextval('pg_temp.tsn_none');
