-- Wall-clock times in a zone's transitions, as DetermineTimeZoneOffset reads them: a time a spring-forward skips takes the offset before it, one a fall-back repeats the offset after it; date_trunc below a day and intervals without days keep the instant's own offset.
set timezone = 'America/New_York';
select timestamp '2024-11-03 01:30' at time zone 'America/New_York', timestamptz '2024-11-03 01:30', timestamptz '2024-03-10 02:30', '2024-03-10 02:30'::timestamp::timestamptz, timestamp '2024-03-31 02:30' at time zone 'Europe/Berlin', timestamp '2024-10-27 02:30' at time zone 'Europe/Berlin';
select make_timestamptz(2024,3,10,2,30,0), make_timestamptz(2024,11,3,1,30,0), make_timestamptz(2024,3,31,2,30,0,'Europe/Berlin'), make_timestamptz(2024,10,27,2,30,0,'Europe/Berlin');
select timestamptz '2024-03-09 02:30' + interval '1 day', timestamptz '2024-11-02 01:30' + interval '1 day', timestamptz '2024-02-10 02:30' + interval '1 month', timestamptz '2024-03-09 02:30' + interval '24 hours';
select date_trunc('day', timestamptz '2024-03-10 12:00'), date_trunc('hour', timestamptz '2024-11-03 01:30-04'), date_trunc('hour', timestamptz '2024-11-03 01:30-05'), date_trunc('day', timestamptz '2024-11-03 12:00', 'Europe/Berlin');
select '2024-03-10'::date::timestamptz, '2024-11-03'::date::timestamptz;
select to_timestamp('2024-03-10 02:30', 'YYYY-MM-DD HH24:MI'), to_timestamp('2024-11-03 01:30', 'YYYY-MM-DD HH24:MI');
select g from generate_series(timestamptz '2024-03-09 02:30', timestamptz '2024-03-12 02:30', interval '1 day') g;
select g from generate_series(timestamptz '2024-11-02 01:30', timestamptz '2024-11-04 01:30', interval '12 hours') g;
set timezone = 'Australia/Lord_Howe';
select timestamptz '2024-04-07 01:45', timestamptz '2024-10-06 02:15', timestamptz '2024-10-06 02:45';
set timezone = 'Europe/Dublin';
select timestamptz '2024-03-31 01:30', timestamptz '2024-10-27 01:30';
