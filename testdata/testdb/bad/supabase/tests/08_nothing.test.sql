select 1 where false;
