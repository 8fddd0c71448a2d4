-- Array subscripts mixing slices and plain indexes, and more subscripts than dimensions.
CREATE TABLE boards (id int PRIMARY KEY, cells int[], tags text[]);
INSERT INTO boards VALUES (1, '{{1,2,3},{4,5,6}}', '{a,b,c}'), (2, '{7,8,9}', '{}'), (3, NULL, NULL);
SELECT id, cells[1:2][2] FROM boards ORDER BY id;
SELECT id, cells[2][1:2] FROM boards ORDER BY id;
SELECT id, cells[1][2], cells[2] FROM boards ORDER BY id;
SELECT id, tags[1:2][1], tags[2:][1:1] FROM boards ORDER BY id;
SELECT id, cells[1:1][1:1][1:1] FROM boards ORDER BY id;
SELECT (ARRAY[1, 2])[1:2][NULL], (ARRAY[1, 2])[NULL:1], (ARRAY[1, 2])[1][1];
SELECT array_dims(cells[1:2][2:3]), cardinality(cells[:1][:]) FROM boards WHERE id = 1;
