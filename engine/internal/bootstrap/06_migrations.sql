-- The Supabase CLI's migration history (pkg/migration/history.go): created
-- on first apply; tinybase's bootstrap has it from the start.

CREATE TABLE supabase_migrations.schema_migrations (
    version text NOT NULL PRIMARY KEY,
    statements text[],
    name text
);

CREATE TABLE supabase_migrations.seed_files (
    path text NOT NULL PRIMARY KEY,
    hash text NOT NULL
);
