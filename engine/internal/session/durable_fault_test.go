package session

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine/internal/durable"
)

// TestDurableKillHelper is the child process of TestDurableKill: it
// writes transactions to the data directory in $TINYBASE_KILL_DIR and
// prints "ack N" once commit N returned, until it is killed.
func TestDurableKillHelper(t *testing.T) {
	dir := os.Getenv("TINYBASE_KILL_DIR")
	if dir == "" {
		t.Skip("the child process of TestDurableKill")
	}
	e, err := Open(Options{DataDir: dir})
	if err != nil {
		fmt.Println("open:", err)
		os.Exit(3)
	}
	e.durable.checkpointAt = 16 << 10 // background checkpoints among the writes
	s, err := e.Connect(SessionOptions{})
	if err != nil {
		os.Exit(3)
	}
	ctx := context.Background()
	if _, err := s.Exec(ctx, "create table if not exists items (id int primary key, pad text); create table if not exists total (one int primary key, n int); insert into total values (1, 0) on conflict do nothing"); err != nil {
		fmt.Println("setup:", err)
		os.Exit(3)
	}
	start, _ := strconv.Atoi(os.Getenv("TINYBASE_KILL_START"))
	w := bufio.NewWriter(os.Stdout)
	for i := start; ; i++ {
		// Two rows and a counter in one transaction: recovery must keep
		// all three or none.
		q := fmt.Sprintf("begin; insert into items values (%d, repeat('x', %d)), (%d, 'pair'); update total set n = n + 2; commit", i, i%300, -i)
		if _, err := s.Exec(ctx, q); err != nil {
			fmt.Println("write:", err)
			os.Exit(3)
		}
		fmt.Fprintf(w, "ack %d\n", i)
		w.Flush()
	}
}

// TestDurableKill kills a writing child process at random points, then
// recovers: every acknowledged commit is there, nothing else is but the
// one commit that may have been in flight, and every commit is whole.
func TestDurableKill(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, uint64(time.Now().UnixNano())))
	next := 1
	for round := 0; round < 4; round++ {
		cmd, lines := startChild(t, "TestDurableKillHelper", "TINYBASE_KILL_DIR="+dir, "TINYBASE_KILL_START="+strconv.Itoa(next))
		acked := next - 1
		want := 20 + rng.IntN(200) // acknowledgements before the kill
		deadline := time.After(60 * time.Second)
	read:
		for n := 0; n < want; {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("round %d: the child exited", round)
				}
				if v, ok := strings.CutPrefix(l, "ack "); ok {
					acked, _ = strconv.Atoi(v)
					n++
				} else {
					t.Fatalf("round %d: child: %s", round, l)
				}
			case <-deadline:
				break read
			}
		}
		// Kill mid-write after a random pause.
		time.Sleep(time.Duration(rng.IntN(3000)) * time.Microsecond)
		cmd.Process.Kill()
		for l := range lines {
			if v, ok := strings.CutPrefix(l, "ack "); ok {
				acked, _ = strconv.Atoi(v)
			}
		}
		cmd.Wait()

		e, err := Open(Options{DataDir: dir})
		if err != nil {
			t.Fatalf("round %d: recovery: %v", round, err)
		}
		s, _ := e.Connect(SessionOptions{})
		maxID, _ := strconv.Atoi(queryValue(t, s, "select coalesce(max(id), 0) from items"))
		count, _ := strconv.Atoi(queryValue(t, s, "select count(*) from items"))
		pairs, _ := strconv.Atoi(queryValue(t, s, "select count(*) from items a join items b on b.id = -a.id where a.id > 0"))
		total, _ := strconv.Atoi(queryValue(t, s, "select n from total"))
		s.Close()
		if maxID < acked {
			t.Fatalf("round %d: acknowledged commit %d lost (max id %d)", round, acked, maxID)
		}
		if maxID > acked+1 {
			t.Fatalf("round %d: commit %d appeared, only %d were acknowledged", round, maxID, acked)
		}
		if count != 2*maxID || pairs != maxID || total != count {
			t.Fatalf("round %d: a torn transaction: %d rows, %d pairs, counter %d, max id %d", round, count, pairs, total, maxID)
		}
		if err := e.Close(); err != nil {
			t.Fatal(err)
		}
		t.Logf("round %d: killed after %d acknowledged commits, recovered %d", round, acked, maxID)
		next = maxID + 1
	}
}

// records returns a log without the zeros preallocated after its records.
func records(t *testing.T, file string) []byte {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	off := 24 // the header
	for off+8 <= len(b) {
		n := int(binary.LittleEndian.Uint32(b[off:]))
		if n == 0 {
			break
		}
		off += 8 + n
	}
	return b[:off]
}

// walFiles returns the logs of a data directory.
func walFiles(t *testing.T, dir string) []string {
	t.Helper()
	m, _ := filepath.Glob(filepath.Join(dir, "wal.*"))
	return m
}

