-- UPDATE ... FROM: one write per target row, RETURNING new values, counts
CREATE TABLE accounts (id int PRIMARY KEY, owner text NOT NULL, balance numeric(12,2) NOT NULL DEFAULT 0, tier text);
CREATE TABLE tiers (id int PRIMARY KEY, name text, min_balance numeric NOT NULL, bonus numeric NOT NULL);
INSERT INTO accounts VALUES (1, 'ann', 100, NULL), (2, 'bob', 2500, NULL), (3, 'cy', 0, NULL), (4, 'di', 15000.5, NULL);
INSERT INTO tiers VALUES (1, 'bronze', 0, 0), (2, 'silver', 1000, 10), (3, 'gold', 10000, 50);
UPDATE accounts a SET tier = t.name FROM tiers t WHERE a.balance >= t.min_balance AND t.min_balance = (SELECT max(min_balance) FROM tiers t2 WHERE a.balance >= t2.min_balance) RETURNING a.id, a.tier, t.bonus;
UPDATE accounts SET balance = accounts.balance + tiers.bonus FROM tiers WHERE tiers.name = accounts.tier AND tiers.bonus > 0 RETURNING accounts.id, accounts.balance, *;
UPDATE accounts SET balance = DEFAULT FROM tiers WHERE tiers.name = accounts.tier AND tiers.id = 1;
UPDATE accounts a SET owner = upper(a.owner) FROM tiers t WHERE t.min_balance <= a.balance RETURNING a.owner;
UPDATE accounts a SET balance = a.balance + 1 FROM tiers t WHERE t.id = 99;
UPDATE accounts a SET nope = 1 FROM tiers t WHERE t.id = a.id;
UPDATE accounts a SET balance = 'x' FROM tiers t WHERE t.id = a.id;
UPDATE accounts a SET owner = NULL FROM tiers t WHERE t.id = a.id;
UPDATE accounts a SET id = a.id + 10 FROM tiers t WHERE t.id = a.id AND t.id < 3 RETURNING a.id, t.id AS tier_id;
UPDATE tiers SET bonus = tiers.bonus + 1 FROM (VALUES (1), (3)) AS v(x) WHERE v.x = tiers.id RETURNING id, bonus;
WITH bumped AS (UPDATE tiers t SET bonus = t.bonus * 2 FROM accounts a WHERE a.tier = t.name RETURNING t.id) SELECT count(*) FROM bumped;
SELECT id, owner, balance, tier FROM accounts ORDER BY id;
SELECT id, name, bonus FROM tiers ORDER BY id;
