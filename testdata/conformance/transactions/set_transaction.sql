-- SET TRANSACTION changes the running transaction's access mode and isolation level
begin;
set transaction read only;
show transaction_read_only;
create table st_t (a int);
rollback;
set transaction read only;
show transaction_read_only;
begin;
set transaction isolation level serializable;
show transaction_isolation;
set transaction read write;
show transaction_read_only;
create table st_t (a int);
commit;
show transaction_isolation;
drop table st_t;
