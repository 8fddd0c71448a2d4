-- CREATE DATABASE and DROP DATABASE: tinybase serves one database, so it
-- answers with PostgreSQL's checks in PostgreSQL's order. A migration
-- file runs in a transaction block, where both are 25001.
BEGIN;
CREATE DATABASE rls_t_db;
ROLLBACK;
BEGIN;
DROP DATABASE IF EXISTS rls_t_db;
ROLLBACK;
CREATE DATABASE postgres;
CREATE DATABASE template1;
DROP DATABASE rls_t_nosuch;
DROP DATABASE IF EXISTS rls_t_nosuch;
DROP DATABASE template1;
DROP DATABASE template0;
CREATE ROLE rls_t_nodb;
SET ROLE rls_t_nodb;
CREATE DATABASE rls_t_db;
CREATE DATABASE postgres;
DROP DATABASE template1;
DROP DATABASE IF EXISTS rls_t_nosuch;
RESET ROLE;
DO $$ BEGIN CREATE DATABASE rls_t_db; END $$;
SELECT datname FROM pg_database WHERE datname LIKE 'template%' ORDER BY 1;
DROP ROLE rls_t_nodb;
