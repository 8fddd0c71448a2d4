alter table public.api_keys add column revoked_at timestamptz;
