package realtime

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// changeFeed subscribes to the engine's committed changes while some
// channel is joined (any channel may receive broadcasts from the
// database; those with postgres_changes bindings also receive row
// changes), and dispatches them on one goroutine that owns an engine
// session for the RLS checks.
type changeFeed struct {
	s *Server

	mu        sync.Mutex
	subs      map[*channel]struct{} // channels with postgres_changes bindings
	subsVer   uint64                // moves when subs or their claims change
	listeners int                   // joined channels
	cancel    func()                // the engine subscription, nil when none
	running   bool

	queue   chan engine.CommittedChanges
	quit    chan struct{}
	stopped sync.Once
	// Dropped counts commits lost because the queue was full.
	dropped atomic.Int64

	sess    *engine.Session // in the subscriber's role, for RLS checks
	cat     *engine.Session // as postgres, for the catalog
	version uint64
	tables  map[[2]string]tableInfo
	privs   map[privKey]bool // SELECT on a table (mayRead)

	// The dispatcher's grouping of subs (groupsVer: of subsVer).
	groups    []*subGroup
	groupsVer uint64
	// Scratch of the dispatcher goroutine, kept between changes.
	touched []*conn // connections with frames queued this round, to wake
	key     []byte  // frame cache key being built

	// The round being dispatched (dispatch.go) and its scratch.
	round       []engine.CommittedChanges
	changes     []roundChange
	matches     []roundMatch
	idArena     []int64
	checks      []visCheck
	checksByKey map[visKey][]*visCheck
	checkKeys   []visKey
	stmts       map[[2]string]*engine.Prepared // lookups of f.sess by table (visibility.go)
	claimKeysOf map[string][]string
}

// maxRound is how many queued commits a dispatch round outside a steady
// stream takes before sending.
const maxRound = 64

// tableInfo is what the dispatcher needs of a published table.
type tableInfo struct {
	replident byte            // relreplident: d, f, n, i
	identity  map[string]bool // REPLICA IDENTITY USING INDEX: the index's columns
	rls       bool
}

func newChangeFeed(s *Server) *changeFeed {
	return &changeFeed{s: s, subs: map[*channel]struct{}{}, queue: make(chan engine.CommittedChanges, s.cfg.ChangeQueue), quit: make(chan struct{})}
}

// attach counts a joined channel, subscribing to the engine's changes
// for the first.
func (f *changeFeed) attach() {
	f.mu.Lock()
	defer f.mu.Unlock()
	select {
	case <-f.quit:
		return
	default:
	}
	f.listeners++
	if f.cancel == nil && f.s.cfg.Engine != nil {
		f.cancel = f.s.cfg.Engine.SubscribeChanges(f.enqueue)
	}
	if !f.running {
		f.running = true
		f.s.wg.Add(1)
		go f.run()
	}
}

// detach uncounts a channel that left; with none left the engine stops
// capturing changes.
func (f *changeFeed) detach() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.listeners > 0 {
		f.listeners--
	}
	if f.listeners == 0 && f.cancel != nil {
		f.cancel()
		f.cancel = nil
	}
}

// add registers ch's postgres_changes bindings (ch is attached).
func (f *changeFeed) add(ch *channel) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.subs[ch] = struct{}{}
	f.subsVer++
}

func (f *changeFeed) remove(ch *channel) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.subs, ch)
	f.subsVer++
}

// claimsChanged tells the dispatcher a channel's claims changed.
func (f *changeFeed) claimsChanged() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.subsVer++
}

func (f *changeFeed) stop() {
	f.stopped.Do(func() {
		f.mu.Lock()
		if f.cancel != nil {
			f.cancel()
			f.cancel = nil
		}
		close(f.quit)
		f.mu.Unlock()
	})
}

// enqueueListened is enqueue for the PostgreSQL feed, which runs whether
// or not a channel is joined: commits with no channel to hear them are
// skipped, as the engine captures none then.
func (f *changeFeed) enqueueListened(cc engine.CommittedChanges) {
	if f.listening() {
		f.enqueue(cc)
	}
}

// listening reports whether a channel with postgres_changes is joined.
func (f *changeFeed) listening() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.listeners > 0
}

