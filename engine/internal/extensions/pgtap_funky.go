package extensions

import "strings"

// pgtapFunctionScript declares pgTAP's assertions about one function:
// has_function, hasnt_function, can, function_lang_is, function_returns,
// is_definer, is_strict, volatility_is and their negations. Each comes in
// pgTAP's eight signatures — with or without a schema, an argument type
// list and a description — generated here from one table, because they
// differ only in the property read and the sentence describing it.
// A function is named by schema (NULL: visible on search_path) and
// argument types as regtype prints them, joined by commas (NULL: any).
func pgtapFunctionScript() string {
	var b strings.Builder
	b.WriteString(pgtapFunctionHelpers)
	def := func(sig, body string) {
		b.WriteString("CREATE FUNCTION @extschema@." + sig + " RETURNS text LANGUAGE sql AS $$ " + body + " $$;\n")
	}
	// The four ways of naming the function: the SQL argument types, the
	// expressions for schema, name and arguments, the argument list
	// _nosuch prints, and the "Function s.f(args)" label.
	type form struct {
		sig, s, f, a, nosuch, label string
		next                        int // number of the first argument after the name
	}
	forms := []form{
		{"name, name, name[]", "$1", "$2", "$3", "$3",
			"'Function ' || quote_ident($1) || '.' || quote_ident($2) || '(' || array_to_string($3, ', ') || ')'", 4},
		{"name, name", "$1", "$2", "NULL", "'{}'",
			"'Function ' || quote_ident($1) || '.' || quote_ident($2) || '()'", 3},
		{"name, name[]", "NULL", "$1", "$2", "$2",
			"'Function ' || quote_ident($1) || '(' || array_to_string($2, ', ') || ')'", 3},
		{"name", "NULL", "$1", "NULL", "'{}'",
			"'Function ' || quote_ident($1) || '()'", 2},
	}
	arg := func(n int) string { return "$" + string(rune('0'+n)) }
	// Existence: ok() of whether the function is there.
	for _, fam := range []struct{ name, not, says string }{
		{"has_function", "", " should exist"}, {"hasnt_function", "NOT ", " should not exist"},
	} {
		for _, fm := range forms {
			got := fam.not + "@extschema@._got_func(" + fm.s + ", " + fm.f + ", " + fm.a + ")"
			def(fam.name+"("+fm.sig+", text)", "SELECT @extschema@.ok("+got+", "+arg(fm.next)+")")
			def(fam.name+"("+fm.sig+")", "SELECT @extschema@.ok("+got+", "+fm.label+" || '"+fam.says+"')")
		}
	}
	// Flags: with a description a missing function fails saying so; without
	// one, ok() of the flag (NULL when missing), as pgTAP has it.
	for _, fam := range []struct{ name, prop, not, says string }{
		{"is_definer", "definer", "", " should be security definer"},
		{"isnt_definer", "definer", "NOT ", " should not be security definer"},
		{"is_strict", "strict", "", " should be strict"},
		{"isnt_strict", "strict", "NOT ", " should not be strict"},
	} {
		for _, fm := range forms {
			flag := fam.not + "(SELECT " + fam.prop + " FROM @extschema@._fprops(" + fm.s + ", " + fm.f + ", " + fm.a + ") LIMIT 1)"
			def(fam.name+"("+fm.sig+", text)", "SELECT @extschema@._func_compare("+fm.s+", "+fm.f+", "+fm.nosuch+", "+flag+", "+arg(fm.next)+")")
			def(fam.name+"("+fm.sig+")", "SELECT @extschema@.ok("+flag+", "+fm.label+" || '"+fam.says+"')")
		}
	}
	// Values: is(have, want), the wanted value (and the sentence naming it)
	// normalised as pgTAP does.
	for _, fam := range []struct{ name, prop, typ, want, says string }{
		{"function_lang_is", "lang::text", "name", "%s::text", "' should be written in ' || quote_ident(%s)"},
		{"function_returns", "returns", "text", "CASE WHEN @extschema@._pgtap13() THEN @extschema@._tap_retval(%s) ELSE %s END", "' should return ' || %s"},
		{"volatility_is", "vol", "text", "@extschema@._refine_vol(%s)", "' should be ' || @extschema@._refine_vol(%s)"},
	} {
		for _, fm := range forms {
			w, d := arg(fm.next), arg(fm.next+1)
			have := "(SELECT " + fam.prop + " FROM @extschema@._fprops(" + fm.s + ", " + fm.f + ", " + fm.a + ") LIMIT 1)"
			want := strings.ReplaceAll(fam.want, "%s", w)
			def(fam.name+"("+fm.sig+", "+fam.typ+", text)", "SELECT @extschema@._func_compare("+fm.s+", "+fm.f+", "+fm.nosuch+", "+have+", "+want+", "+d+")")
			args := make([]string, fm.next)
			for i := range args {
				args[i] = arg(i + 1)
			}
			def(fam.name+"("+fm.sig+", "+fam.typ+")", "SELECT @extschema@."+fam.name+"("+strings.Join(args, ", ")+", "+fm.label+" || "+strings.ReplaceAll(fam.says, "%s", w)+")")
		}
	}
	return b.String()
}

