package catalog

// ExtensionFunctions lists, per extension, the functions it installs into
// its schema; tinybase has them built in, and a call qualified with the
// schema of an installed extension resolves to the built-in.
var ExtensionFunctions = map[string][]string{
	"uuid-ossp": {"uuid_generate_v1", "uuid_generate_v1mc", "uuid_generate_v3", "uuid_generate_v4", "uuid_generate_v5",
		"uuid_nil", "uuid_ns_dns", "uuid_ns_url", "uuid_ns_oid", "uuid_ns_x500"},
	"pgcrypto": {"gen_random_uuid", "gen_random_bytes", "crypt", "gen_salt", "digest", "hmac",
		"encrypt", "decrypt", "encrypt_iv", "decrypt_iv", "armor", "dearmor",
		"pgp_sym_encrypt", "pgp_sym_decrypt", "pgp_pub_encrypt", "pgp_pub_decrypt", "pgp_key_id"},
}

// ExtensionFunction reports whether name is a function an extension
// installed in schema provides.
func (c *Catalog) ExtensionFunction(schema, name string) bool {
	for _, e := range c.Extensions() {
		if e.Schema != schema {
			continue
		}
		for _, f := range ExtensionFunctions[e.Name] {
			if f == name {
				return true
			}
		}
	}
	return false
}
