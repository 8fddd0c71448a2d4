create schema extensions;
create extension pgcrypto with schema extensions;
