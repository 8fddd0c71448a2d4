create function add_one(n integer) returns integer language sql set search_path = '' as $$ select n + 1 $$;
