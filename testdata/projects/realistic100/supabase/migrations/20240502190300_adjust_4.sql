alter table public.projects alter column description type varchar(2000);
