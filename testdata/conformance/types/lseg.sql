-- lseg: input forms, output, the cast to point (its center), arrays, pg_type and pg_cast
SELECT '[(0,0),(2,4)]'::lseg, '((0,0),(2,4))'::lseg, '(0,0),(2,4)'::lseg, ' 0 , 0 , 2.5 , 4 '::lseg, '[(0,0),(2,4)]'::lseg::point, point('[(1,1),(3,3)]'::lseg);
SELECT '(0,0)'::lseg;
SELECT '[(0,0),(1,1),(2,2)]'::lseg;
SELECT '[(0,0),(1,1)'::lseg;
SELECT pg_typeof('[(0,0),(1,1)]'::lseg), ARRAY['[(0,0),(1,1)]'::lseg], '{"[(0,0),(1,1)]"}'::lseg[];
SELECT typname, typlen, typcategory, typarray::regtype FROM pg_type WHERE oid = 'lseg'::regtype;
SELECT format_type(castsource, NULL) || ' AS ' || format_type(casttarget, NULL), castcontext, castmethod, castfunc::regprocedure FROM pg_cast WHERE castsource = 'lseg'::regtype;
