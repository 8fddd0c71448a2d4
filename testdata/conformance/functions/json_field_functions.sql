-- The functions behind -> and ->>, called by name.
select jsonb_array_element('[1, "a", null, {"k": 2}]', 1), jsonb_array_element('[1, 2]', -1), jsonb_array_element('[1, 2]', 5);
select jsonb_array_element_text('[1, "a", null, {"k": 2}]', 1), jsonb_array_element_text('[1, null]', 1) is null, jsonb_array_element_text('[1, {"k": 2}]', 1);
select jsonb_array_element('{"a": 1}', 0), jsonb_object_field('[1]', 'a');
select jsonb_object_field('{"a": {"b": [1, 2]}}', 'a'), jsonb_object_field_text('{"a": "x"}', 'a'), jsonb_object_field_text('{"a": null}', 'a') is null;
select json_array_element('[1, "a", {"k":  2}]', 2), json_array_element_text('[1, "a"]', 1), json_array_element('[1]', 3) is null;
select json_object_field('{"a": [1,  2]}', 'a'), json_object_field_text('{"a": "x"}', 'a'), json_object_field_text('{"a": 1}', 'b') is null;
select jsonb_array_element(null, 0) is null, pg_typeof(jsonb_array_element('[1]', 0)), pg_typeof(json_object_field_text('{}', 'a'));
select jsonb_array_element('[1]', 'x');
