alter table public.feature_flags
  add constraint feature_flags_rollout_range check (rollout between 0 and 100);
