-- conformance: requires vector
-- pgvector's I/O functions by name: dumps grant on them
-- (GRANT ... ON FUNCTION halfvec_in(cstring, oid, integer)), and in, out,
-- typmod_in and send can be called
CREATE EXTENSION vector;
SELECT vector_in('[1,2,3]', 0, -1), vector_out('[1,2]'::vector), halfvec_in('[1.5,2]', 0, -1), sparsevec_in('{1:2}/3', 0, -1);
SELECT vector_in('[1,2,3]', 0, 2);
SELECT halfvec_out('[1,2]'::halfvec), sparsevec_out('{1:2,3:4}/5'::sparsevec);
SELECT vector_typmod_in('{3}'::cstring[]), halfvec_typmod_in('{16000}'::cstring[]), sparsevec_typmod_in('{7}'::cstring[]);
SELECT vector_typmod_in('{0}'::cstring[]);
SELECT vector_send('[1,2]'::vector), halfvec_send('[1,2]'::halfvec), sparsevec_send('{1:2}/3'::sparsevec);
GRANT ALL ON FUNCTION halfvec_in(cstring, oid, integer) TO public;
GRANT ALL ON FUNCTION sparsevec_recv(internal, oid, integer) TO public;
REVOKE ALL ON FUNCTION vector_typmod_in(cstring[]) FROM public;
SELECT p.proname, pg_get_function_identity_arguments(p.oid), p.prorettype::regtype, p.provolatile, p.proisstrict
FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = 'public' AND p.proname ~ '^(vector|halfvec|sparsevec)_(in|out|typmod_in|recv|send)$' ORDER BY 1;
