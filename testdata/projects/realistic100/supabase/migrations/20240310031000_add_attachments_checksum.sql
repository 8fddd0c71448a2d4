alter table public.attachments add column checksum text;
