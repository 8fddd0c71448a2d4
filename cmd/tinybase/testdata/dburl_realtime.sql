-- Realtime Authorization for the --db-url end-to-end test: members of a
-- room may join its private channel and send on it.
create table public.room_members (room text not null, user_id uuid not null);
grant select on public.room_members to authenticated;
create policy "members receive" on realtime.messages for select to authenticated
  using (exists (select 1 from public.room_members m where m.room = realtime.topic() and m.user_id = auth.uid()));
create policy "members send" on realtime.messages for insert to authenticated
  with check (exists (select 1 from public.room_members m where m.room = realtime.topic() and m.user_id = auth.uid()));
insert into public.room_members values ('private-room', '0f3c5c1e-6a0b-4d47-9d0e-2f1b7e9c1a01');
