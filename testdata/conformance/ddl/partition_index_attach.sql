-- partitioned indexes as pg_dump writes them: CREATE INDEX ... ON ONLY the
-- partitioned table (invalid while a partition lacks one), the
-- partitions' own indexes, then ALTER INDEX ... ATTACH PARTITION; the
-- checks ATTACH makes, pg_inherits rows, relkind I, validity
CREATE TABLE m (id int NOT NULL, k int NOT NULL, v text) PARTITION BY RANGE (k);
CREATE TABLE m1 PARTITION OF m FOR VALUES FROM (0) TO (10);
CREATE TABLE m2 PARTITION OF m FOR VALUES FROM (10) TO (20);
CREATE TABLE other (id int, v text);
CREATE INDEX other_v ON other (v);
CREATE INDEX ON ONLY other (id);
CREATE INDEX m_v_idx ON ONLY m (v);
SELECT c.relname, c.relkind, c.relispartition, i.indisvalid, pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname LIKE 'm%' ORDER BY 1;
CREATE INDEX m1_v ON m1 (v);
CREATE INDEX m1_v2 ON m1 (v);
CREATE INDEX m1_id ON m1 (id);
ALTER INDEX nosuch ATTACH PARTITION m1_v;
ALTER INDEX m_v_idx ATTACH PARTITION nosuch;
ALTER INDEX m1_v ATTACH PARTITION m1_v2;
ALTER INDEX m_v_idx ATTACH PARTITION m1;
ALTER INDEX m_v_idx ATTACH PARTITION other_v;
ALTER INDEX m_v_idx ATTACH PARTITION m1_id;
ALTER INDEX other_v ATTACH PARTITION m1_v;
BEGIN;
ALTER INDEX m_v_idx ATTACH PARTITION m1_v;
SELECT inhrelid::regclass::text, inhparent::regclass::text, inhseqno FROM pg_inherits WHERE inhrelid = 'm1_v'::regclass;
ROLLBACK;
SELECT count(*) FROM pg_inherits WHERE inhrelid = 'm1_v'::regclass;
ALTER INDEX m_v_idx ATTACH PARTITION m1_v;
ALTER INDEX m_v_idx ATTACH PARTITION m1_v;
ALTER INDEX m_v_idx ATTACH PARTITION m1_v2;
CREATE INDEX m_v_idx2 ON ONLY m (v);
ALTER INDEX m_v_idx2 ATTACH PARTITION m1_v;
DROP INDEX m1_v;
SELECT c.relname, c.relkind, c.relispartition, i.indisvalid, i.indisready, i.indislive FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname LIKE 'm%' ORDER BY 1;
CREATE INDEX m2_v ON m2 (v);
ALTER INDEX m_v_idx ATTACH PARTITION m2_v;
SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname LIKE 'm%' ORDER BY 1;
SELECT inhrelid::regclass::text, inhparent::regclass::text FROM pg_inherits ORDER BY 1;
ALTER INDEX m2_v RENAME TO m2_v_renamed;
SELECT inhrelid::regclass::text, inhparent::regclass::text FROM pg_inherits WHERE inhparent = 'm_v_idx'::regclass ORDER BY 1;
ALTER TABLE m DETACH PARTITION m2;
SELECT c.relname, c.relispartition, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname LIKE 'm%' ORDER BY 1;
CREATE TABLE z (id int, k int) PARTITION BY RANGE (k);
CREATE TABLE z1 PARTITION OF z FOR VALUES FROM (1) TO (2);
ALTER TABLE ONLY z ADD PRIMARY KEY (id, k);
ALTER TABLE ONLY m ADD CONSTRAINT m_pkey PRIMARY KEY (id, k);
ALTER TABLE ONLY m1 ADD CONSTRAINT m1_pkey PRIMARY KEY (id, k);
CREATE UNIQUE INDEX m1_u ON m1 (id, k);
ALTER INDEX m_pkey ATTACH PARTITION m1_u;
SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname = 'm_pkey';
ALTER INDEX m_pkey ATTACH PARTITION m1_pkey;
SELECT c.relname, i.indisprimary, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname IN ('m_pkey', 'm1_pkey') ORDER BY 1;
DROP INDEX m_v_idx;
SELECT c.relname FROM pg_class c WHERE c.relname LIKE 'm%' AND relkind IN ('i', 'I') ORDER BY 1;
-- CREATE INDEX on a partitioned table attaches a partition's matching
-- index instead of making another; partitions created later get theirs
CREATE INDEX m1_k ON m1 (k);
CREATE INDEX m_k ON m (k);
CREATE TABLE m3 PARTITION OF m FOR VALUES FROM (20) TO (30);
SELECT inhrelid::regclass::text, inhparent::regclass::text FROM pg_inherits WHERE inhparent::regclass::text IN ('m_k', 'm_pkey') ORDER BY 1;
-- a schema as pg_dump --schema-only writes it, sub-partitions included
CREATE TABLE public.ev (id bigint NOT NULL, at date NOT NULL, kind text) PARTITION BY RANGE (at);
CREATE TABLE public.ev_2023 (id bigint NOT NULL, at date NOT NULL, kind text);
CREATE TABLE public.ev_2024 (id bigint NOT NULL, at date NOT NULL, kind text) PARTITION BY RANGE (id);
CREATE TABLE public.ev_2024_a (id bigint NOT NULL, at date NOT NULL, kind text);
CREATE TABLE public.ev_2024_b (id bigint NOT NULL, at date NOT NULL, kind text);
ALTER TABLE ONLY public.ev ATTACH PARTITION public.ev_2023 FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
ALTER TABLE ONLY public.ev ATTACH PARTITION public.ev_2024 FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
ALTER TABLE ONLY public.ev_2024 ATTACH PARTITION public.ev_2024_a FOR VALUES FROM ('0') TO ('100');
ALTER TABLE ONLY public.ev_2024 ATTACH PARTITION public.ev_2024_b DEFAULT;
ALTER TABLE ONLY public.ev
    ADD CONSTRAINT ev_pkey PRIMARY KEY (id, at);
