-- pgTAP's rule assertions, over pg_rewrite (has_rule, hasnt_rule,
-- rule_is_instead, rule_is_on). A NULL schema means the visible relation.

-- _rule_instead / _rule_on(schema, table, rule): the rule's is_instead
-- and event; NULL when it does not exist.
CREATE FUNCTION @extschema@._rule_instead(name, name, name) RETURNS boolean LANGUAGE sql AS $$
  SELECT r.is_instead FROM pg_catalog.pg_rewrite r JOIN pg_catalog.pg_class c ON c.oid = r.ev_class
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
   WHERE r.rulename = $3 AND c.relname = $2
     AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1)
$$;
CREATE FUNCTION @extschema@._rule_on(name, name, name) RETURNS text LANGUAGE sql AS $$
  SELECT CASE r.ev_type WHEN '1' THEN 'SELECT' WHEN '2' THEN 'UPDATE' WHEN '3' THEN 'INSERT' WHEN '4' THEN 'DELETE' END
    FROM pg_catalog.pg_rewrite r JOIN pg_catalog.pg_class c ON c.oid = r.ev_class
    JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
   WHERE r.rulename = $3 AND c.relname = $2
     AND ($1 IS NULL AND pg_catalog.pg_table_is_visible(c.oid) OR n.nspname = $1)
$$;
-- _expand_on: the event an abbreviation names, by its first letter.
CREATE FUNCTION @extschema@._expand_on(text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE lower(substr($1, 1, 1)) WHEN 's' THEN 'SELECT' WHEN 'u' THEN 'UPDATE' WHEN 'i' THEN 'INSERT' WHEN 'd' THEN 'DELETE' ELSE 'UNKNOWN' END
$$;

CREATE FUNCTION @extschema@.has_rule(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rule_instead($1, $2, $3) IS NOT NULL, $4) $$;
CREATE FUNCTION @extschema@.has_rule(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rule_instead($1, $2, $3) IS NOT NULL, 'Relation ' || quote_ident($1) || '.' || quote_ident($2) || ' should have rule ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.has_rule(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rule_instead(NULL, $1, $2) IS NOT NULL, $3) $$;
CREATE FUNCTION @extschema@.has_rule(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rule_instead(NULL, $1, $2) IS NOT NULL, 'Relation ' || quote_ident($1) || ' should have rule ' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.hasnt_rule(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rule_instead($1, $2, $3) IS NULL, $4) $$;
CREATE FUNCTION @extschema@.hasnt_rule(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rule_instead($1, $2, $3) IS NULL, 'Relation ' || quote_ident($1) || '.' || quote_ident($2) || ' should not have rule ' || quote_ident($3)) $$;
CREATE FUNCTION @extschema@.hasnt_rule(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rule_instead(NULL, $1, $2) IS NULL, $3) $$;
CREATE FUNCTION @extschema@.hasnt_rule(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@.ok(@extschema@._rule_instead(NULL, $1, $2) IS NULL, 'Relation ' || quote_ident($1) || ' should not have rule ' || quote_ident($2)) $$;

-- rule_is_instead: a missing rule fails with a diagnostic.
CREATE FUNCTION @extschema@._rule_is_instead(boolean, name, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN $1 IS NULL
    THEN @extschema@.ok(false, $3) || E'\n' || @extschema@.diag('    Rule ' || quote_ident($2) || ' does not exist')
    ELSE @extschema@.ok($1, $3) END
$$;
CREATE FUNCTION @extschema@.rule_is_instead(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._rule_is_instead(@extschema@._rule_instead($1, $2, $3), $3, $4) $$;
CREATE FUNCTION @extschema@.rule_is_instead(name, name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._rule_is_instead(@extschema@._rule_instead($1, $2, $3), $3, 'Rule ' || quote_ident($3) || ' on relation ' || quote_ident($1) || '.' || quote_ident($2) || ' should be an INSTEAD rule') $$;
CREATE FUNCTION @extschema@.rule_is_instead(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._rule_is_instead(@extschema@._rule_instead(NULL, $1, $2), $2, $3) $$;
CREATE FUNCTION @extschema@.rule_is_instead(name, name) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._rule_is_instead(@extschema@._rule_instead(NULL, $1, $2), $2, 'Rule ' || quote_ident($2) || ' on relation ' || quote_ident($1) || ' should be an INSTEAD rule') $$;

-- rule_is_on(have, want, rule, relation, desc): a missing rule fails with
-- a diagnostic, a rule on another event shows both.
CREATE FUNCTION @extschema@._rule_is_on(text, text, name, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN $1 IS NULL
    THEN @extschema@.ok(false, $5) || E'\n' || @extschema@.diag('    Rule ' || quote_ident($3) || ' does not exist on ' || $4)
    ELSE @extschema@.is($1, $2, $5) END
$$;
CREATE FUNCTION @extschema@.rule_is_on(name, name, name, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._rule_is_on(@extschema@._rule_on($1, $2, $3), @extschema@._expand_on($4), $3, quote_ident($1) || '.' || quote_ident($2), $5) $$;
CREATE FUNCTION @extschema@.rule_is_on(name, name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._rule_is_on(@extschema@._rule_on($1, $2, $3), @extschema@._expand_on($4), $3, quote_ident($1) || '.' || quote_ident($2), 'Rule ' || quote_ident($3) || ' should be on ' || @extschema@._expand_on($4) || ' to ' || quote_ident($1) || '.' || quote_ident($2)) $$;
CREATE FUNCTION @extschema@.rule_is_on(name, name, text, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._rule_is_on(@extschema@._rule_on(NULL, $1, $2), @extschema@._expand_on($3), $2, quote_ident($1), $4) $$;
CREATE FUNCTION @extschema@.rule_is_on(name, name, text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._rule_is_on(@extschema@._rule_on(NULL, $1, $2), @extschema@._expand_on($3), $2, quote_ident($1), 'Rule ' || quote_ident($2) || ' should be on ' || @extschema@._expand_on($3) || ' to ' || quote_ident($1)) $$;
