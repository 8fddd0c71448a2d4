-- a type whose name needs quotes prints quoted wherever the catalog prints it, so a default reads back as the same type
CREATE TYPE "Role" AS ENUM ('admin', 'viewer');
CREATE TYPE "Mood State" AS ENUM ('ok');
CREATE TABLE "Profile" (id int PRIMARY KEY, "role" "Role" NOT NULL DEFAULT 'viewer', roles "Role"[] DEFAULT '{admin}', m "Mood State" DEFAULT 'ok');
SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a WHERE a.attrelid = '"Profile"'::regclass AND a.attnum > 0 ORDER BY a.attnum;
SELECT a.attname, pg_get_expr(d.adbin, d.adrelid) FROM pg_attrdef d JOIN pg_attribute a ON a.attrelid = d.adrelid AND a.attnum = d.adnum WHERE d.adrelid = '"Profile"'::regclass ORDER BY a.attnum;
SELECT column_name, column_default, data_type, udt_name FROM information_schema.columns WHERE table_name = 'Profile' ORDER BY ordinal_position;
INSERT INTO "Profile" (id) VALUES (1) RETURNING *;
SELECT 'admin'::"Role", '{viewer}'::"Role"[], pg_typeof('ok'::"Mood State");
