-- Dashboards: orders bucketed by day, week and month, gaps filled with generate_series, labels with to_char.
CREATE TABLE orders (id int PRIMARY KEY, customer text NOT NULL, total numeric(10,2) NOT NULL, status text NOT NULL, placed_at timestamptz NOT NULL);
INSERT INTO orders VALUES
  (1, 'ann', 10.00, 'paid', '2024-01-30 09:15:00+00'),
  (2, 'bob', 25.50, 'paid', '2024-01-31 23:59:59+00'),
  (3, 'ann', 7.25, 'refunded', '2024-02-01 00:00:00+00'),
  (4, 'cy', 100.00, 'paid', '2024-02-03 14:30:00+00'),
  (5, 'bob', 12.00, 'pending', '2024-02-03 18:45:00+00'),
  (6, 'ann', 40.00, 'paid', '2024-02-12 08:00:00+00'),
  (7, 'dee', 3.99, 'paid', '2024-02-29 12:00:00+00'),
  (8, 'cy', 55.00, 'paid', '2024-03-04 10:10:10+00');
SELECT date_trunc('day', placed_at) AS day, count(*), sum(total) FROM orders GROUP BY 1 ORDER BY 1;
SELECT date_trunc('month', placed_at)::date AS month, count(*) AS n, sum(total) FILTER (WHERE status = 'paid') AS paid FROM orders GROUP BY 1 ORDER BY 1;
SELECT date_trunc('week', placed_at)::date AS week, count(*) FROM orders GROUP BY 1 ORDER BY 1;
SELECT d::date AS day, count(o.id) AS orders, coalesce(sum(o.total), 0) AS revenue FROM generate_series(timestamptz '2024-02-01', '2024-02-07', interval '1 day') AS d LEFT JOIN orders o ON date_trunc('day', o.placed_at) = d GROUP BY d ORDER BY d;
SELECT to_char(placed_at, 'YYYY-MM-DD HH24:MI') AS at, to_char(placed_at, 'Mon DD, YYYY'), to_char(placed_at, 'Dy') FROM orders WHERE id IN (1, 4, 7) ORDER BY id;
SELECT to_char(date_trunc('month', placed_at), 'FMMonth YYYY') AS label, count(*) FROM orders GROUP BY 1, date_trunc('month', placed_at) ORDER BY date_trunc('month', placed_at);
SELECT to_char(total, 'FM999990.00'), to_char(total, '999G999D99'), to_char(1234567.891, '9,999,999.99') FROM orders WHERE id = 4;
SELECT extract(year FROM placed_at) AS y, extract(month FROM placed_at) AS m, extract(dow FROM placed_at) AS dow, extract(isodow FROM placed_at) AS isodow FROM orders WHERE id = 7;
SELECT extract(epoch FROM placed_at) FROM orders WHERE id = 1;
SELECT date_part('day', placed_at), date_part('hour', placed_at) FROM orders WHERE id = 5;
SELECT extract(hour FROM placed_at) AS hour, count(*) FROM orders GROUP BY 1 ORDER BY 1;
SELECT customer, min(placed_at)::date AS first_order, max(placed_at)::date AS last_order, max(placed_at) - min(placed_at) AS span FROM orders GROUP BY customer ORDER BY customer;
SELECT customer, age(timestamptz '2024-03-31 00:00:00+00', min(placed_at)) FROM orders GROUP BY customer ORDER BY customer;
SELECT id FROM orders WHERE placed_at >= date_trunc('month', timestamptz '2024-02-15 00:00:00+00') AND placed_at < date_trunc('month', timestamptz '2024-02-15 00:00:00+00') + interval '1 month' ORDER BY id;
SELECT id FROM orders WHERE placed_at::date BETWEEN '2024-02-01' AND '2024-02-03' ORDER BY id;
SELECT id FROM orders WHERE placed_at > timestamptz '2024-03-05 00:00:00+00' - interval '7 days' ORDER BY id;
SELECT generate_series(date '2024-02-26', date '2024-03-02', interval '1 day')::date AS day;
SELECT d::date, to_char(d, 'Day'), extract(isodow FROM d) FROM generate_series(timestamp '2024-02-26', timestamp '2024-03-03', interval '1 day') AS d ORDER BY d;
SELECT (date '2024-01-31' + interval '1 month')::date, date '2024-03-01' - date '2024-02-01', date '2024-02-28' + 2;
SELECT date_trunc('quarter', timestamp '2024-05-17 10:00'), date_trunc('year', timestamp '2024-05-17 10:00'), date_trunc('hour', timestamp '2024-05-17 10:42:13');
SELECT placed_at AT TIME ZONE 'America/New_York' AS local FROM orders WHERE id = 2;
SELECT date_trunc('day', placed_at AT TIME ZONE 'Asia/Tokyo')::date AS tokyo_day, count(*) FROM orders GROUP BY 1 ORDER BY 1;
SELECT to_char(interval '1 day 02:03:04', 'HH24:MI:SS'), justify_hours(interval '27 hours'), justify_days(interval '45 days');
SELECT make_date(2024, 2, 29), make_timestamp(2024, 2, 29, 13, 14, 15.5), make_interval(days => 10, hours => 3);
SELECT make_date(2023, 2, 29);
SELECT date_trunc('fortnight', now());
SELECT to_timestamp(1709294400), to_timestamp('2024-03-01 12:00', 'YYYY-MM-DD HH24:MI'), to_date('01/03/2024', 'DD/MM/YYYY');
SELECT count(*) FILTER (WHERE placed_at::time < '12:00') AS morning, count(*) FILTER (WHERE placed_at::time >= '12:00') AS afternoon FROM orders;
SELECT status, round(avg(total), 2), percentile_cont(0.5) WITHIN GROUP (ORDER BY total) FROM orders GROUP BY status ORDER BY status;
