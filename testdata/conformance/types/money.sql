-- money in the C locale
SELECT 12.5::money, '$1,234.56'::money, '-3'::money, 1234567.891::money, '(4)'::money, '$-1.50'::money, ' 7 '::money;
SELECT '12.345'::money::numeric, 100::money, 5000000000::money, '0.005'::money, '-0.004'::money;
SELECT 'abc'::money;
SELECT '1.5e2'::money;
SELECT '92233720368547758.08'::money;
SELECT '1.5'::money + '2'::money, '5'::money - '7.25'::money, '5'::money * 2, 3 * '1.10'::money, '10'::money / 3, '10'::money / 4.0, '10'::money / '4'::money, -'1'::money;
SELECT '1'::money / 0;
SELECT '1'::money < '2'::money, '2'::money = '$2.00'::money, pg_typeof('1'::money);
CREATE TABLE invoices (id int PRIMARY KEY, amount money NOT NULL, fee money DEFAULT 0);
INSERT INTO invoices VALUES (1, 19.99, 0.5), (2, '1,000', NULL), (3, 5, 1);
SELECT id, amount, fee, amount + coalesce(fee, 0::money) AS total FROM invoices ORDER BY amount DESC;
SELECT id FROM invoices WHERE amount > 10::money ORDER BY id;
SELECT amount::text, amount::numeric FROM invoices ORDER BY id;
