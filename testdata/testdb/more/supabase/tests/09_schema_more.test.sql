begin;
create schema extra;
create type extra.mood as enum ('sad', 'ok', 'happy');
create table extra.people (
  id int primary key,
  email text unique,
  nick text,
  age int check (age > 0),
  unique (nick, age)
);
create function extra.touch() returns trigger language plpgsql as $$ begin return new; end $$;
create trigger people_touch before update on extra.people for each row execute function extra.touch();
select plan(12);
select enums_are('extra', array['mood']);
select enums_are('extra', array['mood', 'angry'], 'a missing enum');
select types_are('extra', array['mood']);
select has_unique('extra', 'people', 'people has a unique constraint');
select col_is_unique('extra', 'people', array['nick', 'age']::name[], 'nick and age are unique together');
select col_is_unique('extra', 'people', 'id'::name, 'the key is not a unique constraint');
select has_check('extra', 'people', 'people has a check');
select col_isnt_pk('extra', 'people', 'email', 'email is not the key');
select trigger_is('extra', 'people', 'people_touch', 'extra', 'touch');
select triggers_are('extra', 'people', array['people_touch']);
select triggers_are('extra', 'people', array['people_touch', 'people_audit'], 'a missing trigger');
select col_isnt_fk('extra', 'people', 'email', 'email is no foreign key');
select * from finish();
rollback;
