-- A foreign key must reference exactly the columns of a primary key or a
-- unique index (PostgreSQL's transformFkeyCheckAttrs): checked before the
-- column types, in any column order, a standalone unique index counts, a
-- partial one does not, and an ALTER TABLE may add the key it references.
CREATE TABLE profiles (id int PRIMARY KEY, username text UNIQUE, age int, a int, b int, UNIQUE (a, b));
CREATE TABLE posts (id int PRIMARY KEY, author int, title text, body text, x int, y int);
ALTER TABLE posts ADD CONSTRAINT fk_title FOREIGN KEY (title) REFERENCES profiles (username);
ALTER TABLE posts ADD CONSTRAINT fk_body FOREIGN KEY (body) REFERENCES profiles (age);
ALTER TABLE posts ADD CONSTRAINT fk_uuid FOREIGN KEY (body) REFERENCES profiles (id, age);
ALTER TABLE posts ADD CONSTRAINT fk_missing FOREIGN KEY (x) REFERENCES profiles (nope);
ALTER TABLE posts ADD CONSTRAINT fk_ba FOREIGN KEY (x, y) REFERENCES profiles (b, a);
ALTER TABLE posts ADD CONSTRAINT fk_a FOREIGN KEY (x) REFERENCES profiles (a);
CREATE UNIQUE INDEX profiles_age ON profiles (age);
ALTER TABLE posts ADD CONSTRAINT fk_age FOREIGN KEY (author) REFERENCES profiles (age);
CREATE UNIQUE INDEX profiles_b_partial ON profiles (b) WHERE b > 0;
ALTER TABLE posts ADD CONSTRAINT fk_b FOREIGN KEY (y) REFERENCES profiles (b);
CREATE TABLE c1 (id int PRIMARY KEY, p text REFERENCES profiles (age));
CREATE TABLE c2 (id int PRIMARY KEY, p int REFERENCES profiles (a));
CREATE TABLE c3 (id int PRIMARY KEY, p int REFERENCES profiles);
CREATE TABLE tree (id int, parent int);
ALTER TABLE tree ADD PRIMARY KEY (id), ADD CONSTRAINT tree_parent FOREIGN KEY (parent) REFERENCES tree (id);
CREATE TABLE nodes (id int PRIMARY KEY, code text, parent_code text REFERENCES nodes (code));
CREATE TABLE nodes2 (id int PRIMARY KEY, code text UNIQUE, parent_code text REFERENCES nodes2 (code));
SELECT conname, contype FROM pg_constraint WHERE conrelid IN ('posts'::regclass, 'tree'::regclass, 'c3'::regclass, 'nodes2'::regclass) ORDER BY 1;
