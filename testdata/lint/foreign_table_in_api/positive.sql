create foreign data wrapper dummy;
create server remote foreign data wrapper dummy;
create foreign table customers (id text, email text) server remote options (object 'customers');
