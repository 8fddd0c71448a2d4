create foreign data wrapper dummy;
create server remote foreign data wrapper dummy;
create schema private;
create foreign table private.customers (id text, email text) server remote options (object 'customers');
create table notes (id bigint primary key, body text);
