-- ON CONFLICT DO UPDATE's SET items all read the existing row
create table acct (id int primary key, balance int, prev int, note text);
insert into acct values (1, 100, 7, 'a');
insert into acct values (1, 5, 5, 'x') on conflict (id) do update set balance = acct.prev, prev = acct.balance returning balance, prev;
insert into acct values (1, 5, 5, 'x') on conflict (id) do update set balance = excluded.balance + acct.balance, prev = acct.balance returning balance, prev;
insert into acct values (1, 5, 5, 'x') on conflict (id) do update set balance = acct.prev, prev = acct.balance, note = excluded.note || acct.note where acct.balance > 1000 returning balance, prev;
insert into acct values (1, 5, 5, 'x') on conflict (id) do update set balance = acct.prev, prev = acct.balance, note = excluded.note || acct.note where acct.balance < 1000 returning balance, prev, note;
insert into acct values (1, 5, 5, 'x'), (2, 1, 2, 'y') on conflict (id) do update set (balance, prev) = (acct.prev, acct.balance) returning id, balance, prev;
select * from acct order by id;
