alter table public.attachments rename column path to storage_path;
