package pgcatalog

import (
	"strings"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// isDomains is information_schema.domains: one row per domain, its base
// type described as information_schema.columns describes a column's
// (PostgreSQL docs, "information_schema.domains"); domain_default is
// pg_type.typdefault.
var isDomains = &def{
	cols: []column{
		{"domain_catalog", sqlIdentifier}, {"domain_schema", sqlIdentifier}, {"domain_name", sqlIdentifier},
		{"data_type", characterData}, {"character_maximum_length", cardinalNumber},
		{"character_octet_length", cardinalNumber}, {"character_set_catalog", sqlIdentifier},
		{"character_set_schema", sqlIdentifier}, {"character_set_name", sqlIdentifier},
		{"collation_catalog", sqlIdentifier}, {"collation_schema", sqlIdentifier},
		{"collation_name", sqlIdentifier}, {"numeric_precision", cardinalNumber},
		{"numeric_precision_radix", cardinalNumber}, {"numeric_scale", cardinalNumber},
		{"datetime_precision", cardinalNumber}, {"interval_type", characterData},
		{"interval_precision", cardinalNumber}, {"domain_default", characterData},
		{"udt_catalog", sqlIdentifier}, {"udt_schema", sqlIdentifier}, {"udt_name", sqlIdentifier},
		{"scope_catalog", sqlIdentifier}, {"scope_schema", sqlIdentifier}, {"scope_name", sqlIdentifier},
		{"maximum_cardinality", cardinalNumber}, {"dtd_identifier", sqlIdentifier},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, d := range s.Catalog.Types() {
			if !d.IsDomain() {
				continue
			}
			t := d.Type
			base := t.Domain // the immediate base type, with its typmod
			dataType, charLen, octetLen, prec, radix, scale, dtPrec := typeFacts(base)
			if base.Kind == types.KindArray {
				// the view formats a built-in base type, arrays included
				dataType = "USER-DEFINED"
				if schemaOf(base) == "pg_catalog" {
					dataType = strings.TrimPrefix(base.FormatTypeNoMod(), "pg_catalog.")
				}
			}
			if base.Domain != nil {
				// a domain over a domain: PostgreSQL describes no further
				dataType, charLen, octetLen, prec, radix, scale, dtPrec = "USER-DEFINED", nil, nil, nil, nil, nil, nil
			}
			def := d.Default
			if def != "" {
				// as pg_type.typdefault prints it (pg_type.go)
				if p, ok := s.DeparseArgDefault(def, t.Domain); ok {
					def = p
				}
			}
			out = append(out, []any{s.Database, schemaOf(t), t.Name, dataType, charLen, octetLen, nil, nil, nil,
				nil, nil, nil, prec, radix, scale, dtPrec, nil, nil, nullable(def),
				s.Database, schemaOf(base), base.Name, nil, nil, nil, nil, "1"})
		}
		return out, nil
	},
}

// isDomainConstraints is information_schema.domain_constraints: the
// domains' CHECK constraints (a domain's NOT NULL is no constraint row in
// PostgreSQL 15).
var isDomainConstraints = &def{
	cols: []column{
		{"constraint_catalog", sqlIdentifier}, {"constraint_schema", sqlIdentifier}, {"constraint_name", sqlIdentifier},
		{"domain_catalog", sqlIdentifier}, {"domain_schema", sqlIdentifier}, {"domain_name", sqlIdentifier},
		{"is_deferrable", yesOrNo}, {"initially_deferred", yesOrNo},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, d := range s.Catalog.Types() {
			if !d.IsDomain() {
				continue
			}
			sc := schemaOf(d.Type)
			for _, c := range d.Checks {
				out = append(out, []any{s.Database, sc, c.Name, s.Database, sc, d.Type.Name, "NO", "NO"})
			}
		}
		return out, nil
	},
}
