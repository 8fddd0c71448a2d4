drop function if exists f(unknown_type);
drop function if exists nope(int);
drop function if exists public.nope(text, int);
drop function nope2(unknown_type);
drop procedure if exists pr(unknown_type);
