-- a sign followed by spaces belongs to the next field of interval input,
-- as a month's last day is often written
SELECT '1 month - 1 day'::interval, '- 1 day'::interval, '1 year - 2 months + 3 days'::interval;
SELECT '- 1:00'::interval, '2 days - 3 hours ago'::interval, '1 day -2 hours'::interval;
SELECT (date_trunc('month', date '2024-02-10') + interval '1 month - 1 day')::date;
SELECT '-'::interval;
SELECT '1 - day'::interval;
