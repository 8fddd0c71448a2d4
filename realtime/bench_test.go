package realtime_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/golang-jwt/jwt/v5"
	"github.com/jackc/pgx/v5"

	"github.com/tinybase/tinybase/engine/enginetest"
	"github.com/tinybase/tinybase/pgwire"
	"github.com/tinybase/tinybase/realtime"
)

// benchSetup serves an engine with a published table over pgwire (trust
// auth) and Realtime, and connects subs websocket clients subscribed to
// every change of the table. Each received frame is stamped and passed
// to onFrame.
type benchEnv struct {
	url     string
	db      *pgx.Conn
	clients []*websocket.Conn
}

func benchSetup(b *testing.B, subs int, onFrame func(i int, at time.Time, data []byte)) *benchEnv {
	b.Helper()
	e := enginetest.Migrated(b, `create table public.items (id bigserial primary key, body text not null);
grant select on public.items to anon;
alter publication supabase_realtime add table public.items;`)
	rt := realtime.New(realtime.Config{Engine: e, JWTSecret: secret, SendQueue: 1 << 16})
	hs := httptest.NewServer(rt)
	wire, err := pgwire.New(e, pgwire.Config{Auth: pgwire.AuthTrust})
	if err != nil {
		b.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go wire.Serve(ln)
	ctx := context.Background()
	db, err := pgx.Connect(ctx, "postgres://postgres@"+ln.Addr().String()+"/postgres?sslmode=disable")
	if err != nil {
		b.Fatal(err)
	}
	env := &benchEnv{db: db, url: hs.URL}
	anon := token(b, jwt.MapClaims{"role": "anon"})
	var wg sync.WaitGroup
	for i := 0; i < subs; i++ {
		ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/websocket?vsn=2.0.0&apikey="+anon, nil)
		if err != nil {
			b.Fatal(err)
		}
		ws.SetReadLimit(1 << 20)
		join := `["1","1","realtime:bench","phx_join",{"config":{"postgres_changes":[{"event":"*","schema":"public","table":"items"}]}}]`
		if err := ws.Write(ctx, websocket.MessageText, []byte(join)); err != nil {
			b.Fatal(err)
		}
		for n := 0; n < 2; n++ { // reply, system
			if _, _, err := ws.Read(ctx); err != nil {
				b.Fatal(err)
			}
		}
		env.clients = append(env.clients, ws)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				_, data, err := ws.Read(ctx)
				if err != nil {
					return
				}
				onFrame(i, time.Now(), data)
			}
		}()
	}
	b.Cleanup(func() {
		db.Close(ctx)
		for _, ws := range env.clients {
			ws.CloseNow()
		}
		wg.Wait()
		rt.Close()
		hs.Close()
		sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		wire.Shutdown(sctx)
	})
	return env
}

const benchClientsEnv = "TINYBASE_REALTIME_BENCH_CLIENTS"

// benchClients is the body of the subscriber process: 100 clients
// subscribed to items, reading until stdin closes.
func benchClients(url string) {
	ctx := context.Background()
	for i := 0; i < 100; i++ {
		ws, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			fmt.Println("dial:", err)
			os.Exit(1)
		}
		ws.SetReadLimit(1 << 20)
		join := `["1","1","realtime:bench","phx_join",{"config":{"postgres_changes":[{"event":"*","schema":"public","table":"items"}]}}]`
		if err := ws.Write(ctx, websocket.MessageText, []byte(join)); err != nil {
			os.Exit(1)
		}
		for n := 0; n < 2; n++ {
			if _, _, err := ws.Read(ctx); err != nil {
				os.Exit(1)
			}
		}
		go func() {
			for {
				if _, _, err := ws.Read(ctx); err != nil {
					return
				}
			}
		}()
	}
	fmt.Println("ready")
	_, _ = io.Copy(io.Discard, os.Stdin)
}

// BenchmarkInsertWire is one-row INSERTs over the wire (one connection,
// autocommit) with no Realtime subscriber and with 100 websocket
// subscribers receiving every change, in this process (their reads
// compete with the server for CPU) or in a child process.
func BenchmarkInsertWire(b *testing.B) {
	for _, subs := range []int{0, 100, -100} {
		name := fmt.Sprintf("subscribers=%d", subs)
		if subs < 0 {
			name = fmt.Sprintf("subscribers=%d-other-process", -subs)
		}
		b.Run(name, func(b *testing.B) {
			env := benchSetup(b, max(subs, 0), func(int, time.Time, []byte) {})
			if subs < 0 {
				cmd := exec.Command(os.Args[0], "-test.run=^$")
				cmd.Env = append(os.Environ(), benchClientsEnv+"=ws"+strings.TrimPrefix(env.url, "http")+"/websocket?vsn=2.0.0&apikey="+token(b, jwt.MapClaims{"role": "anon"}))
				stdin, _ := cmd.StdinPipe()
				out, _ := cmd.StdoutPipe()
				if err := cmd.Start(); err != nil {
					b.Fatal(err)
				}
				defer func() { stdin.Close(); cmd.Wait() }()
				line, err := bufio.NewReader(out).ReadString('\n')
				if err != nil || line != "ready\n" {
					b.Fatalf("subscriber process: %q %v", line, err)
				}
			}
			ctx := context.Background()
			b.ResetTimer()
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				if _, err := env.db.Exec(ctx, "insert into items (body) values ('x')"); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}

// BenchmarkDeliveryLatency is the time from issuing an INSERT over the
// wire to each of 100 subscribers receiving its change (p50 and p99 over
// every delivery), one insert at a time.
func BenchmarkDeliveryLatency(b *testing.B) {
	const subs = 100
	var mu sync.Mutex
	var got int
	var lat []time.Duration
	var start time.Time
	arrived := make(chan struct{}, 1)
	env := benchSetup(b, subs, func(_ int, at time.Time, data []byte) {
		if !strings.Contains(string(data), `"postgres_changes"`) {
			return
		}
		mu.Lock()
		lat = append(lat, at.Sub(start))
		got++
		done := got == subs
		mu.Unlock()
		if done {
			arrived <- struct{}{}
		}
	})
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		mu.Lock()
		got = 0
		start = time.Now()
		mu.Unlock()
		if _, err := env.db.Exec(ctx, "insert into items (body) values ('x')"); err != nil {
			b.Fatal(err)
		}
		select {
		case <-arrived:
		case <-time.After(10 * time.Second):
			b.Fatalf("insert %d: only %d of %d deliveries", i, got, subs)
		}
	}
	b.StopTimer()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(0, "ns/op")
}

// cpuTime is this process's user and system CPU time: on a loaded
// machine it says more than wall time does.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
