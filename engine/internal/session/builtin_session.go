package session

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/security"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// funcSession is what the session-aware built-in functions of this
// package (privilege inquiry, sequence, comment and catalog information
// functions) need of the session evaluating them.
type funcSession interface {
	// security.Host answers the privilege inquiry functions
	// (has_*_privilege, security's implementations) and gives
	// CurrentUser and Catalog.
	security.Host
	// TypesEnv is the session's time zone and relation resolver, for
	// input functions (to_regclass).
	TypesEnv() *types.Env
	// catalogState is the pg_catalog view of the session's catalog.
	catalogState(ctx *sql.Context) (*pgcatalog.State, error)
	// Sequence functions (PostgreSQL docs 9.17).
	nextval(name string) (int64, error)
	currval(name string) (int64, error)
	lastval() (int64, error)
	sequenceLastValue(name string) (any, error)
	setval(name string, v int64, called bool) (int64, error)
	serialSequence(table, column string) (any, error)
	// Comment information functions (docs 9.26, Table 9.78).
	objDescription(rel, catalogName string) (any, error)
	colDescription(rel string, n int32) (any, error)
	// pgTriggerDepth is pg_trigger_depth() (ddl_funcs.go).
	pgTriggerDepth() int32
}

var _ funcSession = (*Session)(nil)

// funcSessionOf returns the session evaluating a built-in function: the
// one place that gets it from a GMS context.
func funcSessionOf(ctx *sql.Context) (funcSession, error) {
	if s, ok := fromContext(ctx); ok {
		return s, nil
	}
	return nil, pgerror.New(pgerror.FeatureNotSupported, "this function needs a session")
}