// writeAndCrash makes a data directory whose log holds n commits after
// its checkpoint, each inserting one row into t.
func writeAndCrash(t *testing.T, n int) string {
	t.Helper()
	dir := t.TempDir()
	e, err := Open(Options{DataDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := e.Connect(SessionOptions{})
	execAll(t, s, "create table t (id int primary key, v text)")
	for i := 1; i <= n; i++ {
		execAll(t, s, fmt.Sprintf("insert into t values (%d, 'value %d')", i, i))
	}
	s.Close()
	crash(t, e)
	return dir
}

func ids(t *testing.T, dir string) (string, error) {
	t.Helper()
	e, err := Open(Options{DataDir: dir})
	if err != nil {
		return "", err
	}
	defer e.Close()
	s, _ := e.Connect(SessionOptions{})
	defer s.Close()
	return queryValue(t, s, "select string_agg(id::text, ',' order by id) from t"), nil
}

// TestDurableTornLog: a log cut anywhere inside its last record loses that
// record only, at every cut point.
func TestDurableTornLog(t *testing.T) {
	dir := writeAndCrash(t, 3)
	wal := walFiles(t, dir)
	if len(wal) != 1 {
		t.Fatalf("logs %v", wal)
	}
	full := records(t, wal[0])
	// Find the start of the last record by cutting until a commit is lost.
	for cut := 1; cut < 30; cut++ {
		c := t.TempDir()
		copyDir(t, dir, c)
		if err := os.WriteFile(filepath.Join(c, filepath.Base(wal[0])), full[:len(full)-cut], 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := ids(t, c)
		if err != nil {
			t.Fatalf("cut %d bytes: %v", cut, err)
		}
		if got != "1,2" {
			t.Fatalf("cut %d bytes: rows %s, want 1,2", cut, got)
		}
	}
	// Zeros after the last record (a preallocated or torn tail) too.
	c := t.TempDir()
	copyDir(t, dir, c)
	os.WriteFile(filepath.Join(c, filepath.Base(wal[0])), append(full, make([]byte, 100)...), 0o644)
	if got, err := ids(t, c); err != nil || got != "1,2,3" {
		t.Fatalf("zero tail: %s, %v", got, err)
	}
}

// TestDurableFlippedBytes: a flipped byte in the final record drops it
// (a torn write); anywhere else in the log or checkpoint, start refuses
// and names the file.
func TestDurableFlippedBytes(t *testing.T) {
	dir := writeAndCrash(t, 3)
	wal := walFiles(t, dir)[0]
	full := records(t, wal)
	flip := func(file string, b []byte, at int) string {
		c := t.TempDir()
		copyDir(t, dir, c)
		m := append([]byte(nil), b...)
		m[at] ^= 0x40
		os.WriteFile(filepath.Join(c, filepath.Base(file)), m, 0o644)
		return c
	}
	if got, err := ids(t, flip(wal, full, len(full)-2)); err != nil || got != "1,2" {
		t.Errorf("flip in the final record: %s, %v; want 1,2", got, err)
	}
	// The same with the log's preallocated zeros after it.
	padded := append(append([]byte(nil), full...), make([]byte, 4096)...)
	if got, err := ids(t, flip(wal, padded, len(full)-2)); err != nil || got != "1,2" {
		t.Errorf("flip in the final record before zeros: %s, %v; want 1,2", got, err)
	}
	for _, at := range []int{30, len(full) / 2} {
		_, err := ids(t, flip(wal, full, at))
		if err == nil || !strings.Contains(err.Error(), filepath.Base(wal)) || !strings.Contains(err.Error(), "is damaged") {
			t.Errorf("flip at %d of %d: %v, want a refusal naming the log", at, len(full), err)
		}
	}
	ck, _ := filepath.Glob(filepath.Join(dir, "checkpoint.*"))
	cb, _ := os.ReadFile(ck[0])
	_, err := ids(t, flip(ck[0], cb, len(cb)/2))
	var ce *durable.CorruptError
	if err == nil || !strings.Contains(err.Error(), filepath.Base(ck[0])) || !asCorrupt(err, &ce) {
		t.Errorf("flip in the checkpoint: %v, want a refusal naming it", err)
	}
}

func asCorrupt(err error, ce **durable.CorruptError) bool {
	e, ok := err.(*durable.CorruptError)
	*ce = e
	return ok
}

func copyDir(t *testing.T, from, to string) {
	t.Helper()
	ents, err := os.ReadDir(from)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(to, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// startChild runs this test binary's helper test in a child process with
// env added, for a test that kills it; lines carries what the child
// prints, closed when it exits.
func startChild(t *testing.T, helper string, env ...string) (*exec.Cmd, <-chan string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+helper+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	return cmd, lines
}
