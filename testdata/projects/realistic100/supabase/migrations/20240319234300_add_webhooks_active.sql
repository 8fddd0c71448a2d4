alter table public.webhooks add column active boolean not null default true;
