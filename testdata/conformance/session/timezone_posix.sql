-- TimeZone takes POSIX zone specs without daylight rules (an abbreviation
-- and its offset west of UTC) and, from SET TIME ZONE, a number of hours
-- east, which it stores as a spec named by the offset (docs B.5).
SET TimeZone = 'UTC+3';
SHOW TimeZone;
SELECT '2024-01-01 00:00+00'::timestamptz, '2024-07-01 12:00'::timestamptz::text;
SET TimeZone = '<+03>-3';
SELECT current_setting('TimeZone'), '2024-01-01 00:00+00'::timestamptz;
SET TimeZone = 'UTC-3:30';
SELECT '2024-01-01 00:00+00'::timestamptz;
SET TimeZone = 'EST5';
SELECT '2024-01-01 00:00+00'::timestamptz;
SET TIME ZONE -5;
SHOW TimeZone;
SELECT '2024-01-01 00:00+00'::timestamptz;
SET TimeZone = '+03';
SHOW TimeZone;
SET TimeZone = '3.5';
SHOW TimeZone;
SELECT '2024-01-01 00:00+00'::timestamptz;
SET TimeZone = '0';
SHOW TimeZone;
SELECT set_config('TimeZone', 'GMT+2', false), '2024-01-01 00:00+00'::timestamptz;
SET TimeZone = 'XYZ';
RESET TimeZone;
SHOW TimeZone;
