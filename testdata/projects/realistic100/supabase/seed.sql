-- sample data for local development
insert into public.organizations (name, slug) values ('Acme', 'acme'), ('Globex', 'globex');
insert into public.profiles (username, full_name) values ('ada', 'Ada Lovelace'), ('alan', 'Alan Turing'), ('grace', 'Grace Hopper');
insert into public.memberships (organization_id, profile_id) values (1, 1), (1, 2), (2, 3);
insert into public.projects (organization_id, name) values (1, 'Website'), (1, 'Mobile app'), (2, 'Billing');
insert into public.tasks (project_id, title, priority)
select 1 + (g % 3), 'Task ' || g, g % 5 from generate_series(1, 200) as g;
insert into public.task_comments (task_id, author_id, body)
select 1 + (g % 200), 1 + (g % 3), 'Comment ' || g from generate_series(1, 400) as g;
insert into public.labels (organization_id, name) values (1, 'bug'), (1, 'feature'), (2, 'urgent');
