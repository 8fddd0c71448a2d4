create type public.delivery_state as enum ('pending', 'succeeded', 'failed');

alter table public.webhook_deliveries
  add column state public.delivery_state not null default 'pending';