// enqueue runs on the committing goroutine: it must not block.
func (f *changeFeed) enqueue(cc engine.CommittedChanges) {
	select {
	case f.queue <- cc:
	default:
		f.dropped.Add(1)
	}
}

func (f *changeFeed) run() {
	defer f.s.wg.Done()
	defer func() {
		if f.sess != nil {
			f.sess.Close()
		}
		if f.cat != nil {
			f.cat.Close()
		}
	}()
	// Under a steady stream of changes (on average more than one per
	// quarter of Coalesce) the dispatcher sleeps through a window, then
	// dispatches every commit queued meanwhile and writes each
	// connection's frames at once: a change costs neither a wake of this
	// goroutine nor a socket write per subscriber. The window is
	// Coalesce, or longer when writing took long (many subscribers, a
	// busy machine), so that writing stays a small share of the time,
	// up to Realtime's own polling interval. A change after a quieter
	// spell is dispatched and sent at once.
	window := f.s.cfg.Coalesce
	cur := window // the window in use
	timer := time.NewTimer(time.Hour)
	timer.Stop()
	defer timer.Stop()
	armed := false
	var lastArrival, lastWake time.Time
	gap := window // moving average of the time between commits
	for {
		if armed {
			select {
			case <-timer.C:
			case <-f.quit:
				return
			}
			armed = false
			now := time.Now()
			k := f.collect(cap(f.queue))
			f.dispatchRound()
			f.wake()
			lastWake = now
			cur = min(max(window, writeShare*time.Since(now)), maxWindow)
			if k > 0 {
				gap = (3*gap + cur/time.Duration(k)) / 4
				lastArrival = now
				if gap < window/4 {
					timer.Reset(cur)
					armed = true
				}
			}
			continue
		}
		select {
		case cc := <-f.queue:
			now := time.Now()
			g := min(now.Sub(lastArrival), 4*window)
			lastArrival = now
			gap = (3*gap + g) / 4
			f.round = append(f.round, cc)
			f.collect(maxRound - 1)
			f.dispatchRound()
			switch {
			case len(f.touched) == 0:
			case window <= 0 || gap >= window/4 || now.Sub(lastWake) >= cur:
				f.wake()
				lastWake = now
			default:
				timer.Reset(cur - now.Sub(lastWake))
				armed = true
			}
		case <-f.quit:
			return
		}
	}
}

// A steady stream's window is at most maxWindow (Supabase Realtime polls
// for changes every 100ms) and at least writeShare times as long as the
// last round of dispatching and writing took.
const (
	maxWindow  = 100 * time.Millisecond
	writeShare = 16
)

// collect adds up to n commits already queued to the round and returns
// how many.
func (f *changeFeed) collect(n int) int {
	for i := 0; i < n; i++ {
		select {
		case cc := <-f.queue:
			f.round = append(f.round, cc)
		default:
			return i
		}
	}
	return n
}

// wake sends the frames queued since the last wake: on this goroutine
// where the sockets take them at once, else by the connections' writers.
func (f *changeFeed) wake() {
	for i, c := range f.touched {
		c.tryFlush()
		f.touched[i] = nil
	}
	f.touched = f.touched[:0]
}

// deliver queues a frame for c, to be sent at the next wake.
func (f *changeFeed) deliver(c *conn, fr []byte) {
	if c.enqueue(frame{wire: fr}) {
		f.touched = append(f.touched, c)
	}
}

// subGroup is channels that receive a change alike: same socket
// protocol, topic and bindings (channel.sig), role and claims. The
// dispatcher matches, checks and renders a change once per group.
type subGroup struct {
	rep   *channel // any member
	cl    *claims
	chans []*channel
}

// subGroups returns the subscribed channels grouped, regrouping only
// after a join, leave or token refresh.
func (f *changeFeed) subGroups() []*subGroup {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.groups != nil && f.groupsVer == f.subsVer {
		return f.groups
	}
	type key struct{ sig, role, claims string }
	byKey := map[key]*subGroup{}
	groups := make([]*subGroup, 0)
	for ch := range f.subs {
		cl := ch.auth()
		k := key{ch.sig, cl.role, cl.json}
		g := byKey[k]
		if g == nil {
			g = &subGroup{rep: ch, cl: cl}
			byKey[k] = g
			groups = append(groups, g)
		}
		g.chans = append(g.chans, ch)
	}
	f.groups, f.groupsVer = groups, f.subsVer
	return groups
}

