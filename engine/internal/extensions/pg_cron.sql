-- pg_cron 1.6 stand-in (citusdata/pg_cron README): the cron schema, its
-- tables, sequences, policies and functions with pg_cron's signatures
-- and errors. Jobs only run while `tinybase start` runs its scheduler,
-- which reads cron.job and writes cron.job_run_details; validation never
-- runs them.

CREATE SCHEMA IF NOT EXISTS cron;

CREATE SEQUENCE cron.jobid_seq;
CREATE TABLE cron.job (
  jobid bigint PRIMARY KEY DEFAULT nextval('cron.jobid_seq'),
  schedule text NOT NULL,
  command text NOT NULL,
  nodename text NOT NULL DEFAULT 'localhost',
  nodeport integer NOT NULL DEFAULT 5432,
  database text NOT NULL DEFAULT current_database(),
  username text NOT NULL DEFAULT current_user,
  active boolean NOT NULL DEFAULT true,
  jobname text,
  CONSTRAINT jobname_username_uniq UNIQUE (jobname, username)
);
GRANT SELECT ON cron.job TO PUBLIC;
ALTER TABLE cron.job ENABLE ROW LEVEL SECURITY;
CREATE POLICY cron_job_policy ON cron.job USING (username = current_user);

CREATE SEQUENCE cron.runid_seq;
CREATE TABLE cron.job_run_details (
  jobid bigint,
  runid bigint PRIMARY KEY DEFAULT nextval('cron.runid_seq'),
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);
GRANT SELECT, DELETE ON cron.job_run_details TO PUBLIC;
ALTER TABLE cron.job_run_details ENABLE ROW LEVEL SECURITY;
CREATE POLICY cron_job_run_details_policy ON cron.job_run_details USING (username = current_user);

GRANT SELECT ON SEQUENCE cron.jobid_seq TO PUBLIC;
GRANT SELECT ON SEQUENCE cron.runid_seq TO PUBLIC;

-- The functions run as their caller, whose jobs are the rows with
-- username = current_user (pg_cron's C functions switch to the extension
-- owner for the write; tinybase's superuser postgres is the caller
-- Supabase gives cron to).

-- The value of one element token: a name of the field or a number.
CREATE FUNCTION cron._field_number(tok text, low integer, names text[]) RETURNS integer
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF tok = '' THEN
    RETURN NULL;
  END IF;
  IF names IS NOT NULL THEN
    FOR k IN 1 .. cardinality(names) LOOP
      IF lower(names[k]) = lower(tok) THEN
        RETURN k - 1 + low;
      END IF;
    END LOOP;
  END IF;
  IF tok !~ '^[0-9]+$' THEN
    RETURN NULL;
  END IF;
  IF length(ltrim(tok, '0')) > 9 THEN
    RETURN 2147483647;
  END IF;
  RETURN tok::integer;
END
$$;

-- Reports whether one field of a cron line (a comma-separated list of
-- `*`, `n` or `n-m`, the last two with names where the field has them,
-- `*` and `n-m` optionally followed by `/step`) is valid for [low, high],
-- with Vixie cron's leniency: what follows a complete element other than
-- a comma ends the list and is ignored.
CREATE FUNCTION cron._valid_field(field text, low integer, high integer, names text[])
RETURNS boolean LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  elem text;
  m text[];
  first integer;
  last integer;
