create function full_name(authors) returns text language sql stable as $$ select $1.name || ' (' || $1.id || ')' $$;
create function book_count(authors) returns bigint language sql stable as $$ select count(*) from books where author_id = $1.id $$;
create function written(authors) returns setof books language sql stable as $$ select * from books where author_id = $1.id $$;
create function writer(books) returns setof authors rows 1 language sql stable as $$ select * from authors where id = $1.author_id $$;
create function main_author(books) returns authors language sql stable as $$ select * from authors where id = $1.author_id $$;
create function bosses(people) returns setof people language sql stable as $$ select * from people where id = $1.boss_id $$;
create function authors_named(prefix text) returns setof authors language sql stable as $f$ select * from authors where name like prefix || '%' $f$;
grant execute on all functions in schema public to anon, authenticated, service_role;
