-- What pgTAP 1.3 changed: type aliases, schema-qualified primary-key
-- checks, procedures in function assertions.
begin;
select plan(18);
create domain public.positive as int check (value > 0);
create table public.ledger (id int primary key, amount numeric(10,2), note varchar(40), at timestamptz, span interval(0));
create function public.total(int, bool) returns bool language sql as 'select $2';
create procedure public.archive(int) language sql as 'select 1';
select col_is_pk('public', 'ledger', 'id'::name);
select col_is_pk('public', 'ledger', array['id']::name[]);
select has_pk('public', 'ledger'::name);
select col_type_is('public', 'ledger', 'amount', 'numeric(10,2)', 'amount');
select col_type_is('public', 'ledger', 'note', 'varchar(40)', 'note');
select col_type_is('public', 'ledger', 'at', 'pg_catalog', 'timestamptz', 'at');
select col_type_is('public', 'ledger', 'span', 'interval(0)', 'span');
select col_type_is('public', 'ledger', 'id', 'int8', 'id is not int8');
select col_type_is('ledger', 'id', 'no_such_type', 'no such type');
select has_cast('int4', 'int8');
select cast_context_is('int4', 'int8', 'implicit');
select domain_type_is('public', 'positive', 'int4', 'positive is an int4');
select function_returns('public', 'total', array['int', 'bool'], 'bool');
select function_lang_is('total', array['integer', 'boolean'], 'sql');
select is_procedure('public', 'archive', array['int']);
select has_operator('int4', '+', 'int4', 'int4');
select types_are('public', array['positive', 'customer_row']);
select format_type_string('character varying(5)') = 'character varying(5)' as normalised;
select ok(pgtap_version() >= 1.3, 'pgTAP 1.3 is installed');
rollback;
