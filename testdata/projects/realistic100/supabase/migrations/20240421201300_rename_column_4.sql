alter table public.api_keys rename column hashed_key to key_hash;
