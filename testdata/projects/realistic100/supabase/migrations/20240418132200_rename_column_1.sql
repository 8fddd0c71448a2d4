alter table public.profiles rename column website to website_url;
