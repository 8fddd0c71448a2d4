-- format()'s width from an argument: %*s takes the next argument, %*n$s
-- the n-th; NULL is no width, a negative width pads on the right, and the
-- value is the argument after the width unless the specifier names one.
SELECT format('%*s|%-*s|', NULL::int, 'x', -3, 'y'), format('%*s|', -3, 'x'), format('%-*s|', -4, 'q'),
       format('[%*s]', '3', 'z'), format('%2$s %1$s %s', 'a', 'b');
SELECT format('%*1$s|%2$s', 4, 'b'), format('%1$*s', 3, 'x');
SELECT format('%*2$s|', 'a', 5);
SELECT format('%*s', 'abc', 'x');
SELECT format('%*s', 2);
