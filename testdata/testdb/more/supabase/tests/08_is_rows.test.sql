begin;
select plan(4);
select is(c.*, row(1, 'Ada')::public.customers, 'a table row') from public.customers c where id = 1;
select is(row(2, 'Grace')::public.customer_row, row(2, 'Grace')::public.customer_row);
select is(c.*, row(2, 'Ada')::public.customers, 'rows that differ') from public.customers c where id = 2;
select isnt(c.*, row(3, 'Linus')::public.customers, 'isnt on rows') from public.customers c where id = 3;
select * from finish();
rollback;
