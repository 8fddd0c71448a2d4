-- date_trunc(unit, timestamptz, zone)
select date_trunc('day', timestamptz '2024-03-10 15:30:00+00', 'America/New_York'), date_trunc('hour', timestamptz '2024-03-10 15:30:00+00', 'Asia/Kolkata'), date_trunc('month', timestamptz '2024-03-10 15:30:00+00', 'Europe/Berlin'), date_trunc('week', timestamptz '2024-03-10 15:30:00+00', 'UTC'), date_trunc('year', timestamptz '2024-03-10 15:30:00+00', '+05'), date_trunc('day', timestamptz 'infinity', 'UTC');
select date_trunc('day', timestamptz '2024-03-10 15:30:00+00', 'Nowhere/Zone');
select date_trunc('fortnight', timestamptz '2024-03-10 15:30:00+00', 'UTC');
