-- functions of timestamptz follow the session TimeZone, also with constant arguments
SET TimeZone = 'America/Los_Angeles';
SELECT to_char('2024-01-02 03:04:05+00'::timestamptz, 'YYYY-MM-DD HH24:MI TZ');
SELECT date_part('hour', '2024-01-02 03:04:05+00'::timestamptz);
SELECT date_trunc('day', '2024-01-02 03:04:05+00'::timestamptz);
BEGIN;
SET LOCAL TimeZone = 'Asia/Tokyo';
SELECT to_char('2024-01-02 03:04:05+00'::timestamptz, 'HH24:MI TZ');
COMMIT;
SELECT set_config('TimeZone', 'Europe/Paris', false);
SELECT to_char('2024-07-02 03:04:05+00'::timestamptz, 'HH24:MI TZ'), extract(hour FROM '2024-07-02 03:04:05+00'::timestamptz);
RESET TimeZone;
