-- DROP FUNCTION / PROCEDURE / ROUTINE / AGGREGATE of missing and built-in routines
DROP FUNCTION nope();
DROP FUNCTION nope(int, varchar(3));
DROP FUNCTION nope;
DROP FUNCTION IF EXISTS nope(int);
DROP FUNCTION IF EXISTS nope;
DROP FUNCTION public.nope();
DROP FUNCTION zz.nope();
DROP FUNCTION IF EXISTS zz.nope();
DROP PROCEDURE nope();
DROP ROUTINE nope();
DROP AGGREGATE nope(int);
DROP FUNCTION now();
DROP FUNCTION lower(int);
DROP FUNCTION nope(int[], no_such_type);
DROP FUNCTION a(), b();
