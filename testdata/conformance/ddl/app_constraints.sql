-- Table definitions apps write: regex CHECKs, domains, generated columns, arrays, enums.
CREATE DOMAIN email AS text CHECK (VALUE ~* '^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$');
CREATE DOMAIN positive_int AS int CHECK (VALUE > 0);
CREATE DOMAIN slug AS text NOT NULL CHECK (VALUE ~ '^[a-z0-9]+(-[a-z0-9]+)*$');
CREATE TYPE plan AS ENUM ('free', 'pro', 'team');
CREATE TABLE accounts (
  id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  handle slug UNIQUE,
  contact email NOT NULL,
  phone text CHECK (phone ~ '^\+[1-9][0-9]{7,14}$'),
  plan plan NOT NULL DEFAULT 'free',
  seats positive_int NOT NULL DEFAULT 1,
  first_name text NOT NULL,
  last_name text NOT NULL,
  full_name text GENERATED ALWAYS AS (first_name || ' ' || last_name) STORED,
  search_key text GENERATED ALWAYS AS (lower(first_name || ' ' || last_name || ' ' || contact)) STORED,
  interests text[] NOT NULL DEFAULT '{}',
  CONSTRAINT seats_for_plan CHECK (plan <> 'free' OR seats = 1)
);
INSERT INTO accounts (handle, contact, first_name, last_name, interests) VALUES ('ann-a', 'Ann@Example.com', 'Ann', 'Archer', '{rust,go}') RETURNING id, full_name, search_key, plan, seats;
INSERT INTO accounts (handle, contact, phone, plan, seats, first_name, last_name, interests) VALUES ('bob', 'bob@example.org', '+4915112345678', 'team', 5, 'Bob', 'Baker', '{go,sql,ts}'), ('cy-3', 'cy@example.net', NULL, 'pro', 2, 'Cy', 'Cole', '{}') RETURNING id, handle, plan;
INSERT INTO accounts (handle, contact, first_name, last_name) VALUES ('dee', 'not-an-email', 'Dee', 'Dale');
INSERT INTO accounts (handle, contact, first_name, last_name) VALUES ('Bad Slug', 'dee@example.com', 'Dee', 'Dale');
INSERT INTO accounts (handle, contact, first_name, last_name) VALUES (NULL, 'dee@example.com', 'Dee', 'Dale');
INSERT INTO accounts (handle, contact, phone, first_name, last_name) VALUES ('dee', 'dee@example.com', '0800-123', 'Dee', 'Dale');
INSERT INTO accounts (handle, contact, seats, first_name, last_name) VALUES ('dee', 'dee@example.com', 0, 'Dee', 'Dale');
INSERT INTO accounts (handle, contact, seats, first_name, last_name) VALUES ('dee', 'dee@example.com', 3, 'Dee', 'Dale');
INSERT INTO accounts (handle, contact, plan, first_name, last_name) VALUES ('dee', 'dee@example.com', 'enterprise', 'Dee', 'Dale');
INSERT INTO accounts (handle, contact, first_name, last_name, full_name) VALUES ('dee', 'dee@example.com', 'Dee', 'Dale', 'x');
INSERT INTO accounts (id, handle, contact, first_name, last_name) VALUES (99, 'dee', 'dee@example.com', 'Dee', 'Dale');
INSERT INTO accounts (handle, contact, first_name, last_name) VALUES ('bob', 'bob2@example.com', 'Bob', 'Two');
UPDATE accounts SET last_name = 'Archer-Smith' WHERE handle = 'ann-a' RETURNING full_name;
UPDATE accounts SET full_name = 'nope' WHERE id = 1;
SELECT handle FROM accounts WHERE interests @> '{go}' ORDER BY handle;
SELECT handle FROM accounts WHERE interests && ARRAY['sql', 'rust'] ORDER BY handle;
SELECT handle FROM accounts WHERE 'ts' = ANY (interests);
SELECT handle FROM accounts WHERE interests <@ '{go,rust,python}' ORDER BY handle;
SELECT handle, cardinality(interests), array_length(interests, 1), array_to_string(interests, '|') FROM accounts ORDER BY id;
UPDATE accounts SET interests = array_append(interests, 'zig') WHERE handle = 'cy-3' RETURNING interests;
UPDATE accounts SET interests = array_remove(interests, 'go') WHERE interests @> '{go}' RETURNING handle, interests;
UPDATE accounts SET interests = ARRAY(SELECT DISTINCT unnest(interests || ARRAY['sql', 'ai']) ORDER BY 1) WHERE handle = 'bob' RETURNING interests;
SELECT tag, count(*) FROM accounts, unnest(interests) AS tag GROUP BY tag ORDER BY count(*) DESC, tag;
SELECT handle, plan FROM accounts ORDER BY plan DESC, handle;
SELECT plan, count(*) FROM accounts GROUP BY plan ORDER BY plan;
SELECT handle FROM accounts WHERE plan >= 'pro' ORDER BY handle;
SELECT 'pro'::plan < 'team'::plan, 'free'::plan = 'FREE';
SELECT handle FROM accounts WHERE search_key LIKE '%archer%';
SELECT contact::text, pg_typeof(contact), pg_typeof(seats), seats + 1 FROM accounts WHERE handle = 'bob';
SELECT 'x@y.zz'::email, 'x@y'::email;
SELECT (-1)::positive_int;
ALTER TABLE accounts ADD CONSTRAINT contact_lower CHECK (contact = lower(contact));
ALTER TABLE accounts ADD CONSTRAINT contact_lower CHECK (contact = lower(contact)) NOT VALID;
INSERT INTO accounts (handle, contact, first_name, last_name) VALUES ('eve', 'EVE@example.com', 'Eve', 'E');
ALTER TABLE accounts ADD COLUMN bio text CHECK (char_length(bio) <= 10);
UPDATE accounts SET bio = 'a very long biography' WHERE handle = 'bob';
UPDATE accounts SET bio = 'short' WHERE handle = 'bob' RETURNING bio;
SELECT conname, contype FROM pg_constraint WHERE conrelid = 'accounts'::regclass ORDER BY conname;
SELECT column_name, is_generated, generation_expression IS NOT NULL FROM information_schema.columns WHERE table_name = 'accounts' AND column_name IN ('full_name', 'handle') ORDER BY column_name;
SELECT column_name, data_type, domain_name FROM information_schema.columns WHERE table_name = 'accounts' AND domain_name IS NOT NULL ORDER BY column_name;
