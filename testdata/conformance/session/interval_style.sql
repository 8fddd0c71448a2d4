-- SET IntervalStyle changes interval output (text over the wire and ::text)
SET intervalstyle = iso_8601;
select interval '1 year 2 months 3 days 04:05:06.5', interval '-1 day', interval '0', interval '1 day -1 hour'::text, interval '-3.25 seconds', interval '-1 year -2 months -3 days -04:05:06', interval '14 months', interval '0.5 seconds';
show intervalstyle;
SET intervalstyle = sql_standard;
select interval '1 year 2 months 3 days 04:05:06.5', interval '-1 day', interval '0', interval '1 day -1 hour'::text, interval '1 year 2 months', interval '-1 year -2 months', interval '3 days 04:05:06', interval '-3 days -04:05:06.25', interval '04:05:06', interval '-00:00:01.5', interval '1 year -1 day';
SET intervalstyle = postgres_verbose;
select interval '1 year 2 months 3 days 04:05:06.5', interval '-1 day', interval '0', interval '1 day -1 hour'::text, interval '-3 seconds', interval '1 second', interval '-1 year -2 months -3 days -04:05:06', interval '-0.5 seconds', interval '1 day -1.5 seconds', array[interval '1 hour'];
BEGIN;
SET LOCAL intervalstyle = iso_8601;
select interval '1 hour';
ROLLBACK;
select interval '1 hour';
RESET intervalstyle;
select interval '1 year 2 months 3 days 04:05:06.5', interval '-1 day';
