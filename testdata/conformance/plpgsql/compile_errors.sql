-- conformance: context
-- PL/pgSQL compile errors at CREATE FUNCTION and at a call: PostgreSQL
-- points at the offending word in the CREATE FUNCTION text when its
-- grammar knows it, and otherwise names the function and line in
-- CONTEXT ("compilation of PL/pgSQL function ... near line N").
CREATE FUNCTION c2() RETURNS int LANGUAGE plpgsql AS $$
DECLARE x nosuchtype;
BEGIN
  RETURN 1;
END $$;
CREATE FUNCTION c3() RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  y := 1;
  RETURN 1;
END $$;
CREATE FUNCTION c4() RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  RETURN 1
END $$;
CREATE FUNCTION c10() RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  EXIT;
END $$;
CREATE FUNCTION c12() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RETURN NEW;
END $$;
SELECT c12();
CREATE FUNCTION c13(int) RETURNS int LANGUAGE plpgsql AS $$
DECLARE x nosuch.t%TYPE;
BEGIN
  RETURN 1;
END $$;
CREATE FUNCTION c14() RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a % %', 1;
END $$;
CREATE FUNCTION c14b() RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  IF true THEN
    RAISE NOTICE 'a', 1;
  END IF;
END $$;
CREATE FUNCTION c16() RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  GET DIAGNOSTICS x = ROW_COUNT;
END $$;
CREATE FUNCTION c17() RETURNS int LANGUAGE plpgsql AS $$
<<lbl>>
BEGIN
  EXIT nolbl;
END $$;
CREATE FUNCTION c18(out a int, out b int) LANGUAGE plpgsql AS $$
BEGIN
  RETURN 1;
END $$;
CREATE FUNCTION c19() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RETURN NEXT 1;
END $$;
CREATE FUNCTION c20() RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  a int;
BEGIN
  a := 1;
  WHILE a < 3 LOOP
    a := a + 1;
    CONTINUE;
  END LOOP;
  CONTINUE;
END $$;
