create view authors_view as select id, name from authors;
create view books_view as select b.id, b.title, b.author_id as writer_id, b.year from books b;
create view books_view2 as select * from books_view where year > 2000;
create view profiles_view as select p.id, p.website from profiles p;
create view book_authors as select b.id as book_id, b.title, a.name as author from books b join authors a on a.id = b.author_id;
create view titles_only as select title, upper(title) as shout from books;
grant all on all tables in schema public to anon, authenticated, service_role;
