-- regoperator: input by symbol and operand types (NONE for a prefix
-- operator), output qualified when the search path does not find the
-- operator, casts with oid, to_regoperator, regoperatorout/textin, and
-- pg_operator_is_visible of user operators
SELECT '=(int4,int4)'::regoperator, '=(integer,integer)'::regoperator::oid, '-(NONE,int4)'::regoperator, '||(text, text)'::regoperator;
SELECT 96::regoperator, 96::oid::regoperator::text, to_regoperator('=(int4,text)'), to_regoperator('+(int4,int4)');
SELECT textin(regoperatorout('<(int8,int8)'::regoperator)), pg_typeof(regoperatorout('<(int8,int8)'::regoperator));
SELECT '=(int4)'::regoperator;
SELECT '=(int4,int4,int4)'::regoperator;
SELECT '=(int4,nosuch)'::regoperator;
SELECT '=(int4,text)'::regoperator;
SELECT '=(none,none)'::regoperator;
SELECT 'int4'::regoperator;
CREATE SCHEMA opschema;
CREATE FUNCTION op_eq(text, int) RETURNS boolean LANGUAGE sql AS 'SELECT length($1) = $2';
CREATE OPERATOR opschema.=== (PROCEDURE = op_eq, LEFTARG = text, RIGHTARG = int);
CREATE OPERATOR === (PROCEDURE = op_eq, LEFTARG = text, RIGHTARG = int);
SELECT o.oid::regoperator::text AS op, pg_operator_is_visible(o.oid), o.oid = o.oid::regoperator::text::regoperator::oid FROM pg_operator o JOIN pg_namespace n ON n.oid = o.oprnamespace WHERE o.oprname = '===' ORDER BY n.nspname;
SELECT 'opschema.===(text,integer)'::regoperator::oid = (SELECT o.oid FROM pg_operator o JOIN pg_namespace n ON n.oid = o.oprnamespace WHERE o.oprname = '===' AND n.nspname = 'opschema');
SET search_path = opschema, public;
SELECT o.oid::regoperator::text AS op, pg_operator_is_visible(o.oid) FROM pg_operator o JOIN pg_namespace n ON n.oid = o.oprnamespace WHERE o.oprname = '===' ORDER BY n.nspname;
RESET search_path;
