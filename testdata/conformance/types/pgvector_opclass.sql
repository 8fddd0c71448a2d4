-- conformance: requires vector
-- pgvector's operator classes in CREATE INDEX: each takes its own type
-- only; hnsw has no default class, ivfflat's default is vector_l2_ops.
CREATE EXTENSION vector;
CREATE TABLE docs (id int PRIMARY KEY, body text, emb vector(3), half halfvec(3), sparse sparsevec(3), arr real[]);
INSERT INTO docs VALUES (1, 'a', '[1,2,3]', '[1,2,3]', '{1:1}/3', '{1,2,3}');
CREATE INDEX docs_body_cos ON docs USING hnsw (body vector_cosine_ops);
CREATE INDEX docs_emb_cos ON docs USING hnsw (emb vector_cosine_ops);
CREATE INDEX docs_emb_l2 ON docs USING hnsw (emb vector_l2_ops) WITH (m = 16, ef_construction = 64);
CREATE INDEX docs_emb_ip ON docs USING ivfflat (emb vector_ip_ops) WITH (lists = 1);
CREATE INDEX docs_emb_default_ivf ON docs USING ivfflat (emb) WITH (lists = 1);
CREATE INDEX docs_emb_default_hnsw ON docs USING hnsw (emb);
CREATE INDEX docs_half_vec ON docs USING hnsw (half vector_l2_ops);
CREATE INDEX docs_half_half ON docs USING hnsw (half halfvec_cosine_ops);
CREATE INDEX docs_sparse ON docs USING hnsw (sparse sparsevec_l2_ops);
CREATE INDEX docs_sparse_ivf ON docs USING ivfflat (sparse sparsevec_l2_ops) WITH (lists = 1);
CREATE INDEX docs_arr_cos ON docs USING hnsw (arr vector_cosine_ops);
CREATE INDEX docs_emb_nope ON docs USING hnsw (emb vector_hamming_ops);
CREATE INDEX docs_emb_btree ON docs (emb);
CREATE INDEX docs_emb_btree_cos ON docs (emb vector_cosine_ops);
CREATE INDEX docs_expr ON docs USING hnsw ((emb::halfvec(3)) halfvec_l2_ops);
CREATE INDEX docs_bits ON docs USING hnsw ((binary_quantize(emb)::bit(3)) bit_hamming_ops);
CREATE INDEX docs_bits_jaccard ON docs USING hnsw ((binary_quantize(emb)::bit(3)) bit_jaccard_ops);
CREATE INDEX docs_bits_emb ON docs USING hnsw (emb bit_hamming_ops);
CREATE INDEX docs_qual ON docs USING hnsw (emb public.vector_cosine_ops);
CREATE INDEX docs_qual_wrong ON docs USING hnsw (emb pg_catalog.vector_cosine_ops);
SELECT indexrelid::regclass::text AS idx, pg_get_indexdef(indexrelid) FROM pg_index
WHERE indrelid = 'docs'::regclass ORDER BY 1;