BEGIN
  -- Each distinct element once, in order of first appearance: repeats
  -- cannot change the verdict, and a hostile list of thousands of them
  -- costs one pass of SQL instead of a PL/pgSQL loop each.
  FOR elem IN
    SELECT e FROM unnest(string_to_array(field, ',')) WITH ORDINALITY AS u(e, ord)
    GROUP BY e ORDER BY min(ord)
  LOOP
    m := regexp_match(elem, '^(?:(\*)|([A-Za-z0-9]+)(?:-([A-Za-z0-9]*))?)(?:/([A-Za-z0-9]*))?(.*)$');
    IF m IS NULL THEN
      RETURN false;
    END IF;
    IF m[1] IS NOT NULL THEN
      first := low;
      last := high;
    ELSE
      first := cron._field_number(m[2], low, names);
      IF first IS NULL OR first < low OR first > high THEN
        RETURN false;
      END IF;
      IF m[3] IS NULL THEN
        IF m[4] IS NOT NULL THEN
          RETURN false; -- a step needs a range
        END IF;
        last := first;
      ELSE
        last := cron._field_number(m[3], low, names);
        IF last IS NULL OR last < low OR last > high THEN
          RETURN false;
        END IF;
      END IF;
    END IF;
    IF m[4] IS NOT NULL AND (m[4] !~ '^[0-9]{1,9}$' OR m[4]::integer <= 0 OR m[4]::integer > high) THEN
      RETURN false;
    END IF;
    IF m[5] <> '' THEN
      RETURN true; -- the rest of the field is ignored
    END IF;
  END LOOP;
  RETURN field <> '';
END
$$;

