-- the statistics aggregates of two arguments (Youngs-Cramer, as float8_regr_accum)
CREATE TABLE rg (g int, y float8, x float8, n numeric);
INSERT INTO rg VALUES (1, 1, 2, 1.5), (1, 2.5, 3.1, 2.25), (1, 4, 4.7, 3), (1, NULL, 5, 4), (1, 7.25, NULL, 5), (1, 9.1, 8.8, 6.125), (2, 3, 3, 1), (3, 1, 1, 1), (3, 1, 2, 2), (4, 0.1, 0.2, 0.3), (4, 0.7, 0.3, 0.1), (4, 1e10, 1e-10, 1.1);
SELECT g, corr(y, x), covar_pop(y, x), covar_samp(y, x), regr_slope(y, x), regr_intercept(y, x), regr_r2(y, x) FROM rg GROUP BY g ORDER BY g;
SELECT g, regr_count(y, x), regr_avgx(y, x), regr_avgy(y, x), regr_sxx(y, x), regr_syy(y, x), regr_sxy(y, x) FROM rg GROUP BY g ORDER BY g;
SELECT corr(y, n), covar_samp(n, x), regr_slope(n, n), regr_count(g, n), regr_avgx(1, g), pg_typeof(corr(n, n)), pg_typeof(regr_count(n, n)) FROM rg;
SELECT corr(y, x), regr_count(y, x), covar_pop(y, x), regr_sxx(y, x) FROM rg WHERE false;
SELECT corr(1, 2), regr_r2(1, x), regr_r2(y, 1), covar_samp(y, x) FROM rg WHERE g = 2;
SELECT corr(y, x), regr_sxx(y, x), covar_pop(y, x) FROM (VALUES ('Infinity'::float8, 1::float8), (1, 2)) v(y, x);
SELECT corr(y, x), regr_syy(y, x), regr_slope(y, x) FROM (VALUES ('NaN'::float8, 1::float8)) v(y, x);
SELECT covar_pop(y, x) FROM (VALUES (1e308::float8, 1::float8), (-1e308, 2)) v(y, x);
SELECT g, y, x, regr_slope(y, x) OVER (ORDER BY g, y, x ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW), regr_count(y, x) OVER (PARTITION BY g) FROM rg ORDER BY g, y, x;
SELECT corr('1', '2');
SELECT corr(y) FROM rg;
SELECT corr(y, 'a'::text) FROM rg;
