create table events (id bigint generated always as identity primary key, at timestamptz, payload jsonb);
