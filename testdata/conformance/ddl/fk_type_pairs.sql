-- Foreign keys between different types, as PostgreSQL takes them: integers
-- of any width both ways, text and varchar, an implicit cast to the key's
-- type (integer to numeric); not uuid to bigint or numeric to integer.
-- The keys are enforced across the types, with their actions.
CREATE table a (id bigint primary key, code varchar(10) unique, n numeric unique);
CREATE table b1 (a_id int references a(id));
CREATE table b2 (a_id smallint references a(id));
CREATE table b3 (c text references a(code));
CREATE table b4 (x int references a(n));
CREATE table b5 (x uuid references a(id));
CREATE table b6 (x int8 references a(id));
INSERT into b1 values (1);
INSERT into a values (1, 'x', 1);
INSERT into b1 values (1);
INSERT into b1 values (2);
INSERT into b2 values (1);
INSERT into b2 values (5);
INSERT into b3 values ('x'), ('y');
INSERT into b4 values (1), (2);
INSERT into b6 values (1);
DELETE from a where id = 1;
CREATE table c1 (id int primary key);
CREATE table c2 (x bigint references c1 on delete cascade, y smallint references c1);
INSERT into c1 values (1), (2);
INSERT into c2 values (1, 1), (2, null), (3, null);
DELETE from c1 where id = 2;
SELECT * from c2 order by x;
UPDATE c1 set id = 5 where id = 1;
