-- uuid-ossp: name-based, random and time-based UUIDs
CREATE EXTENSION "uuid-ossp";
SELECT uuid_nil(), uuid_ns_dns(), uuid_ns_url(), uuid_ns_oid(), uuid_ns_x500();
SELECT uuid_generate_v3(uuid_ns_dns(), 'www.example.com'), uuid_generate_v5(uuid_ns_url(), 'https://example.com');
SELECT uuid_generate_v5(namespace => uuid_ns_dns(), name => 'example.org');
SELECT substr(uuid_generate_v4()::text, 15, 1), substr(uuid_generate_v1()::text, 15, 1), substr(uuid_generate_v1mc()::text, 15, 1);
SELECT uuid_generate_v4() <> uuid_generate_v4(), pg_typeof(uuid_generate_v1());
SELECT uuid_generate_v3(NULL, 'x') IS NULL;
CREATE TABLE items (id uuid PRIMARY KEY DEFAULT uuid_generate_v4(), name text);
INSERT INTO items (name) VALUES ('a') RETURNING id IS NOT NULL;
