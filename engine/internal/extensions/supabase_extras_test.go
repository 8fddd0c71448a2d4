package extensions_test

import "testing"

// pg_jsonschema is not installable on the oracle: expectations follow
// the JSON Schema specification.
func TestPgJSONSchema(t *testing.T) {
	run(t, installed(t, "pg_jsonschema")[:1], []sqlCase{
		{name: "matches", sql: `select extensions.json_matches_schema('{"type": "object"}', '{}'), extensions.json_matches_schema('{"type": "object"}', '1'), extensions.jsonb_matches_schema('{"maxLength": 5}', '"foo"'), extensions.jsonb_matches_schema('{"maxLength": 5}', '"foobar"')`, want: "t|f|t|f"},
		{name: "required and types", sql: `select extensions.jsonb_matches_schema('{"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string"}}}, "required": ["tags"]}', x) from (values ('{"tags": ["a"]}'::jsonb), ('{"tags": [1]}'), ('{}')) v(x)`, want: "t\nf\nf"},
		{name: "draft 7", sql: `select extensions.json_matches_schema('{"$schema": "http://json-schema.org/draft-07/schema#", "type": "integer", "exclusiveMinimum": 3}', '3')`, want: "f"},
		{name: "check constraint", sql: `create table docs (id int primary key, body jsonb check (extensions.jsonb_matches_schema('{"type": "object", "required": ["title"]}', body)));
insert into docs values (1, '{"title": "x"}'); insert into docs values (2, '{}')`, code: "23514", msg: "docs_body_check"},
		{name: "is_valid", sql: `select extensions.jsonschema_is_valid('{"type": "object"}'), extensions.jsonschema_is_valid('{"type": "nonsense"}'), extensions.jsonschema_is_valid('{"minLength": -1}')`, want: "t|f|f"},
		{name: "invalid schema", sql: `select extensions.json_matches_schema('{"type": 12}', '{}')`, code: "XX000", msg: "Invalid JSON schema"},
		{name: "errors", sql: `select array_length(extensions.jsonschema_validation_errors('{"type": "object", "properties": {"a": {"type": "string"}, "b": {"minimum": 2}}}', '{"a": 1, "b": 1}'), 1), extensions.jsonschema_validation_errors('{"type": "object"}', '{}') = '{}'`, want: "2|t"},
		{name: "no remote refs", sql: `select extensions.json_matches_schema('{"$ref": "http://127.0.0.1:1/x.json"}', '{}')`, code: "XX000", msg: "Invalid JSON schema"},
		{name: "null", sql: `select extensions.json_matches_schema(null, '{}') is null`, want: "t"},
	})
}

// pg_hashids is not installable on the oracle: expected ids are the
// Hashids reference vectors.
func TestPgHashids(t *testing.T) {
	run(t, installed(t, "pg_hashids")[:1], []sqlCase{
		{name: "encode", sql: `select extensions.id_encode(12345, 'this is my salt'), extensions.id_encode(1, 'this is my salt', 8), extensions.id_encode(array[683, 94108, 123, 5]::bigint[], 'this is my salt'), extensions.id_encode(1)`, want: "NkK9|gB0NV05e|aBMswoO2UB3Sj|jR"},
		{name: "decode", sql: `select extensions.id_decode('aBMswoO2UB3Sj', 'this is my salt'), extensions.id_decode_once('NkK9', 'this is my salt'), extensions.id_decode('nope', 'x'), extensions.id_decode_once('nope') is null`, want: "{683,94108,123,5}|12345|{}|t"},
		{name: "alphabet", sql: `select extensions.id_decode(extensions.id_encode(99, 's', 0, 'ABCDEFGHIJKLMNOP'), 's', 0, 'ABCDEFGHIJKLMNOP')`, want: "{99}"},
		{name: "short alphabet", sql: `select extensions.id_encode(1, 's', 0, 'abc')`, code: "22023", msg: "alphabet must contain at least 16 unique characters"},
		{name: "negative", sql: `select extensions.id_encode(-1)`, code: "22023", msg: "negative numbers are not supported"},
		{name: "null element", sql: `select extensions.id_encode(array[1, null]::bigint[])`, code: "22004", msg: "array must not contain nulls"},
	})
}

func TestPgaudit(t *testing.T) {
	run(t, installed(t, "pgaudit")[:1], []sqlCase{
		{name: "defaults", sql: `select current_setting('pgaudit.log'), current_setting('pgaudit.log_catalog')`, want: "none|on"},
		{name: "set", sql: `set pgaudit.log = 'write, ddl'; show pgaudit.log`, want: "write, ddl"},
		{name: "role setting", sql: `alter role authenticator set pgaudit.log to 'none'; select 1`, want: "1"},
	})
}
