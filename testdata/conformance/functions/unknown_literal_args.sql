-- untyped literals as function arguments: the overload PostgreSQL picks (the preferred type of the argument's category), and polymorphic arguments left unknown
select array_append('{1}', 2), array_prepend(0, '{1}'), array_cat('{1}', array[2]), array_position('{a,b}', 'b');
select array_remove('{1,2}', 2);
select array_length('{1}', 1);
select array_to_string('{a,b}', ',');
select array_positions('{a,b,a}', 'a'), array_replace('{1,2}', '2', '3');
select cardinality('{1,2}');
select pg_typeof(abs('5')), pg_typeof(length('abc')), pg_typeof(sign('1')), pg_typeof(floor('1.5')), pg_typeof(md5('x')), pg_typeof(to_json('x'::text));
select abs('-5'), sign('-2'), ceil('1.2'), sqrt('4'), exp('0'), mod('7', 3), div('7', '2'), gcd('12', 18);
select upper('a'), lower('A'), concat('a', 1), format('%s', 'x'), coalesce('1', 2), nullif('1', 1), greatest('1', 2), least('a', 'b');
select now() - '1 day', '2026-01-01'::date + '1 day', to_timestamp('0'), to_json('x'), jsonb_typeof('1');
select pg_typeof(abs('5')), abs('5');
