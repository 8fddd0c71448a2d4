-- ts_rewrite: both forms, PostgreSQL's normalized operand order, subset matches, the query form's rules and errors
-- (an empty tsquery literal raises a NOTICE tinybase does not send yet, so deletions live in types' tests)
select ts_rewrite('a & b'::tsquery, 'a'::tsquery, 'c'::tsquery);
select ts_rewrite('b & a'::tsquery, 'x'::tsquery, 'c'::tsquery);
select ts_rewrite('b & a & c'::tsquery, 'a & c'::tsquery, 'z|y'::tsquery);
select ts_rewrite('zz <-> yy & !xx'::tsquery, 'xx'::tsquery, 'q'::tsquery);
select ts_rewrite('zz <-> yy & !xx'::tsquery, 'zz <-> yy'::tsquery, 'q:*A'::tsquery);
select ts_rewrite('d | c | b | a'::tsquery, 'x'::tsquery, 'q'::tsquery);
select ts_rewrite('a & (b | c)'::tsquery, 'b | c'::tsquery, 'q'::tsquery);
select ts_rewrite('a:B & a'::tsquery, 'a'::tsquery, 'q'::tsquery);
select ts_rewrite('a & b & c & d & e'::tsquery, 'b & d'::tsquery, 'x <-> y'::tsquery);
select ts_rewrite('(a | b) & (c | d) & (b | a)'::tsquery, 'a | b'::tsquery, 'z'::tsquery);
select ts_rewrite('!a & !(b <2> c)'::tsquery, 'b <2> c'::tsquery, 'q'::tsquery);
select ts_rewrite('!a & !(b <2> c)'::tsquery, 'b <3> c'::tsquery, 'q'::tsquery);
select ts_rewrite('a:* & b:AB'::tsquery, 'b'::tsquery, 'c:*D'::tsquery);
select ts_rewrite('supernovae & crab'::tsquery, 'supernovae'::tsquery, 'supernovae|sn'::tsquery);
select ts_rewrite('über & ünïcödé'::tsquery, 'ünïcödé'::tsquery, 'x'::tsquery);
select ts_rewrite('a & b'::tsquery, NULL::tsquery, 'q'::tsquery);
create temp table aliases (t tsquery, s tsquery);
insert into aliases values ('supernovae', 'supernovae|sn'), ('crab', 'crab | nebula'), (NULL, 'x'), ('nebula', NULL);
select ts_rewrite('supernovae & crab'::tsquery, 'select t, s from aliases');
select ts_rewrite('a & b'::tsquery, 'select t, s from aliases');
select ts_rewrite('supernovae & crab'::tsquery, 'select s, t from aliases where t is not null');
select ts_rewrite('supernovae & crab'::tsquery, 'select t from aliases');
select ts_rewrite('supernovae & crab'::tsquery, 'select t::text, s from aliases');
select ts_rewrite('a'::tsquery, 'select nonsense');
