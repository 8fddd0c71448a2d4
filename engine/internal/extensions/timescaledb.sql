-- timescaledb 2.16.1 stand-in, Apache 2 Edition (the build Supabase
-- ships on PostgreSQL 15): the user-facing functions with TimescaleDB's
-- signatures, defaults and parameter names, its catalog tables
-- _timescaledb_catalog.hypertable and .dimension, and the
-- timescaledb_information views that read them. A hypertable here is its
-- one ordinary table, never split into chunks; create_hypertable checks
-- what TimescaleDB checks and records the table (timescaledb.go). The
-- features of the Timescale License (compression, continuous aggregates,
-- policies, jobs, gap filling) exist and fail as the Apache edition's do.
-- User functions go to @extschema@ (the extension is relocatable only at
-- CREATE, as TimescaleDB's control file says); internals to its schemas.

CREATE SCHEMA _timescaledb_catalog;
CREATE SCHEMA _timescaledb_internal;
CREATE SCHEMA _timescaledb_functions;
CREATE SCHEMA _timescaledb_config;
CREATE SCHEMA timescaledb_information;
CREATE SCHEMA timescaledb_experimental;
CREATE SCHEMA _timescaledb_cache;
CREATE SCHEMA _timescaledb_debug;
GRANT USAGE ON SCHEMA _timescaledb_catalog, _timescaledb_internal, _timescaledb_functions,
  _timescaledb_config, timescaledb_information, timescaledb_experimental, _timescaledb_cache TO PUBLIC;

CREATE TABLE _timescaledb_catalog.hypertable (
  id serial PRIMARY KEY,
  schema_name name NOT NULL,
  table_name name NOT NULL,
  associated_schema_name name NOT NULL,
  associated_table_prefix name NOT NULL,
  num_dimensions smallint NOT NULL,
  chunk_sizing_func_schema name NOT NULL,
  chunk_sizing_func_name name NOT NULL,
  chunk_target_size bigint NOT NULL CHECK (chunk_target_size >= 0),
  compression_state smallint NOT NULL DEFAULT 0,
  compressed_hypertable_id integer,
  status integer NOT NULL DEFAULT 0,
  UNIQUE (associated_schema_name, associated_table_prefix),
  UNIQUE (schema_name, table_name)
);

CREATE TABLE _timescaledb_catalog.dimension (
  id serial PRIMARY KEY,
  hypertable_id integer NOT NULL REFERENCES _timescaledb_catalog.hypertable (id) ON DELETE CASCADE,
  column_name name NOT NULL,
  column_type regtype NOT NULL,
  aligned boolean NOT NULL,
  num_slices smallint,
  partitioning_func_schema name,
  partitioning_func name,
  interval_length bigint,
  compress_interval_length bigint,
  integer_now_func_schema name,
  integer_now_func name,
  UNIQUE (hypertable_id, column_name)
);

GRANT SELECT ON _timescaledb_catalog.hypertable, _timescaledb_catalog.dimension TO PUBLIC;

-- What by_range and by_hash build and create_hypertable(relation,
-- dimension) reads. TimescaleDB's is an opaque base type printed as
-- range//time//1 day//-; a composite keeps the parts typed here.
CREATE TYPE _timescaledb_internal.dimension_info AS (
  kind text,
  column_name name,
  partition_interval text,
  interval_type regtype,
  number_partitions integer,
  partition_func regproc
);

CREATE FUNCTION _timescaledb_functions.calculate_chunk_interval(dimension_id integer, dimension_coord bigint, chunk_target_size bigint)
  RETURNS bigint LANGUAGE c AS 'MODULE_PATHNAME', 'ts_tsl_only';

-- A dropped table stops being a hypertable: its catalog rows go with it
-- (a table of the same name made later is a plain table again), as
-- TimescaleDB's own sql_drop event trigger sees to.
-- SECURITY DEFINER: any role may drop its tables, while only the
-- extension's owner writes its catalog.
CREATE FUNCTION _timescaledb_functions.process_ddl_event() RETURNS event_trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $$
BEGIN
  DELETE FROM _timescaledb_catalog.hypertable ht
   USING pg_catalog.pg_event_trigger_dropped_objects() d
   WHERE d.object_type = 'table' AND d.schema_name = ht.schema_name AND d.object_name = ht.table_name;
END
$$;
CREATE EVENT TRIGGER timescaledb_ddl_sql_drop ON sql_drop
  EXECUTE FUNCTION _timescaledb_functions.process_ddl_event();

CREATE VIEW timescaledb_information.hypertables AS
  SELECT ht.schema_name AS hypertable_schema,
         ht.table_name AS hypertable_name,
         r.rolname AS owner,
         ht.num_dimensions,
         0::bigint AS num_chunks,
         ht.compression_state = 1 AS compression_enabled,
         NULL::name[] AS tablespaces
    FROM _timescaledb_catalog.hypertable ht
    JOIN pg_catalog.pg_namespace n ON n.nspname = ht.schema_name
    JOIN pg_catalog.pg_class c ON c.relname = ht.table_name AND c.relnamespace = n.oid
    JOIN pg_catalog.pg_roles r ON r.oid = c.relowner
   WHERE ht.compression_state <> 2;

CREATE VIEW timescaledb_information.dimensions AS
  SELECT ht.schema_name AS hypertable_schema,
         ht.table_name AS hypertable_name,
         rank() OVER (PARTITION BY d.hypertable_id ORDER BY d.id) AS dimension_number,
         d.column_name,
         d.column_type,
         CASE WHEN d.interval_length IS NULL THEN 'Space' ELSE 'Time' END AS dimension_type,
         CASE WHEN d.interval_length IS NOT NULL
               AND d.column_type IN ('timestamp'::regtype, 'timestamptz'::regtype, 'date'::regtype)
              THEN pg_catalog.justify_hours(d.interval_length * interval '1 microsecond') END AS time_interval,
         CASE WHEN d.interval_length IS NOT NULL
               AND d.column_type IN ('smallint'::regtype, 'integer'::regtype, 'bigint'::regtype)
              THEN d.interval_length END AS integer_interval,
         d.integer_now_func,
         d.num_slices AS num_partitions
    FROM _timescaledb_catalog.hypertable ht
    JOIN _timescaledb_catalog.dimension d ON d.hypertable_id = ht.id
    JOIN pg_catalog.pg_namespace n ON n.nspname = ht.schema_name
    JOIN pg_catalog.pg_class c ON c.relname = ht.table_name AND c.relnamespace = n.oid;

GRANT SELECT ON timescaledb_information.hypertables, timescaledb_information.dimensions TO PUBLIC;

-- Hypertables.

CREATE FUNCTION @extschema@.create_hypertable(
    relation regclass,
    time_column_name name,
    partitioning_column name DEFAULT NULL,
    number_partitions integer DEFAULT NULL,
    associated_schema_name name DEFAULT NULL,
    associated_table_prefix name DEFAULT NULL,
    chunk_time_interval anyelement DEFAULT NULL::bigint,
    create_default_indexes boolean DEFAULT true,
    if_not_exists boolean DEFAULT false,
    partitioning_func regproc DEFAULT NULL,
    migrate_data boolean DEFAULT false,
    chunk_target_size text DEFAULT NULL,
    chunk_sizing_func regproc DEFAULT '_timescaledb_functions.calculate_chunk_interval'::regproc,
    time_partitioning_func regproc DEFAULT NULL)
  RETURNS TABLE(hypertable_id integer, schema_name name, table_name name, created boolean)
  LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_hypertable_create';

CREATE FUNCTION @extschema@.create_hypertable(
    relation regclass,
    dimension _timescaledb_internal.dimension_info,
    create_default_indexes boolean DEFAULT true,
    if_not_exists boolean DEFAULT false,
    migrate_data boolean DEFAULT false)
  RETURNS TABLE(hypertable_id integer, created boolean)
  LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_hypertable_create_general';

CREATE FUNCTION @extschema@.by_range(column_name name, partition_interval anyelement DEFAULT NULL::bigint,
    partition_func regproc DEFAULT NULL)
  RETURNS _timescaledb_internal.dimension_info LANGUAGE sql VOLATILE AS $$
  SELECT ROW('range', $1, $2::text, pg_catalog.pg_typeof($2)::regtype, NULL::integer, $3)::_timescaledb_internal.dimension_info
$$;

CREATE FUNCTION @extschema@.by_hash(column_name name, number_partitions integer, partition_func regproc DEFAULT NULL)
  RETURNS _timescaledb_internal.dimension_info LANGUAGE sql VOLATILE AS $$
  SELECT ROW('hash', $1, NULL::text, NULL::regtype, $2, $3)::_timescaledb_internal.dimension_info
$$;

CREATE FUNCTION @extschema@.set_chunk_time_interval(hypertable regclass, chunk_time_interval anyelement,
    dimension_name name DEFAULT NULL)
  RETURNS void LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_dimension_set_interval';

CREATE FUNCTION @extschema@.set_partitioning_interval(hypertable regclass, partition_interval anyelement,
    dimension_name name DEFAULT NULL)
  RETURNS void LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_dimension_set_interval';

-- A hypertable has no chunks here: none to show, none to drop.
CREATE FUNCTION @extschema@.show_chunks(relation regclass, older_than "any" DEFAULT NULL,
    newer_than "any" DEFAULT NULL, created_before "any" DEFAULT NULL, created_after "any" DEFAULT NULL)
  RETURNS SETOF regclass LANGUAGE c STABLE AS 'MODULE_PATHNAME', 'ts_chunk_show_chunks';

CREATE FUNCTION @extschema@.drop_chunks(relation regclass, older_than "any" DEFAULT NULL,
    newer_than "any" DEFAULT NULL, verbose boolean DEFAULT false, created_before "any" DEFAULT NULL,
    created_after "any" DEFAULT NULL)
  RETURNS SETOF text LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_chunk_drop_chunks';

-- Sizes are the one table's, as pg_relation_size sees them; NULL (no
-- row) for a table that is not a hypertable, as TimescaleDB returns.
CREATE FUNCTION @extschema@.hypertable_detailed_size(hypertable regclass)
  RETURNS TABLE(table_bytes bigint, index_bytes bigint, toast_bytes bigint, total_bytes bigint, node_name name)
  LANGUAGE sql STRICT VOLATILE AS $$
  SELECT pg_catalog.pg_table_size(c.oid) - coalesce(pg_catalog.pg_relation_size(c.reltoastrelid), 0),
         pg_catalog.pg_indexes_size(c.oid),
         coalesce(pg_catalog.pg_relation_size(c.reltoastrelid), 0),
         pg_catalog.pg_total_relation_size(c.oid),
         NULL::name
    FROM pg_catalog.pg_class c
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
    JOIN _timescaledb_catalog.hypertable ht ON ht.schema_name = n.nspname AND ht.table_name = c.relname
   WHERE c.oid = $1
