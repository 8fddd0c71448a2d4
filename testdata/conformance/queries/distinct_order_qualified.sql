-- With SELECT DISTINCT an ORDER BY column matches a select-list column
-- written with more or fewer qualifiers, as PostgreSQL compares the
-- columns they resolve to (TypeORM's paginated joins order so).
create table dd (id int, title text);
create table ee (id int, title text, n int);
insert into dd values (1,'a'),(2,'b'),(2,'b');
insert into ee values (1,'z',1);
SELECT DISTINCT id AS x, title FROM dd ORDER BY dd.title DESC;
SELECT DISTINCT dd.id FROM dd ORDER BY id DESC;
SELECT DISTINCT lower(dd.title) FROM dd ORDER BY lower(title);
SELECT DISTINCT dd.id, ee.n FROM dd JOIN ee USING (id) ORDER BY n;
SELECT DISTINCT dd.id FROM dd, ee ORDER BY ee.id;
SELECT DISTINCT title FROM dd, ee ORDER BY dd.title;
SELECT DISTINCT public.dd.title FROM dd ORDER BY dd.title;
SELECT DISTINCT "distinctAlias"."b_id" AS "ids_b_id", "distinctAlias"."b_title" FROM (SELECT dd.id AS "b_id", dd.title AS "b_title" FROM dd) "distinctAlias" ORDER BY "distinctAlias"."b_title" DESC, "b_id" ASC LIMIT 5 OFFSET 0;
SELECT DISTINCT id AS x FROM dd ORDER BY dd.id;
