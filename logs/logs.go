package logs

import (
	"fmt"
	"strings"
	"sync"
	"time"
)

// The services entries are kept for. An HTTP path outside the known
// prefixes is logged under API.
const (
	Postgres = "postgres"
	REST     = "rest"
	Auth     = "auth"
	Storage  = "storage"
	Realtime = "realtime"
	API      = "api"
)

// Services are the services a Set keeps a ring for, in display order.
var Services = []string{Postgres, REST, Auth, Storage, Realtime, API}

// Entry is one logged statement or request. Statement entries set SQL,
// Rows and SQLState; request entries Method, Path and Status.
type Entry struct {
	// Seq orders entries across every ring of a Set; Since and the
	// HTTP endpoint page with it.
	Seq     uint64    `json:"seq"`
	Time    time.Time `json:"time"`
	Service string    `json:"service"`
	Role    string    `json:"role,omitempty"`
	// Client names the tinybase service that ran a statement on the
	// database (rest, auth, storage); empty for wire clients.
	Client   string        `json:"client,omitempty"`
	Duration time.Duration `json:"duration_ns"`
	Slow     bool          `json:"slow,omitempty"`

	SQL      string `json:"sql,omitempty"`
	Rows     int64  `json:"rows"`
	SQLState string `json:"sqlstate,omitempty"`
	Error    string `json:"error,omitempty"`

	Method string `json:"method,omitempty"`
	Path   string `json:"path,omitempty"`
	Status int    `json:"status,omitempty"`
}

// String is the entry as one line, for `start --log` and `tinybase logs`.
func (e Entry) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %-8s", e.Time.Format("15:04:05.000"), e.Service)
	if e.Method != "" {
		fmt.Fprintf(&b, " %s %s %d", e.Method, e.Path, e.Status)
	} else {
		state := e.SQLState
		if state == "" {
			state = "00000"
		}
		fmt.Fprintf(&b, " %s rows=%d", state, e.Rows)
	}
	fmt.Fprintf(&b, " %s", e.Duration.Round(time.Microsecond))
	if e.Role != "" {
		fmt.Fprintf(&b, " role=%s", e.Role)
	}
	if e.Client != "" {
		fmt.Fprintf(&b, " client=%s", e.Client)
	}
	if e.Slow {
		b.WriteString(" SLOW")
	}
	if e.SQL != "" {
		b.WriteString(" " + oneLine(e.SQL, 200))
	}
	if e.Error != "" {
		b.WriteString(" error: " + oneLine(e.Error, 200))
	}
	return b.String()
}

func oneLine(s string, max int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > max {
		s = s[:max] + "..."
	}
	return s
}

// Ring is a bounded log: once full, each Add forgets the oldest entry.
// It is safe for concurrent use.
type Ring struct {
	mu     sync.Mutex
	buf    []Entry
	start  int // index of the oldest entry
	n      int
	seq    *seqSource
	subs   map[int]chan Entry
	nextID int
}

type seqSource struct {
	mu  sync.Mutex
	seq uint64
}

func (s *seqSource) next() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seq++
	return s.seq
}

// NewRing returns a ring keeping the last size entries (at least 1).
func NewRing(size int) *Ring {
	return newRing(size, &seqSource{})
}

func newRing(size int, seq *seqSource) *Ring {
	if size < 1 {
		size = 1
	}
	return &Ring{buf: make([]Entry, size), seq: seq, subs: map[int]chan Entry{}}
}

// Add stores e with the next sequence number (and the current time when
// e.Time is zero), hands it to every subscriber and returns it.
func (r *Ring) Add(e Entry) Entry {
	if e.Time.IsZero() {
		e.Time = time.Now()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	e.Seq = r.seq.next()
	if r.n < len(r.buf) {
		r.buf[(r.start+r.n)%len(r.buf)] = e
		r.n++
	} else {
		r.buf[r.start] = e
		r.start = (r.start + 1) % len(r.buf)
	}
	for _, ch := range r.subs {
		// A subscriber that does not keep up misses entries rather
		// than slowing the statement that logged them.
		select {
		case ch <- e:
		default:
		}
	}
	return e
}

// Since returns the kept entries with Seq > seq, oldest first.
func (r *Ring) Since(seq uint64) []Entry {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []Entry
	for i := 0; i < r.n; i++ {
		if e := r.buf[(r.start+i)%len(r.buf)]; e.Seq > seq {
			out = append(out, e)
		}
	}
	return out
}

// Subscribe returns a channel receiving every entry added from now on
// (entries are dropped while its buffer of size buffer is full) and a
// cancel function that closes it.
func (r *Ring) Subscribe(buffer int) (<-chan Entry, func()) {
	ch := make(chan Entry, max(buffer, 1))
	r.mu.Lock()
	id := r.nextID
	r.nextID++
	r.subs[id] = ch
	r.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			r.mu.Lock()
			delete(r.subs, id)
			r.mu.Unlock()
			close(ch)
		})
	}
}
