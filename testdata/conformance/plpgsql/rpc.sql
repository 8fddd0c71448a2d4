-- Supabase-style RPC and helper functions in PL/pgSQL
CREATE TABLE teams (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE members (team_id int REFERENCES teams (id), user_id text NOT NULL, role text NOT NULL DEFAULT 'member', PRIMARY KEY (team_id, user_id));
INSERT INTO teams VALUES (1, 'core'), (2, 'web');
INSERT INTO members VALUES (1, 'u1', 'owner'), (1, 'u2', 'member'), (2, 'u2', 'owner');
CREATE FUNCTION is_member_of(team_id int, user_id text) RETURNS boolean LANGUAGE plpgsql STABLE SECURITY DEFINER AS $$
BEGIN
  RETURN EXISTS (SELECT 1 FROM members m WHERE m.team_id = is_member_of.team_id AND m.user_id = is_member_of.user_id);
END
$$;
SELECT is_member_of(1, 'u1'), is_member_of(2, 'u1'), is_member_of(2, 'u2');
SELECT t.name FROM teams t WHERE is_member_of(t.id, 'u2') ORDER BY t.name;
CREATE FUNCTION add_member(p_team int, p_user text, p_role text DEFAULT 'member') RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  existing text;
BEGIN
  SELECT role INTO existing FROM members WHERE team_id = p_team AND user_id = p_user;
  IF FOUND THEN
    RAISE EXCEPTION 'user % already in team % as %', p_user, p_team, existing USING ERRCODE = 'unique_violation', HINT = 'update the role instead';
  END IF;
  INSERT INTO members (team_id, user_id, role) VALUES (p_team, p_user, p_role);
  RETURN p_role;
END
$$;
SELECT add_member(2, 'u3');
SELECT add_member(2, 'u3', 'owner');
SELECT add_member(9, 'u9');
SELECT team_id, user_id, role FROM members ORDER BY team_id, user_id;
CREATE FUNCTION team_summary(p_team int) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  result jsonb;
BEGIN
  SELECT jsonb_build_object('team', t.name, 'members', count(m.user_id)) INTO result
  FROM teams t LEFT JOIN members m ON m.team_id = t.id
  WHERE t.id = p_team
  GROUP BY t.name;
  IF result IS NULL THEN
    RAISE EXCEPTION 'team % not found', p_team USING ERRCODE = 'P0002';
  END IF;
  RETURN result;
END
$$;
SELECT team_summary(1);
SELECT team_summary(42);
CREATE FUNCTION promote(p_team int, p_user text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE members SET role = 'owner' WHERE team_id = p_team AND user_id = p_user;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'no such member' USING ERRCODE = 'PT404';
  END IF;
END
$$;
SELECT promote(1, 'u2');
SELECT promote(1, 'nobody');
SELECT role FROM members WHERE team_id = 1 AND user_id = 'u2';
CREATE FUNCTION rename_team(p_team int, p_name text) RETURNS teams LANGUAGE plpgsql AS $$
DECLARE
  t teams;
BEGIN
  UPDATE teams SET name = p_name WHERE id = p_team RETURNING * INTO t;
  RETURN t;
END
$$;
SELECT (rename_team(2, 'frontend')).name;
CREATE FUNCTION count_by_role(p_role text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  n := (SELECT count(*) FROM members WHERE role = p_role);
  RETURN n;
END
$$;
SELECT count_by_role('owner'), count_by_role('member'), count_by_role('ghost');
