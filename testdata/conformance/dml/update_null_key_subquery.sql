-- UPDATE / DELETE whose WHERE is an indexed column IS NULL and whose SET
-- or WHERE holds a subquery: the index scan serving the filter is the
-- table written through (a backfill of a new foreign key column)
create table unks_org (id int primary key, account int, name text);
create table unks_people (id int primary key, account int, company text, org_id int references unks_org);
create index on unks_people (org_id);
insert into unks_org values (1, 10, 'acme'), (2, 10, 'globex'), (3, 20, 'acme');
insert into unks_people values (1, 10, 'Acme ', null), (2, 20, 'acme', null), (3, 10, 'initech', null), (4, 10, 'globex', 2);
update unks_people p set org_id = (select o.id from unks_org o where o.account = p.account and lower(trim(o.name)) = lower(trim(p.company)) order by o.id desc limit 1) where p.company is not null and p.org_id is null;
select * from unks_people order by id;
update unks_people set org_id = (select min(id) from unks_org) where org_id is null returning id, org_id;
update unks_people set org_id = null where id = 3;
delete from unks_people where org_id is null and id = (select max(id) from unks_people where company = 'initech');
select * from unks_people order by id;
