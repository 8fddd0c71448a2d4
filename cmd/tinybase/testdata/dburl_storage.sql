-- storageapi's e2e policies (storageapi/e2e_test.go): each signed-in user
-- owns the folder of the private bucket named by their id.
create policy "own folder read" on storage.objects for select to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "own folder insert" on storage.objects for insert to authenticated
  with check (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "own folder update" on storage.objects for update to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));
create policy "own folder delete" on storage.objects for delete to authenticated
  using (bucket_id = 'private' and (storage.foldername(name))[1] = (select auth.uid()::text));