ALTER TABLE ONLY public.ev_2023
    ADD CONSTRAINT ev_2023_pkey PRIMARY KEY (id, at);
ALTER TABLE ONLY public.ev_2024
    ADD CONSTRAINT ev_2024_pkey PRIMARY KEY (id, at);
ALTER TABLE ONLY public.ev_2024_a
    ADD CONSTRAINT ev_2024_a_pkey PRIMARY KEY (id, at);
ALTER TABLE ONLY public.ev_2024_b
    ADD CONSTRAINT ev_2024_b_pkey PRIMARY KEY (id, at);
CREATE INDEX ev_kind_idx ON ONLY public.ev USING btree (kind);
CREATE INDEX ev_2023_kind_idx ON public.ev_2023 USING btree (kind);
CREATE INDEX ev_lower_idx ON ONLY public.ev USING btree (lower(kind)) WHERE (kind IS NOT NULL);
CREATE INDEX ev_2023_lower_idx ON public.ev_2023 USING btree (lower(kind)) WHERE (kind IS NOT NULL);
CREATE INDEX ev_2024_kind_idx ON ONLY public.ev_2024 USING btree (kind);
CREATE INDEX ev_2024_a_kind_idx ON public.ev_2024_a USING btree (kind);
CREATE INDEX ev_2024_lower_idx ON ONLY public.ev_2024 USING btree (lower(kind)) WHERE (kind IS NOT NULL);
CREATE INDEX ev_2024_a_lower_idx ON public.ev_2024_a USING btree (lower(kind)) WHERE (kind IS NOT NULL);
CREATE INDEX ev_2024_b_kind_idx ON public.ev_2024_b USING btree (kind);
CREATE INDEX ev_2024_b_lower_idx ON public.ev_2024_b USING btree (lower(kind)) WHERE (kind IS NOT NULL);
ALTER INDEX public.ev_kind_idx ATTACH PARTITION public.ev_2023_kind_idx;
ALTER INDEX public.ev_lower_idx ATTACH PARTITION public.ev_2023_lower_idx;
ALTER INDEX public.ev_pkey ATTACH PARTITION public.ev_2023_pkey;
ALTER INDEX public.ev_2024_kind_idx ATTACH PARTITION public.ev_2024_a_kind_idx;
ALTER INDEX public.ev_2024_lower_idx ATTACH PARTITION public.ev_2024_a_lower_idx;
ALTER INDEX public.ev_2024_pkey ATTACH PARTITION public.ev_2024_a_pkey;
SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname LIKE 'ev%' ORDER BY 1;
ALTER INDEX public.ev_2024_kind_idx ATTACH PARTITION public.ev_2024_b_kind_idx;
ALTER INDEX public.ev_2024_lower_idx ATTACH PARTITION public.ev_2024_b_lower_idx;
ALTER INDEX public.ev_2024_pkey ATTACH PARTITION public.ev_2024_b_pkey;
ALTER INDEX public.ev_kind_idx ATTACH PARTITION public.ev_2024_kind_idx;
ALTER INDEX public.ev_lower_idx ATTACH PARTITION public.ev_2024_lower_idx;
SELECT c.relname, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname LIKE 'ev%' ORDER BY 1;
ALTER INDEX public.ev_pkey ATTACH PARTITION public.ev_2024_pkey;
SELECT c.relname, c.relkind, c.relispartition, i.indisvalid, (SELECT inhparent::regclass::text FROM pg_inherits WHERE inhrelid = c.oid) AS parent
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname LIKE 'ev%' ORDER BY 1;
SELECT indexname, indexdef FROM pg_indexes WHERE tablename LIKE 'ev%' ORDER BY 1;
INSERT INTO ev VALUES (1, '2023-05-01', 'a'), (1, '2024-05-01', 'b'), (200, '2024-06-01', 'c');
INSERT INTO ev VALUES (1, '2023-05-01', 'dup');
SELECT tableoid::regclass::text, * FROM ev ORDER BY 2, 3;
-- an ALTER TABLE of the partitioned table adding a key reaches and
-- attaches the partitions' keys
CREATE TABLE q (id int NOT NULL, k int NOT NULL) PARTITION BY LIST (k);
CREATE TABLE q1 PARTITION OF q FOR VALUES IN (1);
CREATE TABLE q2 PARTITION OF q FOR VALUES IN (2) PARTITION BY LIST (id);
CREATE TABLE q2a PARTITION OF q2 FOR VALUES IN (1);
ALTER TABLE q ADD CONSTRAINT q_uk UNIQUE (id, k);
SELECT inhrelid::regclass::text, inhparent::regclass::text FROM pg_inherits WHERE inhrelid::regclass::text LIKE 'q%key' ORDER BY 1;
SELECT c.relname, c.relkind, i.indisvalid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE c.relname LIKE 'q%' ORDER BY 1;
DROP INDEX q1_id_k_key;
DROP TABLE q;
-- the partitions' key constraints are their partitioned tables'
SELECT conrelid::regclass::text, conname, contype, conislocal, coninhcount, conparentid <> 0 AS has_parent,
       (SELECT p.conname FROM pg_constraint p WHERE p.oid = c.conparentid) AS parent
  FROM pg_constraint c WHERE conrelid::regclass::text LIKE 'ev%' OR conrelid::regclass::text LIKE 'm%' ORDER BY 1, 2;
