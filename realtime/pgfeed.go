package realtime

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pglogrepl"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/tinybase/tinybase/engine"
)

// pgFeed follows the supabase_realtime publication of a PostgreSQL
// (Config.Postgres) by logical replication, as Realtime's replication
// poller follows it: a temporary slot with the pgoutput plugin, each
// committed transaction's inserts, updates and deletes turned into the
// engine's change values and handed to the change feed's queue. It runs
// for the server's lifetime; the slot goes with its connection.
type pgFeed struct {
	s       *Server
	emit    func(engine.CommittedChanges)
	rels    map[uint32]*pgRelation
	pending []engine.Change
	xid     uint32 // the transaction being received
	// relVersion moves at each Relation message (a table's first change
	// on the connection, or after DDL on it): the change feed then
	// re-reads the publication's tables.
	relVersion atomic.Uint64
	// failure is why replication is not running ("" while it runs):
	// what a postgres_changes binding is answered with.
	failure atomic.Pointer[string]
}

// failed returns why replication does not run, "" when it does.
func (p *pgFeed) failed() string {
	if f := p.failure.Load(); f != nil {
		return *f
	}
	return ""
}

// pgRelation is a published table as pgoutput describes it, with its
// primary key and type names read from the catalog.
type pgRelation struct {
	schema, table string
	cols          []engine.Column
	pk            []int
}

// run replicates until the server closes, reconnecting after a failure.
func (p *pgFeed) run() {
	defer p.s.wg.Done()
	for p.s.ctx.Err() == nil {
		err := p.replicate(p.s.ctx)
		if p.s.ctx.Err() != nil {
			return
		}
		msg := "postgres_changes are not served: logical replication of the supabase_realtime publication failed: " + err.Error()
		p.failure.Store(&msg)
		p.s.cfg.Logger.Error("realtime: logical replication", "err", err)
		select {
		case <-p.s.ctx.Done():
			return
		case <-time.After(5 * time.Second):
		}
	}
}

func (p *pgFeed) replicate(ctx context.Context) error {
	cfg := p.s.cfg.Postgres.Config().ConnConfig.Config.Copy()
	cfg.RuntimeParams["replication"] = "database"
	conn, err := pgconn.ConnectConfig(ctx, cfg)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	slot := fmt.Sprintf("tinybase_realtime_%d", time.Now().UnixNano())
	res, err := pglogrepl.CreateReplicationSlot(ctx, conn, slot, "pgoutput", pglogrepl.CreateReplicationSlotOptions{Temporary: true, Mode: pglogrepl.LogicalReplication})
	if err != nil {
		return fmt.Errorf("creating the replication slot (the database needs wal_level=logical): %w", err)
	}
	start, err := pglogrepl.ParseLSN(res.ConsistentPoint)
	if err != nil {
		return err
	}
	err = pglogrepl.StartReplication(ctx, conn, slot, start, pglogrepl.StartReplicationOptions{
		PluginArgs: []string{"proto_version '1'", "publication_names 'supabase_realtime'"}})
	if err != nil {
		return err
	}
	p.rels = map[uint32]*pgRelation{}
	p.failure.Store(nil)
	p.relVersion.Add(1)
	pos := start
	status := time.Now().Add(10 * time.Second)
	for {
		if time.Now().After(status) {
			if err := pglogrepl.SendStandbyStatusUpdate(ctx, conn, pglogrepl.StandbyStatusUpdate{WALWritePosition: pos}); err != nil {
				return err
			}
			status = time.Now().Add(10 * time.Second)
		}
		rctx, cancel := context.WithDeadline(ctx, status)
		msg, err := conn.ReceiveMessage(rctx)
		cancel()
		if err != nil {
			if pgconn.Timeout(err) && ctx.Err() == nil {
				continue
			}
			return err
		}
		switch m := msg.(type) {
		case *pgproto3.ErrorResponse:
			return pgconn.ErrorResponseToPgError(m)
		case *pgproto3.CopyData:
			if len(m.Data) == 0 {
				continue
			}
			switch m.Data[0] {
			case pglogrepl.PrimaryKeepaliveMessageByteID:
				ka, err := pglogrepl.ParsePrimaryKeepaliveMessage(m.Data[1:])
				if err != nil {
					return err
				}
				if ka.ServerWALEnd > pos {
					pos = ka.ServerWALEnd
				}
				if ka.ReplyRequested {
					status = time.Time{}
				}
			case pglogrepl.XLogDataByteID:
				x, err := pglogrepl.ParseXLogData(m.Data[1:])
				if err != nil {
					return err
				}
				if err := p.handle(ctx, x.WALData); err != nil {
					return err
				}
				if end := x.WALStart + pglogrepl.LSN(len(x.WALData)); end > pos {
					pos = end
				}
			}
		}
	}
}

// handle decodes one pgoutput message.
func (p *pgFeed) handle(ctx context.Context, data []byte) error {
	msg, err := pglogrepl.Parse(data)
	if err != nil {
		return err
	}
	switch m := msg.(type) {
	case *pglogrepl.RelationMessage:
		rel, err := p.describe(ctx, m)
		if err != nil {
			return err
		}
		p.rels[m.RelationID] = rel
		p.relVersion.Add(1)
	case *pglogrepl.BeginMessage:
		p.pending, p.xid = nil, m.Xid
	case *pglogrepl.InsertMessage:
		p.add(m.RelationID, "INSERT", nil, m.Tuple)
	case *pglogrepl.UpdateMessage:
		p.add(m.RelationID, "UPDATE", m.OldTuple, m.NewTuple)
	case *pglogrepl.DeleteMessage:
		p.add(m.RelationID, "DELETE", m.OldTuple, nil)
	case *pglogrepl.CommitMessage:
		if len(p.pending) > 0 && p.s.changes.listening() {
			p.awaitVisible(ctx, p.xid)
			p.emit(engine.CommittedChanges{Time: m.CommitTime, Changes: p.pending})
		}
		p.pending = nil
	}
	return nil
}

