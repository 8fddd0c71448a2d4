-- substring's SQL regular expression forms: SIMILAR ... ESCAPE and FROM ... FOR
select substring('Thomas' similar '%#"o_a#"_' escape '#'), substring('Thomas' from '%#"o_a#"_' for '#'), substring('Thomas' similar 'T(h|x)%' escape '#'), substring('Thomas' similar '#"T%' escape '#'), substring('abcdef' similar 'a#"%#"f' escape '#'), substring('abc' similar 'x%' escape '#');
select 'abc' similar to 'a(b|c)c', 'abc' similar to '%(b)%';
select substring('Thomas' similar '#"T#"o#"%' escape '#');
