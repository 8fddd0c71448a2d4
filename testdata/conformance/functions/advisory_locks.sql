-- Advisory locks as one session sees them (docs 9.27.10): counted holds,
-- session and transaction level, the bigint and (int, int) key spaces.
-- Migration tools (Kysely, TypeORM, knex) take one around each run.
WITH set_timeout AS (SELECT set_config('lock_timeout', '3600000', true) AS config_val)
SELECT pg_advisory_lock(3853314791062309107) FROM set_timeout;
SELECT pg_typeof(pg_advisory_lock(1)), pg_try_advisory_lock(1), pg_try_advisory_lock_shared(1);
SELECT pg_advisory_unlock(1), pg_advisory_unlock(1), pg_advisory_unlock(1);
SELECT pg_advisory_unlock_shared(1), pg_advisory_unlock_shared(1);
SELECT pg_advisory_unlock(3853314791062309107);
SELECT pg_advisory_lock(1, 2), pg_try_advisory_lock(1, 2), pg_advisory_unlock(1, 2), pg_advisory_unlock(1, 2), pg_advisory_unlock(1, 2);
BEGIN;
SELECT pg_advisory_xact_lock(5), pg_try_advisory_xact_lock(5), pg_advisory_xact_lock_shared(5, 5), pg_try_advisory_xact_lock_shared(5, 5);
SELECT pg_advisory_unlock(5);
COMMIT;
SELECT pg_advisory_lock(9), pg_advisory_lock_shared(9);
SELECT pg_advisory_unlock_all();
SELECT pg_advisory_unlock(9), pg_advisory_unlock_shared(9);
SELECT pg_try_advisory_lock(NULL), pg_advisory_unlock(NULL::int, 1);
SELECT pg_advisory_lock('7');
SELECT pg_advisory_unlock(7::smallint);
