create view books_joined as select j.book_id, j.title, j.writer, j.name from (books b join authors a on a.id = b.author_id) as j (book_id, title, writer, year, price, tags, meta, aid, name);
create view author_sites as select ap.id, ap.name, ap.website from (authors left join profiles using (id)) as ap;
create view book_rows as select x.book_id as id, x.title, x.author_id from ((books join authors on authors.id = books.author_id) j join (select 1) one on true) as x (book_id, title, author_id);
grant select on books_joined, author_sites, book_rows to anon, authenticated, service_role;
