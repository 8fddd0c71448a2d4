package expr

import (
	"net/netip"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// AddSessionInfoFuncs adds the session information functions (docs 9.26).
// A family of session.Builtins.
//
// Session information functions (PostgreSQL docs 9.26) and configuration
// settings functions (9.27.1). They read the calling session, so they are
// volatile: never folded at plan time.
func AddSessionInfoFuncs(r *Registry) {
	sess := func(ctx *sql.Context) (Env, error) {
		if e := SessionEnv(ctx); e != nil {
			return e, nil
		}
		return nil, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "no session")
	}
	str := func(f func(Env) any) func(*sql.Context, *types.Env, []any) (any, error) {
		return func(ctx *sql.Context, _ *types.Env, _ []any) (any, error) {
			e, err := sess(ctx)
			if err != nil {
				return nil, err
			}
			return f(e), nil
		}
	}
	r.Add("current_user", FuncImpl{Result: Fixed(types.Name), Volatile: true, Fn: str(func(e Env) any { return e.CurrentUser() })})
	r.Add("current_role", FuncImpl{Result: Fixed(types.Name), Volatile: true, Fn: str(func(e Env) any { return e.CurrentUser() })})
	r.Add("session_user", FuncImpl{Result: Fixed(types.Name), Volatile: true, Fn: str(func(e Env) any { return e.SessionUser() })})
	r.Add("current_database", FuncImpl{Result: Fixed(types.Name), Volatile: true, Fn: str(func(e Env) any { return e.Database() })})
	r.Add("current_catalog", FuncImpl{Result: Fixed(types.Name), Volatile: true, Fn: str(func(e Env) any { return e.Database() })})
	r.Add("current_schema", FuncImpl{Result: Fixed(types.Name), Volatile: true, Fn: str(func(e Env) any {
		for _, s := range e.SchemasOnPath() {
			// the temporary schema is searched implicitly, never current
			if s != "pg_catalog" && !pgident.IsTempSchema(s) {
				return s
			}
		}
		return nil
	})})
	r.Add("current_schemas", FuncImpl{Args: []*types.Type{types.Bool}, Result: Fixed(types.ArrayOf(types.Name)), Volatile: true,
		Fn: func(ctx *sql.Context, _ *types.Env, args []any) (any, error) {
			e, err := sess(ctx)
			if err != nil {
				return nil, err
			}
			// implicit schemas are listed only when asked for: the
			// session's temporary one (once created) ahead of pg_catalog
			var out []any
			path := e.SchemasOnPath()
			if args[0].(bool) {
				for _, s := range path {
					if pgident.IsTempSchema(s) {
						out = append(out, s)
					}
				}
				out = append(out, "pg_catalog")
			}
			for _, s := range path {
				if s != "pg_catalog" && !pgident.IsTempSchema(s) {
					out = append(out, s)
				}
			}
			return types.NewArray(types.Name, out), nil
		}})
	currentSetting := func(ctx *sql.Context, _ *types.Env, args []any) (any, error) {
		e, err := sess(ctx)
		if err != nil {
			return nil, err
		}
		name := args[0].(string)
		missingOK := len(args) > 1 && args[1] == true
		v, ok := e.Setting(name)
		if !ok {
			if missingOK {
				return nil, nil
			}
			return nil, pgerror.New(pgerror.UndefinedObject, "unrecognized configuration parameter %q", name)
		}
		return v, nil
	}
	r.Add("current_setting", FuncImpl{Args: []*types.Type{types.Text}, Result: Fixed(types.Text), Volatile: true, Fn: currentSetting})
	r.Add("current_setting", FuncImpl{Args: []*types.Type{types.Text, types.Bool}, Result: Fixed(types.Text), Volatile: true, Fn: currentSetting})
	r.Add("set_config", FuncImpl{Args: []*types.Type{types.Text, types.Text, types.Bool}, Result: Fixed(types.Text), Volatile: true, NonStrict: true,
		Fn: func(ctx *sql.Context, _ *types.Env, args []any) (any, error) {
			e, err := sess(ctx)
			if err != nil {
				return nil, err
			}
			if args[0] == nil {
				return nil, pgerror.New(pgerror.NullValueNotAllowed, "SET requires parameter name")
			}
			val, _ := args[1].(string)
			local, _ := args[2].(bool)
			if err := e.SetSetting(args[0].(string), val, local); err != nil {
				return nil, err
			}
			v, _ := e.Setting(args[0].(string))
			return v, nil
		}})
	r.Add("pg_backend_pid", FuncImpl{Result: Fixed(types.Int4), Volatile: true, Fn: func(ctx *sql.Context, _ *types.Env, _ []any) (any, error) {
		return int32(ctx.Session.ID()), nil
	}})
	// inet_client_addr, inet_client_port, inet_server_addr and
	// inet_server_port: the connection's ends, NULL when the session has
	// no TCP connection (PostgreSQL's answer over a Unix socket)
	conn := func(name string, res *types.Type, end func(ConnEnv) netip.AddrPort, part func(netip.AddrPort) any) {
		r.Add(name, FuncImpl{Result: Fixed(res), Volatile: true, Fn: func(ctx *sql.Context, _ *types.Env, _ []any) (any, error) {
			c, ok := ctx.Session.(ConnEnv)
			if !ok {
				return nil, nil
			}
			if ap := end(c); ap.IsValid() {
				return part(ap), nil
			}
			return nil, nil
		}})
	}
	addr := func(ap netip.AddrPort) any { return ap.Addr().Unmap().WithZone("").String() }
	port := func(ap netip.AddrPort) any { return int32(ap.Port()) }
	conn("inet_client_addr", types.Inet, ConnEnv.ClientAddr, addr)
	conn("inet_client_port", types.Int4, ConnEnv.ClientAddr, port)
	conn("inet_server_addr", types.Inet, ConnEnv.ServerAddr, addr)
	conn("inet_server_port", types.Int4, ConnEnv.ServerAddr, port)
	r.Add("current_query", FuncImpl{Result: Fixed(types.Text), Volatile: true, Fn: func(ctx *sql.Context, _ *types.Env, _ []any) (any, error) {
		if c, ok := ctx.Session.(ConnEnv); ok && c.CurrentQuery() != "" {
			return c.CurrentQuery(), nil
		}
		return nil, nil
	}})
	// the database's encoding is UTF8; the client's is client_encoding
	// by its canonical name
	r.Add("getdatabaseencoding", FuncImpl{Result: Fixed(types.Name), Fn: func(*sql.Context, *types.Env, []any) (any, error) { return "UTF8", nil }})
	r.Add("pg_client_encoding", FuncImpl{Result: Fixed(types.Name), Volatile: true, Fn: str(func(e Env) any {
		v, _ := e.Setting("client_encoding")
		return canonicalEncoding(v)
	})})
}

// canonicalEncoding is an encoding's name as pg_encoding_to_char spells
// it: upper case, UTF-8 and UNICODE as UTF8.
func canonicalEncoding(v string) string {
	u := strings.ToUpper(strings.TrimSpace(v))
	switch strings.NewReplacer("-", "", "_", "").Replace(u) {
	case "UTF8", "UNICODE", "":
		return "UTF8"
	}
	return u
}

// ConnEnv is the session's connection as the inet_client_addr family
// and current_query read it.
type ConnEnv interface {
	ClientAddr() netip.AddrPort
	ServerAddr() netip.AddrPort
	// CurrentQuery is the text the client sent that is running.
	CurrentQuery() string
}
