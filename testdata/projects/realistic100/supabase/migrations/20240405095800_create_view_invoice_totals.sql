create view public.invoice_totals as
select ii.invoice_id, sum(ii.quantity * ii.unit_cents + ii.tax_cents) as total_cents
from public.invoice_items ii
group by ii.invoice_id;
