-- network address functions and operators (docs 9.12)
select network('192.168.1.5/24'::inet), host('192.168.1.5/24'::inet), hostmask('192.168.1.5/24'::inet), netmask('192.168.1.5/24'::inet), masklen('192.168.1.5/24'::inet), set_masklen('192.168.1.5/24'::inet, 16), broadcast('192.168.1.5/24'::inet), abbrev('192.168.1.5/24'::inet), abbrev('10.1.0.0/16'::cidr), family('::1'::inet), inet_same_family('1.2.3.4', '::1'), inet_merge('192.168.1.5/24', '192.168.2.5/24');
select '192.168.1/24'::inet << '192.168/16'::inet, '192.168.1/24'::inet <<= '192.168.1/24'::inet, '192.168/16'::inet >> '192.168.1/24'::inet, '192.168/16'::inet >>= '192.168.1/24'::inet, '192.168/16'::inet && '192.168.1/24'::inet, ~'192.168.1.5'::inet, '192.168.1.5'::inet & '0.0.0.255'::inet, '192.168.1.5'::inet | '0.0.0.255'::inet, '192.168.1.5'::inet + 300, '192.168.1.5'::inet - 300, '192.168.1.5'::inet - '192.168.0.1'::inet, 5 + '10.0.0.1'::inet;
select set_masklen('10.0.0.0/8'::cidr, 16), network('::ffff:1.2.3.4/100'::inet), broadcast('2001:db8::/32'::inet), netmask('2001:db8::/32'::inet), hostmask('2001:db8::/32'::cidr), set_masklen('1.2.3.4'::inet, -1), abbrev('1.2.3.4/32'::inet), abbrev('1.2.3.4/32'::cidr), abbrev('10.0.0.0/8'::cidr), abbrev('10.1.0.0/16'::inet), text('1.2.3.4'::inet), '1.2.3.4'::inet::text, host('::1/64'::inet), masklen('10.0.0.0/8'::cidr);
select '10.0.0.0/8'::cidr >> '10.1.2.3'::inet, '10.1.2.3'::inet << '10.0.0.0/8'::cidr, '10.0.0.0/8'::inet && '11.0.0.0/8'::inet, '::1'::inet << '::/0'::inet, '1.2.3.4'::inet << '::/0'::inet, inet_merge('10.0.0.1', '10.0.0.255'), inet_merge('::1', '::2/127'), broadcast('10.0.0.0/8'::cidr), ~ '::1'::inet, '::1'::inet + 65536, '192.168/16'::inet, '10/8'::inet, '1.2.3/25'::inet;
select '192.168.1.5/24'::inet & '::1'::inet;
select '255.255.255.255'::inet + 1;
select '0.0.0.0'::inet - 1;
select set_masklen('1.2.3.4'::inet, 33);
select set_masklen('1.2.3.4/24'::cidr, -2);
select inet_merge('1.2.3.4', '::1');
select '1.2.3.4'::inet - '::1'::inet;
select '1.2.3.4'::inet | '::1'::inet;
select '10/16'::inet;
select '1.2.3/32'::inet;
select 'ffff::'::inet - '::'::inet;
