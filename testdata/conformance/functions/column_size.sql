-- pg_column_size: fixed-size types, varlena headers (4-byte computed, 1-byte stored), numeric and jsonb and array layouts, TOAST compression of long stored values
select pg_column_size(1::int2), pg_column_size(1::int4), pg_column_size(1::int8), pg_column_size(1.5::float4), pg_column_size(1.5::float8), pg_column_size(true), pg_column_size(NULL::int);
select pg_column_size('abc'::text), pg_column_size('abc'::varchar), pg_column_size(''::text), pg_column_size('abc'), pg_column_size('ü'::text), pg_column_size(repeat('x', 200)), pg_column_size(repeat('x', 5000));
select pg_column_size(0::numeric), pg_column_size(1::numeric), pg_column_size(1.5::numeric), pg_column_size(12345678.12345678::numeric), pg_column_size(-1e100::numeric), pg_column_size('NaN'::numeric);
select pg_column_size(now()), pg_column_size('2024-01-01'::date), pg_column_size(gen_random_uuid()), pg_column_size('{"a":1}'::jsonb), pg_column_size('{"a":1}'::json), pg_column_size('[1,2,3]'::jsonb), pg_column_size('{"a":"bc","d":[1,true,null]}'::jsonb);
select pg_column_size(array[1,2,3]), pg_column_size(array[1,null,3]), pg_column_size('{}'::int[]), pg_column_size(array['a','bc']), pg_column_size(array[1.5,2]::numeric[]), pg_column_size('x'::char(5)), pg_column_size('x'::"char"), pg_column_size('x'::name), pg_column_size('\x0102'::bytea);
create temp table cst (a text, b varchar(10), c int, d numeric, e jsonb, f int[], g text);
insert into cst values ('abc', 'hello', 1, 1.5, '{"a":1}', array[1,2,3], repeat('x', 5000)), ('', '', 2, 0, '[]', '{}', repeat('abcdefghij', 300)), (repeat('y', 126), repeat('z', 10), 3, 12345.678, '{"k":"v"}', array[1,null], md5('a') || repeat('q', 3000));
select pg_column_size(a), pg_column_size(b), pg_column_size(c), pg_column_size(d), pg_column_size(e), pg_column_size(f), pg_column_size(g) from cst;
select pg_column_size(1::oid), pg_column_size(interval '1 day'), pg_column_size('1.2.3.4'::inet), pg_column_size(point(1,2));
select pg_column_size(1e-300::numeric), pg_column_size(1e300::numeric), pg_column_size(0.0001::numeric), pg_column_size(10000::numeric), pg_column_size(1.50::numeric), pg_column_size(round(1::numeric, 70)), pg_column_size(123456789012345678901234567890::numeric), pg_column_size(1e252::numeric), pg_column_size(1e-256::numeric);
select pg_column_size('1'::jsonb), pg_column_size('"abc"'::jsonb), pg_column_size('null'::jsonb), pg_column_size('{}'::jsonb), pg_column_size('{"b":{"c":[1,{"d":2.5}]},"a":"x"}'::jsonb), pg_column_size('[[],{},"",0]'::jsonb);
select pg_column_size('{{1,2},{3,4}}'::int[]), pg_column_size('{{1,2},{3,4}}'::int8[]), pg_column_size(array[1::int2]), pg_column_size(array[true,false]), pg_column_size(array[now()]), pg_column_size(array['{"a":1}'::jsonb]), pg_column_size(array[null::int]), pg_column_size(array[1,2,3,4,5,6,7,8,null]);
create temp table cs2 (t text, j jsonb, n numeric, a text[], v varchar, b bytea, c char(3));
insert into cs2 values (repeat('a', 125), '{"k": [1,2,3]}', 1e100, array['x','yy'], repeat('é', 63), '\x00', 'ab'), (repeat('a', 127), '{}', 0, '{}', repeat('é', 64), decode(repeat('ab', 4000), 'hex'), NULL), (repeat('ab', 1100), '"s"', -0.5, NULL, repeat('abc', 2000), ''::bytea, 'x');
select pg_column_size(t), pg_column_size(j), pg_column_size(n), pg_column_size(a), pg_column_size(v), pg_column_size(b), pg_column_size(c) from cs2;
select pg_column_size(x) from (select t as x from cs2) s;
select pg_column_size(upper(t)), pg_column_size(t || '') from cs2;
select pg_column_size(NULL), pg_column_size(''), pg_column_size('ü');
