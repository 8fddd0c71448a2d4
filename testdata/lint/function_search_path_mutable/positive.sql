create function add_one(n integer) returns integer language sql as $$ select n + 1 $$;
