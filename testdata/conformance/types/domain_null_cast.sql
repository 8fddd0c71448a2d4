-- casting NULL to a NOT NULL domain fails
CREATE DOMAIN nn_text AS text NOT NULL;
CREATE DOMAIN nn_pos AS int NOT NULL CHECK (VALUE > 0);
CREATE DOMAIN maybe AS int CHECK (VALUE > 0);
SELECT null::nn_text;
SELECT cast(null AS nn_pos);
SELECT null::maybe IS NULL;
SELECT 'x'::nn_text, 3::nn_pos;
CREATE TABLE dn (id int, v text);
INSERT INTO dn VALUES (1, 'a'), (2, NULL);
SELECT v::nn_text FROM dn WHERE id = 1;
SELECT v::nn_text FROM dn ORDER BY id;
SELECT CAST(NULL AS nn_text) IS NULL;
