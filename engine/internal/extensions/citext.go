package extensions

import (
	"hash/fnv"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// citextExt stands in for citext 1.6 (PostgreSQL docs F.10): the base
// type citext (types/ext_citext.go), whose comparison operators, btree
// and hash operator classes fold case, so that a unique index or primary
// key on a citext column refuses 'A' beside 'a'. LIKE, ILIKE and the
// regular-expression operators on citext match case-insensitively, as do
// the citext overloads of regexp_*, strpos, replace, split_part and
// translate. A citext compared with text is compared as text (the
// implicit cast goes that way), as in PostgreSQL.
func citextExt() *Extension {
	return &Extension{
		Name:        "citext",
		Version:     "1.6",
		Comment:     "data type for case-insensitive character strings",
		Relocatable: true,
		BaseTypes:   []string{"citext"},
		OpClasses: []OpClass{
			{Name: "citext_ops", Method: "btree", Type: "citext", Default: true},
			{Name: "citext_ops", Method: "hash", Type: "citext", Default: true},
			{Name: "citext_pattern_ops", Method: "btree", Type: "citext"},
		},
		// citext's CREATE CAST rows; those WITHOUT FUNCTION make it
		// binary-coercible to text and varchar (text_ops indexes it)
		Casts: []Cast{
			{Source: "citext", Target: "text", Context: 'i'}, {Source: "citext", Target: "varchar", Context: 'i'},
			{Source: "citext", Target: "bpchar", Context: 'a'}, {Source: "text", Target: "citext", Context: 'a'},
			{Source: "varchar", Target: "citext", Context: 'a'}, {Source: "bpchar", Target: "citext", Func: "citext", Context: 'a'},
			{Source: "bool", Target: "citext", Func: "citext", Context: 'a'}, {Source: "inet", Target: "citext", Func: "citext", Context: 'a'},
		},
		Funcs:  citextFuncs(),
		Script: citextScript(),
	}
}

func citextFuncs() map[string]Func {
	cmp := func(a []any) int { return types.CompareExt(a[0], a[1]) }
	pred := func(test func(int) bool) Func {
		return Scalar(func(a []any) (any, error) { return test(cmp(a)), nil })
	}
	castFrom := func(from *types.Type) Func {
		return Scalar(func(a []any) (any, error) { return types.CitextFrom(a[0], from) })
	}
	return map[string]Func{
		"rtrim1":       castFrom(types.Bpchar),
		"booltext":     castFrom(types.Bool),
		"network_show": castFrom(types.Inet),
		"citext_eq":    pred(func(c int) bool { return c == 0 }),
		"citext_ne":    pred(func(c int) bool { return c != 0 }),
		"citext_lt":    pred(func(c int) bool { return c < 0 }),
		"citext_le":    pred(func(c int) bool { return c <= 0 }),
		"citext_gt":    pred(func(c int) bool { return c > 0 }),
		"citext_ge":    pred(func(c int) bool { return c >= 0 }),
		"citext_cmp":   Scalar(func(a []any) (any, error) { return int32(cmp(a)), nil }),
		"citext_hash": Scalar(func(a []any) (any, error) {
			h := fnv.New32a()
			_, _ = h.Write([]byte(a[0].(types.Citext).Fold()))
			return int32(h.Sum32()), nil
		}),
		"citext_smaller": Scalar(func(a []any) (any, error) {
			if cmp(a) <= 0 {
				return a[0], nil
			}
			return a[1], nil
		}),
		"citext_strpos": Scalar(func(a []any) (any, error) {
			i := strings.Index(a[0].(types.Citext).Fold(), a[1].(types.Citext).Fold())
			if i < 0 {
				return int32(0), nil
			}
			return int32(utf8.RuneCountInString(a[0].(types.Citext).Fold()[:i]) + 1), nil
		}),
		"citext_replace": Scalar(func(a []any) (any, error) {
			from := string(a[1].(types.Citext))
			if from == "" {
				return string(a[0].(types.Citext)), nil
			}
			re := regexp.MustCompile("(?i)" + regexp.QuoteMeta(from))
			return re.ReplaceAllLiteralString(string(a[0].(types.Citext)), string(a[2].(types.Citext))), nil
		}),
		"citext_split_part": Scalar(func(a []any) (any, error) {
			re := regexp.MustCompile("(?i)" + regexp.QuoteMeta(string(a[1].(types.Citext))))
			parts := re.Split(string(a[0].(types.Citext)), -1)
			n := int(a[2].(int32))
			if n < 1 || n > len(parts) {
				return nil, nil // an array subscript out of range
			}
			return parts[n-1], nil
		}),
		"citext_larger": Scalar(func(a []any) (any, error) {
			if cmp(a) >= 0 {
				return a[0], nil
			}
			return a[1], nil
		}),
	}
}

// citextScript declares citext's functions and operators. The pattern
// matchers are SQL functions over the text operators with the
// case-insensitive flag, which is what citext's C functions compute.
func citextScript() string {
	return `
CREATE FUNCTION citext(bpchar) RETURNS citext AS 'MODULE_PATHNAME', 'rtrim1' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION citext(boolean) RETURNS citext AS 'MODULE_PATHNAME', 'booltext' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION citext(inet) RETURNS citext AS 'MODULE_PATHNAME', 'network_show' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION citext_eq(citext, citext) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION citext_ne(citext, citext) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION citext_lt(citext, citext) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION citext_le(citext, citext) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION citext_gt(citext, citext) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION citext_ge(citext, citext) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION citext_cmp(citext, citext) RETURNS int4 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION citext_hash(citext) RETURNS int4 AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION citext_smaller(citext, citext) RETURNS citext AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION citext_larger(citext, citext) RETURNS citext AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE OPERATOR = (LEFTARG = citext, RIGHTARG = citext, PROCEDURE = citext_eq, COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = citext, RIGHTARG = citext, PROCEDURE = citext_ne, COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (LEFTARG = citext, RIGHTARG = citext, PROCEDURE = citext_lt, COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = citext, RIGHTARG = citext, PROCEDURE = citext_le, COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR >= (LEFTARG = citext, RIGHTARG = citext, PROCEDURE = citext_ge, COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR > (LEFTARG = citext, RIGHTARG = citext, PROCEDURE = citext_gt, COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);

CREATE FUNCTION texticlike(citext, citext) RETURNS bool AS 'SELECT $1::text ILIKE $2::text' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION texticnlike(citext, citext) RETURNS bool AS 'SELECT $1::text NOT ILIKE $2::text' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION texticregexeq(citext, citext) RETURNS bool AS 'SELECT $1::text ~* $2::text' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION texticregexne(citext, citext) RETURNS bool AS 'SELECT $1::text !~* $2::text' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION texticlike(citext, text) RETURNS bool AS 'SELECT $1::text ILIKE $2' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION texticnlike(citext, text) RETURNS bool AS 'SELECT $1::text NOT ILIKE $2' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION texticregexeq(citext, text) RETURNS bool AS 'SELECT $1::text ~* $2' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION texticregexne(citext, text) RETURNS bool AS 'SELECT $1::text !~* $2' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
` + citextPatternOps() + `
CREATE FUNCTION regexp_match(citext, citext) RETURNS text[] AS 'SELECT pg_catalog.regexp_match($1::text, $2::text, ''i'')' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION regexp_match(citext, citext, text) RETURNS text[] AS 'SELECT pg_catalog.regexp_match($1::text, $2::text, CASE WHEN pg_catalog.strpos($3, ''c'') = 0 THEN $3 || ''i'' ELSE $3 END)' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION regexp_matches(citext, citext) RETURNS SETOF text[] AS 'SELECT pg_catalog.regexp_matches($1::text, $2::text, ''i'')' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 1;
CREATE FUNCTION regexp_matches(citext, citext, text) RETURNS SETOF text[] AS 'SELECT pg_catalog.regexp_matches($1::text, $2::text, CASE WHEN pg_catalog.strpos($3, ''c'') = 0 THEN $3 || ''i'' ELSE $3 END)' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE ROWS 10;
CREATE FUNCTION regexp_replace(citext, citext, text) RETURNS text AS 'SELECT pg_catalog.regexp_replace($1::text, $2::text, $3, ''i'')' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION regexp_replace(citext, citext, text, text) RETURNS text AS 'SELECT pg_catalog.regexp_replace($1::text, $2::text, $3, CASE WHEN pg_catalog.strpos($4, ''c'') = 0 THEN $4 || ''i'' ELSE $4 END)' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION regexp_split_to_array(citext, citext) RETURNS text[] AS 'SELECT pg_catalog.regexp_split_to_array($1::text, ''(?i)'' || $2::text)' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION regexp_split_to_array(citext, citext, text) RETURNS text[] AS 'SELECT pg_catalog.regexp_split_to_array($1::text, ''(?'' || CASE WHEN pg_catalog.strpos($3, ''c'') = 0 THEN $3 || ''i'' ELSE $3 END || '')'' || $2::text)' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION regexp_split_to_table(citext, citext) RETURNS SETOF text AS 'SELECT pg_catalog.regexp_split_to_table($1::text, ''(?i)'' || $2::text)' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION regexp_split_to_table(citext, citext, text) RETURNS SETOF text AS 'SELECT pg_catalog.regexp_split_to_table($1::text, ''(?'' || CASE WHEN pg_catalog.strpos($3, ''c'') = 0 THEN $3 || ''i'' ELSE $3 END || '')'' || $2::text)' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION strpos(citext, citext) RETURNS int AS 'MODULE_PATHNAME', 'citext_strpos' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION replace(citext, citext, citext) RETURNS text AS 'MODULE_PATHNAME', 'citext_replace' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION split_part(citext, citext, int) RETURNS text AS 'MODULE_PATHNAME', 'citext_split_part' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION translate(citext, citext, text) RETURNS text AS 'SELECT pg_catalog.translate(pg_catalog.translate($1::text, pg_catalog.lower($2::text), $3), pg_catalog.upper($2::text), $3)' LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE;
`
}

// citextPatternOps binds LIKE, ILIKE and the regular-expression operators
// on citext (against citext and against text) to the case-insensitive
// matchers.
func citextPatternOps() string {
	var out string
	for _, right := range []string{"citext", "text"} {
		for _, op := range []struct{ sym, fn, neg string }{
			{"~~", "texticlike", "!~~"}, {"~~*", "texticlike", "!~~*"},
			{"!~~", "texticnlike", "~~"}, {"!~~*", "texticnlike", "~~*"},
			{"~", "texticregexeq", "!~"}, {"~*", "texticregexeq", "!~*"},
			{"!~", "texticregexne", "~"}, {"!~*", "texticregexne", "~*"},
		} {
			out += "CREATE OPERATOR " + op.sym + " (LEFTARG = citext, RIGHTARG = " + right + ", PROCEDURE = " + op.fn + ", NEGATOR = " + op.neg + ");\n"
		}
	}
	return out
}
