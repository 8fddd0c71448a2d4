package pgwire

import (
	"context"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine/enginetest"
)

// startServer serves a fresh engine on an ephemeral port and returns a
// connection URL for postgres/postgres.
func startServer(t testing.TB, cfg Config) (*Server, string) {
	t.Helper()
	eng := enginetest.New(t)
	srv, err := New(eng, cfg)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(l) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		<-done
	})
	port := l.Addr().(*net.TCPAddr).Port
	return srv, fmt.Sprintf("postgres://postgres:postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
}
