create index invoice_items_invoice_id_idx on public.invoice_items (invoice_id);
