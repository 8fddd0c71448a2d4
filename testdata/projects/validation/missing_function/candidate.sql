alter table public.profiles add column slug text default public.slugify('x');