-- Reports whether schedule is one pg_cron accepts: five cron fields
-- (minute, hour, day of month or `$`, month, day of week), an @macro, or
-- '<1-59> second(s)'.
CREATE FUNCTION cron._valid_schedule(schedule text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  f text[];
  m text[];
BEGIN
  IF schedule IS NULL THEN
    RETURN false;
  END IF;
  f := regexp_split_to_array(btrim(schedule, E' \t\n'), E'[ \t\n]+');
  IF f[1] LIKE '@%' THEN
    IF substr(f[1], 2) IN ('reboot', 'restart', 'yearly', 'annually', 'monthly', 'weekly', 'daily', 'midnight', 'hourly') THEN
      RETURN true;
    END IF;
  ELSIF cardinality(f) >= 5
    AND cron._valid_field(f[1], 0, 59, NULL)
    AND cron._valid_field(f[2], 0, 23, NULL)
    AND (f[3] = '$' OR cron._valid_field(f[3], 1, 31, NULL))
    AND cron._valid_field(f[4], 1, 12, ARRAY['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'])
    AND cron._valid_field(f[5], 0, 7, ARRAY['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']) THEN
    RETURN true;
  END IF;
  m := regexp_match(lower(schedule), E'^[ \t\n]*([0-9]{1,9})[ \t\n]*second(s?)[ \t\n]*$');
  RETURN m IS NOT NULL AND m[1]::integer BETWEEN 1 AND 59;
END
$$;

CREATE FUNCTION cron._check_schedule(schedule text) RETURNS void
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF NOT cron._valid_schedule(schedule) THEN
    RAISE EXCEPTION 'invalid schedule: %', schedule USING ERRCODE = '22023',
      HINT = 'Use cron format (e.g. 5 4 * * *), or interval format ''[1-59] seconds''';
  END IF;
END
$$;

CREATE FUNCTION cron._check_database(database text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_database d WHERE d.datname = database) THEN
    RAISE EXCEPTION 'database "%" does not exist', database USING ERRCODE = '3D000';
  END IF;
END
$$;

CREATE FUNCTION cron.schedule(schedule text, command text) RETURNS bigint
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
  id bigint;
BEGIN
  IF schedule IS NULL THEN
    RAISE EXCEPTION 'schedule can not be NULL' USING ERRCODE = 'XX000';
  END IF;
  IF command IS NULL THEN
    RAISE EXCEPTION 'command can not be NULL' USING ERRCODE = 'XX000';
  END IF;
  PERFORM cron._check_schedule(schedule);
  INSERT INTO cron.job (schedule, command, database, username)
    VALUES (schedule, command, current_database(), current_user)
    RETURNING jobid INTO id;
  RETURN id;
END
$$;
COMMENT ON FUNCTION cron.schedule(text, text) IS 'schedule a pg_cron job';

-- A named job is replaced (schedule, command, database) when the same
-- user already has one by that name.
CREATE FUNCTION cron.schedule(job_name text, schedule text, command text) RETURNS bigint
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
  id bigint;
BEGIN
  IF job_name IS NULL THEN
    RAISE EXCEPTION 'job_name can not be NULL' USING ERRCODE = 'XX000';
  END IF;
  IF schedule IS NULL THEN
    RAISE EXCEPTION 'schedule can not be NULL' USING ERRCODE = 'XX000';
  END IF;
  IF command IS NULL THEN
    RAISE EXCEPTION 'command can not be NULL' USING ERRCODE = 'XX000';
  END IF;
  PERFORM cron._check_schedule(schedule);
  UPDATE cron.job j SET schedule = $2, command = $3, database = current_database()
    WHERE j.jobname = job_name AND j.username = current_user
    RETURNING j.jobid INTO id;
  IF id IS NULL THEN
    INSERT INTO cron.job (schedule, command, database, username, jobname)
      VALUES ($2, $3, current_database(), current_user, job_name)
      RETURNING jobid INTO id;
  END IF;
  RETURN id;
END
$$;
COMMENT ON FUNCTION cron.schedule(text, text, text) IS 'schedule a pg_cron job';

CREATE FUNCTION cron.schedule_in_database(job_name text, schedule text, command text, database text,
  username text DEFAULT NULL, active boolean DEFAULT true) RETURNS bigint
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
  id bigint;
  owner text := coalesce($5, current_user);
BEGIN
  IF job_name IS NULL THEN
    RAISE EXCEPTION 'job_name can not be NULL' USING ERRCODE = 'XX000';
  END IF;
  IF schedule IS NULL THEN
    RAISE EXCEPTION 'schedule can not be NULL' USING ERRCODE = 'XX000';
  END IF;
  IF command IS NULL THEN
    RAISE EXCEPTION 'command can not be NULL' USING ERRCODE = 'XX000';
  END IF;
  IF database IS NULL THEN
    RAISE EXCEPTION 'database can not be NULL' USING ERRCODE = 'XX000';
  END IF;
  PERFORM cron._check_schedule(schedule);
  IF $5 IS NOT NULL THEN
    IF NOT (SELECT r.rolsuper FROM pg_catalog.pg_roles r WHERE r.rolname = current_user) THEN
      RAISE EXCEPTION 'must be superuser to create a job for another role' USING ERRCODE = 'XX000';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles r WHERE r.rolname = $5) THEN
      RAISE EXCEPTION 'role "%" does not exist', $5 USING ERRCODE = 'XX000';
    END IF;
  END IF;
  PERFORM cron._check_database(database);
  UPDATE cron.job j SET schedule = $2, command = $3, database = $4, active = coalesce($6, true)
    WHERE j.jobname = job_name AND j.username = owner
    RETURNING j.jobid INTO id;
  IF id IS NULL THEN
    INSERT INTO cron.job (schedule, command, database, username, active, jobname)
      VALUES ($2, $3, $4, owner, coalesce($6, true), job_name)
      RETURNING jobid INTO id;
  END IF;
  RETURN id;
END
$$;
COMMENT ON FUNCTION cron.schedule_in_database(text, text, text, text, text, boolean) IS 'schedule a pg_cron job';
REVOKE ALL ON FUNCTION cron.schedule_in_database(text, text, text, text, text, boolean) FROM PUBLIC;

CREATE FUNCTION cron.unschedule(job_id bigint) RETURNS boolean
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
  owner text;
BEGIN
  IF job_id IS NULL THEN
    RAISE EXCEPTION 'job_id can not be NULL' USING ERRCODE = 'XX000';
  END IF;
  SELECT j.username INTO owner FROM cron.job j WHERE j.jobid = job_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'could not find valid entry for job %', job_id USING ERRCODE = 'XX000';
  END IF;
  IF owner <> current_user AND NOT (SELECT r.rolsuper FROM pg_catalog.pg_roles r WHERE r.rolname = current_user) THEN
    RAISE EXCEPTION 'permission denied for job %', job_id USING ERRCODE = '42501';
  END IF;
  DELETE FROM cron.job j WHERE j.jobid = job_id;
  RETURN true;
