-- conformance: requires vector
-- the rest of pgvector 0.8.0's functions: cast functions, halfvec arithmetic and
-- aggregates, squared distances, bit distances; and the whole function list,
-- which dumps grant on
CREATE EXTENSION vector;
select array_to_vector('{1,2,3}'::int[], -1, true), array_to_halfvec('{1.5,2}'::real[], 2, true), array_to_sparsevec('{0,2,0}'::float8[], -1, true);
select vector('[1,2]'::vector, 3, true);
select vector_to_halfvec('[1,2]'::vector, -1, true), halfvec_to_sparsevec('[0,3]'::halfvec, -1, true), sparsevec_to_vector('{2:5}/3'::sparsevec, -1, true), halfvec_to_float4('[1,2]'::halfvec, -1, true);
select '[1,2]'::halfvec + '[3,4]'::halfvec, '[1,2]'::halfvec - '[3,4]'::halfvec, '[1,2]'::halfvec * '[3,4]'::halfvec, '[1,2]'::halfvec || '[3]'::halfvec;
select '[60000]'::halfvec + '[60000]'::halfvec;
select l2_normalize('[3,4]'::halfvec), l2_normalize('{1:3,2:4}/2'::sparsevec), binary_quantize('[1,-1,0.5]'::halfvec), subvector('[1,2,3,4]'::halfvec, 2, 2);
select vector_l2_squared_distance('[1,2]', '[3,5]'), halfvec_l2_squared_distance('[1,2]', '[3,5]'), sparsevec_l2_squared_distance('{1:1}/2', '{2:2}/2'), halfvec_spherical_distance('[1,0]', '[0,1]');
select avg(v), sum(v) from (values ('[1,2]'::halfvec), ('[3,5]'::halfvec)) t(v);
select a.aggfnoid::regprocedure, a.aggtransfn, a.aggfinalfn FROM pg_aggregate a JOIN pg_proc p ON p.oid = a.aggfnoid JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY a.aggfnoid::regprocedure::text;
select '101'::bit(3) <~> '011'::bit(3), hamming_distance('1010', '0110'), '1100'::bit(4) <%> '1010'::bit(4), jaccard_distance('0000', '0000');
select hamming_distance('10', '101');
SELECT p.proname, pg_get_function_identity_arguments(p.oid), p.prorettype::regtype, p.prokind FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' ORDER BY 1, 2;
