-- The built-in types' input and output functions pg_type names are
-- callable (docs 38.13): in from cstring, out to cstring, an input of a
-- type with typmods taking the type's OID and the typmod.
SELECT int4in('42'), int4out(7), boolin('yes'), textout('abc'::text), date_in('2024-02-29'),
       uuid_out('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::uuid);

SELECT numeric_in('3.14159', 1700, 393222), varcharin('abc', 1043, 7), length(bpcharin('ab', 1042, 8)), octet_length(bpcharin('ab', 1042, 8)),
       timestamptz_in('2020-01-01 12:00', 1184, -1);

SELECT pg_typeof(int4in('1')), pg_typeof(int4out(1));

SELECT varcharin('abcdef', 1043, 7);

SELECT int4in('x');

SELECT t.typname, p.proname, p.pronargs, p.prorettype::regtype
FROM pg_type t JOIN pg_proc p ON p.oid = t.typinput
WHERE t.typname IN ('int4', 'text', 'numeric', 'varchar', 'bool')
ORDER BY t.typname;

SELECT t.typname, p.proname, p.proargtypes::regtype[]
FROM pg_type t JOIN pg_proc p ON p.oid = t.typoutput
WHERE t.typname IN ('int4', 'text', 'date')
ORDER BY t.typname;

SELECT 'int4in'::regproc::oid = (SELECT typinput::oid FROM pg_type WHERE typname = 'int4'),
       'array_in'::regproc, 'array_in'::regproc::oid::regproc;

SELECT int4send(5), textsend('ab'::text), boolsend(true), float8send(1.5), numeric_send(12.5),
       date_send('2020-01-01'), timestamptz_send('2020-01-01 00:00:00+00'),
       uuid_send('a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'), jsonb_send('{"a":1}'), int8send(-1),
       interval_send('1 day 2 hours'), inet_send('10.0.0.1/8'), varcharsend('x'), namesend('n'),
       float4send(2.5), int2send(3::int2), time_send('10:00'), tidsend('(1,2)'),
       macaddr_send('08:00:2b:01:02:03'), bit_send(B'101');

SELECT t.typname, p.proname, p.prorettype::regtype
FROM pg_type t JOIN pg_proc p ON p.oid = t.typsend
WHERE t.typname IN ('int4', 'text', 'uuid')
ORDER BY t.typname;
