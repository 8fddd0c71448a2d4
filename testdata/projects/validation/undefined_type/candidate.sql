create table public.events (
  id bigint primary key,
  kind event_kind not null
);