// session returns the dispatcher's engine session, connected as
// PostgREST's authenticator so it can take any API role.
func (f *changeFeed) session() (*engine.Session, error) {
	if f.sess == nil {
		s, err := f.s.cfg.Engine.Connect(engine.SessionOptions{User: "authenticator"})
		if err != nil {
			return nil, err
		}
		f.sess = s
	}
	return f.sess, nil
}

// dropSession closes the dispatcher's session and forgets its prepared
// statements.
func (f *changeFeed) dropSession() {
	if f.sess != nil {
		f.sess.Close()
		f.sess, f.stmts = nil, nil
	}
}

// published reloads the supabase_realtime tables when DDL has run.
func (f *changeFeed) published() map[[2]string]tableInfo {
	if f.s.pg != nil {
		return f.publishedPG()
	}
	v := f.s.cfg.Engine.DDLVersion()
	if f.tables != nil && v == f.version {
		return f.tables
	}
	if f.cat == nil {
		s, err := f.s.cfg.Engine.Connect(engine.SessionOptions{User: "postgres"})
		if err != nil {
			return f.tables
		}
		f.cat = s
	}
	rows, err := f.cat.Query(context.Background(), `select p.schemaname::text, p.tablename::text, c.relreplident::text, c.relrowsecurity
from pg_catalog.pg_publication_tables p
join pg_catalog.pg_namespace n on n.nspname = p.schemaname
join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
where p.pubname = 'supabase_realtime'`)
	if err != nil {
		f.s.cfg.Logger.Error("realtime: reading the supabase_realtime publication", "err", err)
		return f.tables
	}
	t := map[[2]string]tableInfo{}
	for rows.Next() {
		v := rows.Text()
		if len(v) != 4 || v[0] == nil || v[1] == nil || v[2] == nil || v[3] == nil {
			continue
		}
		ri := byte('d')
		if len(*v[2]) > 0 {
			ri = (*v[2])[0]
		}
		t[[2]string{*v[0], *v[1]}] = tableInfo{replident: ri, rls: *v[3] == "t"}
	}
	if rows.Err() != nil {
		return f.tables
	}
	for k, info := range t {
		if info.replident == 'i' {
			info.identity = f.identityColumns(k[0], k[1])
			t[k] = info
		}
	}
	f.tables, f.version, f.privs, f.stmts = t, v, map[privKey]bool{}, nil
	return t
}

// identityColumns lists the columns of a table's REPLICA IDENTITY USING
// INDEX index (pg_index.indisreplident), which wal2json sends as the old
// row's identity.
func (f *changeFeed) identityColumns(schema, table string) map[string]bool {
	rows, err := f.cat.Query(context.Background(), `select a.attname::text
from pg_catalog.pg_index i join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
where i.indrelid = $1::regclass and i.indisreplident`, quoteIdent(schema)+"."+quoteIdent(table))
	if err != nil {
		return nil
	}
	defer rows.Close()
	cols := map[string]bool{}
	for rows.Next() {
		if v := rows.Text(); len(v) == 1 && v[0] != nil {
			cols[*v[0]] = true
		}
	}
	return cols
}

// privKey is a role's SELECT on a table.
type privKey struct{ role, schema, table string }

// mayRead reports whether role has SELECT on the change's table: all a
// table without row level security asks (Realtime's is_selectable),
// cached until the next DDL.
func (f *changeFeed) mayRead(role string, c *engine.Change) bool {
	key := privKey{role, c.Schema, c.Table}
	if v, ok := f.privs[key]; ok {
		return v
	}
	if f.s.pg != nil {
		ok := f.mayReadPG(role, c)
		f.privs[key] = ok
		return ok
	}
	rows, err := f.cat.Query(context.Background(), `select has_table_privilege($1, $2, 'SELECT')`, role, quoteIdent(c.Schema)+"."+quoteIdent(c.Table))
	ok := false
	if err == nil {
		if rows.Next() {
			v := rows.Text()
			ok = len(v) == 1 && v[0] != nil && *v[0] == "t"
		}
		rows.Close()
	}
	f.privs[key] = ok
	return ok
}
