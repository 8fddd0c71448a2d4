-- ALTER COLUMN TYPE converts a default from its own type, not the
-- column's: the implicit coercion a text column added to
-- gen_random_uuid() is stripped first (ATExecAlterColumnType)
CREATE TABLE msgs (id text NOT NULL DEFAULT gen_random_uuid(), at text DEFAULT now(), n int DEFAULT pg_backend_pid());
INSERT INTO msgs (id) VALUES ('6c2f6f58-3f3c-4a8e-9d41-0c5d2a1a7b10');
ALTER TABLE msgs ALTER COLUMN id SET DATA TYPE uuid USING id::uuid;
INSERT INTO msgs DEFAULT VALUES;
SELECT pg_typeof(id), id IS NOT NULL FROM msgs ORDER BY id = '6c2f6f58-3f3c-4a8e-9d41-0c5d2a1a7b10';
SELECT column_name, column_default, data_type FROM information_schema.columns WHERE table_name = 'msgs' ORDER BY ordinal_position;
ALTER TABLE msgs ALTER COLUMN at TYPE uuid USING NULL;
ALTER TABLE msgs ALTER COLUMN at TYPE timestamptz USING at::timestamptz;
ALTER TABLE msgs ALTER COLUMN n TYPE text;
ALTER TABLE msgs ALTER COLUMN n TYPE bool USING n::int::bool;
SELECT column_name, column_default, data_type FROM information_schema.columns WHERE table_name = 'msgs' ORDER BY ordinal_position;
