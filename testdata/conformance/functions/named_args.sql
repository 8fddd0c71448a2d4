-- named and defaulted arguments of built-in functions
SELECT make_interval(years => 1, days => 3), make_interval(hours => 36), make_interval(secs => 1.25);
SELECT make_interval(1), make_interval(1, 2, secs => 3), make_interval();
SELECT make_date(year => 2024, month => 1, day => 5), make_time(hour => 1, min => 2, sec => 3.5);
SELECT make_interval(foo => 1);
SELECT make_interval(days => 1, days => 2);
SELECT lower(x => 'a');
SELECT make_timestamptz(year => 2024, month => 3, mday => 10, hour => 2, min => 30, sec => 0) AT TIME ZONE 'UTC', make_timestamptz(2024, 1, 2, 3, 4, 5.5) AT TIME ZONE 'UTC';
