-- time with time zone
SELECT '12:34:56+02'::timetz, '12:34:56.789 -05:30'::timetz, '12:34'::timetz, '00:00:00+1400'::timetz, '23:59:59.999999-12'::timetz;
SELECT '12:34:56 PST'::timetz, '1:02 PM +01'::timetz, 'allballs'::timetz;
SELECT 'noon'::timetz;
SELECT '25:00+00'::timetz;
SELECT '12:00+02'::timetz = '10:00+00'::timetz, '12:00+02'::timetz < '10:00+00'::timetz, '10:00+00'::timetz < '12:00+02'::timetz, '11:00+01'::timetz > '10:00+00'::timetz;
SELECT '12:00:00+02'::timetz::time, '12:00'::time::timetz, '2024-05-01 12:00:00+00'::timestamptz::timetz, pg_typeof('12:00'::timetz);
SELECT '12:34:56.789+02'::time(1) with time zone, '12:34:56.789+02'::timetz(0), format_type('timetz'::regtype, 3);
CREATE TABLE shifts (id int PRIMARY KEY, starts timetz NOT NULL, ends time with time zone);
INSERT INTO shifts VALUES (1, '09:00+01', '17:00+01'), (2, '08:30-05', NULL), (3, '23:00+00', '07:00+00');
SELECT id, starts, ends FROM shifts ORDER BY starts, id;
SELECT id FROM shifts WHERE starts > '09:00+00' ORDER BY id;
SELECT id, starts::text, ends::time FROM shifts ORDER BY id;
SELECT column_name, data_type, datetime_precision FROM information_schema.columns WHERE table_name = 'shifts' ORDER BY ordinal_position;
