-- ts_headline over json and jsonb: each string value headlined, keys and other scalars kept, json written back compactly
select ts_headline('english', '{ "a" : "the fat cat",  "b":[ 1, "fat" , true, null, {"c": "no"}], "fat": 2.50 }'::json, to_tsquery('fat'));
select ts_headline('{ "a" : "the fat cat",  "b":[ 1, "fat" , true, null, {"c": "no"}], "fat": 2.50 }'::jsonb, to_tsquery('fat'), 'StartSel=<, StopSel=>');
select ts_headline('"fat"'::json, to_tsquery('fat')), ts_headline('5'::json, to_tsquery('fat')), ts_headline('[]'::jsonb, to_tsquery('fat'), 'MinWords=0');
select ts_headline('{"a":"x"}'::jsonb, to_tsquery('fat'), 'MinWords=0');
select ts_headline('[]'::jsonb, to_tsquery('fat'), 'MinWords');
select ts_headline('simple', '{"k": "a \"quoted\" fat\nline", "dup": "fat", "dup": "cat"}'::json, to_tsquery('simple', 'fat'), 'HighlightAll=true');
select ts_headline('english', '{"long": "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua fat"}'::jsonb, to_tsquery('english', 'fat'), 'MaxWords=5, MinWords=2');
select ts_headline('english', NULL::jsonb, to_tsquery('fat')), ts_headline('{"ü": "über fat"}'::jsonb, to_tsquery('simple', 'über'));
