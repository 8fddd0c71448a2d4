-- trunc(numeric, n) with n < 0 drops digits left of the point, at scale 0;
-- extract(julian ...) of a timestamp divides the day's microseconds at
-- numeric division's scale.
SELECT trunc(1.50, -1), trunc(155.5, -1), trunc(-155.5, -2), trunc(99999.999, -3), trunc(0.5, -1),
       trunc(12345678901234567890.12345678901234567, -2), trunc(155.5, 0), trunc(155.55, 1), round(155.5, -1);
SELECT extract(julian from TIMESTAMPTZ '2024-11-03 00:59:59.5+00'), extract(julian from timestamp '2024-11-03 00:59:59.5'),
       extract(julian from timestamp '2024-11-03 12:00'), extract(julian from timestamp '2024-11-03'),
       extract(julian from date '2024-11-03');
