-- Triggers as apps write them: updated_at, denormalised counters, an audit log of jsonb old/new rows.
CREATE TABLE posts (id int PRIMARY KEY, title text NOT NULL, body text, comment_count int NOT NULL DEFAULT 0, created_at timestamptz NOT NULL DEFAULT '2024-01-01 00:00:00+00', updated_at timestamptz NOT NULL DEFAULT '2024-01-01 00:00:00+00');
CREATE TABLE comments (id int PRIMARY KEY, post_id int NOT NULL REFERENCES posts (id) ON DELETE CASCADE, body text NOT NULL);
CREATE TABLE audit_log (id bigserial PRIMARY KEY, table_name text NOT NULL, op text NOT NULL, row_id int, old_row jsonb, new_row jsonb, changed text[]);
CREATE FUNCTION touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD THEN
    NEW.updated_at := OLD.updated_at + interval '1 day';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER posts_touch BEFORE UPDATE ON posts FOR EACH ROW EXECUTE FUNCTION touch_updated_at();
CREATE FUNCTION bump_comment_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
  ELSIF NEW.post_id <> OLD.post_id THEN
    UPDATE posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
    UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER comments_count AFTER INSERT OR UPDATE OF post_id OR DELETE ON comments FOR EACH ROW EXECUTE FUNCTION bump_comment_count();
CREATE FUNCTION audit() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o jsonb := CASE WHEN TG_OP IN ('UPDATE', 'DELETE') THEN to_jsonb(OLD) END;
  n jsonb := CASE WHEN TG_OP IN ('INSERT', 'UPDATE') THEN to_jsonb(NEW) END;
BEGIN
  INSERT INTO audit_log (table_name, op, row_id, old_row, new_row, changed)
  VALUES (TG_TABLE_NAME, lower(TG_OP), (coalesce(n, o)->>'id')::int, o, n,
          CASE WHEN TG_OP = 'UPDATE' THEN ARRAY(SELECT k FROM jsonb_each(n) AS e(k, v) WHERE o->k IS DISTINCT FROM v ORDER BY k) END);
  RETURN coalesce(NEW, OLD);
END;
$$;
CREATE TRIGGER posts_audit AFTER INSERT OR UPDATE OR DELETE ON posts FOR EACH ROW EXECUTE FUNCTION audit();
INSERT INTO posts (id, title) VALUES (1, 'hello'), (2, 'second');
INSERT INTO comments VALUES (1, 1, 'first!'), (2, 1, 'nice'), (3, 2, 'meh');
SELECT id, comment_count, updated_at FROM posts ORDER BY id;
UPDATE comments SET post_id = 2 WHERE id = 2;
SELECT id, comment_count FROM posts ORDER BY id;
UPDATE comments SET body = 'edited' WHERE id = 3;
SELECT id, comment_count FROM posts ORDER BY id;
DELETE FROM comments WHERE id = 1;
SELECT id, comment_count, updated_at FROM posts ORDER BY id;
UPDATE posts SET title = 'hello world' WHERE id = 1 RETURNING title, updated_at;
UPDATE posts SET title = title WHERE id = 1 RETURNING updated_at;
SELECT id, table_name, op, row_id FROM audit_log ORDER BY id;
SELECT op, old_row->>'title' AS old_title, new_row->>'title' AS new_title, changed FROM audit_log WHERE op = 'update' ORDER BY id;
SELECT new_row - 'created_at' - 'updated_at' FROM audit_log WHERE id = 1;
SELECT jsonb_typeof(new_row->'comment_count'), new_row ? 'body', new_row->'body' FROM audit_log WHERE id = 1;
DELETE FROM posts WHERE id = 2;
SELECT count(*) FROM comments;
SELECT op, row_id, old_row->>'title', new_row IS NULL FROM audit_log WHERE op = 'delete';
SELECT op, count(*) FROM audit_log GROUP BY op ORDER BY op;
ALTER TABLE posts DISABLE TRIGGER posts_audit;
UPDATE posts SET body = 'quiet' WHERE id = 1;
SELECT count(*) FROM audit_log;
ALTER TABLE posts ENABLE TRIGGER posts_audit;
UPDATE posts SET body = 'loud' WHERE id = 1;
SELECT changed FROM audit_log ORDER BY id DESC LIMIT 1;
CREATE FUNCTION forbid_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'posts cannot be deleted (id %)', OLD.id USING ERRCODE = 'P0001', HINT = 'archive it instead';
END;
$$;
CREATE TRIGGER posts_no_delete BEFORE DELETE ON posts FOR EACH ROW EXECUTE FUNCTION forbid_delete();
DELETE FROM posts WHERE id = 1;
SELECT count(*) FROM posts;
CREATE FUNCTION slugify_title() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.title := trim(both '-' from regexp_replace(lower(NEW.title), '[^a-z0-9]+', '-', 'g'));
  RETURN NEW;
END;
$$;
CREATE TRIGGER posts_slug BEFORE INSERT ON posts FOR EACH ROW EXECUTE FUNCTION slugify_title();
INSERT INTO posts (id, title) VALUES (3, '  Hello, World! 2024 ') RETURNING title;
SELECT tgname FROM pg_trigger WHERE tgrelid = 'posts'::regclass AND NOT tgisinternal ORDER BY tgname;
SELECT count(*) FROM pg_trigger WHERE tgrelid = 'comments'::regclass AND tgisinternal;
SELECT tgname ~ '^RI_ConstraintTrigger_[ac]_[0-9]+$', tgtype, tgenabled, tgdeferrable FROM pg_trigger WHERE tgrelid = 'posts'::regclass AND tgisinternal ORDER BY tgtype;
SELECT event_object_table, trigger_name, event_manipulation, action_timing FROM information_schema.triggers ORDER BY event_object_table, trigger_name, event_manipulation;
