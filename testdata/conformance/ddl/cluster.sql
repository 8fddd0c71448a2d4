-- CLUSTER marks the index pg_index.indisclustered reports; ALTER TABLE CLUSTER ON / SET WITHOUT CLUSTER.
CREATE TABLE t(id int primary key, n int, s text);
CREATE INDEX i ON t(n);
CREATE INDEX h ON t USING hash(s);
CREATE INDEX p ON t(n) WHERE n > 0;
CLUSTER t;
CLUSTER i ON t;
SELECT indexrelid::regclass, indisclustered FROM pg_index WHERE indrelid='t'::regclass ORDER BY indexrelid::regclass::text;
CLUSTER t USING t_pkey;
SELECT indexrelid::regclass, indisclustered FROM pg_index WHERE indrelid='t'::regclass ORDER BY indexrelid::regclass::text;
CLUSTER t;
CLUSTER t USING h;
CLUSTER t USING p;
CLUSTER t USING nope;
ALTER TABLE t CLUSTER ON i;
SELECT indexrelid::regclass, indisclustered FROM pg_index WHERE indrelid='t'::regclass ORDER BY indexrelid::regclass::text;
ALTER TABLE t SET WITHOUT CLUSTER;
SELECT indexrelid::regclass, indisclustered FROM pg_index WHERE indrelid='t'::regclass ORDER BY indexrelid::regclass::text;
CLUSTER nosuch;
