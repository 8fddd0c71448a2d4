-- uuid: input forms, canonical output, generation in defaults
CREATE TABLE sessions (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id uuid NOT NULL, label text);
INSERT INTO sessions (user_id, label) VALUES ('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 'laptop'), ('A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11', 'phone');
SELECT user_id, label FROM sessions ORDER BY label;
SELECT count(DISTINCT user_id), count(DISTINCT id) FROM sessions;
SELECT id IS NOT NULL, length(id::text) FROM sessions ORDER BY label;
SELECT '{a0eebc99-9c0b4ef8-bb6d6bb9-bd380a11}'::uuid, 'a0eebc999c0b4ef8bb6d6bb9bd380a11'::uuid;
SELECT 'not-a-uuid'::uuid;
INSERT INTO sessions (user_id) VALUES ('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1');
SELECT pg_typeof(gen_random_uuid()), gen_random_uuid() = gen_random_uuid(), length(gen_random_uuid()::text);
SELECT substr(gen_random_uuid()::text, 15, 1);
SELECT '00000000-0000-0000-0000-000000000000'::uuid < 'ffffffff-ffff-ffff-ffff-ffffffffffff'::uuid;
SELECT label FROM sessions WHERE user_id = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' ORDER BY label;
SELECT label FROM sessions WHERE user_id::text = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11' ORDER BY label;
INSERT INTO sessions (id, user_id, label) VALUES ('11111111-1111-1111-1111-111111111111', '22222222-2222-2222-2222-222222222222', 'tablet') RETURNING id, user_id;
INSERT INTO sessions (id, user_id) VALUES ('11111111-1111-1111-1111-111111111111', '22222222-2222-2222-2222-222222222222');
SELECT max(user_id::text), min(id::text) FROM sessions WHERE label = 'tablet';
SELECT 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid = 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11';
SELECT 1::uuid;
