alter table public.invoice_items
  add constraint invoice_items_quantity_positive check (quantity > 0);
