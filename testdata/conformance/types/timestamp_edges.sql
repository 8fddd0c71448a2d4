-- the first and last timestamps PostgreSQL accepts, and isfinite at the
-- infinities
select '4714-11-24 00:00:00 BC'::timestamp, '4714-11-24 00:00:00+00 BC'::timestamptz;
select '4714-11-23 23:59:59 BC'::timestamp;
select '4714-12-01 BC'::timestamp, '4713-01-01 BC'::timestamp;
select '294276-12-31 23:59:59'::timestamp;
select '294277-01-01 00:00:00'::timestamp;
select isfinite('-infinity'::timestamptz) as a, isfinite('infinity'::timestamptz) as b,
       isfinite('-infinity'::timestamp) as c, isfinite('infinity'::timestamp) as d,
       isfinite('-infinity'::date) as e, isfinite('infinity'::date) as f,
       isfinite('4714-11-24 00:00:00 BC'::timestamp) as g, isfinite('2024-01-01'::timestamptz) as h,
       isfinite('2024-01-01'::date) as i, isfinite('1 day'::interval) as j;
select '4714-11-24 00:00:00 BC'::timestamp - interval '1 second';
