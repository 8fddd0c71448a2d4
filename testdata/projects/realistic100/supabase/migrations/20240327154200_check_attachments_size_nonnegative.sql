alter table public.attachments
  add constraint attachments_size_nonnegative check (size_bytes >= 0);