$$;

CREATE FUNCTION @extschema@.hypertable_size(hypertable regclass) RETURNS bigint
  LANGUAGE sql STRICT VOLATILE AS $$
  SELECT total_bytes FROM @extschema@.hypertable_detailed_size($1)
$$;

CREATE FUNCTION @extschema@.approximate_row_count(relation regclass) RETURNS bigint
  LANGUAGE sql STRICT VOLATILE AS $$
  SELECT greatest(c.reltuples, 0)::bigint FROM pg_catalog.pg_class c WHERE c.oid = $1
$$;

-- time_bucket: the buckets of integers, dates and timestamps are Go
-- (timescaledb_bucket.go); the offset and time zone forms move the
-- value, bucket it and move it back, as TimescaleDB's do.

CREATE FUNCTION @extschema@.time_bucket(bucket_width smallint, ts smallint) RETURNS smallint
  LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_int16_bucket';
CREATE FUNCTION @extschema@.time_bucket(bucket_width integer, ts integer) RETURNS integer
  LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_int32_bucket';
CREATE FUNCTION @extschema@.time_bucket(bucket_width bigint, ts bigint) RETURNS bigint
  LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_int64_bucket';
CREATE FUNCTION @extschema@.time_bucket(bucket_width smallint, ts smallint, "offset" smallint) RETURNS smallint
  LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_int16_bucket';
