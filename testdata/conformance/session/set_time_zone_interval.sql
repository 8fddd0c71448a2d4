-- SET TIME ZONE INTERVAL '...' HOUR TO MINUTE (Sequelize sends it on every
-- connection): the interval's time is the offset east of UTC.
SET TIME ZONE INTERVAL '+00:00' HOUR TO MINUTE;
SELECT current_setting('TimeZone');
SELECT '2024-01-02 03:04:05+00'::timestamptz;
SET TIME ZONE INTERVAL '+05:30' HOUR TO MINUTE;
SELECT current_setting('TimeZone');
SELECT '2024-01-02 03:04:05+00'::timestamptz, current_setting('TimeZone');
SET TIME ZONE INTERVAL '-08:00' HOUR TO MINUTE;
SELECT current_setting('TimeZone');
SELECT '2024-01-02 03:04:05+00'::timestamptz;
SET TIME ZONE -3;
SELECT current_setting('TimeZone');
SET TIME ZONE 2.5;
SELECT current_setting('TimeZone');
SELECT '2024-01-02 03:04:05+00'::timestamptz;
SET TIME ZONE INTERVAL '1 day' HOUR TO MINUTE;
SELECT current_setting('TimeZone');
SET TIME ZONE 'UTC';
SELECT current_setting('TimeZone');
