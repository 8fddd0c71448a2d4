alter type public.order_status add value 'refunded';

update public.orders set status = 'refunded' where status = 'paid';
