-- ALTER TABLE runs its subcommands in tablecmds.c's passes, not as
-- written: drops first, then new columns, then new constraints, so a
-- constraint may name a column added later in the same statement.
create table tasks (id int primary key, status text not null, queued_at timestamptz not null default now(),
  constraint valid_status check (status in ('queued', 'done')));
insert into tasks (id, status) values (1, 'queued');
alter table tasks drop constraint valid_status,
  add constraint valid_status check (status in ('queued', 'started', 'done')),
  add constraint started_after_queued check (started_at is null or started_at >= queued_at),
  add column started_at timestamptz null;
alter table tasks add constraint delay_nonnegative check (delay is null or delay >= 0), add column delay int;
insert into tasks (id, status, started_at, delay) values (2, 'started', now(), 3);
insert into tasks (id, status, delay) values (3, 'started', -1);
alter table tasks add constraint weight_positive check (weight > 0), add column weight int not null default 0;
alter table tasks add constraint uses_missing check (nothere > 0), add column other int;
select conname, pg_get_constraintdef(oid) from pg_constraint where conrelid = 'tasks'::regclass and contype = 'c' order by conname;
select column_name from information_schema.columns where table_name = 'tasks' order by ordinal_position;
