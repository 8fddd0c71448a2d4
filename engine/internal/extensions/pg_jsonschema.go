package extensions

import (
	"context"
	"errors"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// pgJSONSchema stands in for Supabase's pg_jsonschema 0.3.3: JSON Schema
// validation (drafts 4, 6, 7, 2019-09 and 2020-12, by $schema; 2020-12
// when absent) with github.com/santhosh-tekuri/jsonschema. A schema
// never loads remote references. json_matches_schema on an invalid
// schema raises XX000 (the Rust extension panics); the messages of
// jsonschema_validation_errors are the Go library's wording, not the
// Rust crate's.
func pgJSONSchema() *Extension {
	return &Extension{
		Name:        "pg_jsonschema",
		Version:     "0.3.3",
		Comment:     "pg_jsonschema",
		Relocatable: true,
		Funcs: map[string]Func{
			"json_matches_schema":  Scalar(func(a []any) (any, error) { return jsonMatches(a[0], a[1]) }),
			"jsonb_matches_schema": Scalar(func(a []any) (any, error) { return jsonMatches(a[0], a[1]) }),
			"jsonschema_is_valid": func(_ context.Context, c routine.Caller, _ *catalog.Function, a []any, _ *routine.TriggerData) (routine.Result, error) {
				if _, err := compileJSONSchema(jsonText(a[0])); err != nil {
					c.Notice(routine.Notice{Severity: "NOTICE", Code: "00000", Message: "Invalid JSON schema at path: " + schemaErrorPath(err)})
					return routine.Result{Value: false}, nil
				}
				return routine.Result{Value: true}, nil
			},
			"jsonschema_validation_errors": Scalar(func(a []any) (any, error) {
				sch, err := compileJSONSchema(jsonText(a[0]))
				if err != nil {
					return textArray([]string{err.Error()}), nil
				}
				inst, err := jsonschema.UnmarshalJSON(strings.NewReader(jsonText(a[1])))
				if err != nil {
					return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type json")
				}
				var msgs []string
				var ve *jsonschema.ValidationError
				if err := sch.Validate(inst); errors.As(err, &ve) {
					msgs = leafErrors(ve, msgs)
				}
				return textArray(msgs), nil
			}),
		},
		Script: `
CREATE FUNCTION json_matches_schema(schema json, instance json) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION jsonb_matches_schema(schema json, instance jsonb) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION jsonschema_is_valid(schema json) RETURNS bool AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
CREATE FUNCTION jsonschema_validation_errors(schema json, instance json) RETURNS text[] AS 'MODULE_PATHNAME' LANGUAGE c IMMUTABLE STRICT PARALLEL SAFE;
`,
	}
}

// jsonText is the text of a json or jsonb argument.
func jsonText(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return types.FormatJSONB(v)
}

// schemaURL names the schema being compiled; nothing is fetched.
const schemaURL = "urn:tinybase:pg_jsonschema"

func compileJSONSchema(text string) (*jsonschema.Schema, error) {
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(text))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(jsonschema.SchemeURLLoader{}) // no file or network references
	if err := c.AddResource(schemaURL, doc); err != nil {
		return nil, err
	}
	return c.Compile(schemaURL)
}

func jsonMatches(schema, instance any) (any, error) {
	sch, err := compileJSONSchema(jsonText(schema))
	if err != nil {
		return nil, pgerror.New(pgerror.InternalError, "Invalid JSON schema: %s", err.Error())
	}
	inst, err := jsonschema.UnmarshalJSON(strings.NewReader(jsonText(instance)))
	if err != nil {
		return nil, pgerror.New(pgerror.InvalidTextRepresentation, "invalid input syntax for type json")
	}
	return sch.Validate(inst) == nil, nil
}

// schemaErrorPath is where in the schema compilation failed: the JSON
// pointer of a meta-schema violation, else empty.
func schemaErrorPath(err error) string {
	var se *jsonschema.SchemaValidationError
	if errors.As(err, &se) {
		var ve *jsonschema.ValidationError
		if errors.As(se.Err, &ve) {
			for len(ve.Causes) > 0 {
				ve = ve.Causes[0]
			}
			return "/" + strings.Join(ve.InstanceLocation, "/")
		}
	}
	return ""
}

// leafErrors lists the innermost validation failures, each with where
// in the instance it occurred.
func leafErrors(ve *jsonschema.ValidationError, out []string) []string {
	if len(ve.Causes) == 0 {
		msg := ve.ErrorKind.LocalizedString(message.NewPrinter(language.English))
		if len(ve.InstanceLocation) > 0 {
			msg = "/" + strings.Join(ve.InstanceLocation, "/") + ": " + msg
		}
		return append(out, msg)
	}
	for _, c := range ve.Causes {
		out = leafErrors(c, out)
	}
	return out
}
