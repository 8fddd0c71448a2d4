-- ON CONFLICT inferring a unique expression index from its key expressions
CREATE TABLE subscribers (id int PRIMARY KEY, email text NOT NULL, list text NOT NULL, visits int NOT NULL DEFAULT 1);
CREATE UNIQUE INDEX subscribers_email_key ON subscribers (lower(email));
CREATE UNIQUE INDEX subscribers_list_email_key ON subscribers (list, lower(trim(email)));
INSERT INTO subscribers (id, email, list) VALUES (1, 'Ann@Example.com', 'news');
INSERT INTO subscribers (id, email, list) VALUES (2, 'ann@example.COM', 'news') ON CONFLICT (lower(email)) DO UPDATE SET visits = subscribers.visits + 1 RETURNING id, email, visits;
INSERT INTO subscribers (id, email, list) VALUES (3, 'ANN@example.com', 'news') ON CONFLICT ((lower(email))) DO UPDATE SET email = EXCLUDED.email RETURNING id, email, visits;
INSERT INTO subscribers (id, email, list) VALUES (4, 'bob@example.com', 'news') ON CONFLICT (lower(email)) DO NOTHING RETURNING id, email;
INSERT INTO subscribers (id, email, list) VALUES (5, 'BOB@example.com', 'news') ON CONFLICT (lower(email)) DO NOTHING RETURNING id;
INSERT INTO subscribers (id, email, list) VALUES (6, 'cy@example.com', 'news') ON CONFLICT (lower(trim(email)), list) DO NOTHING RETURNING email;
INSERT INTO subscribers (id, email, list) VALUES (7, 'x@example.com', 'news') ON CONFLICT (upper(email)) DO NOTHING;
INSERT INTO subscribers (id, email, list) VALUES (8, 'x@example.com', 'news') ON CONFLICT (lower(email), list) DO NOTHING;
SELECT id, email, list, visits FROM subscribers ORDER BY id;
