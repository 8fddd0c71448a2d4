-- conformance: requires timescaledb
-- time_bucket of TimescaleDB 2.16.1 (Apache 2 Edition): every overload,
-- origins, offsets, time zones, months, and its errors.
CREATE SCHEMA extensions;
CREATE EXTENSION timescaledb WITH SCHEMA extensions;
SET search_path = public, extensions;
SELECT time_bucket(INTERVAL '1 hour', timestamptz '2024-01-02 03:04:05+00');
SELECT time_bucket(INTERVAL '15 minutes', timestamp '2024-01-02 03:04:05');
SELECT time_bucket(INTERVAL '1 week', date '2024-01-10'), time_bucket(INTERVAL '1 week', timestamptz '2024-01-10 05:00+00'), time_bucket(INTERVAL '1 week', timestamp '1999-12-29 10:00');
SELECT time_bucket(INTERVAL '1 day', date '1970-01-01'), time_bucket(INTERVAL '3 days', date '1999-12-31');
SELECT time_bucket(INTERVAL '1 month', timestamptz '2024-05-10 05:00+00'), time_bucket(INTERVAL '1 month', date '2024-03-15'), time_bucket(INTERVAL '1 month', timestamp '2024-02-29 23:59');
SELECT time_bucket(INTERVAL '3 months', date '2024-05-15'), time_bucket(INTERVAL '1 year', timestamptz '2024-05-15 00:00+00'), time_bucket(INTERVAL '5 months', date '1990-07-04');
SELECT time_bucket(INTERVAL '1 month 1 day', timestamptz '2024-05-10 05:00+00');
SELECT time_bucket(INTERVAL '0 hour', timestamptz '2024-05-10 05:00+00');
SELECT time_bucket(INTERVAL '-1 hour', timestamp '2024-05-10 05:00');
SELECT time_bucket(INTERVAL '-1 month', date '2024-05-10');
SELECT time_bucket(INTERVAL '12 hours', date '2024-01-01');
SELECT time_bucket(INTERVAL '36 hours', date '2024-01-01');
SELECT time_bucket(INTERVAL '1 hour', timestamp '2024-01-02 03:04:05', origin => timestamp '2024-01-01 00:30:00');
SELECT time_bucket(INTERVAL '1 day', timestamptz '2024-01-02 03:04:05+00', timestamptz '2024-01-01 06:00+00');
SELECT time_bucket(INTERVAL '1 week', date '2024-01-10', date '2024-01-01'), time_bucket(INTERVAL '2 months', date '2024-04-10', date '2024-01-01');
SELECT time_bucket(INTERVAL '1 month', timestamptz '2024-04-10 00:00+00', timestamptz '2000-01-03 00:00+00');
SELECT time_bucket(INTERVAL '1 hour', timestamp '2024-01-02 03:04:05', "offset" => INTERVAL '15 min');
SELECT time_bucket(INTERVAL '1 day', timestamptz '2024-01-02 03:04:05+00', "offset" => INTERVAL '-2 hours');
SELECT time_bucket(INTERVAL '1 week', date '2024-01-10', "offset" => INTERVAL '1 day');
SELECT time_bucket(INTERVAL '1 day', timestamptz '2024-01-02 03:04:05+00', 'Europe/Berlin');
SELECT time_bucket(INTERVAL '1 day', timestamptz '2024-01-02 03:04:05+00', 'America/New_York', origin => timestamptz '2024-01-01 06:00+00');
SELECT time_bucket(INTERVAL '1 day', timestamptz '2024-01-02 03:04:05+00', 'Asia/Tokyo', "offset" => INTERVAL '3 hours');
SELECT time_bucket(INTERVAL '1 month', timestamptz '2024-03-31 23:30+00', 'Europe/Berlin');
SELECT time_bucket(NULL::interval, now()), time_bucket(INTERVAL '1 day', NULL::timestamptz), time_bucket(INTERVAL '1 day', now(), NULL::text), time_bucket(NULL::int, 5);
SELECT time_bucket(5, 12), time_bucket(5, -12), time_bucket(5::smallint, -12::smallint), time_bucket(5::bigint, -12::bigint, 2::bigint), time_bucket(5, 12, "offset" => 1), time_bucket(10, 7, -3);
SELECT time_bucket(0, 12);
SELECT time_bucket(-5::bigint, 12::bigint);
SELECT time_bucket(10::smallint, (-32768)::smallint);
SELECT time_bucket(10, -2147483648);
SELECT time_bucket(INTERVAL '1 day', 'infinity'::timestamptz), time_bucket(INTERVAL '1 day', '-infinity'::timestamp), time_bucket(INTERVAL '1 day', 'infinity'::date), time_bucket(INTERVAL '1 month', '-infinity'::date);
SELECT pg_typeof(time_bucket(INTERVAL '1 day', now())), pg_typeof(time_bucket(INTERVAL '1 day', localtimestamp)), pg_typeof(time_bucket(INTERVAL '1 day', current_date)), pg_typeof(time_bucket(2::smallint, 3::smallint));
CREATE TABLE readings (time timestamptz NOT NULL, device text NOT NULL, v int);
SELECT created FROM create_hypertable('readings', 'time');
INSERT INTO readings VALUES ('2024-01-01 00:10+00', 'a', 1), ('2024-01-01 00:50+00', 'a', 2), ('2024-01-01 01:05+00', 'b', 3), ('2024-01-02 12:00+00', 'a', 4);
SELECT time_bucket(INTERVAL '1 hour', time) AS bucket, device, sum(v) FROM readings GROUP BY bucket, device ORDER BY bucket, device;
SELECT time_bucket(INTERVAL '1 day', time) AS day, count(*) FROM readings WHERE device = 'a' GROUP BY 1 ORDER BY 1;
CREATE VIEW hourly AS SELECT time_bucket(INTERVAL '1 hour', time) AS bucket, count(*) AS n FROM readings GROUP BY 1;
SELECT * FROM hourly ORDER BY bucket;
CREATE FUNCTION per_bucket(p_interval interval DEFAULT INTERVAL '1 hour') RETURNS TABLE(bucket timestamptz, n bigint) LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY SELECT time_bucket(p_interval, readings.time) AS b, count(*) FROM readings GROUP BY b ORDER BY b;
END $$;
SELECT * FROM per_bucket(INTERVAL '12 hours');
