create schema if not exists extensions;
create extension unaccent with schema extensions;
