create extension unaccent with schema public;
