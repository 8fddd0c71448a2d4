package tinybase

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// configTemplate is the supabase/config.toml `tinybase init` writes: the
// Supabase CLI's sections and default values, with tinybase's comments.
//
//go:embed config_template.toml
var configTemplate string

// ConfigTemplate is config.toml for a new project named projectID.
func ConfigTemplate(projectID string) string {
	return strings.Replace(configTemplate, "{{PROJECT_ID}}", projectID, 1)
}

// optionalKeys are Supabase CLI config keys the template leaves out
// (commented out there, or optional); "*" is any one name, "**" anything
// below. Sections tinybase does not read are open below their name, so
// a newer Supabase CLI key there is not reported.
var optionalKeys = []string{
	"api.auto_expose_new_tables", "api.tls.cert_path", "api.tls.key_path",
	"db.health_timeout", "db.root_key", "db.vault.*", "db.settings.**", "db.network_restrictions.**", "db.ssl_enforcement.**",
	"auth.external_url", "auth.jwt_issuer", "auth.jwt_secret", "auth.signing_keys_path",
	"auth.passkey.**", "auth.webauthn.**", "auth.captcha.**", "auth.sessions.**", "auth.hook.**",
	"auth.email.smtp.**", "auth.email.template.**", "auth.email.notification.**",
	"auth.sms.*.**", "auth.mfa.web_authn.**", "auth.external.**", "auth.web3.**",
	"auth.third_party.**", "auth.oauth_server.**",
	"realtime.**", "studio.**", "inbucket.**", "storage.**", "edge_runtime.**", "analytics.**",
	"experimental.**", "functions.**", "remotes.**",
}

// knownKeys are the template's keys and optionalKeys, as patterns.
func knownKeys() [][]string {
	var md toml.MetaData
	var m map[string]any
	md, err := toml.Decode(ConfigTemplate("x"), &m)
	if err != nil {
		panic("config_template.toml: " + err.Error()) // a build defect, caught by every test
	}
	var out [][]string
	for _, k := range md.Keys() {
		out = append(out, []string(k))
	}
	for _, k := range optionalKeys {
		out = append(out, strings.Split(k, "."))
	}
	return out
}

func matchKey(pat, key []string) bool {
	for i, p := range pat {
		if p == "**" {
			return len(key) > i
		}
		if i >= len(key) || (p != "*" && p != key[i]) {
			return false
		}
	}
	return len(key) == len(pat)
}

// unknownKeys lists the keys of a config.toml that no Supabase CLI
// section has (typos, mostly), in file order.
func unknownKeys(md toml.MetaData) []string {
	known := knownKeys()
	var out []string
	reported := map[string]bool{}
keys:
	for _, k := range md.Keys() {
		for i := 1; i < len(k); i++ {
			if reported[strings.Join(k[:i], ".")] {
				continue keys // below an unknown table: reported once
			}
		}
		ok := false
		for _, p := range known {
			// A table's own key ("auth.email") is known when a
			// key below it is.
			if matchKey(p, k) || (md.Type(k...) == "Hash" && len(p) > len(k) && matchKey(p[:len(k)], k)) || (len(p) > len(k) && p[len(k)] == "**" && matchKey(p[:len(k)], k)) {
				ok = true
				break
			}
		}
		if !ok {
			reported[strings.Join(k, ".")] = true
			out = append(out, k.String())
		}
	}
	return out
}

// unservedPrefixes are the config.toml sections of Supabase services and
// the API path each is served under ("" for those never served by
// tinybase: they run as their own containers in the Supabase CLI).
var unservedPrefixes = map[string]string{
	"storage":      "/storage/v1",
	"realtime":     "/realtime/v1",
	"edge_runtime": "/functions/v1",
	"analytics":    "",
	"db.pooler":    "",
}

// UnservedSections lists the sections config.toml enables (enabled =
// true) whose service is not served: served reports whether an API path
// prefix has a route.
func (c Config) UnservedSections(served func(prefix string) bool) []string {
	if c.Raw == nil {
		return nil
	}
	var m map[string]any
	if _, err := toml.Decode(string(c.Raw), &m); err != nil {
		return nil
	}
	var out []string
	for section, prefix := range unservedPrefixes {
		t := m
		for _, part := range strings.Split(section, ".") {
			next, _ := t[part].(map[string]any)
			t = next
		}
		if t == nil {
			continue
		}
		if on, _ := t["enabled"].(bool); !on {
			continue
		}
		if prefix != "" && served(prefix) {
			continue
		}
		out = append(out, "["+section+"]")
	}
	sort.Strings(out)
	return out
}

// unknownKeyWarnings are LoadConfig's warnings about raw.
func unknownKeyWarnings(path string, md toml.MetaData) []string {
	var out []string
	for _, k := range unknownKeys(md) {
		out = append(out, fmt.Sprintf("%s: unknown key %s (ignored)", path, k))
	}
	return out
}
