insert into public.feature_flags (key, enabled, rollout, description)
values ('new_editor', false, 0, 'The rich text editor'),
       ('bulk_actions', true, 100, 'Bulk task actions');
