-- Interval columns keep their fields and precision: format_type, atttypmod and information_schema show them.
CREATE TABLE spans (a interval, b interval(0), c interval second(0), d interval year, e interval day to second(3), f interval hour to minute, g interval year to month, h interval(6));
SELECT attname, format_type(atttypid, atttypmod), atttypmod FROM pg_attribute WHERE attrelid = 'spans'::regclass AND attnum > 0 ORDER BY attnum;
SELECT column_name, data_type, datetime_precision FROM information_schema.columns WHERE table_name = 'spans' ORDER BY ordinal_position;
SELECT pg_typeof(b), pg_typeof(c) FROM (SELECT NULL::interval(0) AS b, NULL::interval minute to second(2) AS c) s;
