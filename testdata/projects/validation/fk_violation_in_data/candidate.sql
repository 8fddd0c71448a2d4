insert into public.profiles (name) values ('ada');
insert into public.posts (id, author_id) values (1, 1), (2, 42);
