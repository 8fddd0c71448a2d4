create table parents (id bigint primary key);
create table children (id bigint primary key, parent_id bigint references parents (id));
create index children_parent_id_idx on children (parent_id);
