update public.labels set color = lower(color);
