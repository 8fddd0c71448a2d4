-- ROLLBACK TO SAVEPOINT and a PL/pgSQL exception handler release the transaction-level advisory locks taken after the savepoint; session-level ones stay until unlocked; RELEASE keeps them for the transaction
BEGIN;
SELECT pg_advisory_xact_lock(1);
SAVEPOINT a;
SELECT pg_advisory_xact_lock(2);
SELECT pg_advisory_xact_lock_shared(3);
SELECT pg_advisory_lock(10);
SELECT pg_advisory_xact_lock(1);
SELECT objid, mode, granted FROM pg_locks WHERE locktype = 'advisory' ORDER BY objid, mode;
ROLLBACK TO SAVEPOINT a;
SELECT objid, mode, granted FROM pg_locks WHERE locktype = 'advisory' ORDER BY objid, mode;
SAVEPOINT b;
SELECT pg_advisory_xact_lock(4);
RELEASE SAVEPOINT b;
SAVEPOINT c;
SELECT pg_advisory_xact_lock(5);
SAVEPOINT d;
SELECT pg_advisory_xact_lock(6);
ROLLBACK TO SAVEPOINT c;
SELECT objid, mode, granted FROM pg_locks WHERE locktype = 'advisory' ORDER BY objid, mode;
DO $$
BEGIN
  PERFORM pg_advisory_xact_lock(7);
  BEGIN
    PERFORM pg_advisory_xact_lock(8);
    PERFORM pg_advisory_lock(11);
    PERFORM 1 / 0;
  EXCEPTION WHEN division_by_zero THEN
    NULL;
  END;
END $$;
SELECT objid, mode, granted FROM pg_locks WHERE locktype = 'advisory' ORDER BY objid, mode;
COMMIT;
SELECT objid, mode, granted FROM pg_locks WHERE locktype = 'advisory' ORDER BY objid, mode;
SELECT pg_advisory_unlock(10), pg_advisory_unlock(11);
SELECT count(*) FROM pg_locks WHERE locktype = 'advisory';
