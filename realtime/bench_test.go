package realtime_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http/httptest"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
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
	e := enginetest.Migrated(b, benchSchema())
	// TINYBASE_REALTIME_BENCH_COALESCE sets Config.Coalesce (default: its default).
	co, _ := time.ParseDuration(os.Getenv("TINYBASE_REALTIME_BENCH_COALESCE"))
	rt := realtime.New(realtime.Config{Engine: e, JWTSecret: secret, SendQueue: 1 << 16, Coalesce: co})
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
	var wg sync.WaitGroup
	for i := 0; i < subs; i++ {
		key, err := benchToken(i)
		if err != nil {
			b.Fatal(err)
		}
		ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http")+"/websocket?vsn=2.0.0&apikey="+key, nil)
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

// benchUsersEnv set to "distinct" makes the benchmarks' subscribers 100
// different users of a table under row level security, each seeing only
// the rows it owns (the INSERTs go to each in turn): every change is
// checked for 100 claims and delivered to one subscriber. Otherwise the
// subscribers are all anon on a table without RLS, each receiving every
// change.
const benchUsersEnv = "TINYBASE_REALTIME_BENCH_USERS"

func benchDistinct() bool { return os.Getenv(benchUsersEnv) == "distinct" }

func benchSchema() string {
	if benchDistinct() {
		return `create table public.items (id bigserial primary key, owner uuid not null, body text not null);
alter table public.items enable row level security;
create policy own on public.items for select to authenticated using (owner = auth.uid());
grant select on public.items to authenticated;
alter publication supabase_realtime add table public.items;`
	}
	return `create table public.items (id bigserial primary key, body text not null);
grant select on public.items to anon;
alter publication supabase_realtime add table public.items;`
}

// benchUserID is the uuid of distinct subscriber i.
func benchUserID(i int) string { return fmt.Sprintf("00000000-0000-4000-8000-%012d", i) }

// benchToken is subscriber i's apikey.
func benchToken(i int) (string, error) {
	c := jwt.MapClaims{"role": "anon", "exp": time.Now().Add(time.Hour).Unix()}
	if benchDistinct() {
		c["role"], c["sub"] = "authenticated", benchUserID(i)
	}
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString([]byte(secret))
}

// benchInsert is the n-th INSERT of the benchmarks, its body the time it
// is sent (Unix nanoseconds).
func benchInsert(n int) string {
	now := strconv.FormatInt(time.Now().UnixNano(), 10)
	if benchDistinct() {
		return "insert into items (owner, body) values ('" + benchUserID(n%benchSubscribers) + "', '" + now + "')"
	}
	return "insert into items (body) values ('" + now + "')"
}

// benchDeliveries is how many deliveries n INSERTs make to the
// subscriber process.
func benchDeliveries(n int64) int64 {
	if benchDistinct() {
		return n
	}
	return n * benchSubscribers
}

// benchSubscribers is how many websocket clients BenchmarkInsertWire's
// subscriber process runs.
const benchSubscribers = 100

// benchClients is the body of the subscriber process: 100 clients
// subscribed to items, each reading every change. It prints "ready"
// once all have joined; then on stdin "start" begins measuring its CPU,
// and "end N" waits until every client has received N changes and
// prints "cpu <µs> got <changes received> wait <µs> p50 <µs> p99 <µs>",
// the wait being how long the last deliveries took to arrive after
// "end", and p50 and p99 the delivery latencies: each row's body is the
// time its INSERT was sent (Unix nanoseconds, same clock).
func benchClients(url string) {
	var got atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	for i := 0; i < benchSubscribers; i++ {
		key, err := benchToken(i)
		if err != nil {
			fmt.Println("token:", err)
			os.Exit(1)
		}
		ws, err := dialRaw(url + "&apikey=" + key)
		if err != nil {
			fmt.Println("dial:", err)
			os.Exit(1)
		}
		join := `["1","1","realtime:bench","phx_join",{"config":{"postgres_changes":[{"event":"*","schema":"public","table":"items"}]}}]`
		if err := ws.writeText([]byte(join)); err != nil {
			os.Exit(1)
		}
		for n := 0; n < 2; n++ { // reply, system
			if _, err := ws.next(); err != nil {
				os.Exit(1)
			}
		}
		go func() {
			for {
				data, err := ws.next()
				at := time.Now()
				if err != nil {
					return
				}
				sent, ok := bodyTime(data)
				if !ok {
					continue
				}
				mu.Lock()
				lat = append(lat, at.Sub(time.Unix(0, sent)))
				mu.Unlock()
				got.Add(1)
			}
		}()
	}
	fmt.Println("ready")
	in := bufio.NewScanner(os.Stdin)
	var cpu0 time.Duration
	for in.Scan() {
		f := strings.Fields(in.Text())
		switch {
		case len(f) == 1 && f[0] == "start":
			mu.Lock()
			lat = lat[:0]
			got.Store(0)
			mu.Unlock()
			cpu0 = cpuTime()
		case len(f) == 2 && f[0] == "end":
			n, _ := strconv.ParseInt(f[1], 10, 64)
			t0 := time.Now()
			for got.Load() < benchDeliveries(n) && time.Since(t0) < time.Minute {
				time.Sleep(time.Millisecond)
			}
			wait := time.Since(t0)
			cpu := cpuTime() - cpu0
			mu.Lock()
			p50, p99 := percentiles(lat)
			mu.Unlock()
			fmt.Printf("cpu %d got %d wait %d p50 %d p99 %d\n", cpu.Microseconds(), got.Load(), wait.Microseconds(), p50.Microseconds(), p99.Microseconds())
		}
	}
}

// bodyTime reads the body of a postgres_changes frame for items: the
// Unix nanoseconds its INSERT was sent.
func bodyTime(frame []byte) (int64, bool) {
	i := bytes.Index(frame, []byte(`"body":"`))
	if i < 0 {
		return 0, false
	}
	var n int64
	j := i + len(`"body":"`)
	for ; j < len(frame) && frame[j] >= '0' && frame[j] <= '9'; j++ {
		n = n*10 + int64(frame[j]-'0')
	}
	return n, j < len(frame) && frame[j] == '"'
}

// rawWS is the subscriber process's websocket client: the handshake and
// RFC 6455 framing and nothing else, reading through a large buffer, so
// that the load generator costs the shared cores as little as it can.
type rawWS struct {
	c  net.Conn
	br *bufio.Reader
}

func dialRaw(url string) (*rawWS, error) {
	rest, ok := strings.CutPrefix(url, "ws://")
	if !ok {
		return nil, fmt.Errorf("not a ws URL: %s", url)
	}
	host, path, _ := strings.Cut(rest, "/")
	c, err := net.Dial("tcp", host)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(c, "GET /%s HTTP/1.1\r\nHost: %s\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n", path, host)
	br := bufio.NewReaderSize(c, 64<<10)
	status, err := br.ReadString('\n')
	if err != nil || !strings.Contains(status, " 101 ") {
		c.Close()
		return nil, fmt.Errorf("handshake: %q %v", status, err)
	}
	for {
		line, err := br.ReadString('\n')
		if err != nil {
			c.Close()
			return nil, err
		}
		if line == "\r\n" {
			break
		}
	}
	return &rawWS{c: c, br: br}, nil
}

// writeText sends a masked text frame shorter than 64 KiB.
func (w *rawWS) writeText(p []byte) error {
	h := []byte{0x81}
	if len(p) < 126 {
		h = append(h, 0x80|byte(len(p)))
	} else {
		h = append(h, 0x80|126, byte(len(p)>>8), byte(len(p)))
	}
	mask := [4]byte{1, 2, 3, 4}
	h = append(h, mask[:]...)
	for i, b := range p {
		h = append(h, b^mask[i%4])
	}
	_, err := w.c.Write(h)
	return err
}

// next returns the payload of the next data frame, valid until the next
// call.
func (w *rawWS) next() ([]byte, error) {
	for {
		var hdr [2]byte
		if _, err := io.ReadFull(w.br, hdr[:]); err != nil {
			return nil, err
		}
		n := int(hdr[1] & 0x7f)
		switch n {
		case 126:
			var ext [2]byte
			if _, err := io.ReadFull(w.br, ext[:]); err != nil {
				return nil, err
			}
			n = int(ext[0])<<8 | int(ext[1])
		case 127:
			var ext [8]byte
			if _, err := io.ReadFull(w.br, ext[:]); err != nil {
				return nil, err
			}
			n = 0
			for _, b := range ext {
				n = n<<8 | int(b)
			}
		}
		var p []byte
		if n <= w.br.Size() {
			var err error
			if p, err = w.br.Peek(n); err != nil {
				return nil, err
			}
			_, _ = w.br.Discard(n)
		} else {
			p = make([]byte, n)
			if _, err := io.ReadFull(w.br, p); err != nil {
				return nil, err
			}
		}
		switch hdr[0] & 0x0f {
		case 1, 2:
			return p, nil
		case 8:
			return nil, io.EOF
		}
	}
}

// BenchmarkInsertWire is one-row INSERTs over the wire (pgx, one
// connection, autocommit) with no Realtime subscriber, and with 100
// websocket subscribers in a child process receiving every change. It
// reports the wall time per INSERT (ns/op), this process's CPU per
// INSERT (server and pgx client: cpu-ms/op), the subscriber process's
// CPU per INSERT (subs-cpu-ms/op: it runs on the same cores), how long
// after the last INSERT the last delivery arrived (drain-ms), and the
// delivery latencies under this sustained load (p50-µs, p99-µs: from
// sending the INSERT to a subscriber reading its change), and this
// process's CPU per INSERT up to the last delivery (drained-cpu-ms/op:
// what the dispatcher had not done yet when the INSERTs ended counts
// too); it fails unless every subscriber received every change meant
// for it.
func BenchmarkInsertWire(b *testing.B) {
	for _, subs := range []int{0, benchSubscribers} {
		b.Run(fmt.Sprintf("subscribers=%d", subs), func(b *testing.B) {
			env := benchSetup(b, 0, func(int, time.Time, []byte) {})
			var stdin io.WriteCloser
			var out *bufio.Reader
			if subs > 0 {
				cmd := exec.Command(os.Args[0], "-test.run=^$")
				cmd.Env = append(os.Environ(), benchClientsEnv+"=ws"+strings.TrimPrefix(env.url, "http")+"/websocket?vsn=2.0.0")
				stdin, _ = cmd.StdinPipe()
				pipe, _ := cmd.StdoutPipe()
				if err := cmd.Start(); err != nil {
					b.Fatal(err)
				}
				defer func() { stdin.Close(); cmd.Wait() }()
				out = bufio.NewReader(pipe)
				if line, err := out.ReadString('\n'); err != nil || line != "ready\n" {
					b.Fatalf("subscriber process: %q %v", line, err)
				}
				fmt.Fprintln(stdin, "start")
			}
			ctx := context.Background()
			b.ResetTimer()
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				if _, err := env.db.Exec(ctx, benchInsert(i)); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			if subs > 0 {
				fmt.Fprintln(stdin, "end", b.N)
				line, err := out.ReadString('\n')
				var cpu, got, wait, p50, p99 int64
				if _, serr := fmt.Sscanf(line, "cpu %d got %d wait %d p50 %d p99 %d", &cpu, &got, &wait, &p50, &p99); err != nil || serr != nil {
					b.Fatalf("subscriber process: %q %v %v", line, err, serr)
				}
				if want := benchDeliveries(int64(b.N)); got != want {
					b.Fatalf("subscribers received %d changes, want %d", got, want)
				}
				b.ReportMetric(float64(cpu)/1000/float64(b.N), "subs-cpu-ms/op")
				// with the work the dispatcher had left when the INSERTs ended
				b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "drained-cpu-ms/op")
				b.ReportMetric(float64(wait)/1000, "drain-ms")
				b.ReportMetric(float64(p50), "p50-µs")
				b.ReportMetric(float64(p99), "p99-µs")
			}
		})
	}
}

