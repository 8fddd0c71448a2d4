insert into public.profiles (name) values ('ada');
