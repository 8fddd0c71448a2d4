create table events (at timestamptz, payload jsonb);
