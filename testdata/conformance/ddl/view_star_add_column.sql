-- a view's * stands for the columns its sources had when the view was
-- made: a column added to the table later is not one of the view's
CREATE TABLE vs_subs (id int PRIMARY KEY, problem text);
CREATE TABLE vs_scores (id int PRIMARY KEY, score int);
INSERT INTO vs_subs VALUES (1, 'p1'), (2, 'p2');
INSERT INTO vs_scores VALUES (1, 5), (2, 7);
CREATE VIEW vs_all AS SELECT * FROM vs_subs;
CREATE VIEW vs_with_scores AS WITH sc AS (SELECT id, score FROM vs_scores) SELECT s.*, sc.score FROM vs_subs s JOIN sc ON s.id = sc.id;
CREATE VIEW vs_union AS SELECT * FROM vs_subs UNION ALL SELECT * FROM vs_subs;
CREATE VIEW vs_derived AS SELECT x.* FROM (SELECT * FROM vs_subs) x;
ALTER TABLE vs_subs ADD COLUMN assessment text DEFAULT '';
SELECT * FROM vs_all ORDER BY id;
SELECT * FROM vs_with_scores ORDER BY id;
SELECT count(*) FROM vs_union;
SELECT * FROM vs_derived ORDER BY id;
SELECT max(score) FROM vs_with_scores GROUP BY problem ORDER BY 1;
SELECT table_name, column_name FROM information_schema.columns WHERE table_name LIKE 'vs\_%' AND table_name <> 'vs_subs' AND table_name <> 'vs_scores' ORDER BY table_name, ordinal_position;
CREATE OR REPLACE VIEW vs_all AS SELECT * FROM vs_subs;
SELECT * FROM vs_all ORDER BY id;
