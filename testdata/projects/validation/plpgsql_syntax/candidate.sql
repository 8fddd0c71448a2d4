create function public.touch_profile() returns trigger
language plpgsql as $$
begin
  new.created_at := now()
  return new;
end;
$$;
