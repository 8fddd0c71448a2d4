package realtime

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
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
	privs   map[string]bool // role, schema, table → SELECT (mayRead)

	// The dispatcher's grouping of subs (groupsVer: of subsVer).
	groups    []*subGroup
	groupsVer uint64
	// Scratch of the dispatcher goroutine, kept between changes.
	touched []*conn // connections with frames queued this round, to wake
	ids     []int64 // binding ids of the channel being matched
	key     []byte  // frame cache key being built
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
	f.mu.Lock()
	n := f.listeners
	f.mu.Unlock()
	if n > 0 {
		f.enqueue(cc)
	}
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
			k := f.drain(cap(f.queue))
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
			f.dispatch(cc)
			f.drain(maxRound - 1)
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

// drain dispatches up to n commits already queued and returns how many.
func (f *changeFeed) drain(n int) int {
	for i := 0; i < n; i++ {
		select {
		case cc := <-f.queue:
			f.dispatch(cc)
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
	f.tables, f.version, f.privs = t, v, map[string]bool{}
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

// mayRead reports whether role has SELECT on the change's table: all a
// table without row level security asks (Realtime's is_selectable),
// cached until the next DDL.
func (f *changeFeed) mayRead(role string, c *engine.Change) bool {
	key := role + "\x00" + c.Schema + "\x00" + c.Table
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

// visKey is who a subscriber is to row level security.
type visKey struct{ role, claims string }

func (f *changeFeed) dispatch(cc engine.CommittedChanges) {
	groups := f.subGroups()
	var tables map[[2]string]tableInfo
	ts := cc.Time.UTC().Format("2006-01-02T15:04:05.000Z")
	for i := range cc.Changes {
		c := &cc.Changes[i]
		if c.Schema == "realtime" && c.Table == "messages" && c.Op == "INSERT" {
			f.s.broadcastMessage(c)
		}
		// Realtime asks wal2json for inserts, updates and deletes only
		// (realtime.list_changes): a TRUNCATE is never sent.
		if c.Op == "TRUNCATE" || len(groups) == 0 {
			continue
		}
		if tables == nil {
			tables = f.published()
		}
		info, ok := tables[[2]string{c.Schema, c.Table}]
		if !ok {
			continue
		}
		f.dispatchChange(c, info, ts, groups)
	}
}

// dispatchChange sends one change to the channels whose bindings match
// and whose role may see it. The work per subscriber is only queueing
// the frame: matching and frames are per group of like channels, the
// payload is rendered once, the row level security check runs once per
// role and claims, and groups of one topic with the same binding ids
// share one frame.
func (f *changeFeed) dispatchChange(c *engine.Change, info tableInfo, ts string, groups []*subGroup) {
	// Without a primary key an insert or update cannot be checked:
	// realtime.apply_rls answers every subscription of the table
	// (filters unchecked) with an error payload instead of the row.
	noKey := len(c.PK) == 0 && c.Op != "DELETE"
	var newRow, oldRow map[string]json.RawMessage // for filters, made on first use
	rows := false
	var data []byte
	var visible map[visKey]bool
	var frames map[string][]byte
	for _, g := range groups {
		ch := g.rep
		ids := f.ids[:0]
		for bi := range ch.pg {
			b := &ch.pg[bi]
			var hit bool
			switch {
			case noKey:
				hit = b.matchesTable(c)
			case b.filter != nil && !rows && b.matchesTable(c):
				newRow, oldRow, rows = rowMap(c, c.New), rowMap(c, c.Old), true
				hit = b.matches(c, newRow, oldRow)
			default:
				hit = b.matches(c, newRow, oldRow)
			}
			if hit {
				ids = append(ids, b.id)
			}
		}
		f.ids = ids
		if len(ids) == 0 {
			continue
		}
		if !noKey && c.Op != "DELETE" {
			cl := g.cl
			k := visKey{cl.role, cl.json}
			vis, seen := visible[k]
			if !seen {
				if info.rls {
					vis = f.canSelect(cl, c)
				} else {
					vis = f.mayRead(cl.role, c)
				}
				if visible == nil {
					visible = map[visKey]bool{}
				}
				visible[k] = vis
			}
			if !vis {
				continue
			}
		}
		if data == nil {
			if noKey {
				data = noKeyPayload(c)
			} else {
				data = payload(c, info, ts)
			}
			frames = map[string][]byte{}
		}
		// Like Phoenix's fastlane, the message has no join_ref, so
		// subscribers of one topic with the same ids share one frame.
		key := append(f.key[:0], ch.c.vsn...)
		key = append(key, 0)
		key = append(key, ch.topic...)
		key = append(key, 0)
		if ch.legacy {
			key = append(key, "legacy"...)
		} else {
			key = appendIDs(key, ids)
		}
		f.key = key
		fr, ok := frames[string(key)]
		if !ok {
			if ch.legacy {
				// the API before config: the change itself, as its type's event
				fr = encode(ch.c.vsn, nil, nil, ch.topic, c.Op, data)
			} else {
				var b bytes.Buffer
				b.WriteString(`{"data":`)
				b.Write(data)
				b.WriteString(`,"ids":`)
				b.Write(appendIDs(nil, ids))
				b.WriteByte('}')
				fr = encode(ch.c.vsn, nil, nil, ch.topic, "postgres_changes", b.Bytes())
			}
			fr = wsFrame(false, fr) // framed once for every subscriber
			frames[string(key)] = fr
		}
		for _, ch := range g.chans {
			f.deliver(ch.c, fr)
		}
	}
}

// appendIDs appends ids as a JSON array.
func appendIDs(b []byte, ids []int64) []byte {
	b = append(b, '[')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, id, 10)
	}
	return append(b, ']')
}

// matchesTable reports whether b subscribes to c's event and table,
// filters aside.
func (b *pgBinding) matchesTable(c *engine.Change) bool {
	return (b.event == "*" || b.event == c.Op) && (b.schema == "*" || b.schema == c.Schema) &&
		(b.table == "" || b.table == "*" || b.table == c.Table)
}

// matches reports whether b subscribes to c. A DELETE passes a filter
// on its old row's identity too, as realtime.apply_rls lets it.
func (b *pgBinding) matches(c *engine.Change, newRow, oldRow map[string]json.RawMessage) bool {
	if b.event != "*" && b.event != c.Op {
		return false
	}
	if (b.schema != "*" && b.schema != c.Schema) || (b.table != "" && b.table != "*" && b.table != c.Table) {
		return false
	}
	if b.filter == nil {
		return true
	}
	if c.Op == "DELETE" {
		return b.filter.matches(oldRow)
	}
	return b.filter.matches(newRow)
}

func rowMap(c *engine.Change, row []json.RawMessage) map[string]json.RawMessage {
	if row == nil {
		return nil
	}
	m := make(map[string]json.RawMessage, len(row))
	for i, col := range c.Columns {
		m[col.Name] = row[i]
	}
	return m
}

// canSelect runs the subscriber's check: can its role, with its claims,
// SELECT the row by primary key now? A failure (no such role, no
// privilege) is a no.
func (f *changeFeed) canSelect(cl *claims, c *engine.Change) bool {
	if f.s.pg != nil {
		return f.canSelectPG(cl, c)
	}
	s, err := f.session()
	if err != nil {
		return false
	}
	if err := s.Impersonate(cl.role, cl.json); err != nil {
		return false
	}
	q, args, ok := selectByKey(c)
	if !ok {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	rows, err := s.Query(ctx, q, args...)
	if err != nil {
		return false
	}
	found := rows.Next()
	rows.Close()
	return found && rows.Err() == nil
}

// selectByKey is the subscriber check's query: the changed row by its
// primary key, compared as text. ok is false when a key value is
// missing.
func selectByKey(c *engine.Change) (q string, args []any, ok bool) {
	var b strings.Builder
	b.WriteString("select 1 from ")
	b.WriteString(quoteIdent(c.Schema) + "." + quoteIdent(c.Table) + " where ")
	args = make([]any, 0, len(c.PK))
	for i, o := range c.PK {
		if i > 0 {
			b.WriteString(" and ")
		}
		raw := c.New[o]
		var v any
		if raw == nil || json.Unmarshal(raw, &v) != nil {
			return "", nil, false
		}
		text, isStr := v.(string)
		if !isStr {
			text = string(raw)
		}
		args = append(args, text)
		b.WriteString(quoteIdent(c.Columns[o].Name) + "::text = $" + strconv.Itoa(i+1) + "::text")
	}
	return b.String(), args, true
}

// payload renders the data of a postgres_changes message as Realtime's
// replication poller does.
func payload(c *engine.Change, info tableInfo, ts string) []byte {
	var b bytes.Buffer
	w := func(k string, v []byte) {
		if b.Len() > 1 {
			b.WriteByte(',')
		}
		b.WriteString(`"` + k + `":`)
		b.Write(v)
	}
	str := func(s string) []byte { j, _ := json.Marshal(s); return j }
	b.WriteByte('{')
	w("schema", str(c.Schema))
	w("table", str(c.Table))
	w("commit_timestamp", str(ts))
	w("type", str(c.Op))
	var cols bytes.Buffer
	cols.WriteByte('[')
	for i, col := range c.Columns {
		if i > 0 {
			cols.WriteByte(',')
		}
		cols.WriteString(`{"name":`)
		cols.Write(str(col.Name))
		cols.WriteString(`,"type":`)
		cols.Write(str(col.TypeName))
		cols.WriteByte('}')
	}
	cols.WriteByte(']')
	w("columns", cols.Bytes())
	if c.Op != "DELETE" {
		w("record", object(c, c.New, nil))
	}
	if c.Op == "UPDATE" || c.Op == "DELETE" {
		var keep func(int) bool
		pk := func(i int) bool {
			for _, o := range c.PK {
				if o == i {
					return true
				}
			}
			return false
		}
		switch {
		case c.Op == "DELETE" && info.rls:
			keep = pk // RLS cannot be checked on a deleted row: only its key
		case info.replident == 'f':
		case info.replident == 'n':
			keep = func(int) bool { return false }
		case info.replident == 'i':
			keep = func(i int) bool { return info.identity[c.Columns[i].Name] }
		default:
			keep = pk
		}
		w("old_record", object(c, c.Old, keep))
	}
	w("errors", []byte("null"))
	b.WriteByte('}')
	return b.Bytes()
}

// noKeyPayload is apply_rls's answer to an insert or update of a table
// without a primary key: no columns or rows, and the error. Realtime's
// poller reads the missing fields as [] and {}.
func noKeyPayload(c *engine.Change) []byte {
	o := map[string]any{"schema": c.Schema, "table": c.Table, "type": c.Op, "commit_timestamp": nil,
		"columns": []any{}, "record": map[string]any{}, "errors": []string{"Error 400: Bad Request, no primary key"}}
	if c.Op == "UPDATE" {
		o["old_record"] = map[string]any{}
	}
	b, _ := json.Marshal(o)
	return b
}

func object(c *engine.Change, row []json.RawMessage, keep func(int) bool) []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	n := 0
	for i, col := range c.Columns {
		if keep != nil && !keep(i) {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		k, _ := json.Marshal(col.Name)
		b.Write(k)
		b.WriteByte(':')
		if i < len(row) && row[i] != nil {
			b.Write(row[i])
		} else {
			b.WriteString("null")
		}
	}
	b.WriteByte('}')
	return b.Bytes()
}

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }
