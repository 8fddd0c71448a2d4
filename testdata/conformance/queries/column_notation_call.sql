-- value.name is name(value) when the value has no such field
-- (ParseFuncOrColumn's attribute notation for a function of one
-- argument), in a SQL function's body and on a column.
CREATE FUNCTION zero_bytes(bytes bytea) RETURNS bytea AS $$
  SELECT decode(repeat('00', bytes.length), 'hex');
$$ LANGUAGE sql IMMUTABLE STRICT;
SELECT zero_bytes('\x010203'::bytea);
CREATE FUNCTION to_num(data bytea) RETURNS numeric AS $$
  WITH RECURSIVE builder AS (
    SELECT 0::numeric AS acc, 0 AS idx
    UNION ALL
    SELECT acc * 256 + get_byte(data, idx), idx + 1 FROM builder WHERE idx <= data.length
  )
  SELECT acc FROM builder LIMIT 1 OFFSET data.length;
$$ LANGUAGE sql IMMUTABLE STRICT;
SELECT to_num('\x0102'::bytea);
CREATE FUNCTION dbl(i int) RETURNS int LANGUAGE sql AS $$ SELECT i * 2 $$;
CREATE TABLE cn (a int, b text);
INSERT INTO cn VALUES (3, 'abc');
SELECT (b).length, (a).dbl, (cn.a).dbl FROM cn;
SELECT (b).upper FROM cn;
SELECT (b).nosuch FROM cn;
SELECT (a).length FROM cn;
SELECT (ROW(1, 2)).length;
CREATE FUNCTION blen(v int) RETURNS bytea LANGUAGE sql AS $$ SELECT decode(repeat('ab', v), 'hex') $$;
SELECT b.length, b FROM blen(3) b;
SELECT decode(repeat('00', 4 - b.length), 'hex') || b FROM blen(2) b;
SELECT cn.dbl FROM cn;
SELECT x.dbl FROM (SELECT 4 AS y) x;
SELECT x.y, x.nosuch FROM (SELECT 4 AS y) x;
SELECT b.b, b FROM blen(1) b;
SELECT row_to_json(x) FROM blen(1) b, LATERAL (SELECT b) x;
SELECT b.length FROM blen(2) AS b(c);
CREATE FUNCTION cn_label(r cn) RETURNS text LANGUAGE sql AS $$ SELECT r.b || r.a $$;
SELECT cn.cn_label, c2.cn_label FROM cn, cn c2;
