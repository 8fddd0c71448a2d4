create type public.notification_channel as enum ('email', 'push', 'in_app');

alter table public.notifications
  add column channel public.notification_channel not null default 'in_app';
