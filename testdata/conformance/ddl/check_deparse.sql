-- pg_get_constraintdef of CHECK constraints: non-pretty deparse parenthesizes an operator or boolean expression, pretty does not
CREATE TABLE ck (a int CHECK (a IS NOT NULL), b bool CHECK (NOT b), c bool CHECK (c), d text CHECK (length(d) > 1), e int, CONSTRAINT e_positive CHECK (e > 0));
SELECT conname, pg_get_constraintdef(oid), pg_get_constraintdef(oid, false), pg_get_constraintdef(oid, true) FROM pg_constraint WHERE conrelid = 'ck'::regclass ORDER BY conname;
SELECT pg_get_constraintdef(oid, NULL) FROM pg_constraint WHERE conrelid = 'ck'::regclass AND conname = 'e_positive';
