package engine_test

import (
	"context"
	"testing"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestDomainOverExtensionTypeDurable reopens a data directory holding a
// domain over an extension's base type (grida's CREATE DOMAIN email AS
// citext): the checkpoint's domain comes back over citext, its check and
// case-insensitive comparison with it (the reopen failed with "no
// implementation of extension base type email").
func TestDomainOverExtensionTypeDurable(t *testing.T) {
	s2 := enginetest.Reopened(t, `create extension citext;
		create domain email as citext check (value ~ '@');
		create table users (id int primary key, mail email);
		insert into users values (1, 'A@Example.com')`, "")
	res := enginetest.Exec(t, s2, `select count(*) from users where mail = 'a@example.COM'`)
	if got := *res[0].Rows[0][0]; got != "1" {
		t.Errorf("case-insensitive match after reopening: %s rows, want 1", got)
	}
	if _, err := s2.Exec(context.Background(), "insert into users values (2, 'nobody')"); err == nil {
		t.Error("the domain's check did not apply after reopening")
	}
}
