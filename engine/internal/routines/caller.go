package routines

import (
	"context"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/cache"
	"github.com/tinybase/tinybase/engine/internal/hypo"
	"github.com/tinybase/tinybase/engine/internal/stmtstats"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// Caller is the engine as a routine body sees it (routine.Caller): the
// host session and the calling statement's context.
type Caller struct {
	h    Host
	gctx *sql.Context
}

var _ routine.Caller = (*Caller)(nil)

// NewCaller is the routine.Caller of a body called by a statement of h
// running under gctx.
func NewCaller(h Host, gctx *sql.Context) *Caller { return &Caller{h: h, gctx: gctx} }

// Prepare implements routine.Caller.
func (c *Caller) Prepare(ctx context.Context, sqlText string, params *routine.Params) (routine.Statement, error) {
	return Prepare(sqlText, params)
}

// Query implements routine.Caller. The statement is kept in the
// session's query cache under its text and parameters, so a routine
// running it again skips parsing, and — while the catalog, search path,
// role and plan generation stay what its translation was made for
// (Stmt.translation) — translation and planning.
func (c *Caller) Query(ctx context.Context, sqlText string, params *routine.Params, args []any) (*routine.Rows, error) {
	st, err := c.h.RoutineState().query(sqlText, params)
	if err != nil {
		return nil, err
	}
	return st.Query(ctx, c, args)
}

// queryLimits bound a session's statements run through Caller.Query
// (extensions' state queries, a C function's SPI-like calls).
var queryLimits = cache.Limits{Entries: 256, Bytes: 4 << 20}

// query is the session's prepared statement for sqlText with params.
func (st *State) query(sqlText string, params *routine.Params) (*Stmt, error) {
	key := queryKey(sqlText, params)
	if st.queries == nil {
		st.queries = cache.New[string, *Stmt](queryLimits)
	} else if p, ok := st.queries.Get(key); ok {
		return p, nil
	}
	p, err := Prepare(sqlText, params)
	if err != nil {
		return nil, err
	}
	st.queries.Put(key, p, 1024+2*int64(len(key)))
	return p, nil
}

// queryKey identifies a statement by its text and its parameters' types
// and names: the same text with other parameter types translates
// differently.
func queryKey(sqlText string, params *routine.Params) string {
	if params == nil {
		return sqlText
	}
	var b strings.Builder
	b.WriteString(sqlText)
	b.WriteString("\x00")
	b.WriteString(params.Qualifier)
	for i, t := range params.Types {
		b.WriteString("\x00")
		if t != nil {
			b.WriteString(strconv.FormatUint(uint64(t.OID), 10))
			b.WriteByte('.')
			b.WriteString(strconv.FormatInt(int64(t.Mod), 10))
			for _, f := range t.Fields {
				// an anonymous record type by its fields
				b.WriteString("," + f.Name + "." + strconv.FormatUint(uint64(f.Type.OID), 10))
			}
		}
		if i < len(params.Names) {
			b.WriteByte(':')
			b.WriteString(params.Names[i])
		}
	}
	return b.String()
}

// OuterContext is the error context of the running routines that called
// this one, innermost first: what PostgreSQL's error context stack adds
// to an error a C function raises or catches.
func (c *Caller) OuterContext() string { return c.h.RoutineState().contextOutside(nil) }

// Notice implements routine.Caller.
func (c *Caller) Notice(n routine.Notice) { c.h.AddNotice(n) }

// subtxn is a routine's savepoint (a PL/pgSQL block with an exception
// handler): the storage mark and the advisory locks taken before it.
type subtxn struct {
	mark     storage.Mark
	advisory int
}

// Savepoint implements routine.Caller.
func (c *Caller) Savepoint() routine.Savepoint {
	return subtxn{c.h.StorageTxn().Savepoint(), c.h.AdvisoryMark()}
}

// RollbackTo implements routine.Caller.
func (c *Caller) RollbackTo(sp routine.Savepoint) {
	st := sp.(subtxn)
	c.h.StorageTxn().RollbackTo(st.mark)
	c.h.AdvisoryRollbackTo(st.advisory)
}

// Release implements routine.Caller.
func (c *Caller) Release(routine.Savepoint) {}

// Catalog implements routine.Caller.
func (c *Caller) Catalog() *catalog.Catalog { return catalogOf(c.h) }

// Env implements routine.Caller.
func (c *Caller) Env() *types.Env { return c.h.TypesEnv() }

// Setting implements routine.Caller.
func (c *Caller) Setting(name string) (string, bool) {
	return c.h.Setting(name)
}

// Err implements routine.Caller.
func (c *Caller) Err(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return cancelError(err)
	}
	if err := c.gctx.Err(); err != nil {
		return cancelError(err)
	}
	return nil
}

// Cast implements routine.Caller.
func (c *Caller) Cast(v any, from, to *types.Type) (any, error) {
	if v == nil || from.OID == to.OID && from.Mod == to.Mod {
		return v, nil
	}
	e, err := expr.Coerce(c.h.TypesEnv(), expr.NewLiteral(from, v), to, types.CastAssignment)
	if err != nil {
		return nil, err
	}
	return e.Eval(c.gctx, nil)
}

// NetAllowExternal reports whether HTTP made by the caller's SQL may
// reach non-loopback hosts (the host's engine setting; false when the
// host does not say).
func (c *Caller) NetAllowExternal() bool {
	h, ok := c.h.(interface{ NetAllowExternal() bool })
	return ok && h.NetAllowExternal()
}

// HypoIndexes is the session's hypothetical indexes (the hypopg
// extension); nil when the host has none.
func (c *Caller) HypoIndexes() *hypo.Set {
	if h, ok := c.h.(interface{ HypoIndexes() *hypo.Set }); ok {
		return h.HypoIndexes()
	}
	return nil
}

// StatementStats is the engine's pg_stat_statements store; nil when
// the host has none.
func (c *Caller) StatementStats() *stmtstats.Store {
	if h, ok := c.h.(interface{ StatementStats() *stmtstats.Store }); ok {
		return h.StatementStats()
	}
	return nil
}

// CurrentUser is the current role.
func (c *Caller) CurrentUser() string { return c.h.CurrentUser() }
