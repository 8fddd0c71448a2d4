-- Two select-list ARRAY subqueries that differ only in their correlation
-- (pgTAP's foreign-key listing): each keeps its own rows.
create table sas_customers(id int primary key, name text);
create table sas_orders(id int primary key, customer_id int references sas_customers(id), total int);
select array(select a.attname from pg_catalog.pg_attribute a where a.attrelid = k.conrelid and a.attnum = any(k.conkey) order by pg_catalog.array_position(k.conkey, a.attnum)) as cols, array(select a.attname from pg_catalog.pg_attribute a where a.attrelid = k.confrelid and a.attnum = any(k.confkey) order by pg_catalog.array_position(k.confkey, a.attnum)) as ref_cols from pg_catalog.pg_constraint k where k.conname = 'sas_orders_customer_id_fkey';
select (select max(o.total) from sas_orders o where o.customer_id = c.id) as a, (select max(o.total) from sas_orders o where o.id = c.id) as b from sas_customers c order by c.id;
insert into sas_customers values (1, 'x'), (2, 'y');
insert into sas_orders values (1, 2, 10), (2, 1, 20), (3, 1, 30);
select (select max(o.total) from sas_orders o where o.customer_id = c.id) as a, (select max(o.total) from sas_orders o where o.id = c.id) as b from sas_customers c order by c.id;