// awaitVisible waits until snapshots taken now see transaction xid.
// PostgreSQL decodes a commit once its WAL record is flushed, a moment
// before the committing backend leaves the proc array: a subscriber
// check run in that moment would not find the row and drop the change.
// The 32-bit xid gets its epoch from the snapshot's xmax (xid < xmax).
func (p *pgFeed) awaitVisible(ctx context.Context, xid uint32) {
	db, err := p.s.admin(ctx)
	if err != nil {
		return
	}
	defer db.close()
	const q = `select pg_catalog.pg_visible_in_snapshot((greatest((x >> 32) - case when $1::bigint >= x & 4294967295 then 1 else 0 end, 0) << 32 | $1::bigint)::text::xid8, s)::text
from pg_catalog.pg_current_snapshot() s, lateral (select pg_catalog.pg_snapshot_xmax(s)::text::bigint) v(x)`
	wait := 100 * time.Microsecond
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); wait = min(2*wait, 50*time.Millisecond) {
		rows, err := db.query(ctx, q, int64(xid))
		if err != nil {
			p.s.cfg.Logger.Error("realtime: waiting for a commit to become visible", "err", err)
			return
		}
		if len(rows) == 1 && len(rows[0]) == 1 && rows[0][0] != nil && (*rows[0][0] == "true" || *rows[0][0] == "t") {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
	}
}

// describe reads a relation's primary key and column type names, which
// pgoutput does not send (its key flags mark the replica identity).
func (p *pgFeed) describe(ctx context.Context, m *pglogrepl.RelationMessage) (*pgRelation, error) {
	rel := &pgRelation{schema: m.Namespace, table: m.RelationName}
	db, err := p.s.admin(ctx)
	if err != nil {
		return nil, err
	}
	defer db.close()
	oids := make([]string, len(m.Columns))
	for i, c := range m.Columns {
		oids[i] = strconv.FormatUint(uint64(c.DataType), 10)
	}
	names := map[string]string{}
	rows, err := db.query(ctx, `select oid::text, typname::text from pg_catalog.pg_type where oid = any($1::text::oid[])`, "{"+strings.Join(oids, ",")+"}")
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if len(r) == 2 && r[0] != nil && r[1] != nil {
			names[*r[0]] = *r[1]
		}
	}
	pk := map[string]bool{}
	rows, err = db.query(ctx, `select a.attname::text from pg_catalog.pg_index i
join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey::int2[])
where i.indrelid = $1::text::oid and i.indisprimary`, strconv.FormatUint(uint64(m.RelationID), 10))
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		if len(r) == 1 && r[0] != nil {
			pk[*r[0]] = true
		}
	}
	for i, c := range m.Columns {
		rel.cols = append(rel.cols, engine.Column{Name: c.Name, TypeOID: c.DataType, TypeMod: c.TypeModifier, TypeName: names[oids[i]]})
		if pk[c.Name] {
			rel.pk = append(rel.pk, i)
		}
	}
	return rel, nil
}

// add queues a row change of the transaction being received.
func (p *pgFeed) add(relID uint32, op string, old, new *pglogrepl.TupleData) {
	rel := p.rels[relID]
	if rel == nil {
		return
	}
	c := engine.Change{Schema: rel.schema, Table: rel.table, Op: op, Columns: rel.cols, PK: rel.pk,
		Old: tupleJSON(rel, old), New: tupleJSON(rel, new)}
	if op == "UPDATE" && old == nil {
		// pgoutput sends the old key only when it changed: it equals the
		// new row's, which the payload cuts down to the replica identity
		c.Old = c.New
	}
	p.pending = append(p.pending, c)
}

// tupleJSON renders a tuple's text values as the JSON values Realtime
// sends (to_jsonb of each column): numbers, booleans and json as
// themselves, everything else as a string. Unchanged TOASTed values are
// left out (null).
func tupleJSON(rel *pgRelation, t *pglogrepl.TupleData) []json.RawMessage {
	if t == nil {
		return nil
	}
	out := make([]json.RawMessage, len(rel.cols))
	for i, c := range t.Columns {
		if i >= len(out) || c.DataType != pglogrepl.TupleDataTypeText {
			continue
		}
		out[i] = textJSON(rel.cols[i].TypeName, string(c.Data))
	}
	return out
}

func textJSON(typ, v string) json.RawMessage {
	switch typ {
	case "int2", "int4", "int8", "oid":
		return json.RawMessage(v)
	case "float4", "float8", "numeric":
		if _, err := strconv.ParseFloat(v, 64); err == nil && !strings.ContainsAny(v, "nN") {
			return json.RawMessage(v)
		}
	case "bool":
		if v == "t" {
			return json.RawMessage("true")
		}
		return json.RawMessage("false")
	case "json", "jsonb":
		if json.Valid([]byte(v)) {
			return json.RawMessage(v)
		}
	}
	b, _ := json.Marshal(v)
	return b
}
