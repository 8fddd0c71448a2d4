-- SQL/JSON path: the .** accessor (every level, or {n}, {n to m}, {n to last}),
-- predicate expressions at the top of a path (exists, &&, !), and the
-- @? / @@ operators' silence: an error evaluating the path is NULL.
CREATE TABLE docs (id int PRIMARY KEY, j jsonb);
INSERT INTO docs VALUES
 (1, '{"k": "x", "n": 1, "tags": ["a", "b"]}'), (2, '{"n": 2.5}'), (3, NULL),
 (4, '{"k": null, "n": -3}'), (5, '[1, 2, {"k": "x"}]'), (6, '{}'), (7, '"x"'),
 (8, '{"k": "y", "tags": []}'), (9, '{"k": "x", "n": 10, "o": {"p": true}}');
SELECT id, jsonb_path_query_array(j, '$.**'), jsonb_path_query_array(j, 'strict $.**.k'),
       jsonb_path_query_array(j, '$.**{1}'), jsonb_path_query_array(j, '$.**{1 to last}.n'),
       jsonb_path_query_array(j, 'lax $.** ? (@.type() == "number")')
  FROM docs ORDER BY id;
SELECT id, j @@ 'exists($.o)', j @@ '$.n > 1 && !($.k == "x")', j @? 'strict $.o.p', j @@ '$.n',
       j @? '$.** ? (@ == "x")'
  FROM docs ORDER BY id;
SELECT d.id, p.v, p.n FROM docs d, LATERAL jsonb_path_query(d.j, '$.** ? (@.type() == "number")') WITH ORDINALITY AS p(v, n)
  ORDER BY d.id, p.n;
SELECT jsonb_path_query_array('{"b": [1, [2, 3]], "a": 0}', '$.**{2 to 3}'),
       jsonb_path_query_array('[[1, 2], [3]]', 'strict $.**[0]'),
       '{"a": {"b": [1, {"c": 2}]}}'::jsonb @@ 'exists($.a ? (@.b[1].c == 2))';
SELECT jsonb_path_exists(j, 'strict $.o.p') FROM docs WHERE id = 1;
SELECT jsonb_path_match(j, '$.n') FROM docs WHERE id = 1;
SELECT '{}'::jsonb @? '$.a +';
-- lax mode unwraps an array once for a member accessor, not its nested arrays
SELECT jsonb_path_query_array('[[1, 2, {"k": "x"}], {"k": 1}, 3]', '$.k'), '[[{"k": "x"}]]'::jsonb @@ '$.k == "x"',
       jsonb_path_query_array('[[{"k": "x"}], {"k": [2]}]', '$.k'), jsonb_path_query_array('[[{"k": "x"}], {"k": [2]}]', 'lax $[*].k');
