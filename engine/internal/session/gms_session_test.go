package session

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
)

// TestSessionIsNotGMSSession keeps GMS's session API off *Session: GMS sees
// the gmsSession adapter (gms_session.go), and a context finds its Session
// back through fromContext.
func TestSessionIsNotGMSSession(t *testing.T) {
	var s any = (*Session)(nil)
	if _, ok := s.(sql.Session); ok {
		t.Fatal("*Session implements sql.Session; GMS's session methods belong on gmsSession")
	}
}
