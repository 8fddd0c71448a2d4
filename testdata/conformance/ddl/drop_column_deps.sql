-- DROP COLUMN of a column a view, policy or trigger uses (2BP01 without CASCADE)
CREATE TABLE docs (id int PRIMARY KEY, owner_id int, title text, body text, rank int);
CREATE VIEW doc_titles AS SELECT id, title FROM docs;
ALTER TABLE docs ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_docs ON docs USING (owner_id = 1);
CREATE POLICY titled ON docs FOR INSERT WITH CHECK (title <> '');
CREATE VIEW doc_titles2 AS SELECT title FROM docs;
CREATE FUNCTION touch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
CREATE TRIGGER on_body BEFORE UPDATE OF body ON docs FOR EACH ROW EXECUTE FUNCTION touch();
CREATE TRIGGER on_rank BEFORE UPDATE ON docs FOR EACH ROW WHEN (NEW.rank > OLD.rank) EXECUTE FUNCTION touch();
ALTER TABLE docs DROP COLUMN owner_id;
ALTER TABLE docs DROP COLUMN title;
ALTER TABLE docs DROP COLUMN body;
ALTER TABLE docs DROP COLUMN rank;
ALTER TABLE docs ALTER COLUMN title TYPE varchar(50);
DROP POLICY own_docs ON docs;
ALTER TABLE docs DROP COLUMN owner_id;
SELECT column_name FROM information_schema.columns WHERE table_name = 'docs' ORDER BY ordinal_position;
