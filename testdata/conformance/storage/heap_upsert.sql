-- conformance: ordered
-- INSERT ... ON CONFLICT: an updated row's new version goes to the end,
-- a skipped one stays where it was.

CREATE TABLE counters (name text PRIMARY KEY, hits int NOT NULL DEFAULT 0);
INSERT INTO counters VALUES ('a', 1), ('b', 1), ('c', 1);
INSERT INTO counters VALUES ('a', 1) ON CONFLICT (name) DO UPDATE SET hits = counters.hits + excluded.hits;
SELECT * FROM counters;
INSERT INTO counters VALUES ('d', 1), ('b', 1) ON CONFLICT (name) DO UPDATE SET hits = counters.hits + 1;
SELECT * FROM counters;
INSERT INTO counters VALUES ('c', 5) ON CONFLICT DO NOTHING;
SELECT * FROM counters;
INSERT INTO counters VALUES ('c', 5) ON CONFLICT (name) DO UPDATE SET hits = excluded.hits WHERE counters.hits > 100;
SELECT * FROM counters;
INSERT INTO counters VALUES ('e', 1), ('c', 2) ON CONFLICT (name) DO UPDATE SET hits = excluded.hits RETURNING name, hits;
SELECT name FROM counters;
SELECT name FROM counters LIMIT 1;

-- a unique secondary key as the arbiter
CREATE TABLE profiles (id int PRIMARY KEY, email text UNIQUE, visits int);
INSERT INTO profiles VALUES (1, 'a@x', 0), (2, 'b@x', 0), (3, 'c@x', 0);
INSERT INTO profiles VALUES (9, 'a@x', 1) ON CONFLICT (email) DO UPDATE SET visits = profiles.visits + 1;
SELECT * FROM profiles;

-- DO UPDATE that leaves the values as they were still writes a new version
INSERT INTO counters VALUES ('a', 0) ON CONFLICT (name) DO UPDATE SET hits = counters.hits;
SELECT name FROM counters;
