-- Hash partitioning routes rows of more key types with PostgreSQL's own
-- hash functions: bigint, uuid, date, timestamp, timestamptz, varchar,
-- char(n), double precision and real (zero, NaN, infinities), oid, numeric
-- (scales, NaN, infinities) and keys of two columns; each row's partition
-- matches PostgreSQL's
CREATE TABLE hu (k uuid) PARTITION BY HASH (k);
CREATE TABLE hu0 PARTITION OF hu FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE hu1 PARTITION OF hu FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE hu2 PARTITION OF hu FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO hu SELECT md5(g::text)::uuid FROM generate_series(1, 40) g;
INSERT INTO hu VALUES ('00000000-0000-0000-0000-000000000000'), ('ffffffff-ffff-ffff-ffff-ffffffffffff'), (NULL);
SELECT tableoid::regclass, k FROM hu ORDER BY k;
CREATE TABLE hd (k date) PARTITION BY HASH (k);
CREATE TABLE hd0 PARTITION OF hd FOR VALUES WITH (MODULUS 4, REMAINDER 0);
CREATE TABLE hd1 PARTITION OF hd FOR VALUES WITH (MODULUS 4, REMAINDER 1);
CREATE TABLE hd2 PARTITION OF hd FOR VALUES WITH (MODULUS 4, REMAINDER 2);
CREATE TABLE hd3 PARTITION OF hd FOR VALUES WITH (MODULUS 4, REMAINDER 3);
INSERT INTO hd SELECT date '1999-12-25' + g * 3 FROM generate_series(0, 30) g;
INSERT INTO hd VALUES ('infinity'), ('-infinity'), ('1900-02-28'), ('2100-07-04');
SELECT tableoid::regclass, k FROM hd ORDER BY k;
CREATE TABLE hts (k timestamp) PARTITION BY HASH (k);
CREATE TABLE hts0 PARTITION OF hts FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE hts1 PARTITION OF hts FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE hts2 PARTITION OF hts FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO hts SELECT timestamp '1999-12-31 23:00:00' + g * interval '37 minutes 13.25 seconds' FROM generate_series(0, 30) g;
INSERT INTO hts VALUES ('infinity'), ('-infinity'), ('1800-01-01 00:00:00.000001'), ('2400-01-01');
SELECT tableoid::regclass, k FROM hts ORDER BY k;
CREATE TABLE htz (k timestamptz) PARTITION BY HASH (k);
CREATE TABLE htz0 PARTITION OF htz FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE htz1 PARTITION OF htz FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO htz SELECT timestamptz '2024-03-10 01:00:00+00' + g * interval '7 hours 11 minutes' FROM generate_series(0, 30) g;
INSERT INTO htz VALUES ('2024-01-01 00:00:00-08'), ('2024-01-01 08:00:00+00');
SELECT tableoid::regclass, k FROM htz ORDER BY k;
CREATE TABLE hv (k varchar(20), c char(6)) PARTITION BY HASH (k, c);
CREATE TABLE hv0 PARTITION OF hv FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE hv1 PARTITION OF hv FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE hv2 PARTITION OF hv FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO hv SELECT 'user_' || g, substr('abcdef', 1 + g % 6) FROM generate_series(1, 30) g;
INSERT INTO hv VALUES (NULL, 'x'), ('y', NULL), ('', '');
SELECT tableoid::regclass, k, c FROM hv ORDER BY k, c;
CREATE TABLE hf (k float8, r real) PARTITION BY HASH (k, r);
CREATE TABLE hf0 PARTITION OF hf FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE hf1 PARTITION OF hf FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE hf2 PARTITION OF hf FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO hf SELECT g * 1.5 - 10, g / 7.0 FROM generate_series(0, 30) g;
INSERT INTO hf VALUES (0, 0), ('NaN', 'NaN'), ('Infinity', '-Infinity'), (1e300, 1e-30);
SELECT tableoid::regclass, k, r FROM hf ORDER BY k, r;
CREATE TABLE hb (k bigint, o oid) PARTITION BY HASH (k, o);
CREATE TABLE hb0 PARTITION OF hb FOR VALUES WITH (MODULUS 2, REMAINDER 0);
CREATE TABLE hb1 PARTITION OF hb FOR VALUES WITH (MODULUS 2, REMAINDER 1);
INSERT INTO hb SELECT g::bigint * 1000000007 - 15000000000, (g * 7919)::oid FROM generate_series(0, 30) g;
SELECT tableoid::regclass, k, o FROM hb ORDER BY k;
CREATE TABLE hn (k numeric) PARTITION BY HASH (k);
CREATE TABLE hn0 PARTITION OF hn FOR VALUES WITH (MODULUS 3, REMAINDER 0);
CREATE TABLE hn1 PARTITION OF hn FOR VALUES WITH (MODULUS 3, REMAINDER 1);
CREATE TABLE hn2 PARTITION OF hn FOR VALUES WITH (MODULUS 3, REMAINDER 2);
INSERT INTO hn SELECT (g * 37.125 - 500) * power(10::numeric, g % 7 - 3) FROM generate_series(0, 40) g;
INSERT INTO hn VALUES (0), (0.000), (1.5), (-1.5), (10000), (100000000), (0.0001), (0.00001), (123456789.987654321), ('NaN'), ('Infinity'), ('-Infinity');
SELECT tableoid::regclass, k FROM hn ORDER BY k, k::text;
