update public.tasks set completed_at = updated_at where status = 'done' and completed_at is null;