// BenchmarkDeliveryLatency is the time from issuing an INSERT over the
// wire to each of 100 subscribers receiving its change (p50 and p99 over
// every delivery), one insert at a time, 10ms apart: changes that do
// not come in a steady stream (see Config.Coalesce; under a stream
// BenchmarkInsertWire reports the latencies).
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
		done := int64(got) == benchDeliveries(1)
		mu.Unlock()
		if done {
			arrived <- struct{}{}
		}
	})
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i > 0 {
			time.Sleep(time.Until(start.Add(10 * time.Millisecond)))
		}
		mu.Lock()
		got = 0
		start = time.Now()
		mu.Unlock()
		if _, err := env.db.Exec(ctx, benchInsert(i)); err != nil {
			b.Fatal(err)
		}
		select {
		case <-arrived:
		case <-time.After(10 * time.Second):
			b.Fatalf("insert %d: only %d of %d deliveries", i, got, benchDeliveries(1))
		}
	}
	b.StopTimer()
	p50, p99 := percentiles(lat)
	b.ReportMetric(float64(p50.Microseconds()), "p50-µs")
	b.ReportMetric(float64(p99.Microseconds()), "p99-µs")
	b.ReportMetric(0, "ns/op")
}

// percentiles sorts lat and returns its median and 99th percentile.
func percentiles(lat []time.Duration) (p50, p99 time.Duration) {
	if len(lat) == 0 {
		return 0, 0
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	return lat[len(lat)/2], lat[len(lat)*99/100]
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
