-- UPDATE and DELETE whose WHERE is an EXISTS / NOT EXISTS subquery, alone or with other conditions, with and without aliases
CREATE SCHEMA a;
CREATE TABLE a.factors (id int PRIMARY KEY, status text NOT NULL);
CREATE TABLE a.challenges (id int PRIMARY KEY, factor_id int REFERENCES a.factors(id) ON DELETE CASCADE);
INSERT INTO a.factors VALUES (1, 'verified'), (2, 'unverified'), (3, 'unverified'), (4, 'verified');
INSERT INTO a.challenges VALUES (10, 2), (11, 4);
UPDATE a.factors f SET status = status || '+' WHERE EXISTS (SELECT 1 FROM a.challenges c WHERE c.factor_id = f.id);
SELECT id, status FROM a.factors ORDER BY id;
UPDATE a.factors SET status = 'lonely' WHERE NOT EXISTS (SELECT 1 FROM a.challenges c WHERE c.factor_id = a.factors.id) RETURNING id, status;
UPDATE a.factors f SET status = 'x' WHERE f.id > 2 AND EXISTS (SELECT 1 FROM a.challenges c WHERE c.factor_id = f.id);
SELECT id, status FROM a.factors ORDER BY id;
DELETE FROM a.factors f WHERE f.status <> 'x' AND NOT EXISTS (SELECT 1 FROM a.challenges c WHERE c.factor_id = f.id);
SELECT id FROM a.factors ORDER BY id;
DELETE FROM a.challenges WHERE EXISTS (SELECT 1 FROM a.factors WHERE id = 4);
SELECT count(*) FROM a.challenges;
DELETE FROM a.factors x WHERE NOT EXISTS (SELECT 1 FROM a.challenges c WHERE c.factor_id = x.id);
SELECT count(*) FROM a.factors;
DELETE FROM a.factors WHERE EXISTS (SELECT 1 FROM a.challenges);
