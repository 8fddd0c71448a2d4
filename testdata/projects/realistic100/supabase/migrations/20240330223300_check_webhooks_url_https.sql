alter table public.webhooks
  add constraint webhooks_url_https check (url like 'https://%');
