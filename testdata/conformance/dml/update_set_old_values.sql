-- every SET item of an UPDATE reads the row as it was before the UPDATE
create table acct (id int primary key, balance int, prev int, note text, tags text[], meta jsonb);
insert into acct values (1, 100, 0, 'a', '{x}', '{}');
update acct set balance = balance - 10, prev = balance where id = 1 returning balance, prev;
update acct set note = 'b', meta = to_jsonb(note) returning note, meta;
update acct set tags[1] = 'y', note = tags[1] returning tags, note;
update acct set prev = balance * 2, balance = prev returning balance, prev;
update acct set balance = 1, prev = balance + 1, note = prev::text returning balance, prev, note;
insert into acct values (1, 5, 5, 'c', '{}', '{}') on conflict (id) do update set balance = acct.balance + 1, prev = acct.balance returning balance, prev;
update acct set (balance, prev) = (prev, balance) where id = 1 returning balance, prev;
update acct set balance = prev, prev = balance, note = 'swapped' where id = 1 and balance > 0 returning *;
select id, balance, prev, note from acct;
