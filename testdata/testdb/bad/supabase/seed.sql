insert into public.notes (id, body) values (1, 'one'), (2, 'two'), (3, 'three');
