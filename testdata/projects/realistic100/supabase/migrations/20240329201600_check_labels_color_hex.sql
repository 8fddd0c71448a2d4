alter table public.labels
  add constraint labels_color_hex check (color ~ '^#[0-9a-fA-F]{6}$');
