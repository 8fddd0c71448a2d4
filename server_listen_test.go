package tinybase_test

import (
	"context"
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/tinybase/tinybase"
)

// A client that connects to the ports Listen bound before the project is
// open waits, and is answered once ServeOn serves them (`tinybase start`
// binds its ports first); the server owns the listeners from then on.
func TestListenBeforeOpen(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	cfg, err := tinybase.LoadConfig(dir, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.APIPort, cfg.DBPort, cfg.StudioPort, cfg.InboxPort = 0, 0, 0, 0
	lns, err := tinybase.Listen(cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan error, 1)
	go func() {
		url := fmt.Sprintf("postgres://postgres:postgres@%s/postgres?sslmode=disable", lns.DB.Addr())
		cctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		conn, err := pgx.Connect(cctx, url)
		if err != nil {
			got <- err
			return
		}
		defer conn.Close(ctx)
		var n int
		if err := conn.QueryRow(cctx, "select 1").Scan(&n); err != nil || n != 1 {
			got <- fmt.Errorf("select 1: %d, %v", n, err)
			return
		}
		got <- nil
	}()
	time.Sleep(20 * time.Millisecond) // the client is in the listen queue
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir, Config: &cfg})
	if err != nil {
		lns.Close()
		t.Fatal(err)
	}
	srv, err := p.ServeOn(ctx, lns)
	if err != nil {
		t.Fatal(err)
	}
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	if want := lns.DB.Addr().(*net.TCPAddr).Port; srv.DBURL() != fmt.Sprintf("postgresql://postgres:postgres@127.0.0.1:%d/postgres", want) {
		t.Errorf("DBURL %s, want port %d", srv.DBURL(), want)
	}
	if srv.APIURL() != "http://"+lns.API.Addr().String() {
		t.Errorf("APIURL %s, want %s", srv.APIURL(), lns.API.Addr())
	}
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if c, err := net.Dial("tcp", lns.DB.Addr().String()); err == nil {
		c.Close()
		t.Error("the database port still accepts after Shutdown")
	}
}

// A port Listen cannot bind is an error naming it, as Serve's is.
func TestListenPortTaken(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	cfg := tinybase.Config{Host: "127.0.0.1", DBPort: busy.Addr().(*net.TCPAddr).Port}
	if l, err := tinybase.Listen(cfg, true); err == nil {
		l.Close()
		t.Fatal("Listen bound a taken port")
	} else if !strings.HasPrefix(err.Error(), "database port: ") {
		t.Errorf("error %q, want it to name the database port", err)
	}
}