// pgtapFunctionHelpers are the lookups the generated assertions share.
const pgtapFunctionHelpers = `
-- _fprops(schema, name, args): the properties of the matching functions.
CREATE FUNCTION @extschema@._fprops(name, name, name[]) RETURNS TABLE(lang name, returns text, definer boolean, strict boolean, vol text) LANGUAGE sql AS $$
  SELECT l.lanname, CASE WHEN p.proretset THEN 'setof ' ELSE '' END || p.prorettype::regtype::text, p.prosecdef, p.proisstrict,
         @extschema@._expand_vol(p.provolatile)
    FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
    JOIN pg_catalog.pg_language l ON l.oid = p.prolang
   WHERE p.proname = $2 AND ($1 IS NULL AND pg_catalog.pg_function_is_visible(p.oid) OR n.nspname = $1)
     AND ($3 IS NULL OR pg_catalog.array_to_string(p.proargtypes::regtype[], ',') = @extschema@._wanted_args($3))
$$;
CREATE FUNCTION @extschema@._expand_vol("char") RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE $1 WHEN 'i' THEN 'IMMUTABLE' WHEN 's' THEN 'STABLE' WHEN 'v' THEN 'VOLATILE' ELSE 'UNKNOWN' END
$$;
-- _refine_vol: a volatility as written by the test (any case, or only its
-- first letter) spelled out.
CREATE FUNCTION @extschema@._refine_vol(text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT @extschema@._expand_vol(substr(lower($1), 1, 1)::"char")
$$;
-- _funkargs: argument type names normalised through regtype, so that
-- int4 finds integer; left as written when one is not a type.
CREATE FUNCTION @extschema@._funkargs(name[]) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN pg_catalog.array_to_string($1::regtype[], ',');
EXCEPTION WHEN undefined_object THEN
  RETURN pg_catalog.array_to_string($1, ',');
END;
$$;
-- _wanted_args: the argument types a test names, as the function
-- assertions compare them: normalised (_funkargs) since 1.3, as written
-- in 1.2.0 except by has_function and hasnt_function.
CREATE FUNCTION @extschema@._wanted_args(name[]) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN @extschema@._pgtap13() THEN @extschema@._funkargs($1) ELSE pg_catalog.array_to_string($1, ',') END
$$;
CREATE FUNCTION @extschema@._got_func(name, name, name[]) RETURNS boolean LANGUAGE sql AS $$
  SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
   WHERE p.proname = $2 AND ($1 IS NULL AND pg_catalog.pg_function_is_visible(p.oid) OR n.nspname = $1)
     AND ($3 IS NULL OR pg_catalog.array_to_string(p.proargtypes::regtype[], ',') = @extschema@._funkargs($3)))
$$;
CREATE FUNCTION @extschema@._func_compare(name, name, name[], text, text, text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN $4 IS NULL THEN @extschema@.ok(false, $6) || @extschema@._nosuch($1, $2, $3)
    ELSE @extschema@.is($4, $5, $6) END
$$;
-- can(schema, names, description): every name is a function of the
-- schema (visible, without one); the missing ones are listed in order.
CREATE FUNCTION @extschema@._can(name, name[], text) RETURNS text LANGUAGE sql AS $$
  SELECT CASE WHEN m[1] IS NULL THEN @extschema@.ok(true, $3)
    ELSE @extschema@.ok(false, $3) || E'\n' || @extschema@.diag(array_to_string(ARRAY(
      SELECT '    ' || coalesce(quote_ident($1) || '.', '') || x || '() missing' FROM unnest(m) x), E'\n')) END
  FROM (SELECT ARRAY(
    SELECT quote_ident(f) FROM unnest($2) WITH ORDINALITY u(f, i)
     WHERE NOT EXISTS (SELECT 1 FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
                        WHERE p.proname = f AND ($1 IS NULL AND pg_catalog.pg_function_is_visible(p.oid) OR n.nspname = $1))
     GROUP BY f ORDER BY min(i)) AS m) missing
$$;
CREATE FUNCTION @extschema@.can(name, name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._can($1, $2, $3) $$;
CREATE FUNCTION @extschema@.can(name, name[]) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._can($1, $2, 'Schema ' || quote_ident($1) || ' can') $$;
CREATE FUNCTION @extschema@.can(name[], text) RETURNS text LANGUAGE sql AS $$ SELECT @extschema@._can(NULL, $1, $2) $$;
CREATE FUNCTION @extschema@.can(name[]) RETURNS text LANGUAGE sql AS $$
  SELECT @extschema@._can(NULL, $1, 'Schema ' || array_to_string(ARRAY(SELECT quote_ident(s) FROM unnest(current_schemas(true)) WITH ORDINALITY u(s, i) ORDER BY i), ' or ') || ' can')
$$;
`
