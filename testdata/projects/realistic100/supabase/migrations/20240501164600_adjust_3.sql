alter table public.attachments drop column mime_type;
