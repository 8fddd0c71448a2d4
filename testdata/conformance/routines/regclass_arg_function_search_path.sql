-- a regclass argument is a relation, not a name: a function with its own
-- search_path prints it for that path (supa_audit's enable_tracking
-- formats CREATE TRIGGER ... ON %s with search_path = '')
CREATE TABLE rg_wallets (id int PRIMARY KEY);
CREATE FUNCTION rg_show(r regclass) RETURNS text LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  RETURN format('%s', r) || ' ' || r::text;
END $$;
CREATE FUNCTION rg_show_plain(r regclass) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  RETURN format('%s', r);
END $$;
CREATE FUNCTION rg_show_sql(r regclass) RETURNS text LANGUAGE sql SET search_path = '' AS $$ SELECT r::text $$;
CREATE FUNCTION rg_track(r regclass) RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE stmt text = format('CREATE TRIGGER rg_audit AFTER INSERT ON %s FOR EACH ROW EXECUTE FUNCTION public.rg_noop()', r);
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_trigger WHERE tgrelid = r AND tgname = 'rg_audit') THEN
    EXECUTE stmt;
  END IF;
END $$;
CREATE FUNCTION rg_noop() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN new; END $$;
SELECT rg_show('rg_wallets'), rg_show('public.rg_wallets'::regclass), rg_show_plain('rg_wallets'), rg_show_sql('rg_wallets');
SELECT rg_track('public.rg_wallets'::regclass);
SELECT rg_track('rg_wallets');
SELECT tgname FROM pg_trigger WHERE tgrelid = 'rg_wallets'::regclass ORDER BY tgname;
