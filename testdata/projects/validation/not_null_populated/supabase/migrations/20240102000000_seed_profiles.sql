insert into public.profiles (name, email) values ('ada', 'ada@example.com'), ('bob', null);