CREATE FUNCTION @extschema@.time_bucket(bucket_width integer, ts integer, "offset" integer) RETURNS integer
  LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_int32_bucket';
CREATE FUNCTION @extschema@.time_bucket(bucket_width bigint, ts bigint, "offset" bigint) RETURNS bigint
  LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_int64_bucket';

CREATE FUNCTION @extschema@.time_bucket(bucket_width interval, ts timestamp) RETURNS timestamp
  LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_timestamp_bucket';
CREATE FUNCTION @extschema@.time_bucket(bucket_width interval, ts timestamptz) RETURNS timestamptz
  LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_timestamptz_bucket';
CREATE FUNCTION @extschema@.time_bucket(bucket_width interval, ts date) RETURNS date
  LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_date_bucket';
CREATE FUNCTION @extschema@.time_bucket(bucket_width interval, ts timestamp, origin timestamp) RETURNS timestamp
  LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_timestamp_bucket';
CREATE FUNCTION @extschema@.time_bucket(bucket_width interval, ts timestamptz, origin timestamptz) RETURNS timestamptz
  LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_timestamptz_bucket';
CREATE FUNCTION @extschema@.time_bucket(bucket_width interval, ts date, origin date) RETURNS date
  LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_date_bucket';

CREATE FUNCTION @extschema@.time_bucket(bucket_width interval, ts timestamp, "offset" interval) RETURNS timestamp
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN pg_catalog.isfinite($2) THEN @extschema@.time_bucket($1, $2 - $3) + $3 ELSE $2 END
$$;
CREATE FUNCTION @extschema@.time_bucket(bucket_width interval, ts timestamptz, "offset" interval) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN pg_catalog.isfinite($2) THEN @extschema@.time_bucket($1, $2 - $3) + $3 ELSE $2 END
$$;
CREATE FUNCTION @extschema@.time_bucket(bucket_width interval, ts date, "offset" interval) RETURNS date
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN pg_catalog.isfinite($2)
    THEN (@extschema@.time_bucket($1, ($2 - $3)::date) + $3)::date ELSE $2 END
