-- to_number: formatting.c's pattern processor in reading mode
select to_number('12,454.8-', '99G999D9S'), to_number('<123.45>', '999.99PR'), to_number('-34,338,492', '99G999G999'), to_number('$1,234.56', 'L9G999D99'), to_number('1234.5', '9999V9');
select to_number('1.5e3','9.9EEEE');
select to_number('XIV', 'RN');
select to_number('12345', '99'), to_number('12.345', '99.9'), to_number('  12', '9999'), to_number('1 2 3', '9 9 9'), to_number('-12', 'S99'), to_number('+12', 'S99'), to_number('12-', '99MI'), to_number('12+', '99PL'), to_number('12', '99MI'), to_number('-12', 'SG99'), to_number('12 ', '99SG');
select to_number('5.01-', 'FM9.999999MI'), to_number('.5-', '9.9S'), to_number('123.001-', 'FM9999.9999999S'), to_number('1,2,3', '9,9,9'), to_number('123', '9,9,9'), to_number('1st', '9th'), to_number('42nd', '99TH'), to_number('0012', '0000'), to_number('12', 'FM9999'), to_number('3', ''), to_number('12.5', '99D9'), to_number('1,234', 'FM9,999'), to_number('1,234', '9,999');
select to_number('-', '9');
select to_number('abc', '999');
select to_number('', '999');
select to_number('12', '9.9.9');
select to_number('123.456', '999.999V9');
select to_number('100', '9V99'), to_number('1', '9V9'), to_number('  -  12', '9999'), to_number('1-2', '9MI9'), to_number('€12', 'L99'), to_number('12.', '99.9'), to_number('.5', '.9'), to_number('x5', 'x9');
select to_number(' -5', 'S9'), to_number('5 -', '9 S'), to_number('(5)', '(9)'), to_number('1.23', '9.99'), to_number('1.2', '9.99'), to_number('11.22', '9.9'), to_number('1', 'B9'), to_number('1', 'C9');
