-- storage.buckets and storage.objects with the columns supabase/storage's
-- tenant migrations leave (up to 0063), so migrations that insert buckets
-- or write policies on storage.objects apply. The helper functions
-- storage.foldername / filename / extension are LANGUAGE sql here (Supabase
-- ships them as plpgsql with the same results), so policies such as
-- (storage.foldername(name))[1] = (select auth.uid()::text) work.
-- storage.search is the listing storage-js's list() reads, written here as
-- one LANGUAGE sql query with the same signature and results (folders
-- collapsed, names relative to the prefix, limit/offset/sort/search).
-- Left out: multipart uploads, analytics/vector/iceberg buckets, prefixes,
-- and the storage server's other search functions (search_v2, ...).

CREATE TYPE storage.buckettype AS ENUM ('STANDARD', 'ANALYTICS', 'VECTOR');

CREATE TABLE storage.buckets (
    id text NOT NULL,
    name text NOT NULL,
    owner uuid,
    created_at timestamp with time zone DEFAULT now(),
    updated_at timestamp with time zone DEFAULT now(),
    public boolean DEFAULT false,
    avif_autodetection boolean DEFAULT false,
    file_size_limit bigint,
    allowed_mime_types text[],
    owner_id text,
    type storage.buckettype DEFAULT 'STANDARD'::storage.buckettype NOT NULL,
    CONSTRAINT buckets_pkey PRIMARY KEY (id)
);

CREATE UNIQUE INDEX bname ON storage.buckets (name);

CREATE TABLE storage.objects (
    id uuid DEFAULT gen_random_uuid() NOT NULL,
    bucket_id text,
    name text,
    owner uuid,
    created_at timestamp with time zone DEFAULT now(),
    updated_at timestamp with time zone DEFAULT now(),
    last_accessed_at timestamp with time zone DEFAULT now(),
    metadata jsonb,
    path_tokens text[] GENERATED ALWAYS AS (string_to_array(name, '/')) STORED,
    version text,
    owner_id text,
    user_metadata jsonb,
    level integer,
    CONSTRAINT objects_pkey PRIMARY KEY (id),
    CONSTRAINT "objects_bucketId_fkey" FOREIGN KEY (bucket_id) REFERENCES storage.buckets(id)
);

CREATE UNIQUE INDEX bucketid_objname ON storage.objects (bucket_id, name);
CREATE INDEX name_prefix_search ON storage.objects (name);

ALTER TABLE storage.buckets ENABLE ROW LEVEL SECURITY;
ALTER TABLE storage.objects ENABLE ROW LEVEL SECURITY;

CREATE FUNCTION storage.foldername(name text) RETURNS text[]
    LANGUAGE sql IMMUTABLE
    AS $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;

CREATE FUNCTION storage.filename(name text) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;

CREATE FUNCTION storage.extension(name text) RETURNS text
    LANGUAGE sql IMMUTABLE
    AS $$
  select reverse(split_part(reverse((string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]), '.', 1))
$$;

CREATE FUNCTION storage.search(prefix text, bucketname text, limits integer DEFAULT 100, levels integer DEFAULT 1, offsets integer DEFAULT 0, search text DEFAULT '', sortcolumn text DEFAULT 'name', sortorder text DEFAULT 'asc')
    RETURNS TABLE (name text, id uuid, updated_at timestamp with time zone, created_at timestamp with time zone, last_accessed_at timestamp with time zone, metadata jsonb)
    LANGUAGE sql STABLE
    AS $$
  with matched as (
    select o.name as full_name, o.id as oid, o.updated_at as upd, o.created_at as cre, o.last_accessed_at as acc, o.metadata as md,
           substr(o.name, char_length(coalesce(prefix, '') || coalesce(search, '')) + 1) as tail
    from storage.objects o
    where o.bucket_id = bucketname
      and lower(left(o.name, char_length(coalesce(prefix, '') || coalesce(search, '')))) = lower(coalesce(prefix, '') || coalesce(search, ''))
  ), entries as (
    select min(substr(m.full_name, char_length(coalesce(prefix, '')) + 1, char_length(coalesce(search, '')) + strpos(m.tail, '/') - 1)) as ename,
           null::uuid as eid, null::timestamptz as eupd, null::timestamptz as ecre, null::timestamptz as eacc, null::jsonb as emd, true as folder
    from matched m where strpos(m.tail, '/') > 0
    group by lower(substr(m.full_name, char_length(coalesce(prefix, '')) + 1, char_length(coalesce(search, '')) + strpos(m.tail, '/') - 1))
    union all
    select substr(m.full_name, char_length(coalesce(prefix, '')) + 1), m.oid, m.upd, m.cre, m.acc, m.md, false
    from matched m where strpos(m.tail, '/') = 0
  )
  select r.ename, r.eid, r.eupd, r.ecre, r.eacc, r.emd
  from (
    select e.*, row_number() over (order by
      case when lower(coalesce(sortcolumn, 'name')) in ('updated_at', 'created_at', 'last_accessed_at') then not e.folder else false end,
      case when lower(coalesce(sortorder, 'asc')) <> 'desc' then
        case lower(coalesce(sortcolumn, 'name')) when 'updated_at' then e.eupd when 'created_at' then e.ecre when 'last_accessed_at' then e.eacc end end asc,
      case when lower(coalesce(sortorder, 'asc')) = 'desc' then
        case lower(coalesce(sortcolumn, 'name')) when 'updated_at' then e.eupd when 'created_at' then e.ecre when 'last_accessed_at' then e.eacc end end desc,
      case when lower(coalesce(sortorder, 'asc')) <> 'desc' then lower(e.ename) end collate "C" asc,
      case when lower(coalesce(sortorder, 'asc')) = 'desc' then lower(e.ename) end collate "C" desc) as rn
    from entries e
  ) r
  where r.rn > coalesce(offsets, 0) and r.rn <= coalesce(offsets, 0) + least(coalesce(limits, 100), 1500)
  order by r.rn
$$;

ALTER TABLE storage.buckets OWNER TO supabase_storage_admin;
ALTER TABLE storage.objects OWNER TO supabase_storage_admin;
ALTER FUNCTION storage.foldername(text) OWNER TO supabase_storage_admin;
ALTER FUNCTION storage.filename(text) OWNER TO supabase_storage_admin;
ALTER FUNCTION storage.extension(text) OWNER TO supabase_storage_admin;
ALTER FUNCTION storage.search(text, text, integer, integer, integer, text, text, text) OWNER TO supabase_storage_admin;
