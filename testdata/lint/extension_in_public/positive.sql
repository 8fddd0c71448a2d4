create extension pgcrypto;