$$;
CREATE FUNCTION @extschema@.time_bucket(bucket_width interval, ts timestamptz, timezone text,
    origin timestamptz DEFAULT NULL, "offset" interval DEFAULT NULL) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE WHEN $4 IS NULL
      THEN @extschema@.time_bucket($1, ($2 AT TIME ZONE $3) - coalesce($5, interval '0'))
      ELSE @extschema@.time_bucket($1, ($2 AT TIME ZONE $3) - coalesce($5, interval '0'), $4 AT TIME ZONE $3)
    END + coalesce($5, interval '0')) AT TIME ZONE $3
$$;

-- Timescale License features: declared as the Apache edition declares
-- them, failing with its 0A000 when called.

CREATE FUNCTION @extschema@.time_bucket_gapfill(bucket_width smallint, ts smallint, start smallint DEFAULT NULL,
    finish smallint DEFAULT NULL) RETURNS smallint
  LANGUAGE c VOLATILE PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.time_bucket_gapfill(bucket_width integer, ts integer, start integer DEFAULT NULL,
    finish integer DEFAULT NULL) RETURNS integer
  LANGUAGE c VOLATILE PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.time_bucket_gapfill(bucket_width bigint, ts bigint, start bigint DEFAULT NULL,
    finish bigint DEFAULT NULL) RETURNS bigint
  LANGUAGE c VOLATILE PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.time_bucket_gapfill(bucket_width interval, ts date, start date DEFAULT NULL,
    finish date DEFAULT NULL) RETURNS date
  LANGUAGE c VOLATILE PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.time_bucket_gapfill(bucket_width interval, ts timestamp, start timestamp DEFAULT NULL,
    finish timestamp DEFAULT NULL) RETURNS timestamp
  LANGUAGE c VOLATILE PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.time_bucket_gapfill(bucket_width interval, ts timestamptz, start timestamptz DEFAULT NULL,
    finish timestamptz DEFAULT NULL) RETURNS timestamptz
  LANGUAGE c VOLATILE PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.time_bucket_gapfill(bucket_width interval, ts timestamptz, timezone text,
    start timestamptz DEFAULT NULL, finish timestamptz DEFAULT NULL) RETURNS timestamptz
  LANGUAGE c VOLATILE PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.locf(value anyelement, prev anyelement DEFAULT NULL,
    treat_null_as_missing boolean DEFAULT false) RETURNS anyelement
  LANGUAGE c VOLATILE PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.interpolate(value smallint, prev record DEFAULT NULL, next record DEFAULT NULL)
  RETURNS smallint LANGUAGE c VOLATILE PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.interpolate(value integer, prev record DEFAULT NULL, next record DEFAULT NULL)
  RETURNS integer LANGUAGE c VOLATILE PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.interpolate(value bigint, prev record DEFAULT NULL, next record DEFAULT NULL)
  RETURNS bigint LANGUAGE c VOLATILE PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.interpolate(value real, prev record DEFAULT NULL, next record DEFAULT NULL)
  RETURNS real LANGUAGE c VOLATILE PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.interpolate(value double precision, prev record DEFAULT NULL, next record DEFAULT NULL)
  RETURNS double precision LANGUAGE c VOLATILE PARALLEL SAFE AS 'MODULE_PATHNAME', 'ts_tsl_only';

