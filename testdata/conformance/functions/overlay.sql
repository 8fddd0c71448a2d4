-- OVERLAY(... PLACING ... FROM ... [FOR ...]) on text and bytea.
select overlay('hello' placing 'XX' from 2), overlay('hello' placing 'XX' from 2 for 0), overlay('hello' placing 'XX' from 9);
select overlay('hello' placing '' from 2 for 2), overlay('héllo' placing 'é' from 1 for 1), overlay('hello' placing 'X' from 2 for -1);
select overlay('\x0102'::bytea placing '\xff' from 2), overlay('\x010203'::bytea placing '\xaabb' from 1 for 1);
select overlay('Txxxxas' placing 'hom' from 2 for 4), overlay(null placing 'x' from 1), overlay('abc' placing 'x' from null);
select overlay('hello' placing 'X' from 0);
select overlay('hello' placing 'X' from 2147483647 for 2);
select overlay('hello', 'X', 3), overlay('hello', 'YY', 2, 3);
