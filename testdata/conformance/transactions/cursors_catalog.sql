-- pg_cursors lists the session's open cursors.
SELECT count(*) FROM pg_cursors;
BEGIN;
DECLARE a CURSOR FOR SELECT 1;
DECLARE b NO SCROLL CURSOR WITH HOLD FOR SELECT 2 AS two;
DECLARE "Mixed Case" SCROLL CURSOR FOR SELECT 3;
SELECT name, statement, is_holdable, is_binary, is_scrollable, creation_time IS NOT NULL AS has_time FROM pg_cursors ORDER BY name;
COMMIT;
SELECT name, is_holdable FROM pg_cursors ORDER BY name;
CLOSE ALL;
SELECT count(*) FROM pg_cursors;