END
$$;
COMMENT ON FUNCTION cron.unschedule(bigint) IS 'unschedule a pg_cron job';

CREATE FUNCTION cron.unschedule(job_name text) RETURNS boolean
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
  id bigint;
BEGIN
  IF job_name IS NULL THEN
    RAISE EXCEPTION 'job_name can not be NULL' USING ERRCODE = 'XX000';
  END IF;
  SELECT j.jobid INTO id FROM cron.job j WHERE j.jobname = job_name AND j.username = current_user;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'could not find valid entry for job ''%''', job_name USING ERRCODE = 'XX000';
  END IF;
  DELETE FROM cron.job j WHERE j.jobid = id;
  RETURN true;
END
$$;
COMMENT ON FUNCTION cron.unschedule(text) IS 'unschedule a pg_cron job';

CREATE FUNCTION cron.alter_job(job_id bigint, schedule text DEFAULT NULL, command text DEFAULT NULL,
  database text DEFAULT NULL, username text DEFAULT NULL, active boolean DEFAULT NULL) RETURNS void
LANGUAGE plpgsql SET search_path = pg_catalog AS $$
DECLARE
  owner text;
  su boolean := (SELECT r.rolsuper FROM pg_catalog.pg_roles r WHERE r.rolname = current_user);
BEGIN
  IF job_id IS NULL THEN
    RAISE EXCEPTION 'job_id can not be NULL' USING ERRCODE = 'XX000';
  END IF;
  IF $2 IS NOT NULL THEN
    PERFORM cron._check_schedule($2);
  END IF;
  IF $5 IS NOT NULL THEN
    IF NOT su THEN
      RAISE EXCEPTION 'must be superuser to alter username' USING ERRCODE = 'XX000';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_roles r WHERE r.rolname = $5) THEN
      RAISE EXCEPTION 'role "%" does not exist', $5 USING ERRCODE = 'XX000';
    END IF;
  END IF;
  IF $4 IS NOT NULL THEN
    PERFORM cron._check_database($4);
  END IF;
  IF $2 IS NULL AND $3 IS NULL AND $4 IS NULL AND $5 IS NULL AND $6 IS NULL THEN
    RAISE EXCEPTION 'no updates specified' USING ERRCODE = 'XX000',
      HINT = 'You must specify at least one job attribute to change when calling alter_job';
  END IF;
  SELECT j.username INTO owner FROM cron.job j WHERE j.jobid = job_id;
  IF NOT FOUND OR (owner <> current_user AND NOT su) THEN
    RAISE EXCEPTION 'Job % does not exist or you don''t own it', job_id USING ERRCODE = 'XX000';
  END IF;
  UPDATE cron.job j SET
    schedule = coalesce($2, j.schedule),
    command = coalesce($3, j.command),
    database = coalesce($4, j.database),
    username = coalesce($5, j.username),
    active = coalesce($6, j.active)
  WHERE j.jobid = job_id;
END
$$;
COMMENT ON FUNCTION cron.alter_job(bigint, text, text, text, text, boolean) IS 'Alter the job identified by job_id. Any option left as NULL will not be modified.';
REVOKE ALL ON FUNCTION cron.alter_job(bigint, text, text, text, text, boolean) FROM PUBLIC;

-- Supabase's grant_pg_cron_access: postgres manages cron with grant option.
GRANT USAGE ON SCHEMA cron TO postgres WITH GRANT OPTION;
GRANT ALL ON ALL FUNCTIONS IN SCHEMA cron TO postgres WITH GRANT OPTION;
GRANT ALL ON ALL SEQUENCES IN SCHEMA cron TO postgres WITH GRANT OPTION;
GRANT ALL ON cron.job_run_details TO postgres WITH GRANT OPTION;
GRANT SELECT ON cron.job TO postgres WITH GRANT OPTION;
