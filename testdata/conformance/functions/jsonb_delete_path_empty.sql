-- #- returns an empty object or array as it is, before reading the path.
SELECT '[]'::jsonb #- '{tags,0}', '{}'::jsonb #- '{a,b}', '[]'::jsonb #- '{NULL}', '[1]'::jsonb #- '{0}', '{"a": 1}'::jsonb #- '{a}';
SELECT '[1]'::jsonb #- '{tags}';
SELECT '"x"'::jsonb #- '{a}';
