insert into public.profiles (name, created_at)
values ('ada', 'yesterday-ish');
