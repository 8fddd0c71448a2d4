-- The SHA-2 family of built-in digests (docs 9.5, table 9.13).
SELECT encode(sha224('abc'), 'hex'), encode(sha256('abc'), 'hex');
SELECT encode(sha384('abc'::bytea), 'hex'), encode(sha512(''), 'hex');
SELECT sha512(NULL), length(sha384('\xdeadbeef'));
SELECT sha512('x'::text);
