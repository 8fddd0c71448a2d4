-- pg_get_ruledef of the rule forms whose stored text PostgreSQL prints
-- the same way: NOTHING rules, conditions, views' _RETURN rules
CREATE TABLE rt (id int, name text);
CREATE RULE r_nothing AS ON INSERT TO rt DO NOTHING;
CREATE RULE r_inothing AS ON DELETE TO rt WHERE old.id > 1 DO INSTEAD NOTHING;
CREATE VIEW rv AS SELECT id FROM rt;
SELECT rulename, pg_get_ruledef(oid) FROM pg_rewrite WHERE ev_class IN ('rt'::regclass, 'rv'::regclass) ORDER BY rulename;
SELECT rulename, definition FROM pg_rules WHERE tablename = 'rt' ORDER BY rulename;
SELECT pg_get_ruledef(0);
