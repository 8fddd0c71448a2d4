-- Supabase-style triggers: handle_new_user across schemas, updated_at, security definer
CREATE SCHEMA auth;
CREATE TABLE auth.users (id int PRIMARY KEY, email text NOT NULL, raw_user_meta_data jsonb DEFAULT '{}');
CREATE TABLE public.profiles (id int PRIMARY KEY REFERENCES auth.users (id) ON DELETE CASCADE, email text, full_name text, updated_at timestamptz, version int NOT NULL DEFAULT 0);
CREATE FUNCTION public.handle_new_user() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  INSERT INTO public.profiles (id, email, full_name) VALUES (NEW.id, NEW.email, NEW.raw_user_meta_data->>'full_name');
  RETURN NEW;
END;
$$;
CREATE TRIGGER on_auth_user_created AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION public.handle_new_user();
INSERT INTO auth.users (id, email, raw_user_meta_data) VALUES (1, 'ann@example.com', '{"full_name": "Ann A"}');
INSERT INTO auth.users (id, email) VALUES (2, 'bob@example.com'), (3, 'cy@example.com');
SELECT id, email, full_name FROM public.profiles ORDER BY id;
CREATE FUNCTION public.set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := '2024-01-02 03:04:05+00';
  NEW.version := OLD.version + 1;
  RETURN NEW;
END;
$$;
CREATE TRIGGER profiles_updated_at BEFORE UPDATE ON public.profiles FOR EACH ROW EXECUTE FUNCTION public.set_updated_at();
UPDATE public.profiles SET full_name = 'Bob B' WHERE id = 2;
SELECT id, full_name, updated_at, version FROM public.profiles ORDER BY id;
UPDATE public.profiles SET full_name = upper(coalesce(full_name, 'x')) RETURNING id, full_name, version;
SELECT sum(version) FROM public.profiles;
INSERT INTO auth.users (id, email) VALUES (1, 'dup@example.com');
SELECT count(*) FROM public.profiles;
DELETE FROM auth.users WHERE id = 3;
SELECT id FROM public.profiles ORDER BY id;
SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'auth.users'::regclass;
SELECT trigger_schema, trigger_name, event_manipulation, event_object_schema, event_object_table, action_timing, action_orientation, action_statement FROM information_schema.triggers ORDER BY trigger_name;
