-- Supabase's realtime schema is in the bootstrap: what migrations do with
-- it — RLS policies on realtime.messages keyed by realtime.topic(),
-- broadcast triggers through realtime.broadcast_changes, realtime.send.
SELECT column_name, data_type, is_nullable FROM information_schema.columns WHERE table_schema = 'realtime' AND table_name = 'messages' ORDER BY ordinal_position;
SELECT relrowsecurity FROM pg_class WHERE oid = 'realtime.messages'::regclass;
SELECT p.proname, pg_get_function_identity_arguments(p.oid) FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'realtime' AND p.proname IN ('send', 'broadcast_changes', 'topic') ORDER BY 1;
CREATE POLICY "authenticated can receive broadcasts" ON realtime.messages FOR SELECT TO authenticated USING (realtime.topic() = 'room:' || (auth.uid())::text);
CREATE POLICY "authenticated can send broadcasts" ON realtime.messages FOR INSERT TO authenticated WITH CHECK (extension = 'broadcast' AND realtime.topic() LIKE 'room:%');
SELECT polname, pg_get_expr(polqual, polrelid), pg_get_expr(polwithcheck, polrelid) FROM pg_policy WHERE polrelid = 'realtime.messages'::regclass ORDER BY 1;
CREATE TABLE public.notes (id int PRIMARY KEY, body text);
CREATE FUNCTION public.notes_broadcast() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER AS $$
BEGIN
  PERFORM realtime.broadcast_changes('notes:' || COALESCE(NEW.id, OLD.id)::text, TG_OP, TG_OP, TG_TABLE_NAME, TG_TABLE_SCHEMA, NEW, OLD);
  RETURN NULL;
END $$;
CREATE TRIGGER notes_broadcast AFTER INSERT OR UPDATE OR DELETE ON public.notes FOR EACH ROW EXECUTE FUNCTION public.notes_broadcast();
INSERT INTO public.notes VALUES (1, 'hello');
UPDATE public.notes SET body = 'bye' WHERE id = 1;
SELECT topic, event, extension, private, payload ->> 'operation', payload -> 'record' ->> 'body' FROM realtime.messages ORDER BY inserted_at, event;
SELECT realtime.send('{"n": 1}'::jsonb, 'ping', 'room:1', false);
SELECT topic, event, private, payload ->> 'n' FROM realtime.messages WHERE event = 'ping';
SET ROLE anon;
SELECT count(*) FROM realtime.messages;
RESET ROLE;
