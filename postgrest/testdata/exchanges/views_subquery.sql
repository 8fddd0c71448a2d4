create view books_sub as select s.id, s.title, s.writer from (select b.id, b.title, b.author_id as writer from books b) s;
create view books_cte as with w(book, writer) as (select id, author_id from books) select book as id, writer from w;
create view books_union as select id, title, author_id from books union all select id, title, author_id from books where false;
create view authors_sub as select * from (select id, name from authors) a;
grant select on books_sub, books_cte, books_union, authors_sub to anon, authenticated, service_role;
