package pgcatalog

import (
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// pgExtension is pg_catalog.pg_extension: the installed extensions.
var pgExtension = &def{
	cols: []column{
		{"oid", types.Oid}, {"extname", types.Name}, {"extowner", types.Oid}, {"extnamespace", types.Oid},
		{"extrelocatable", types.Bool}, {"extversion", types.Text},
		{"extconfig", types.ArrayOf(types.Oid)}, {"extcondition", types.ArrayOf(types.Text)},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, e := range s.Catalog.Extensions() {
			owner := uint32(10)
			if e.Owner != "" {
				owner = s.RoleOID(e.Owner)
			}
			out = append(out, []any{ExtensionOID(e.Name), e.Name, owner, NamespaceOID(e.Schema), e.Relocatable, e.Version, nil, nil})
		}
		return out, nil
	},
}

// pgAvailableExtensions is pg_catalog.pg_available_extensions: what
// CREATE EXTENSION accepts on Supabase (extensions.Available), with the
// installed version.
var pgAvailableExtensions = &def{
	cols: []column{
		{"name", types.Name}, {"default_version", types.Text}, {"installed_version", types.Text}, {"comment", types.Text},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, o := range extensions.Available() {
			out = append(out, []any{o.Name, o.Version, installedVersion(s.Catalog, o.Name), o.Comment})
		}
		return out, nil
	},
}

// pgAvailableExtensionVersions is
// pg_catalog.pg_available_extension_versions: each version CREATE
// EXTENSION ... VERSION installs (most extensions have one; pgtap offers
// 1.2.0 as Supabase does), installed true for the installed one.
var pgAvailableExtensionVersions = &def{
	cols: []column{
		{"name", types.Name}, {"version", types.Text}, {"installed", types.Bool}, {"superuser", types.Bool},
		{"trusted", types.Bool}, {"relocatable", types.Bool}, {"schema", types.Name},
		{"requires", types.ArrayOf(types.Name)}, {"comment", types.Text},
	},
	rows: func(s *State) ([][]any, error) {
		var out [][]any
		for _, o := range extensions.Available() {
			relocatable, schema, requires := false, any(nil), any(nil)
			if e := o.StandIn; e != nil {
				relocatable = e.Relocatable && e.Schema == ""
				if e.Schema != "" {
					schema = e.Schema
				}
				if len(e.Requires) > 0 {
					vals := make([]any, len(e.Requires))
					for i, r := range e.Requires {
						vals[i] = r
					}
					requires = types.NewArray(types.Name, vals)
				}
			}
			versions := []string{o.Version}
			if o.StandIn != nil {
				versions = o.StandIn.Versions()
			}
			installed := installedVersion(s.Catalog, o.Name)
			for _, v := range versions {
				out = append(out, []any{o.Name, v, installed == v, true, false,
					relocatable, schema, requires, o.Comment})
			}
		}
		return out, nil
	},
}

func installedVersion(cat *catalog.Catalog, name string) any {
	if e, ok := cat.Extension(name); ok {
		return e.Version
	}
	return nil
}

// extensionDepends are pg_depend's rows of deptype 'e': each member of an
// installed extension depends on the extension.
func extensionDepends(s *State) [][]any {
	var out [][]any
	// A serial column's sequence, made by the script with its table, is a
	// member too (pg_dump leaves it to CREATE EXTENSION).
	owned := map[catalog.QName][]*catalog.Sequence{}
	for _, q := range s.Catalog.Sequences() {
		if o := q.OwnedBy; o != nil {
			t := catalog.QName{Schema: o.Schema, Name: o.Table}
			owned[t] = append(owned[t], q)
		}
	}
	for _, e := range s.Catalog.Extensions() {
		ext := ExtensionOID(e.Name)
		for _, m := range e.Members {
			var class, oid uint32
			switch m.Kind {
			case "function":
				class, oid = pgProcOID, m.OID
			case "operator":
				class, oid = pgOperatorOID, m.OID
			case "cast":
				class, oid = pgCastOID, m.OID
			case "table", "view", "sequence":
				class, oid = pgClassOID, s.RelOID(m.Schema, m.Name) // a view or sequence has its own OID
			case "schema":
				class, oid = pgNamespaceOID, NamespaceOID(m.Name)
			case "type": // pg_dump leaves it to CREATE EXTENSION, as the functions
				d, ok := s.Catalog.Type(catalog.QName{Schema: m.Schema, Name: m.Name})
				if !ok {
					continue
				}
				class, oid = pgTypeOID, d.Type.OID
			case "event trigger": // pg_graphql's; pg_dump leaves them to the extension
				t, ok := s.Catalog.EventTrigger(m.Name)
				if !ok {
					continue
				}
				class, oid = pgEventTriggerOID, t.OID
			default:
				var ok bool
				if class, oid, ok = tsMemberDepend(m); !ok { // pg_ts.go
					continue
				}
			}
			out = append(out, []any{class, oid, int32(0), uint32(pgExtensionOID), ext, int32(0), "e"})
			if m.Kind == "table" {
				for _, q := range owned[catalog.QName{Schema: m.Schema, Name: m.Name}] {
					out = append(out, []any{uint32(pgClassOID), s.RelOID(q.Schema, q.Name), int32(0), uint32(pgExtensionOID), ext, int32(0), "e"})
				}
			}
		}
		out = append(out, extAmDepends(e, ext)...) // pg_am_ext.go
	}
	return out
}
