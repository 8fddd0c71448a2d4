create function public.post_count(profile_id bigint) returns bigint
language sql stable as $$
  select count(*) from public.posts where author_id = profile_id
$$;
