update public.organizations set billing_email = lower(billing_email) where billing_email is not null;
