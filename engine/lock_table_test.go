package engine_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/engine/enginetest"
)

// TestLockTableModes: LOCK TABLE in a mode that conflicts with writers
// (SHARE and stronger) keeps other transactions from writing until the
// locker ends; NOWAIT fails at once with 55P03 instead of waiting; the
// weaker modes do not block writers; outside a block LOCK is 25P01.
func TestLockTableModes(t *testing.T) {
	e := enginetest.New(t)
	a, b := enginetest.Session(t, e), enginetest.Session(t, e)
	ctx := context.Background()
	enginetest.Exec(t, a, "create table lk (id int primary key)")
	code := func(err error) string {
		var pe *engine.Error
		if errors.As(err, &pe) {
			return pe.Code
		}
		return ""
	}
	if _, err := a.Exec(ctx, "lock table lk in access exclusive mode"); code(err) != "25P01" {
		t.Errorf("LOCK outside a block: %v, want 25P01", err)
	}
	enginetest.Exec(t, a, "begin; lock table lk in row exclusive mode")
	enginetest.Exec(t, b, "insert into lk values (1)") // a weak lock does not block
	enginetest.Exec(t, a, "lock table lk in access exclusive mode")
	enginetest.Exec(t, b, "begin")
	if _, err := b.Exec(ctx, "lock table lk in share mode nowait"); code(err) != "55P03" {
		t.Errorf("NOWAIT against a held lock: %v, want 55P03", err)
	}
	enginetest.Exec(t, b, "rollback")
	wait, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	if _, err := b.Exec(wait, "insert into lk values (2)"); err == nil {
		t.Error("a write went through while another transaction held ACCESS EXCLUSIVE")
	}
	enginetest.Exec(t, a, "insert into lk values (3); commit")
	enginetest.Exec(t, b, "begin; lock table lk in access exclusive mode nowait; insert into lk values (2); commit")
	res := enginetest.Exec(t, a, "select count(*) from lk")
	if got := *res[0].Rows[0][0]; got != "3" {
		t.Errorf("rows = %s, want 3", got)
	}
}
