-- Types postgres-meta maps to `unknown` (or to a named type), and a domain.
create domain positive_int as integer check (value > 0);
create type pair as (a integer, b text);

create table exotic (
  id integer primary key,
  addr inet,
  net cidr,
  mac macaddr,
  pt point,
  money_col money,
  doc tsvector,
  q tsquery,
  r int4range,
  ts_r tstzrange,
  x xml,
  o oid,
  bits bit(3),
  vbits varbit,
  dom positive_int,
  p pair,
  pairs pair[],
  "char" "char",
  nm name,
  u uuid[],
  j jsonb[],
  ts timestamptz[],
  tz timetz
);
