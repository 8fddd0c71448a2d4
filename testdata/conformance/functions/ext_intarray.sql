-- intarray: functions and operators on int4[]
CREATE EXTENSION intarray;
SELECT icount('{1,2,3}'::int[]), sort('{3,1,2}'::int[]), sort('{3,1,2}'::int[], 'desc'), sort_asc('{3,1,2}'::int[]), sort_desc('{3,1,2}'::int[]);
SELECT uniq('{1,1,2,2,1}'::int[]), uniq(sort('{1,1,2,2,1}'::int[])), idx('{5,6,7}'::int[], 6), subarray('{1,2,3,4}'::int[], 2, 2), subarray('{1,2,3,4}'::int[], 2), intset(5);
SELECT '{1,2}'::int[] + 3, '{1,2}'::int[] + '{3,4}'::int[], '{1,2,3,2}'::int[] - 2, '{1,2,3}'::int[] - '{2,9}'::int[];
SELECT '{1,2}'::int[] | 3, '{3,1}'::int[] | '{2,1}'::int[], '{1,2,3}'::int[] & '{2,3,4}'::int[], '{5,6,7}'::int[] # 7;
SELECT subarray('{1,2,3,4}'::int[], -2, 1), subarray('{1,2,3,4}'::int[], 0, 2), subarray('{1,2,3,4}'::int[], 1, -1), idx('{}'::int[], 1), icount('{}'::int[]), uniq('{}'::int[]), '{}'::int[] & '{1}'::int[];
SELECT '{1,2,3}'::int[] @> '{2}'::int[], '{1,2}'::int[] && '{2,5}'::int[];
SELECT sort('{1,NULL}'::int[]);
SELECT sort('{1,2}'::int[], 'up');
CREATE TABLE tagged (id int PRIMARY KEY, tags int[]);
INSERT INTO tagged VALUES (1, '{1,2,3}'), (2, '{3,4}'), (3, '{5}');
CREATE INDEX tagged_tags ON tagged USING gin (tags gin__int_ops);
SELECT id, tags | 9 FROM tagged WHERE tags && '{3}' ORDER BY id;
