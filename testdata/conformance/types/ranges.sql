-- built-in range types: input, canonical output, operators and functions
SELECT '[1,5]'::int4range, '(1,5)'::int4range, '(,5]'::int4range, '[3,3)'::int4range, 'empty'::int4range;
SELECT '[1.5,2]'::numrange, '(0.5,)'::numrange, '[1,1]'::numrange, '(1,1]'::numrange;
SELECT '[2024-01-01,2024-02-01]'::daterange, '(2024-01-01,2024-01-02)'::daterange, '[2024-01-01,)'::daterange;
SELECT '[2024-01-01 10:00, 2024-01-02)'::tsrange, '["2024-01-01 10:00+02",)'::tstzrange;
SELECT '[10000000000,10000000005]'::int8range, ' [ 1 , 5 ) '::int4range, '[,]'::int4range, 'EMPTY'::int4range;
SELECT '[ "1" , "5" )'::int4range;
SELECT '[a,5)'::int4range;
SELECT '[5,1)'::int4range;
SELECT '1,5'::int4range;
SELECT '[1,5'::int4range;
SELECT '[1,5)x'::int4range;
SELECT 'empty junk'::int4range;
SELECT '[1,2,3)'::int4range;
SELECT '[1,2147483647]'::int4range;
SELECT int4range(1, 5), int4range(1, 5, '[]'), int4range(1, 5, '()'), int4range(1, 5, '(]'), int4range(NULL, 5), int4range(NULL, NULL);
SELECT numrange(1, 2.5), numrange(1.25, 2.5, '[]'), int8range(1, 3), daterange('2024-01-01', '2024-01-31', '[]');
SELECT int4range(1, 5, 'xx');
SELECT int4range(5, 1);
SELECT int4range(1, 10) @> 5, int4range(1, 10) @> 10, int4range(1, 10) @> int4range(2, 3), 5 <@ int4range(1, 10), int4range(2, 3) <@ int4range(1, 10);
SELECT int4range(1, 5) && int4range(4, 8), int4range(1, 5) && int4range(5, 8), int4range(1, 5) -|- int4range(5, 8), numrange(1, 2, '[]') -|- numrange(2, 3);
SELECT int4range(1, 5) << int4range(6, 8), int4range(6, 8) >> int4range(1, 5), int4range(1, 5) &< int4range(3, 8), int4range(4, 8) &> int4range(1, 5);
SELECT lower(int4range(1, 5)), upper(int4range(1, 5)), lower('(,5)'::int4range), upper('empty'::int4range), pg_typeof(lower(numrange(1, 2)));
SELECT isempty(int4range(1, 1)), isempty(int4range(1, 2)), lower_inc('[1,5)'::int4range), upper_inc('[1,5]'::numrange), lower_inf('(,5)'::int4range), upper_inf('[1,)'::int4range), lower_inc('empty'::int4range);
SELECT int4range(1, 5) + int4range(3, 8), int4range(1, 5) + int4range(5, 8), int4range(1, 5) * int4range(3, 8), int4range(1, 3) * int4range(5, 8);
SELECT int4range(1, 5) + int4range(7, 8);
SELECT int4range(1, 8) - int4range(5, 10), int4range(1, 8) - int4range(0, 3), int4range(1, 8) - int4range(0, 10), int4range(1, 8) - int4range(10, 20);
SELECT int4range(1, 8) - int4range(3, 5);
SELECT range_merge(int4range(1, 3), int4range(7, 8));
SELECT int4range(1, 5) = int4range(1, 5), int4range(1, 5) = '[1,4]', int4range(1, 5) < int4range(1, 6), 'empty'::int4range < int4range(1, 2), int4range(NULL, 2) < int4range(1, 2);
SELECT '{"[1,2)","[3,4)"}'::int4range[], ARRAY[int4range(1, 2), NULL];
SELECT int4range(1, 5)::text, '[1,5)'::text::int4range, pg_typeof('[1,5)'::int4range);
CREATE TABLE bookings (id int PRIMARY KEY, room text NOT NULL, during tstzrange NOT NULL, seats int4range, price_band numrange);
INSERT INTO bookings VALUES
  (1, 'a', '[2024-01-01 10:00, 2024-01-01 12:00)', '[1,4]', '[10,20)'),
  (2, 'a', tstzrange('2024-01-02 09:00', '2024-01-02 10:00'), int4range(5, 9), numrange(20, NULL)),
  (3, 'b', tstzrange('2024-01-01 11:00', NULL), 'empty', NULL);
INSERT INTO bookings (id, room, during) VALUES (4, 'c', '[2024-01-02,2024-01-01)');
SELECT id, during, seats, price_band FROM bookings ORDER BY id;
SELECT id FROM bookings WHERE during && tstzrange('2024-01-01 11:30', '2024-01-01 13:00') ORDER BY id;
SELECT id FROM bookings WHERE during @> '2024-01-02 09:30+00'::timestamptz ORDER BY id;
SELECT id FROM bookings WHERE seats @> 3 OR price_band @> 25.0 ORDER BY id;
SELECT id, upper(seats) - lower(seats) AS n, isempty(seats), lower(during) FROM bookings ORDER BY seats, id;
SELECT room, count(*) FROM bookings GROUP BY room ORDER BY room;
UPDATE bookings SET seats = seats * int4range(2, 6) WHERE id = 1 RETURNING id, seats;
SELECT DISTINCT seats FROM bookings WHERE seats IS NOT NULL ORDER BY seats;
SELECT id, during FROM bookings ORDER BY during DESC;
