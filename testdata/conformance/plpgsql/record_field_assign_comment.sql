-- An assignment to a field of a composite variable after a comment
-- (the statement still starts after the comment).
CREATE DOMAIN small_n AS int4 CHECK (VALUE >= 0 AND VALUE < 100);
CREATE TYPE round_state AS (pq bytea, radix small_n, u integer);
CREATE FUNCTION make_round(radix small_n, u integer) RETURNS round_state AS $$
DECLARE
  round round_state;
BEGIN
  round.PQ = '\x0102'::bytea;
  -- the rest of the fields
  round.radix = radix;
  /* and one more */ round.u = u;
  RETURN round;
END;
$$ LANGUAGE plpgsql IMMUTABLE;
SELECT * FROM make_round(10, 3);
SELECT make_round(200, 1);
