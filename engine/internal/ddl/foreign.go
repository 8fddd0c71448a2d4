package ddl

import (
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Foreign runs the foreign-data statements (PostgreSQL docs: CREATE
// FOREIGN DATA WRAPPER, CREATE SERVER, CREATE USER MAPPING, CREATE
// FOREIGN TABLE and their DROP / ALTER) with PostgreSQL's checks and
// messages. The objects are catalog rows only: tinybase reaches no
// external service.
func Foreign(h Host, c *translate.ForeignDDL) error {
	cat := h.Catalog()
	f := cat.Foreign()
	switch c.Op {
	case "create_wrapper":
		if _, ok := cat.ForeignWrapper(c.Name); ok {
			return pgerror.New(pgerror.DuplicateObject, "foreign-data wrapper %q already exists", c.Name)
		}
		opts, err := editOptions(nil, c.Options)
		if err != nil {
			return err
		}
		w := catalog.ForeignWrapper{Name: c.Name, Owner: h.CurrentUser(), Options: opts}
		for _, fn := range []struct {
			q       *catalog.QName
			oid     *uint32
			handler bool
		}{{c.Handler, &w.Handler, true}, {c.Validator, &w.Validator, false}} {
			if fn.q == nil {
				continue
			}
			oid, err := wrapperFunction(h, cat, *fn.q, fn.handler)
			if err != nil {
				return err
			}
			*fn.oid = oid
		}
		f.Wrappers = append(f.Wrappers, w)
	case "drop_wrapper":
		for _, name := range c.Names {
			if _, ok := cat.ForeignWrapper(name); !ok {
				if c.IfExists {
					h.Notice("NOTICE", "00000", fmt.Sprintf("foreign-data wrapper %q does not exist, skipping", name))
					continue
				}
				return pgerror.New(pgerror.UndefinedObject, "foreign-data wrapper %q does not exist", name)
			}
			var deps []string
			var servers []string
			for _, s := range f.Servers {
				if s.Wrapper == name {
					deps = append(deps, "server "+s.Name)
					servers = append(servers, s.Name)
				}
			}
			var err error
			if f, err = dropDependents(h, f, "foreign-data wrapper "+name, deps, c.Cascade, servers); err != nil {
				return err
			}
			f.Wrappers = removeWhere(f.Wrappers, func(w catalog.ForeignWrapper) bool { return w.Name == name })
		}
	case "create_server":
		if _, ok := cat.ForeignServer(c.Name); ok {
			if c.IfNotExists {
				h.Notice("NOTICE", "42710", fmt.Sprintf("server %q already exists, skipping", c.Name))
				return nil
			}
			return pgerror.New(pgerror.DuplicateObject, "server %q already exists", c.Name)
		}
		if _, ok := cat.ForeignWrapper(c.Wrapper); !ok {
			return pgerror.New(pgerror.UndefinedObject, "foreign-data wrapper %q does not exist", c.Wrapper)
		}
		opts, err := editOptions(nil, c.Options)
		if err != nil {
			return err
		}
		f.Servers = append(f.Servers, catalog.ForeignServer{Name: c.Name, Wrapper: c.Wrapper, Owner: h.CurrentUser(),
			Type: c.Type, HasType: c.HasType, Version: c.Version, HasVersion: c.HasVersion, Options: opts})
	case "alter_server":
		i := indexWhere(f.Servers, func(s catalog.ForeignServer) bool { return s.Name == c.Name })
		if i < 0 {
			return pgerror.New(pgerror.UndefinedObject, "server %q does not exist", c.Name)
		}
		s := f.Servers[i]
		opts, err := editOptions(s.Options, c.Options)
		if err != nil {
			return err
		}
		s.Options = opts
		if c.HasVersion {
			s.Version, s.HasVersion = c.Version, c.Version != ""
		}
		f.Servers = append(append([]catalog.ForeignServer(nil), f.Servers[:i]...), f.Servers[i+1:]...)
		f.Servers = append(f.Servers, s)
	case "drop_server":
		for _, name := range c.Names {
			if _, ok := cat.ForeignServer(name); !ok {
				if c.IfExists {
					h.Notice("NOTICE", "00000", fmt.Sprintf("server %q does not exist, skipping", name))
					continue
				}
				return pgerror.New(pgerror.UndefinedObject, "server %q does not exist", name)
			}
			var err error
			if f, err = dropDependents(h, f, "server "+name, serverDependents(f, name), c.Cascade, []string{name}); err != nil {
				return err
			}
			f.Servers = removeWhere(f.Servers, func(s catalog.ForeignServer) bool { return s.Name == name })
		}
	case "create_mapping", "alter_mapping", "drop_mapping":
		return userMapping(h, cat, f, c)
	case "create_table":
		if _, ok := cat.ForeignServer(c.Server); !ok {
			return pgerror.New(pgerror.UndefinedObject, "server %q does not exist", c.Server)
		}
		schema, err := CreationSchema(h, c.Table.Schema)
		if err != nil {
			return err
		}
		q := catalog.QName{Schema: schema, Name: c.Table.Name}
		if c.IfNotExists {
			names, err := h.StorageTxn().TableNames(schema)
			if err != nil {
				return err
			}
			for _, n := range names {
				if n == q.Name {
					// CREATE ... IF NOT EXISTS leaves the relation as it is
					h.Notice("NOTICE", "42P07", fmt.Sprintf("relation %q already exists, skipping", q.Name))
					return nil
				}
			}
		}
		opts, err := editOptions(nil, c.Options)
		if err != nil {
			return err
		}
		f.Tables = removeWhere(f.Tables, func(t catalog.ForeignTable) bool { return t.Table == q })
		f.Tables = append(f.Tables, catalog.ForeignTable{Table: q, Server: c.Server, Options: opts})
	case "missing_table":
		h.Notice("NOTICE", "00000", fmt.Sprintf("relation %q does not exist, skipping", c.Table.Name))
		return nil
	case "alter_table":
		i := indexWhere(f.Tables, func(t catalog.ForeignTable) bool { return t.Table == c.Table })
		if i < 0 {
			return pgerror.New(pgerror.WrongObjectType, "%q is not a foreign table", c.Table.Name)
		}
		ft := f.Tables[i]
		opts, err := editOptions(ft.Options, c.Options)
		if err != nil {
			return err
		}
		ft.Options = opts
		f.Tables = append(append([]catalog.ForeignTable(nil), f.Tables[:i]...), f.Tables[i+1:]...)
		f.Tables = append(f.Tables, ft)
	case "drop_table":
		f.Tables = removeWhere(f.Tables, func(t catalog.ForeignTable) bool { return t.Table == c.Table })
	default:
		return pgerror.New(pgerror.InternalError, "unknown foreign-data command %q", c.Op)
	}
	h.SetCatalog(h.Catalog().WithForeign(f)) // a cascade may have dropped tables
	return nil
}

// userMapping is CREATE / ALTER / DROP USER MAPPING.
func userMapping(h Host, cat *catalog.Catalog, f catalog.ForeignData, c *translate.ForeignDDL) error {
	user := c.User
	switch user {
	case translate.RoleCurrentUser, translate.RoleSessionUser:
		user = h.CurrentUser()
	case translate.RolePublic:
		user = "public"
	default:
		if _, ok := cat.Role(user); !ok {
			return pgerror.New(pgerror.UndefinedObject, "role %q does not exist", user)
		}
	}
	if _, ok := cat.ForeignServer(c.Server); !ok {
		return pgerror.New(pgerror.UndefinedObject, "server %q does not exist", c.Server)
	}
	i := indexWhere(f.Mappings, func(m catalog.UserMapping) bool { return m.User == user && m.Server == c.Server })
	switch c.Op {
	case "create_mapping":
		if i >= 0 {
			if c.IfNotExists {
				h.Notice("NOTICE", "42710", fmt.Sprintf("user mapping for %q already exists for server %q, skipping", user, c.Server))
				return nil
			}
			return pgerror.New(pgerror.DuplicateObject, "user mapping for %q already exists for server %q", user, c.Server)
		}
		opts, err := editOptions(nil, c.Options)
		if err != nil {
			return err
		}
		f.Mappings = append(f.Mappings, catalog.UserMapping{User: user, Server: c.Server, Options: opts})
	case "alter_mapping", "drop_mapping":
		if i < 0 {
			if c.Op == "drop_mapping" && c.IfExists {
				h.Notice("NOTICE", "00000", fmt.Sprintf("user mapping for %q does not exist for server %q, skipping", user, c.Server))
				return nil
			}
			return pgerror.New(pgerror.UndefinedObject, "user mapping for %q does not exist for server %q", user, c.Server)
		}
		m := f.Mappings[i]
		f.Mappings = append(append([]catalog.UserMapping(nil), f.Mappings[:i]...), f.Mappings[i+1:]...)
		if c.Op == "alter_mapping" {
			opts, err := editOptions(m.Options, c.Options)
			if err != nil {
				return err
			}
			m.Options = opts
			f.Mappings = append(f.Mappings, m)
		}
	}
	h.SetCatalog(cat.WithForeign(f))
	return nil
}

// serverDependents names what depends on a server, as PostgreSQL's
// DROP reports it.
func serverDependents(f catalog.ForeignData, server string) []string {
	var deps []string
	for _, m := range f.Mappings {
		if m.Server == server {
			deps = append(deps, fmt.Sprintf("user mapping for %s on server %s", m.User, server))
		}
	}
	for _, t := range f.Tables {
		if t.Server == server {
			deps = append(deps, "foreign table "+t.Table.Name)
		}
	}
	return deps
}

// dropDependents fails a DROP of what has dependents (2BP01) unless
// CASCADE, which drops the servers' user mappings and foreign tables
// (and, for a wrapper, the servers).
func dropDependents(h Host, f catalog.ForeignData, what string, deps []string, cascade bool, servers []string) (catalog.ForeignData, error) {
	if len(deps) == 0 {
		return f, nil
	}
	if !cascade {
		return f, pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop %s because other objects depend on it", what).
			WithDetail("%s depends on %s", strings.Join(deps, " depends on "+what+"\n"), what).
			WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
	}
	in := map[string]bool{}
	for _, s := range servers {
		in[s] = true
	}
	var all []string
	for _, s := range servers {
		if strings.HasPrefix(what, "foreign-data wrapper") {
			all = append(all, "server "+s)
		}
		all = append(all, serverDependents(f, s)...)
	}
	var script strings.Builder
	for _, t := range f.Tables {
		if in[t.Server] {
			fmt.Fprintf(&script, "DROP FOREIGN TABLE IF EXISTS %s.%s CASCADE;\n", quoteIdent(t.Table.Schema), quoteIdent(t.Table.Name))
		}
	}
	if len(all) == 1 {
		h.Notice("NOTICE", "00000", "drop cascades to "+all[0])
	} else {
		h.Notice("NOTICE", "00000", fmt.Sprintf("drop cascades to %d other objects", len(all)))
	}
	if script.Len() > 0 {
		xh, ok := h.(ExtensionHost)
		if !ok {
			return f, pgerror.New(pgerror.FeatureNotSupported, "DROP ... CASCADE of foreign tables cannot run here")
		}
		if err := xh.RunExtensionScript(script.String(), "pg_catalog"); err != nil {
			return f, err
		}
		f = h.Catalog().Foreign() // without the dropped tables
	}
	f.Mappings = removeWhere(f.Mappings, func(m catalog.UserMapping) bool { return in[m.Server] })
	f.Servers = removeWhere(f.Servers, func(s catalog.ForeignServer) bool { return in[s.Name] })
	return f, nil
}

// wrapperFunction resolves a HANDLER (no arguments, returning
// fdw_handler) or VALIDATOR (text[], oid) function by name.
func wrapperFunction(h Host, cat *catalog.Catalog, q catalog.QName, handler bool) (uint32, error) {
	sig := "text[], oid"
	if handler {
		sig = ""
	}
	for _, sc := range LookupSchemas(h, q.Schema) {
		for _, f := range cat.Functions(catalog.QName{Schema: sc, Name: q.Name}) {
			in := f.InputArgs()
			if handler && len(in) == 0 {
				if f.Result == nil || f.Result.OID != types.FdwHandler.OID {
					return 0, pgerror.New(pgerror.WrongObjectType, "function %s must return type %s", q.Display(), "fdw_handler")
				}
				return f.OID, nil
			}
			if !handler && len(in) == 2 && in[0].Type.OID == types.ArrayOf(types.Text).OID && in[1].Type.OID == types.Oid.OID {
				return f.OID, nil
			}
		}
	}
	return 0, pgerror.New(pgerror.UndefinedFunction, "function %s(%s) does not exist", q.Display(), sig)
}

// editOptions applies OPTIONS (...) items to "name=value" options as
// PostgreSQL's transformGenericOptions does.
func editOptions(cur []string, edits []translate.OptionEdit) ([]string, error) {
	out := append([]string(nil), cur...)
	find := func(name string) int {
		for i, o := range out {
			if k, _, _ := strings.Cut(o, "="); k == name {
				return i
			}
		}
		return -1
	}
	for _, e := range edits {
		i := find(e.Name)
		switch e.Action {
		case "SET":
			if i < 0 {
				return nil, pgerror.New(pgerror.UndefinedObject, "option %q not found", e.Name)
			}
			out[i] = e.Name + "=" + e.Value
		case "DROP":
			if i < 0 {
				return nil, pgerror.New(pgerror.UndefinedObject, "option %q not found", e.Name)
			}
			out = append(out[:i], out[i+1:]...)
		default:
			if i >= 0 {
				return nil, pgerror.New(pgerror.DuplicateObject, "option %q provided more than once", e.Name)
			}
			out = append(out, e.Name+"="+e.Value)
		}
	}
	return out, nil
}

func indexWhere[T any](xs []T, match func(T) bool) int {
	for i, x := range xs {
		if match(x) {
			return i
		}
	}
	return -1
}

func removeWhere[T any](xs []T, match func(T) bool) []T {
	var out []T
	for _, x := range xs {
		if !match(x) {
			out = append(out, x)
		}
	}
	return out
}
