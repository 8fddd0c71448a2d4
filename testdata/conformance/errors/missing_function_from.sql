-- A missing function in FROM: 42883 with PostgreSQL's message and hint.
SELECT * FROM missing_function();
SELECT * FROM missing_function(1, 'a');
SELECT * FROM public.missing_function() AS f;
SELECT * FROM missing_function() WITH ORDINALITY;
SELECT * FROM ROWS FROM (missing_function(), generate_series(1, 2));
SELECT * FROM pi();
SELECT x FROM upper('abc') AS x;
