package logs

import (
	"context"
	"sort"
	"strings"
	"time"
)

// DefaultRingSize is how many entries each service's ring keeps.
const DefaultRingSize = 1000

// Set is a running instance's logs: one Ring per service, sharing one
// sequence so entries of different services interleave in order.
type Set struct {
	rings map[string]*Ring
	// SlowThreshold marks statements at least this long as Slow; 0
	// marks none.
	SlowThreshold time.Duration
}

// NewSet returns a Set with a ring of size entries for each of Services.
func NewSet(size int) *Set {
	seq := &seqSource{}
	s := &Set{rings: map[string]*Ring{}}
	for _, name := range Services {
		s.rings[name] = newRing(size, seq)
	}
	return s
}

// Ring returns the named service's ring, nil for an unknown service.
func (s *Set) Ring(service string) *Ring { return s.rings[service] }

// Add stores e in its service's ring (API's when the service is
// unknown), marking it Slow against SlowThreshold.
func (s *Set) Add(e Entry) Entry {
	r := s.rings[e.Service]
	if r == nil {
		e.Service = API
		r = s.rings[API]
	}
	if s.SlowThreshold > 0 && e.Duration >= s.SlowThreshold && e.SQL != "" {
		e.Slow = true
	}
	return r.Add(e)
}

// Since returns the entries of the given services (all when none) with
// Seq > seq, in Seq order.
func (s *Set) Since(seq uint64, services ...string) []Entry {
	var out []Entry
	for _, r := range s.pick(services) {
		out = append(out, r.Since(seq)...)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Seq < out[j].Seq })
	return out
}

// LastSeq is the sequence number of the latest entry (0 when none).
func (s *Set) LastSeq() uint64 {
	s.rings[API].seq.mu.Lock()
	defer s.rings[API].seq.mu.Unlock()
	return s.rings[API].seq.seq
}

// Follow calls fn with the kept entries of the given services (all when
// none) with Seq > since, then with every new one as it is added, until
// ctx ends or fn returns false. Pass LastSeq() to see only new entries.
// A follower that falls behind by more than a few hundred entries misses
// some rather than slowing the statements that log them.
func (s *Set) Follow(ctx context.Context, since uint64, fn func(Entry) bool, services ...string) {
	merged := make(chan Entry, 1024)
	var cancels []func()
	for _, r := range s.pick(services) {
		ch, cancel := r.Subscribe(256)
		cancels = append(cancels, cancel)
		go func() {
			for e := range ch {
				select {
				case merged <- e:
				default:
				}
			}
		}()
	}
	defer func() {
		for _, c := range cancels {
			c()
		}
	}()
	// Subscribed first, then the backlog: nothing added in between is
	// lost, and the Seq check drops what both delivered.
	last := since
	for _, e := range s.Since(since, services...) {
		if !fn(e) {
			return
		}
		last = e.Seq
	}
	for {
		select {
		case <-ctx.Done():
			return
		case e := <-merged:
			if e.Seq <= last {
				continue
			}
			last = e.Seq
			if !fn(e) {
				return
			}
		}
	}
}

func (s *Set) pick(services []string) []*Ring {
	if len(services) == 0 {
		services = Services
	}
	var out []*Ring
	for _, name := range services {
		if r := s.rings[name]; r != nil {
			out = append(out, r)
		}
	}
	return out
}

// ServiceOfPath is the service an API request path belongs to.
func ServiceOfPath(path string) string {
	for prefix, svc := range map[string]string{"/rest/v1": REST, "/auth/v1": Auth, "/storage/v1": Storage, "/realtime/v1": Realtime} {
		if path == prefix || strings.HasPrefix(path, prefix+"/") {
			return svc
		}
	}
	return API
}
