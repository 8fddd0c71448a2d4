-- cidr and macaddr
SELECT '192.168.1.0/24'::cidr, '192.168/24'::cidr, '10'::cidr, '2001:db8::/32'::cidr, '192.168.1.5'::cidr, '10.1.2.3/32'::cidr, '10.0.0.0'::cidr;
SELECT '192.168.1.5/24'::cidr;
SELECT 'not an address'::cidr;
SELECT '192.168.1.0/24'::cidr::inet, '10.1.2.3/8'::inet::cidr, '192.168.1.0/24'::cidr = '192.168.1.0/24'::cidr, pg_typeof('10/8'::cidr);
SELECT '08:00:2b:01:02:03'::macaddr, '08-00-2B-01-02-03'::macaddr, '08002b:010203'::macaddr, '0800.2b01.0203'::macaddr, '08002b010203'::macaddr, '0800-2b01-0203'::macaddr;
SELECT 'zz'::macaddr;
SELECT '08:00:2b:01:02:03'::macaddr = '08002B010203'::macaddr, '08:00:2b:01:02:03'::macaddr < '08:00:2b:01:02:04'::macaddr;
CREATE TABLE devices (id int PRIMARY KEY, mac macaddr UNIQUE, subnet cidr);
INSERT INTO devices VALUES (1, '08:00:2b:01:02:03', '10.0.0.0/8'), (2, 'AA-BB-CC-DD-EE-FF', '192.168.0.0/16');
INSERT INTO devices VALUES (3, '08002b010203', NULL);
INSERT INTO devices VALUES (4, NULL, '192.168.0.1/16');
SELECT id, mac, subnet FROM devices ORDER BY mac;
SELECT id FROM devices WHERE mac = 'aa:bb:cc:dd:ee:ff' ORDER BY id;
SELECT subnet FROM (VALUES ('10.0.0.0/8'::cidr), ('9.0.0.0/8'), ('10.0.0.0/16'), ('192.168.0.0/16'), ('::/0'), ('10.1.0.0/16'), ('2001:db8::/32')) v(subnet) ORDER BY subnet;
SELECT '10.0.0.0/8'::cidr < '9.0.0.0/8'::cidr, '10.0.0.0/8'::cidr < '10.0.0.0/16'::cidr;
