insert into public.profiles (name) values ('ada');

update public.profiles
   set email = lower(email)
 where email is not null;
