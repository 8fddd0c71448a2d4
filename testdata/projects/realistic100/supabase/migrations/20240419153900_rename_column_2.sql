alter table public.webhooks rename column secret to signing_secret;
