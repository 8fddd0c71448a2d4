-- session information functions: the connection functions' types (their values depend on the connection), encodings, current_query, transaction ids if assigned
select pg_typeof(inet_client_addr()), pg_typeof(inet_client_port()), pg_typeof(inet_server_addr()), pg_typeof(inet_server_port());
select getdatabaseencoding(), pg_client_encoding(), pg_typeof(getdatabaseencoding()), pg_typeof(pg_client_encoding());
select current_query();
select upper(current_query()) as q, length(current_query());
select pg_typeof(txid_current_if_assigned()), pg_typeof(pg_current_xact_id_if_assigned());
begin;
select txid_current_if_assigned() is null, pg_current_xact_id_if_assigned() is null;
select txid_current() = txid_current_if_assigned(), pg_current_xact_id_if_assigned()::text::bigint = txid_current();
commit;