CREATE FUNCTION @extschema@.add_retention_policy(relation regclass, drop_after "any" DEFAULT NULL, if_not_exists boolean DEFAULT false,
    schedule_interval interval DEFAULT NULL, initial_start timestamptz DEFAULT NULL, timezone text DEFAULT NULL,
    drop_created_before interval DEFAULT NULL)
  RETURNS integer LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.remove_retention_policy(relation regclass, if_exists boolean DEFAULT false)
  RETURNS void LANGUAGE c VOLATILE STRICT AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.add_compression_policy(hypertable regclass, compress_after "any" DEFAULT NULL,
    if_not_exists boolean DEFAULT false, schedule_interval interval DEFAULT NULL,
    initial_start timestamptz DEFAULT NULL, timezone text DEFAULT NULL, compress_created_before interval DEFAULT NULL)
  RETURNS integer LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.remove_compression_policy(hypertable regclass, if_exists boolean DEFAULT false)
  RETURNS boolean LANGUAGE c VOLATILE STRICT AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.add_reorder_policy(hypertable regclass, index_name name, if_not_exists boolean DEFAULT false,
    initial_start timestamptz DEFAULT NULL, timezone text DEFAULT NULL)
  RETURNS integer LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.remove_reorder_policy(hypertable regclass, if_exists boolean DEFAULT false)
  RETURNS void LANGUAGE c VOLATILE STRICT AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.add_continuous_aggregate_policy(continuous_aggregate regclass, start_offset "any",
    end_offset "any", schedule_interval interval, if_not_exists boolean DEFAULT false,
    initial_start timestamptz DEFAULT NULL, timezone text DEFAULT NULL)
  RETURNS integer LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.remove_continuous_aggregate_policy(continuous_aggregate regclass,
    if_not_exists boolean DEFAULT false, if_exists boolean DEFAULT NULL)
  RETURNS void LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE PROCEDURE @extschema@.refresh_continuous_aggregate(continuous_aggregate regclass, window_start "any",
    window_end "any")
  LANGUAGE c AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.compress_chunk(uncompressed_chunk regclass, if_not_compressed boolean DEFAULT true,
    recompress boolean DEFAULT false)
  RETURNS regclass LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.decompress_chunk(uncompressed_chunk regclass, if_compressed boolean DEFAULT true)
  RETURNS regclass LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE PROCEDURE @extschema@.recompress_chunk(chunk regclass, if_not_compressed boolean DEFAULT true)
  LANGUAGE c AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.add_job(proc regproc, schedule_interval interval, config jsonb DEFAULT NULL,
    initial_start timestamptz DEFAULT NULL, scheduled boolean DEFAULT true, check_config regproc DEFAULT NULL,
    fixed_schedule boolean DEFAULT true, timezone text DEFAULT NULL)
  RETURNS integer LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.alter_job(job_id integer, schedule_interval interval DEFAULT NULL,
    max_runtime interval DEFAULT NULL, max_retries integer DEFAULT NULL, retry_period interval DEFAULT NULL,
    scheduled boolean DEFAULT NULL, config jsonb DEFAULT NULL, next_start timestamptz DEFAULT NULL,
    if_exists boolean DEFAULT false, check_config regproc DEFAULT NULL, fixed_schedule boolean DEFAULT NULL,
    initial_start timestamptz DEFAULT NULL, timezone text DEFAULT NULL)
  RETURNS TABLE(job_id integer, schedule_interval interval, max_runtime interval, max_retries integer,
    retry_period interval, scheduled boolean, config jsonb, next_start timestamptz, check_config text,
    fixed_schedule boolean, initial_start timestamptz, timezone text)
  LANGUAGE c VOLATILE AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE FUNCTION @extschema@.delete_job(job_id integer) RETURNS void
  LANGUAGE c VOLATILE STRICT AS 'MODULE_PATHNAME', 'ts_tsl_only';
CREATE PROCEDURE @extschema@.run_job(job_id integer)
  LANGUAGE c AS 'MODULE_PATHNAME', 'ts_tsl_only';
