create view public.unpaid_invoices as
select i.id, i.number, i.amount_cents, i.currency, i.due_at
from public.invoices i
where i.status = 'open';
