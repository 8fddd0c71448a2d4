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
	listeners int                   // joined channels
	cancel    func()                // the engine subscription, nil when none
	running   bool

	queue   chan engine.CommittedChanges
	quit    chan struct{}
	stopped sync.Once
	// Dropped counts commits lost because the queue was full.
	dropped atomic.Int64
	// delivered counts postgres_changes messages queued to clients.
	delivered atomic.Int64

	sess    *engine.Session // in the subscriber's role, for RLS checks
	cat     *engine.Session // as postgres, for the catalog
	version uint64
	tables  map[[2]string]tableInfo
	privs   map[string]bool // role, schema, table → SELECT (mayRead)
}

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
}

func (f *changeFeed) remove(ch *channel) {
	f.mu.Lock()
	defer f.mu.Unlock()
	delete(f.subs, ch)
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
	for {
		select {
		case cc := <-f.queue:
			f.dispatch(cc)
		case <-f.quit:
			return
		}
	}
}

func (f *changeFeed) channels() []*channel {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]*channel, 0, len(f.subs))
	for ch := range f.subs {
		out = append(out, ch)
	}
	return out
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

func (f *changeFeed) dispatch(cc engine.CommittedChanges) {
	chans := f.channels()
	var tables map[[2]string]tableInfo
	ts := cc.Time.UTC().Format("2006-01-02T15:04:05.000Z")
	for i := range cc.Changes {
		c := &cc.Changes[i]
		if c.Schema == "realtime" && c.Table == "messages" && c.Op == "INSERT" {
			f.s.broadcastMessage(c)
		}
		// Realtime asks wal2json for inserts, updates and deletes only
		// (realtime.list_changes): a TRUNCATE is never sent.
		if c.Op == "TRUNCATE" || len(chans) == 0 {
			continue
		}
		if tables == nil {
			tables = f.published()
		}
		info, ok := tables[[2]string{c.Schema, c.Table}]
		if !ok {
			continue
		}
		newRow, oldRow := rowMap(c, c.New), rowMap(c, c.Old)
		// Which channels' bindings match, before RLS.
		type hit struct {
			ch  *channel
			ids []int64
		}
		// Without a primary key an insert or update cannot be checked:
		// realtime.apply_rls answers every subscription of the table
		// (filters unchecked) with an error payload instead of the row.
		noKey := len(c.PK) == 0 && c.Op != "DELETE"
		var hits []hit
		for _, ch := range chans {
			var ids []int64
			for _, b := range ch.pg {
				if noKey && b.matchesTable(c) || !noKey && b.matches(c, newRow, oldRow) {
					ids = append(ids, b.id)
				}
			}
			if len(ids) > 0 {
				hits = append(hits, hit{ch, ids})
			}
		}
		if len(hits) == 0 {
			continue
		}
		var data []byte
		if noKey {
			data = noKeyPayload(c)
		} else {
			data = payload(c, info, ts)
		}
		visible := map[string]bool{} // by role and claims
		frames := map[string][]byte{}
		for _, h := range hits {
			if !noKey && c.Op != "DELETE" {
				cl := h.ch.auth()
				key := cl.role + "\x00" + cl.json
				vis, seen := visible[key]
				if !seen {
					if info.rls {
						vis = f.canSelect(cl, c)
					} else {
						vis = f.mayRead(cl.role, c)
					}
					visible[key] = vis
				}
				if !vis {
					continue
				}
			}
			ids, _ := json.Marshal(h.ids)
			// Like Phoenix's fastlane, the message has no join_ref, so
			// subscribers of one topic with the same ids share one frame.
			key := h.ch.c.vsn + "\x00" + h.ch.topic + "\x00" + string(ids)
			if h.ch.legacy {
				key = h.ch.c.vsn + "\x00" + h.ch.topic + "\x00legacy"
			}
			fr, ok := frames[key]
			switch {
			case ok:
			case h.ch.legacy:
				// the API before config: the change itself, as its type's event
				fr = encode(h.ch.c.vsn, nil, nil, h.ch.topic, c.Op, data)
				frames[key] = fr
			default:
				var b bytes.Buffer
				b.WriteString(`{"data":`)
				b.Write(data)
				b.WriteString(`,"ids":`)
				b.Write(ids)
				b.WriteByte('}')
				fr = encode(h.ch.c.vsn, nil, nil, h.ch.topic, "postgres_changes", b.Bytes())
				frames[key] = fr
			}
			h.ch.c.send(frame{data: fr})
			f.delivered.Add(1)
		}
	}
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
