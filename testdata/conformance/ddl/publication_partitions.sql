-- pg_publication_tables lists a partitioned member's leaf partitions, or
-- the partitioned table itself with publish_via_partition_root
create table pq (id int, x int) partition by range (id);
create table pq1 partition of pq for values from (0) to (10);
create table pq2 partition of pq for values from (10) to (20) partition by range (id);
create table pq21 partition of pq2 for values from (10) to (15);
create publication leafs for table pq;
create publication roots for table pq with (publish_via_partition_root = true);
create schema ps;
create table ps.part (id int) partition by list (id);
create table ps.part_a partition of ps.part for values in (1);
create publication inschema for tables in schema ps;
create publication inschema_root for tables in schema ps with (publish_via_partition_root);
create publication alltabs_root for all tables with (publish_via_partition_root);
select pubname, schemaname, tablename from pg_publication_tables order by 1, 2, 3;
