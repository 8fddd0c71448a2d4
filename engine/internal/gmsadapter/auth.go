package gmsadapter

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// gmsNoAuth is the authorization handler of tinybase's GMS catalog. GMS's
// default handler checks MySQL privileges from its "mysql" database, which
// a tinybase engine does not have, so it lets everything through — but it
// finds that out by looking the database up for every statement it binds,
// and the lookup's "database not found" error captures a stack trace
// (~8 µs a statement). PostgreSQL privileges are checked before GMS sees a
// statement (session: acl_check.go, rls_rewrite.go); this handler states what the
// default one did, without the lookup.
type gmsNoAuth struct{}

type gmsNoAuthState struct{}

var (
	_ sql.AuthorizationHandler    = gmsNoAuth{}
	_ sql.AuthorizationQueryState = gmsNoAuthState{}
)

// Error implements sql.AuthorizationQueryState.
func (gmsNoAuthState) Error() error { return nil }

// AuthorizationQueryStateImpl implements sql.AuthorizationQueryState.
func (gmsNoAuthState) AuthorizationQueryStateImpl() {}

// NewQueryState implements sql.AuthorizationHandler.
func (gmsNoAuth) NewQueryState(*sql.Context) sql.AuthorizationQueryState { return gmsNoAuthState{} }

// HandleAuth implements sql.AuthorizationHandler.
func (gmsNoAuth) HandleAuth(*sql.Context, sql.AuthorizationQueryState, sqlparser.AuthInformation) error {
	return nil
}

// HandleAuthNode implements sql.AuthorizationHandler.
func (gmsNoAuth) HandleAuthNode(*sql.Context, sql.AuthorizationQueryState, sql.AuthorizationCheckerNode) error {
	return nil
}

// CheckDatabase implements sql.AuthorizationHandler.
func (gmsNoAuth) CheckDatabase(*sql.Context, sql.AuthorizationQueryState, string) error { return nil }

// CheckSchema implements sql.AuthorizationHandler.
func (gmsNoAuth) CheckSchema(*sql.Context, sql.AuthorizationQueryState, string, string) error {
	return nil
}

// CheckTable implements sql.AuthorizationHandler.
func (gmsNoAuth) CheckTable(*sql.Context, sql.AuthorizationQueryState, string, string, string) error {
	return nil
}
