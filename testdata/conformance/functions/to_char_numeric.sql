-- to_char over numbers: every pattern of table 9.28 (digits, FM, signs S/MI/PL/SG/PR, L/D/G, V, EEEE, RN, TH, quoted text), each numeric type, special values and the pattern errors
select v, f, to_char(v, f) from (values (0::numeric),(5),(-5),(0.5),(-0.5),(12.345),(-12.345),(1234.5),(-1234.5),(123456789.987),(0.004),(99.995),(-0.0001)) a(v),
 (values ('999'),('990'),('000'),('9.9'),('0.00'),('FM999.999'),('FM990.000'),('9,999.99'),('FM9,999.99'),('S999.99'),('999.99S'),('FMS999'),('999MI'),('MI999'),('999PL'),('PL999'),('SG999'),('999PR'),('FM999PR'),('L999.99'),('999D99'),('9G999'),('99V99'),('9V999'),('9.99EEEE'),('99.9EEEE'),('FM999TH'),('999th'),('RN'),('FMRN'),('rn'),('"Total:" 999'),('999 "tr\"ick"'),('B999'),('C999SP'),('.99'),('FM.99'),('0.99'),('990.0%'),('99.99x'),('FMS9.9'),('9.99S'),('FM9.'),('9.'),('00.00'),('S0.00'),('sg999.9')) b(f)
order by 1,2;
select v, f, to_char(v, f) from (values (0),(7),(-7),(11),(12),(13),(21),(22),(23),(101),(111),(112),(3999),(4000),(2147483647)) a(v),
 (values ('999'),('FM999th'),('999TH'),('RN'),('FMrn'),('9999V99'),('9.99EEEE'),('.99'),('0.99'),('S9999999999'),('FM9,999,999,999'),('9 9 9')) b(f) order by 1,2;
select v, f, to_char(v, f) from (values (0::bigint),(7),(-7),(1234567890123)) a(v),
 (values ('999'),('FM999th'),('9.999EEEE'),('99999999999999999999'),('FM9,999,999,999,999,999,999'),('9V9')) b(f) order by 1,2;
select v, f, to_char(v, f) from (values (0::float8),(0.1),(-0.1),(1.5),(2.5),(123.456),(-1e20),(1e-5),(12345678901234567),('NaN'),('Infinity'),('-Infinity')) a(v),
 (values ('999'),('9.99'),('FM9.9999999999999999'),('9.99EEEE'),('99999999999999999999.99'),('RN'),('9V99'),('FM999.00PR'),('9999999999')) b(f) order by 1,2;
select v, f, to_char(v, f) from (values (0::real),(0.1),(-2.5),(123.456),(1e10),('NaN')) a(v),
 (values ('999'),('9.99999999'),('9.99EEEE'),('RN'),('999V99'),('FM99999999999.999')) b(f) order by 1,2;
select v, f, to_char(v, f) from (values ('NaN'::numeric),('Infinity'),('-Infinity')) a(v), (values ('999'),('9999999999'),('9.99EEEE'),('FM99999999999.99')) b(f) order by 1,2;
select to_char(12, ''), to_char(7::bigint, 'RN'), to_char(-7::bigint, 'FMRN');
select to_char(1.5, 'FM9.9EEEE');
select to_char(1, '9.9.9');
select to_char(1, 'S9S');
select to_char(1, 'S9MI');
select to_char(1, 'MIS9');
select to_char(1, '9PR9');
select to_char(1, '99V9.9');
select to_char(1, '9.9V9');
select to_char(1, '9EEEEEEEE');
select to_char(1, 'FM9EEEE');
select to_char(1, '9EEEE9');
select to_char(1, 'PR0');
select to_char(1, 'S9PL');
select to_char(1, 'S9SG');
select to_char(1, 'PRS9');
select to_char('NaN'::numeric, 'RN');
select to_char('Infinity'::numeric, 'RN');
select to_char(1e10::numeric, 'RN');
select to_char('NaN'::numeric, '9TH');
select to_char(9223372036854775807::bigint, '9V9');
select to_char(9223372036854775807::bigint, 'RN');
select to_char(922337203685477580::bigint, '9V9');
select to_char(922337203685477580::bigint, '9V99');
select to_char(-5.5, 'FM9.9PR'), to_char(5.5, 'FM9.9PR'), to_char(-5, '9PR'), to_char(0, 'FM9.99'), to_char(0, 'FM0.99'), to_char(-0.001, 'FM9.99');
select to_char(1234, '9,9,9,9'), to_char(1234, 'FM9G9G9G9G9'), to_char(-1234, '9G9G9G9G9G9MI'), to_char(12.5, '09.90'), to_char(12.5,'0009.9'), to_char(1.5,'9099.9');
