package tinybase_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/tinybase/tinybase"
)

// A migration may end with NOTIFY pgrst, 'reload schema' (as Supabase
// projects' migrations often do), and notifications cross the servers: a
// NOTIFY raised through /rest/v1 reaches a LISTEN on the database port
// once the request's transaction commits. The migration's view over a
// private table is embeddable.
func TestServeNotify(t *testing.T) {
	ctx := context.Background()
	cfg := tinybase.DefaultConfig("")
	cfg.APIPort, cfg.DBPort, cfg.InboxPort = 0, 0, 0
	dir := project(t, map[string]string{
		"migrations/20240101000000_ping.sql": `create function public.ping(msg text) returns void language sql as $$ select pg_notify('pings', msg) $$;
grant execute on function public.ping(text) to anon;
create schema private;
create table private.owners (id int primary key, name text);
create table public.pets (id int primary key, owner_id int references private.owners(id), name text);
create view public.owners as select id, name from private.owners;
insert into private.owners values (1, 'ann');
insert into public.pets values (1, 1, 'rex');
grant select on public.pets, public.owners to anon;
notify pgrst, 'reload schema';`,
	})
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir, Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := p.Serve(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(ctx)
	conn, err := pgx.Connect(ctx, srv.DBURL())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "listen pings"); err != nil {
		t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, srv.APIURL()+"/rest/v1/rpc/ping", strings.NewReader(`{"msg":"hello from rest"}`))
	req.Header.Set("apikey", wellKnownAnon)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent && resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("rpc: %d %s", resp.StatusCode, b)
	}
	// The server's schema cache (read as the authenticator role) finds
	// the relationship through the view over the private table.
	req, _ = http.NewRequest(http.MethodGet, srv.APIURL()+"/rest/v1/pets?select=name,owners(name)", nil)
	req.Header.Set("apikey", wellKnownAnon)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || string(body) != `[{"name":"rex","owners":{"name":"ann"}}]` {
		t.Fatalf("embed through a view: %d %s", resp.StatusCode, body)
	}
	wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	n, err := conn.WaitForNotification(wctx)
	if err != nil {
		t.Fatal(err)
	}
	if n.Channel != "pings" || n.Payload != "hello from rest" {
		t.Fatalf("got %s %q", n.Channel, n.Payload)
	}
}
