-- SQL/JSON path functions and operators (the supported subset)
SELECT jsonb_path_query_array('{"a": [1, 2, 3, 4]}', '$.a[*] ? (@ > 2)'), jsonb_path_exists('{"a": 1}', '$.a'), jsonb_path_query_first('{"a": {"b": "x"}}', '$.a.b');
SELECT jsonb_path_query_array('{"items": [{"n": "a", "p": 5}, {"n": "b", "p": 15}, {"n": "c"}]}', '$.items[*] ? (@.p >= 10 || !exists(@.p)).n');
SELECT jsonb_path_query('{"a": [1, "x", null, true]}', '$.a[*]');
SELECT jsonb_path_query_array('[1,2,3,4,5]', '$[1 to 3]'), jsonb_path_query_array('[1,2,3,4,5]', '$[last]'), jsonb_path_query_array('[1,2,3]', '$[0, last - 1]');
SELECT jsonb_path_match('{"a": 3}', '$.a > 2'), '{"a": 3}'::jsonb @? '$.a ? (@ > 5)', '{"a": 3}'::jsonb @@ '$.a == 3';
SELECT jsonb_path_query_array('{"a": ["abc", "xbc", "Abd"]}', '$.a[*] ? (@ like_regex "^a" flag "i")'), jsonb_path_query_array('{"a": ["abc", "xbc"]}', '$.a[*] ? (@ starts with "x")');
SELECT jsonb_path_query_first('{"a": [1,2]}', '$.a.size()'), jsonb_path_query_first('{"a": [1,2]}', '$.a.type()'), jsonb_path_query_array('{"a": {"x": 1, "y": 2}}', '$.a.*');
SELECT jsonb_path_query_first('{"a": 1}', 'strict $.b');
SELECT jsonb_path_query_first('{"a": 1}', 'lax $.b'), jsonb_path_exists('{"a": 1}', '$.b');
SELECT jsonb_path_query_array('{"a": 1}', '$.a ==');
SELECT jsonb_path_query_array('{"tags": ["x", "y"]}', '$.tags ? (@ == "y")');
CREATE TABLE events (id int PRIMARY KEY, payload jsonb NOT NULL);
INSERT INTO events VALUES (1, '{"type": "order", "lines": [{"sku": "a", "qty": 2}, {"sku": "b", "qty": 7}]}'), (2, '{"type": "refund", "lines": []}'), (3, '{"type": "order", "lines": [{"sku": "c", "qty": 1}]}');
SELECT id FROM events WHERE payload @? '$.lines[*] ? (@.qty > 5)' ORDER BY id;
SELECT id, jsonb_path_query_array(payload, '$.lines[*].sku') AS skus FROM events ORDER BY id;
SELECT id FROM events WHERE jsonb_path_match(payload, '$.type == "order"') ORDER BY id;
SELECT id, jsonb_path_query_first(payload, '$.lines.size()') FROM events ORDER BY id;