-- ATTACH PARTITION of a table without the partitioned table's primary key
-- gives it one, attached
CREATE TABLE pp (id int PRIMARY KEY, v text) PARTITION BY RANGE (id);
CREATE UNIQUE INDEX pp_v ON pp (v, id);
CREATE TABLE pc (id int, v text);
INSERT INTO pc VALUES (1, 'a');
ALTER TABLE pp ATTACH PARTITION pc FOR VALUES FROM (1) TO (2);
CREATE TABLE pc2 (id int NOT NULL, v text);
INSERT INTO pc2 VALUES (1, 'a');
ALTER TABLE pp ATTACH PARTITION pc2 FOR VALUES FROM (1) TO (2);
SELECT indexrelid::regclass::text, indisprimary, pg_get_indexdef(indexrelid) FROM pg_index WHERE indrelid = 'pc2'::regclass ORDER BY 1;
SELECT conname, contype, conislocal, coninhcount FROM pg_constraint WHERE conrelid = 'pc2'::regclass ORDER BY 1;
SELECT inhrelid::regclass::text, inhparent::regclass::text FROM pg_inherits ORDER BY 1;
CREATE TABLE pc3 (id int NOT NULL, v text);
INSERT INTO pc3 VALUES (2, 'a'), (2, 'b');
ALTER TABLE pp ATTACH PARTITION pc3 FOR VALUES FROM (2) TO (3);
INSERT INTO pp VALUES (1, 'b');
SELECT * FROM pp ORDER BY id;
-- a partition's attached key constraint cannot be dropped alone; dropping
-- the partitioned table's takes the partitions' along
CREATE TABLE dk (id bigint NOT NULL, at date NOT NULL, kind text, PRIMARY KEY (id, at), UNIQUE (kind, at)) PARTITION BY RANGE (at);
CREATE TABLE dk_2023 PARTITION OF dk FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
ALTER TABLE dk_2023 DROP CONSTRAINT dk_2023_pkey;
ALTER TABLE dk_2023 DROP CONSTRAINT dk_2023_kind_at_key;
ALTER TABLE dk DROP CONSTRAINT dk_kind_at_key;
SELECT conrelid::regclass::text, conname FROM pg_constraint WHERE conrelid::regclass::text LIKE 'dk%' ORDER BY 1, 2;
SELECT indexrelid::regclass::text FROM pg_index WHERE indrelid::regclass::text LIKE 'dk%' ORDER BY 1;
ALTER TABLE dk DROP CONSTRAINT dk_pkey;
SELECT indexrelid::regclass::text FROM pg_index WHERE indrelid::regclass::text LIKE 'dk%' ORDER BY 1;
ALTER TABLE dk ADD PRIMARY KEY (id, at);
SELECT inhrelid::regclass::text, inhparent::regclass::text FROM pg_inherits WHERE inhparent::regclass::text LIKE 'dk%' ORDER BY 1;
