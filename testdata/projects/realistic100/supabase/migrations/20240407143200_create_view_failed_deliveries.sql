create view public.failed_deliveries as
select d.id, d.webhook_id, d.status_code, d.attempt
from public.webhook_deliveries d
where d.state = 'failed';
