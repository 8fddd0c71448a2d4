-- pg_index of expression and partial indexes: indkey with 0 for expression parts, indexprs and indpred as pg_get_expr prints them (introspection tools read these)
create table ix1 (id int, a int, b int, name text, email text, active bool, created timestamptz);
create index ix1_e1 on ix1 (lower(email));
create index ix1_e2 on ix1 ((a + b), id);
create index ix1_e3 on ix1 (id, coalesce(name, ''), (a * 2));
create index ix1_p1 on ix1 (id) where active;
create index ix1_p2 on ix1 (a) where a > 0 and name is not null;
create unique index ix1_p3 on ix1 (lower(email)) where not active or created < '2026-01-01';
select i.relname, ix.indkey::int2[], pg_get_expr(ix.indexprs, ix.indrelid), pg_get_expr(ix.indpred, ix.indrelid), pg_get_expr(ix.indpred, ix.indrelid, true) from pg_index ix join pg_class i on i.oid = ix.indexrelid where ix.indrelid = 'ix1'::regclass order by 1;
select i.relname, ix.indclass::oid[], ix.indcollation::oid[] from pg_index ix join pg_class i on i.oid = ix.indexrelid where ix.indrelid = 'ix1'::regclass order by 1;
