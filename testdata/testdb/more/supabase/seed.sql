insert into public.customers values (1, 'Ada'), (2, 'Grace'), (3, 'Linus');
insert into public.orders values (10, 1, 25.50), (11, 1, 4.00), (12, 2, 99.99);
