-- ALTER VIEW / ALTER TABLE ... SET (...) and RESET (...) on a view check
-- the options as CREATE VIEW ... WITH (...) does. (tinybase keeps no
-- security_barrier, and sets no check_option by ALTER VIEW yet: the
-- reloptions read here are security_invoker's.)
CREATE TABLE items (id int PRIMARY KEY, n int);
CREATE VIEW items_v AS SELECT id, n FROM items;
CREATE VIEW items_sum AS SELECT sum(n) AS total FROM items;
ALTER VIEW items_v SET (security_barrier = true);
ALTER VIEW items_v SET (security_invoker);
SELECT relname, array(SELECT o FROM unnest(reloptions) o WHERE o LIKE 'security_invoker%') AS opts FROM pg_class WHERE relname = 'items_v';
ALTER VIEW items_v SET (nosuch = 1);
ALTER VIEW items_v SET (security_barrier = maybe);
ALTER VIEW items_v SET (security_invoker = 2);
ALTER VIEW items_v SET (check_option = sideways);
ALTER VIEW items_sum SET (check_option = local);
ALTER VIEW items_v SET (toast.autovacuum_enabled = false);
ALTER VIEW items_v SET (foo.bar = 1);
ALTER VIEW items_v SET (fillfactor = 50);
ALTER TABLE items_v SET (nosuch = 1);
ALTER TABLE items_v SET (security_barrier = false);
SELECT relname, array(SELECT o FROM unnest(reloptions) o WHERE o LIKE 'security_invoker%') AS opts FROM pg_class WHERE relname = 'items_v';
ALTER VIEW items_v RESET (nosuch);
ALTER VIEW items_v RESET (security_barrier = true);
ALTER VIEW items_v RESET (security_barrier, nosuch);
ALTER TABLE items_v RESET (security_invoker);
SELECT relname, array(SELECT o FROM unnest(reloptions) o WHERE o LIKE 'security_invoker%') AS opts FROM pg_class WHERE relname = 'items_v';
ALTER VIEW IF EXISTS no_view SET (nosuch = 1);
