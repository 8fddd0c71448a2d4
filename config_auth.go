package tinybase

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/tinybase/tinybase/auth"
)

// authKeyWarnings names the [auth] keys of raw that are set to something
// other than the Supabase CLI's default (the template's value, or the
// zero value for keys the template leaves out) and that tinybase does not
// act on: one line each. Keys of a section with enabled = false change
// nothing and are not reported.
func authKeyWarnings(path string, raw []byte) []string {
	var user, tmpl map[string]any
	if _, err := toml.Decode(string(raw), &user); err != nil {
		return nil
	}
	if _, err := toml.Decode(ConfigTemplate("x"), &tmpl); err != nil {
		return nil
	}
	defaults := map[string]any{}
	flatten("", tmpl, defaults)
	set := map[string]any{}
	if a, ok := user["auth"].(map[string]any); ok {
		flatten("auth", a, set)
	}
	var patterns [][]string
	for _, p := range auth.ImplementedKeys {
		patterns = append(patterns, strings.Split(p, "."))
	}
	var out []string
	for key, v := range set {
		k := strings.Split(key, ".")
		implemented := false
		for _, p := range patterns {
			if matchKey(p, k) {
				implemented = true
				break
			}
		}
		if implemented || sectionDisabled(set, k) {
			continue
		}
		if d, ok := defaults[key]; ok && reflect.DeepEqual(d, v) || !ok && isZero(v) {
			continue
		}
		out = append(out, fmt.Sprintf("%s: %s = %s is not implemented by tinybase (ignored)", path, key, tomlValue(v)))
	}
	sort.Strings(out)
	return out
}

// flatten lists the leaf keys of a decoded TOML table as dotted paths.
func flatten(prefix string, t map[string]any, out map[string]any) {
	for k, v := range t {
		key := k
		if prefix != "" {
			key = prefix + "." + k
		}
		if sub, ok := v.(map[string]any); ok {
			flatten(key, sub, out)
			continue
		}
		out[key] = v
	}
}

// sectionDisabled reports whether a key's own section or one above it
// has enabled = false.
func sectionDisabled(set map[string]any, k []string) bool {
	for i := len(k) - 1; i >= 1; i-- {
		if on, ok := set[strings.Join(k[:i], ".")+".enabled"].(bool); ok && !on && k[len(k)-1] != "enabled" {
			return true
		}
	}
	return false
}

func isZero(v any) bool {
	switch x := v.(type) {
	case bool:
		return !x
	case string:
		return x == ""
	case int64:
		return x == 0
	case float64:
		return x == 0
	case []any:
		return len(x) == 0
	}
	return v == nil
}

func tomlValue(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprint(v)
}
