package routines

import (
	"context"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// internalHandler runs LANGUAGE internal routines: PostgreSQL's built-in
// trigger functions (catalog.BuiltinTrigger; docs 9.28, "Trigger
// Functions"), by their prosrc symbol. CREATE FUNCTION ... LANGUAGE
// internal stays unsupported.
type internalHandler struct{}

var _ routine.Handler = internalHandler{}

// Validate implements routine.Handler.
func (internalHandler) Validate(context.Context, routine.Validator, *catalog.Function) error {
	return pgerror.New(pgerror.FeatureNotSupported, "language %q is not supported in tinybase", "internal")
}

// Call implements routine.Handler.
func (internalHandler) Call(ctx context.Context, c routine.Caller, fn *catalog.Function, _ []any, tg *routine.TriggerData) (routine.Result, error) {
	switch fn.Body {
	case "suppress_redundant_updates_trigger":
		return suppressRedundantUpdates(c, tg)
	case "tsvector_update_trigger_byid", "tsvector_update_trigger_bycolumn":
		return tsvectorUpdate(ctx, c, tg, fn.Body == "tsvector_update_trigger_bycolumn")
	}
	return routine.Result{}, pgerror.New(pgerror.UndefinedFunction, "internal function %q is not in internal lookup table", fn.Body)
}

// suppressRedundantUpdates skips an UPDATE of a row to the very same
// values (PostgreSQL compares the tuples' bytes; tinybase compares each
// column's text output, which tells apart what those bytes do).
func suppressRedundantUpdates(c routine.Caller, tg *routine.TriggerData) (routine.Result, error) {
	fail := func(msg string) (routine.Result, error) {
		return routine.Result{}, pgerror.New("39P01", "suppress_redundant_updates_trigger: %s", msg)
	}
	switch {
	case tg == nil:
		return fail("must be called as trigger")
	case tg.Op != "UPDATE":
		return fail("must be called on update")
	case tg.When != "BEFORE":
		return fail("must be called before update")
	case tg.Level != "ROW":
		return fail("must be called for each row")
	}
	for i, col := range tg.Columns {
		if !sameValue(c, col.Type, tg.Old[i], tg.New[i]) {
			return routine.Result{Row: tg.New}, nil
		}
	}
	return routine.Result{Null: true}, nil
}

func sameValue(c routine.Caller, t *types.Type, a, b any) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return types.Output(t, a, c.Env()) == types.Output(t, b, c.Env())
}

// tsvectorUpdate is tsvector_update_trigger(tsvector_column, config,
// text_column...) and tsvector_update_trigger_column (the config read
// from a regconfig column): the tsvector column becomes the document of
// the text columns' non-NULL values, recomputed on UPDATE only when one
// of them changed.
func tsvectorUpdate(ctx context.Context, c routine.Caller, tg *routine.TriggerData, byColumn bool) (routine.Result, error) {
	internal := func(msg string) (routine.Result, error) {
		return routine.Result{}, pgerror.New(pgerror.InternalError, "tsvector_update_trigger: %s", msg)
	}
	if tg == nil {
		return internal("not fired by trigger manager")
	}
	if tg.Level != "ROW" {
		return internal("must be fired for row")
	}
	if tg.When != "BEFORE" {
		return internal("must be fired BEFORE event")
	}
	var needed bool
	switch tg.Op {
	case "INSERT":
		needed = true
	case "UPDATE":
	default:
		return internal("must be fired for INSERT or UPDATE")
	}
	if len(tg.Args) < 3 {
		return internal("arguments must be tsvector_field, ts_config, text_field1, ...)")
	}
	column := func(name string) (int, *types.Type) {
		for i, col := range tg.Columns {
			if col.Name == name {
				return i, col.Type.Base()
			}
		}
		return -1, nil
	}
	row := append([]any(nil), tg.New...)
	target, tt := column(tg.Args[0])
	if target < 0 {
		return routine.Result{}, pgerror.New(pgerror.UndefinedColumn, "tsvector column %q does not exist", tg.Args[0])
	}
	if tt.OID != types.TSVector.OID {
		return routine.Result{}, pgerror.New(pgerror.DatatypeMismatch, "column %q is not of tsvector type", tg.Args[0])
	}
	var config string
	if byColumn {
		i, ct := column(tg.Args[1])
		switch {
		case i < 0:
			return routine.Result{}, pgerror.New(pgerror.UndefinedColumn, "configuration column %q does not exist", tg.Args[1])
		case ct.OID != types.Regconfig.OID:
			return routine.Result{}, pgerror.New(pgerror.DatatypeMismatch, "column %q is not of regconfig type", tg.Args[1])
		case row[i] == nil:
			return routine.Result{}, pgerror.New(pgerror.NullValueNotAllowed, "configuration column %q must not be null", tg.Args[1])
		}
		config = types.Output(ct, row[i], c.Env())
	} else {
		if !qualifiedName(tg.Args[1]) {
			return routine.Result{}, pgerror.New(pgerror.InvalidParameterValue, "text search configuration name %q must be schema-qualified", tg.Args[1])
		}
		config = tg.Args[1]
	}
	var words []string
	for _, name := range tg.Args[2:] {
		i, t := column(name)
		if i < 0 {
			return routine.Result{}, pgerror.New(pgerror.UndefinedColumn, "column %q does not exist", name)
		}
		if t.OID != types.Text.OID && t.OID != types.Varchar.OID {
			return routine.Result{}, pgerror.New(pgerror.DatatypeMismatch, "column %q is not of a character type", name)
		}
		if tg.Op == "UPDATE" && !sameValue(c, t, tg.Old[i], row[i]) {
			needed = true
		}
		if row[i] != nil {
			words = append(words, row[i].(string))
		}
	}
	if !needed {
		return routine.Result{Row: row}, nil
	}
	res, err := c.Query(ctx, "SELECT pg_catalog.to_tsvector($1::pg_catalog.regconfig, $2)",
		&routine.Params{Types: []*types.Type{types.Text, types.Text}}, []any{config, strings.Join(words, " ")})
	if err != nil {
		return routine.Result{}, err
	}
	row[target] = res.Rows[0][0]
	return routine.Result{Row: row}, nil
}

// qualifiedName reports whether a name given as text has a schema
// (stringToQualifiedNameList gives more than one part).
func qualifiedName(s string) bool {
	quoted := false
	for _, r := range s {
		switch {
		case r == '"':
			quoted = !quoted
		case r == '.' && !quoted:
			return true
		}
	}
	return false
}
