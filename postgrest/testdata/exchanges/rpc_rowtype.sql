create function books_after(y int) returns setof books language sql stable as $$ select * from books where year > y order by id $$;
create function first_book() returns books language sql stable as $$ select * from books order by id limit 1 $$;
grant execute on all functions in schema public to anon, authenticated, service_role;
