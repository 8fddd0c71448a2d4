-- Types the engine has beyond the basic case: a domain resolves to its base
-- type, arrays of enums reference the enum, enums of a schema that is not
-- generated are inlined as unions, unmapped types are unknown; long unions
-- and long relationship column lists wrap as prettier wraps them.
create schema other;
create type other.flavour as enum ('sweet', 'sour');
create type other.very_long_enumeration_of_colours as enum ('red', 'orange', 'yellow', 'green', 'blue', 'indigo', 'violet');
create domain email as text check (value like '%@%');
create type mood as enum ('ok', 'bad');
create table t (
  id integer primary key,
  e email not null,
  moods mood[],
  f other.flavour,
  fs other.flavour[],
  colour other.very_long_enumeration_of_colours,
  colours other.very_long_enumeration_of_colours[] not null,
  o oid
);
create table a_table_with_a_rather_long_name (
  first_key_column_with_long_name integer,
  second_key_column_with_long_name integer,
  primary key (first_key_column_with_long_name, second_key_column_with_long_name)
);
create table referencing_table (
  id integer primary key,
  first_key_column_with_long_name integer,
  second_key_column_with_long_name integer,
  constraint referencing_table_long_fkey foreign key (first_key_column_with_long_name, second_key_column_with_long_name)
    references a_table_with_a_rather_long_name (first_key_column_with_long_name, second_key_column_with_long_name)
);
