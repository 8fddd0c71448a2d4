-- An ARE's leading embedded options: (?x) expanded syntax, (?i)/(?c)
-- case, (?q) literal.
SELECT '15.4' ~ '(?x) ^ 1[[:digit:]]  [.] [[:digit:]]{1,2}  # major.minor
  $' AS expanded;
SELECT 'a b' ~ '(?x) a \  b' AS escaped_space, 'ab' ~ '(?x) a [ ] b' AS bracket_space, 'a b' ~ '(?x) a [ ] b' AS bracket_space2;
SELECT 'ABC' ~ '(?i)abc' AS i, 'ABC' ~* '(?c)abc' AS c_overrides, 'abc' ~ '(?ic)ABC' AS last_wins;
SELECT 'a.b*' ~ '(?q)a.b*' AS literal, 'axb' ~ '(?q)a.b' AS literal_dot;
SELECT 'foo' ~ '(?:f)oo' AS group_not_options;
SELECT regexp_replace('A b C', '(?x) b', 'X') AS replaced;
SELECT '15.4' ~ '(?x)(?: ^[89][.][[:digit:]]{1,2} ) | (?: ^1[[:digit:]] (?: [.] [[:digit:]]{1,2} | devel ))' AS pg_version_like;
