-- deparsed definitions name the session's own temporary schema pg_temp, as ruleutils.c does
create temp table tt(a int primary key);
create function tmpq_tf() returns trigger language plpgsql as 'begin return new; end';
create trigger tt_t before insert on tt for each row execute function tmpq_tf();
create rule r as on update to tt do instead nothing;
select pg_get_triggerdef(oid) from pg_trigger where tgname='tt_t';
select pg_get_triggerdef(oid, true) from pg_trigger where tgname='tt_t';
select indexdef from pg_indexes where tablename='tt';
select pg_get_indexdef('tt_pkey'::regclass);
select pg_get_ruledef(oid) from pg_rewrite where rulename='r';
drop table tt;
drop function tmpq_tf();
