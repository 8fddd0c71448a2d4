package lint

import (
	"crypto/md5"
	"encoding/hex"
	"fmt"
	"strings"
)

var ruleFunctionSearchPathMutable = &rule{
	id: "0011", name: "function_search_path_mutable", title: "Function Search Path Mutable", level: LevelWarn, category: "SECURITY",
	description: "Detects functions where the search_path parameter is not set.",
	needs:       []fact{factFunctions},
	run:         functionSearchPathMutable,
}

// functionSearchPathMutable: a user function without `SET search_path`.
func functionSearchPathMutable(f *facts, r *rule) []Finding {
	var out []Finding
	for _, fn := range f.functions {
		if excludedSchemas[fn.schema] || f.extensionOwned(fn.oid) {
			continue
		}
		set := false
		for _, c := range fn.config {
			if strings.HasPrefix(c, "search_path=") {
				set = true
			}
		}
		if set {
			continue
		}
		sum := md5.Sum([]byte(fn.src))
		out = append(out, r.finding(
			fmt.Sprintf("Function `%s.%s` has a role mutable search_path", fn.schema, fn.name),
			Metadata{Schema: fn.schema, Name: fn.name, Type: "function"},
			fmt.Sprintf("function_search_path_mutable_%s_%s_%s", fn.schema, fn.name, hex.EncodeToString(sum[:]))))
	}
	return out
}

var ruleExtensionInPublic = &rule{
	id: "0014", name: "extension_in_public", title: "Extension in Public", level: LevelWarn, category: "SECURITY",
	description: "Detects extensions installed in the `public` schema.",
	run:         extensionInPublic,
}

// extensionInPublic: an extension (other than plpgsql) installed in public.
func extensionInPublic(f *facts, r *rule) []Finding {
	var out []Finding
	for _, e := range f.extensions {
		if e.name == "plpgsql" || e.schema != "public" {
			continue
		}
		out = append(out, r.finding(
			fmt.Sprintf("Extension `%s` is installed in the public schema. Move it to another schema.", e.name),
			Metadata{Schema: e.schema, Name: e.name, Type: "extension"},
			fmt.Sprintf("extension_in_public_%s", e.name)))
	}
	return out
}
