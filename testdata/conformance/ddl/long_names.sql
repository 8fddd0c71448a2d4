-- identifiers longer than 63 bytes are truncated; generated constraint,
-- index and sequence names truncate their parts (makeObjectName)
create table a_very_long_table_name_that_goes_on_and_on_for_quite_a_while_xx (id int primary key, a_very_long_column_name_that_goes_on_and_on_for_quite_a_while_yy int unique, other_col_with_a_long_name_too int references a_very_long_table_name_that_goes_on_and_on_for_quite_a_while_xx(id), check (a_very_long_column_name_that_goes_on_and_on_for_quite_a_while_yy > 0), c2 int references a_very_long_table_name_that_goes_on_and_on_for_quite_a_while_xx(id), s serial);
select conname, contype from pg_constraint where conrelid = 'a_very_long_table_name_that_goes_on_and_on_for_quite_a_while_xx'::regclass order by 1;
select relname, relkind from pg_class where relname like 'a_very%' order by 1;
create table bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb (id int);
select relname from pg_class where relname like 'bbbb%';
insert into bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb values (1);
select count(*) from bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb;
create table profiles_with_a_rather_long_name_for_testing (id int primary key, organization_membership_identifier_for_the_user int);
create table organization_memberships_with_long_name (id int primary key);
alter table profiles_with_a_rather_long_name_for_testing add foreign key (organization_membership_identifier_for_the_user) references organization_memberships_with_long_name (id);
alter table profiles_with_a_rather_long_name_for_testing add foreign key (organization_membership_identifier_for_the_user) references organization_memberships_with_long_name (id);
create index on profiles_with_a_rather_long_name_for_testing (organization_membership_identifier_for_the_user);
create index on profiles_with_a_rather_long_name_for_testing (organization_membership_identifier_for_the_user);
create unique index on profiles_with_a_rather_long_name_for_testing (id, organization_membership_identifier_for_the_user);
select conname, contype from pg_constraint where conrelid = 'profiles_with_a_rather_long_name_for_testing'::regclass order by 1;
select indexname from pg_indexes where tablename = 'profiles_with_a_rather_long_name_for_testing' order by 1;
create table ttt (aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa int, bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb int, unique (aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb));
select conname from pg_constraint where conrelid = 'ttt'::regclass;
select attname from pg_attribute where attrelid = 'ttt'::regclass and attnum > 0 order by attnum;
create table ümlaut_ümlaut_ümlaut_ümlaut_ümlaut_ümlaut_ümlaut_ümlaut_ümlaut_ümlaut (id int primary key);
select relname, octet_length(relname::text) from pg_class where relname like 'ümlaut%' order by 1;
