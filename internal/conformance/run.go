package conformance

import (
	"context"
	"fmt"
	"runtime/debug"
	"strings"
	"time"
)

// Target is a database that case files run on: PostgreSQL or tinybase.
type Target interface {
	// Open returns a session on a fresh, empty database.
	Open(ctx context.Context) (Session, error)
}

// Session runs statements one at a time, as one client connection would.
type Session interface {
	// Exec runs one statement. A statement error is reported in
	// Result.Error; a returned error means the statement could not be run
	// or failed without a SQLSTATE.
	Exec(ctx context.Context, sql string) (*Result, error)
	// Close ends the session and releases its database.
	Close() error
}

// StatementTimeout bounds one statement's run time unless RunFile is told
// otherwise.
const StatementTimeout = 10 * time.Second

// abandoned marks statements left unrun after a session hung.
const abandoned = "not run: the session hung on an earlier statement"

// RunFile runs every statement of f on a fresh session of t and returns one
// Result per statement. A statement that panics, hangs past timeout or fails
// without a SQLSTATE gets a Result with Failure set; after a hang the rest
// of the file is not run. The returned error reports only a failure to open
// the session.
func RunFile(ctx context.Context, t Target, f *File, timeout time.Duration) ([]*Result, error) {
	if timeout <= 0 {
		timeout = StatementTimeout
	}
	var sess Session
	var err error
	if bt, ok := t.(BootstrapTarget); ok && UsesBootstrap(f) { // bootstrap.go
		sess, err = bt.OpenBootstrapped(ctx)
	} else {
		sess, err = t.Open(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("conformance: %s: open session: %w", f.Name, err)
	}
	hung := false
	defer func() {
		if !hung {
			sess.Close()
		}
	}()
	results := make([]*Result, len(f.Statements))
	for i, st := range f.Statements {
		var res *Result
		if hung {
			res = &Result{Failure: abandoned}
		} else {
			res, hung = execGuarded(ctx, sess, st.SQL, timeout)
		}
		res.N, res.SQL, res.Ordered = i+1, st.SQL, st.Ordered
		if res.Error != nil && !f.Context {
			res.Error.dropContext()
		}
		results[i] = res
	}
	return results, nil
}

// execGuarded runs one statement, turning panics, hangs and errors without a
// SQLSTATE into a Result with Failure set. hung reports that the statement
// is still running and the session must not be used again.
func execGuarded(ctx context.Context, sess Session, sql string, timeout time.Duration) (res *Result, hung bool) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	done := make(chan *Result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- &Result{Failure: fmt.Sprintf("panic: %v (at %s)", p, panicSite(debug.Stack()))}
			}
		}()
		res, err := sess.Exec(ctx, sql)
		switch {
		case err != nil:
			done <- &Result{Failure: "error without SQLSTATE: " + clip(err.Error())}
		case res == nil:
			done <- &Result{Failure: "no result"}
		default:
			done <- res
		}
	}()
	// Grace beyond the context deadline lets a target that honours the
	// context report its own cancellation error.
	grace := min(time.Second, timeout/10)
	timer := time.NewTimer(timeout + grace)
	defer timer.Stop()
	select {
	case res := <-done:
		return res, false
	case <-timer.C:
		return &Result{Failure: fmt.Sprintf("timeout: still running after %s", timeout)}, true
	}
}

// panicSite picks the first stack frame outside the runtime and the
// harness, so a panic's reason names the code that raised it.
func panicSite(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	for i := 0; i+1 < len(lines); i++ {
		fn := strings.TrimSpace(lines[i])
		if strings.HasPrefix(fn, "panic(") || strings.HasPrefix(fn, "runtime") ||
			strings.HasPrefix(fn, "goroutine ") || strings.Contains(fn, "/internal/conformance.execGuarded") ||
			!strings.HasPrefix(lines[i+1], "\t") {
			continue
		}
		loc := strings.TrimSpace(lines[i+1])
		if j := strings.LastIndex(loc, "/"); j >= 0 {
			loc = loc[j+1:]
		}
		if j := strings.Index(loc, " +0x"); j >= 0 {
			loc = loc[:j]
		}
		return loc
	}
	return "unknown"
}
