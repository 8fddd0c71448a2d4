package session

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/gob"
	"errors"
	"fmt"
	"iter"
	"log/slog"
	"sort"
	"sync"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/tinybase/tinybase/engine/internal/bootstrap"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/durable"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// An engine opened with Options.DataDir keeps its committed state in a
// data directory (engine/internal/durable owns the files):
//
//   - a checkpoint is the state as an image, the bootstrap image's parts
//     (bootstrap_image.go: catalog, table definitions, sequences) in a gob
//     section, then one section of rows per table encoded by column type;
//   - every other commit is one log record: the final state of the rows
//     it touched (storage's CommitLog) and the sequences that moved since
//     the last record, fsynced before the commit is acknowledged;
//   - a commit that changed anything besides rows (DDL, GRANT, policies:
//     the catalog or a table definition; ANALYZE's statistics,
//     durable_stats.go) writes a checkpoint instead, under
//     the writer lock, before it is published. DDL is rare outside
//     migrations, and a checkpoint holds the definitions exactly as an
//     image does, so nothing else has to log them;
//   - when the log grows past checkpointLogSize a checkpoint is written in
//     the background (the writer lock is held only to switch logs), and
//     Close writes one, so a cleanly stopped engine replays nothing.
//
// Sequences advance outside transactions; like PostgreSQL, a nextval no
// commit followed may be forgotten by a crash, one a committed row used
// never is.

// checkpointLogSize is the log size past which a checkpoint compacts it.
const checkpointLogSize = 64 << 20

// recordVersion starts every log record.
const recordVersion = 1

type durableState struct {
	e   *Engine
	dir *durable.Dir
	// checkpointAt is the log size that starts a background checkpoint
	// (checkpointLogSize; tests lower it).
	checkpointAt int64

	closed        atomic.Bool
	checkpointing atomic.Bool
	bg            sync.WaitGroup
	// checkpoints counts checkpoints written (tests).
	checkpoints atomic.Int64

	// rec, ct and pk are encodeRecord's buffers, reused by every commit's
	// record: Commit runs under the writer lock, one at a time, and the
	// log has written a record when AppendFramed returns.
	rec    []byte
	ct, pk []*types.Type
	seqs   []bootstrap.SequenceValue // takeDirty's, the same way
	tables []storage.TableChange     // Committed.AppendTables', the same way
}

// keepTables keeps a commit's table changes' slices for the next commit,
// their rows cleared, unless they are big.
func (ds *durableState) keepTables(tables []storage.TableChange) {
	if len(tables) > 16 {
		ds.tables = nil
		return
	}
	for i := range tables {
		if cap(tables[i].Put) > maxKeptRows {
			tables[i].Put = nil
		}
		clear(tables[i].Put[:cap(tables[i].Put)])
		tables[i] = storage.TableChange{Put: tables[i].Put[:0]}
	}
	ds.tables = tables[:0]
}

// maxKeptRows bounds the row slices kept for the next commit.
const maxKeptRows = 256

var _ storage.CommitLog = (*durableState)(nil)

// ckptMeta is a checkpoint's first section: the image without rows.
type ckptMeta struct {
	Image bootstrap.Image
}

func openDurable(opts Options) (*Engine, error) {
	return openDurableWith(opts, durable.Options{})
}

func openDurableWith(opts Options, dopts durable.Options) (*Engine, error) {
	dir, err := durable.Open(opts.DataDir, dopts)
	if err != nil {
		return nil, err
	}
	e, err := recoverDir(dir, opts)
	if err != nil {
		dir.Close()
		return nil, err
	}
	return e, nil
}

func recoverDir(dir *durable.Dir, opts Options) (_ *Engine, err error) {
	sections, err := dir.ReadCheckpoint()
	if err != nil {
		return nil, err
	}
	fresh := sections == nil
	var e *Engine
	if fresh {
		mem := opts
		mem.DataDir = ""
		if e, err = open(mem); err != nil {
			return nil, err
		}
	} else {
		if e, err = engineOfCheckpoint(dir.Path(), sections); err != nil {
			return nil, err
		}
		// The sections are the checkpoint file mapped
		// (durable.Dir.ReadCheckpoint), read until the big tables'
		// loads end: released then, and on a failure below only once
		// they have stopped (the caller closes dir).
		loaded := make(chan struct{})
		go func() {
			e.loading.Wait()
			dir.ReleaseCheckpoint()
			close(loaded)
		}()
		defer func() {
			if err != nil {
				<-loaded
			}
		}()
		e.logger = opts.Logger
		if e.logger == nil {
			e.logger = slog.New(slog.DiscardHandler)
		}
		if err := replayLog(e, dir); err != nil {
			return nil, err
		}
	}
	ds := &durableState{e: e, dir: dir, checkpointAt: checkpointLogSize}
	e.durable = ds
	e.seqs.mu.Lock()
	e.seqs.dirty = map[uint32]bool{}
	e.seqs.mu.Unlock()
	e.store.SetCommitLog(ds)
	if fresh {
		if err := ds.Checkpoint(context.Background()); err != nil {
			return nil, err
		}
	} else if err := dropStaleTempSchemas(e); err != nil {
		return nil, err
	}
	return e, nil
}

// dropStaleTempSchemas drops the temporary schemas of sessions that ended
// with the process before dropping them (their tables were never written;
// the schema and the catalog objects in it were), as PostgreSQL clears a
// stale pg_temp_N.
func dropStaleTempSchemas(e *Engine) error {
	s, err := e.Connect(SessionOptions{User: "postgres"})
	if err != nil {
		return err
	}
	defer s.Close()
	for _, n := range s.StorageTxn().SchemaNames() {
		if !pgident.IsTempSchema(n) {
			continue
		}
		rows, err := s.Query(context.Background(), "DROP SCHEMA "+n+" CASCADE")
		if err != nil {
			return fmt.Errorf("dropping the stale temporary schema %s: %w", n, err)
		}
		rows.Close()
	}
	return nil
}

// engineOfCheckpoint builds an engine from a checkpoint's sections.
func engineOfCheckpoint(path string, sections [][]byte) (*Engine, error) {
	var meta ckptMeta
	if err := gob.NewDecoder(bytes.NewReader(sections[0])).Decode(&meta); err != nil {
		return nil, fmt.Errorf("data directory %s: reading its checkpoint: %w", path, err)
	}
	img := &meta.Image
	var stats []byte // the statistics section (durable_stats.go), when written
	switch len(sections) {
	case 1 + len(img.Tables):
	case 2 + len(img.Tables):
		stats = sections[len(sections)-1]
	default:
		return nil, fmt.Errorf("data directory %s: its checkpoint has %d row sections for %d tables", path, len(sections)-1, len(img.Tables))
	}
	src := func(n int, cols sql.Schema) (iter.Seq[[]sql.Row], func() error, func(), error) {
		ct, err := durable.ColumnTypes(cols)
		if err != nil {
			return nil, nil, nil, err
		}
		t := &img.Tables[n]
		return decodeRows(durable.NewReader(sections[1+n]), ct, func(err error) error {
			return fmt.Errorf("data directory %s: table %s.%s in its checkpoint: %w", path, t.Schema, t.Name, err)
		})
	}
	var finish func(*Session, *storage.Txn, *sql.Context) error
	if stats != nil {
		// In the transaction that loads the rows: a table loaded after
		// the open (loadRows) would otherwise be waited for here.
		finish = func(s *Session, txn *storage.Txn, ctx *sql.Context) error {
			if err := restoreStats(s, txn, ctx, stats); err != nil {
				return fmt.Errorf("data directory %s: statistics in its checkpoint: %w", path, err)
			}
			return nil
		}
	}
	return buildImage(img, src, finish)
}

// rowSource returns the rows of an image's table n (columns cols) in
// chunks, and a function that stops their producer and returns its error,
// to call once the chunks are consumed (or abandoned); chunks is nil when
// the table has no rows. background is not nil for a table worth loading
// after the open (loadRows); calling it says the load was deferred, and
// the producer decodes the rest as background work (durable.Background).
type rowSource func(n int, cols sql.Schema) (chunks iter.Seq[[]sql.Row], done func() error, background func(), err error)

// decodeChunk is how many rows decodeRows hands over at a time, and
// decodeAsync the row count from which it decodes in a goroutine of its
// own: a restart's big tables are decoded while their trees are built.
const (
	decodeChunk = 1024
	decodeAsync = 4 * decodeChunk
)

// decodeRows reads a checkpoint's table section (a row count, then the
// rows) from r in chunks; wrap gives a decoding error its context.
func decodeRows(r *durable.Reader, ct []*types.Type, wrap func(error) error) (iter.Seq[[]sql.Row], func() error, func(), error) {
	count := r.Uvarint()
	if r.Err() != nil {
		return nil, nil, nil, wrap(r.Err())
	}
	// A chunk's values share one allocation (a restart's 100k rows were
	// 100k allocations more, and the collector's work): a value slot
	// outlives its row by as much as its chunk's other rows live, so a
	// table never holds more than it did when loaded.
	nc := len(ct)
	decode := func(n int) []sql.Row {
		rows := make([]sql.Row, n)
		vals := make([]any, n*nc)
		for i := range rows {
			rows[i] = r.RowInto(vals[i*nc:(i+1)*nc:(i+1)*nc], ct)
		}
		return rows
	}
	if count == 0 {
		return nil, func() error { return nil }, nil, nil
	}
	if count < decodeAsync {
		rows := decode(int(count))
		if r.Err() != nil {
			return nil, nil, nil, wrap(r.Err())
		}
		return func(yield func([]sql.Row) bool) { yield(rows) }, func() error { return nil }, nil, nil
	}
	ch := make(chan []sql.Row, 4)
	stop := make(chan struct{})
	var derr error
	var background atomic.Bool
	go func() {
		defer close(ch)
		lowered := false
		for left := int(count); left > 0; {
			if !lowered && background.Load() {
				durable.Background() // until this goroutine returns
				lowered = true
			}
			c := decode(min(left, decodeChunk))
			if r.Err() != nil {
				derr = wrap(r.Err())
				return
			}
			left -= len(c)
			select {
			case ch <- c:
			case <-stop:
				return
			}
		}
	}()
	chunks := func(yield func([]sql.Row) bool) {
		for c := range ch {
			if !yield(c) {
				return
			}
		}
	}
	var once sync.Once
	done := func() error {
		once.Do(func() {
			close(stop)
			for range ch { // until the producer has returned
			}
		})
		return derr
	}
	return chunks, done, func() { background.Store(true) }, nil
}

// loadRows inserts a checkpoint's rows into the engine built from it, in a
// session of that engine so expression index keys evaluate as in a
// statement; finish, when not nil, runs in the same transaction before it
// commits. A big table (rows' big) is loaded after the commit, in a
// goroutine, when storage can (Txn.DeferLoad): a restart is ready to
// serve before its big tables are, and a statement that touches one waits
// for it.
func loadRows(e *Engine, tables []storage.TableImage, rows rowSource, finish func(*Session, *storage.Txn, *sql.Context) error) error {
	s, err := e.Connect(SessionOptions{User: "postgres"})
	if err != nil {
		return err
	}
	defer s.Close()
	txn := s.StorageTxn()
	ctx := s.gmsContext()
	type pending struct {
		load   func(iter.Seq[[]sql.Row], func() error) error
		chunks iter.Seq[[]sql.Row]
		done   func() error
	}
	var later []pending
	// Until the goroutine takes them over, a failure leaves every
	// deferred load to be ended here (nothing waits on this engine yet,
	// but the decoders must stop).
	started := false
	defer func() {
		if !started {
			for _, p := range later {
				p.load(nil, p.done)
			}
		}
	}()
	for n, t := range tables {
		chunks, done, background, err := rows(n, t.Columns)
		if err != nil {
			return err
		}
		if chunks == nil {
			continue
		}
		if background != nil {
			load, ok, err := txn.DeferLoad(ctx, t.Schema, t.Name)
			if err != nil {
				done()
				return err
			}
			if ok {
				background()
				later = append(later, pending{load, chunks, done})
				continue
			}
		}
		err = txn.LoadRows(ctx, t.Schema, t.Name, chunks)
		if derr := done(); derr != nil {
			return derr
		}
		if err != nil {
			return err
		}
	}
	if finish != nil {
		if err := finish(s, txn, ctx); err != nil {
			return err
		}
	}
	if err := txn.Commit(); err != nil {
		return err
	}
	if len(later) > 0 {
		started = true
		e.loading.Add(1)
		go func() {
			defer e.loading.Done()
			// Background work: the first clients' statements come
			// first on a busy machine (a statement touching a table
			// still loading waits for it).
			durable.Background()
			// A failure is the error of every statement that touches
			// the table, and of the checkpoints (none is written
			// without its rows).
			for _, p := range later {
				p.load(p.chunks, p.done)
			}
		}()
	}
	return nil
}

// Commit implements storage.CommitLog.
func (ds *durableState) Commit(c *storage.Committed) (func() error, error) {
	if ds.closed.Load() {
		return nil, pgerror.New(pgerror.AdminShutdown, "terminating connection due to administrator command")
	}
	if c.SchemaChanged() || c.StatsChanged() {
		gen, err := ds.dir.Rotate()
		if err != nil {
			return nil, err
		}
		ci, err := c.Image()
		if err != nil {
			return nil, err
		}
		sections, err := ds.sections(ci, ds.e.seqs.all())
		if err != nil {
			return nil, err
		}
		if err := ds.dir.WriteCheckpoint(gen, sections); err != nil {
			return nil, err
		}
		ds.checkpoints.Add(1)
		return nil, nil
	}
	seqs := ds.e.seqs.takeDirty(ds.seqs[:0])
	ds.seqs = seqs[:0]
	if c.Empty() && len(seqs) == 0 {
		return nil, nil
	}
	tables := c.AppendTables(ds.tables)
	frame, err := ds.encodeRecord(tables, seqs)
	ds.keepTables(tables)
	if err != nil {
		ds.e.seqs.markDirty(seqs)
		return nil, err
	}
	wait, err := ds.dir.AppendFramed(frame)
	if cap(frame) <= maxKeptRecord {
		ds.rec = frame
	}
	if err != nil {
		ds.e.seqs.markDirty(seqs)
		return nil, err
	}
	if ds.dir.LogSize() > ds.checkpointAt && ds.checkpointing.CompareAndSwap(false, true) {
		ds.bg.Add(1)
		go func() {
			defer ds.bg.Done()
			defer ds.checkpointing.Store(false)
			if err := ds.Checkpoint(context.Background()); err != nil {
				ds.e.logger.Error("tinybase: background checkpoint failed", "err", err)
			}
		}()
	}
	return wait, nil
}

// Checkpoint writes the committed state as a new checkpoint, so recovery
// replays no log written before it. Writers wait only while logs switch.
func (ds *durableState) Checkpoint(ctx context.Context) error {
	img, release, err := ds.e.store.Hold(ctx)
	if err != nil {
		return err
	}
	gen, err := ds.dir.Rotate()
	if err != nil {
		release()
		return err
	}
	seqs := ds.e.seqs.all()
	release()
	si, err := img()
	if err != nil {
		return err
	}
	sections, err := ds.sections(si, seqs)
	if err != nil {
		return err
	}
	if err := ds.dir.WriteCheckpoint(gen, sections); err != nil {
		return err
	}
	ds.checkpoints.Add(1)
	return nil
}

// close writes a final checkpoint and releases the directory.
func (ds *durableState) close() error {
	ds.bg.Wait()
	err := ds.Checkpoint(context.Background())
	ds.closed.Store(true)
	if cerr := ds.dir.Close(); err == nil {
		err = cerr
	}
	return err
}

// sections writes an image down as checkpoint sections.
func (ds *durableState) sections(si storage.Image, seqs []bootstrap.SequenceValue) ([][]byte, error) {
	cat, err := catalog.Of(si.Meta).Image()
	if err != nil {
		return nil, notPersistable(err)
	}
	// sessions' temporary tables never reach the data directory; their
	// schemas do, as PostgreSQL's pg_temp_N rows do, with the catalog
	// objects in them, and Open drops them (dropStaleTempSchemas)
	var tables []storage.TableImage
	for _, t := range si.Tables {
		if !pgident.IsTempSchema(t.Schema) {
			tables = append(tables, t)
		}
	}
	img := bootstrap.Image{Schemas: si.Schemas, SchemaSeqs: si.SchemaSeqs, Seq: si.Seq, RelSeqs: relSeqsOut(si.RelSeqs), Catalog: cat, Sequences: seqs}
	out := make([][]byte, 1, 1+len(tables))
	for _, t := range tables {
		rows := t.Rows
		t.Rows = nil
		it, err := tableImageOf(t)
		if err != nil {
			return nil, notPersistable(fmt.Errorf("table %s.%s: %w", t.Schema, t.Name, err))
		}
		img.Tables = append(img.Tables, it)
		ct, err := durable.ColumnTypes(t.Columns)
		if err != nil {
			return nil, err
		}
		b := binary.AppendUvarint(nil, uint64(len(rows)))
		for _, row := range rows {
			if b, err = durable.AppendRow(b, ct, row); err != nil {
				return nil, fmt.Errorf("table %s.%s: %w", t.Schema, t.Name, err)
			}
		}
		out = append(out, b)
	}
	st, err := appendStatsSection(tables)
	if err != nil {
		return nil, notPersistable(err)
	}
	out = append(out, st)
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(&ckptMeta{Image: img}); err != nil {
		return nil, err
	}
	out[0] = buf.Bytes()
	return out, nil
}

func notPersistable(err error) error {
	return pgerror.New(pgerror.FeatureNotSupported, "tinybase cannot write this database to its data directory yet: %v", err)
}

// maxKeptRecord bounds the record buffer kept for the next commit.
const maxKeptRecord = 64 << 10

// encodeRecord writes one commit's changes down as a log record, behind
// the room durable.Dir.AppendFramed fills with its frame header, in the
// buffer of the last record (ds.rec). The buffer starts at a size that
// holds a small commit's record (a single-row INSERT's is under 100
// bytes): grown from one byte, it was reallocated four to five times per
// commit.
func (ds *durableState) encodeRecord(tables []storage.TableChange, seqs []bootstrap.SequenceValue) ([]byte, error) {
	b := ds.rec[:0]
	if cap(b) < 128 {
		b = make([]byte, 0, 128)
	}
	b = append(b, make([]byte, durable.RecordHeader)...)
	b = append(b, recordVersion)
	b = binary.AppendUvarint(b, uint64(len(seqs)))
	for _, s := range seqs {
		b = binary.AppendUvarint(b, uint64(s.OID))
		b = binary.AppendVarint(b, s.Last)
		b = append(b, boolByte(s.Called))
	}
	b = binary.AppendUvarint(b, uint64(len(tables)))
	for _, t := range tables {
		ct, err := durable.AppendColumnTypes(ds.ct[:0], t.Columns)
		if err != nil {
			return nil, err
		}
		ds.ct = ct
		pk := ds.pk[:0]
		for _, o := range t.PKOrds {
			pk = append(pk, ct[o])
		}
		ds.pk = pk
		b = durable.AppendString(b, t.Schema)
		b = durable.AppendString(b, t.Name)
		b = append(b, boolByte(t.All))
		b = binary.AppendUvarint(b, uint64(len(t.Deleted)))
		for _, k := range t.Deleted {
			if b, err = durable.AppendRow(b, pk, k); err != nil {
				return nil, err
			}
		}
		b = binary.AppendUvarint(b, uint64(len(t.Put)))
		for _, row := range t.Put {
			if b, err = durable.AppendRow(b, ct, row); err != nil {
				return nil, err
			}
		}
	}
	return b, nil
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// replayLog applies the log records after e's checkpoint to e (recovery:
// no log attached yet), all in one transaction of one session: a log of a
// busy server holds a record per commit, up to checkpointLogSize of them,
// and a session and a commit for each made a restart after kill -9 cost
// ~1,000 allocations per logged commit.
func replayLog(e *Engine, dir *durable.Dir) error {
	s, err := e.Connect(SessionOptions{User: "postgres"})
	if err != nil {
		return err
	}
	defer s.Close()
	txn := s.StorageTxn()
	ctx := s.gmsContext()
	if err := dir.Replay(func(p []byte) error { return replayRecord(e, s, txn, ctx, p) }); err != nil {
		txn.Rollback()
		return err
	}
	return txn.Commit()
}

// replayRecord applies one log record to e in s's transaction txn.
func replayRecord(e *Engine, s *Session, txn *storage.Txn, ctx *sql.Context, p []byte) error {
	r := durable.NewReader(p)
	if v := r.Byte(); v != recordVersion {
		return fmt.Errorf("unknown record version %d", v)
	}
	n := r.Uvarint()
	e.seqs.mu.Lock()
	for i := uint64(0); i < n && r.Err() == nil; i++ {
		oid := uint32(r.Uvarint())
		e.seqs.m[oid] = seqValue{last: r.Varint(), called: r.Byte() == 1}
	}
	e.seqs.mu.Unlock()
	nt := r.Uvarint()
	for i := uint64(0); i < nt && r.Err() == nil; i++ {
		schema, name := r.String(), r.String()
		all := r.Byte() == 1
		t, ok := s.table(ctx, schema, name)
		if r.Err() != nil {
			break
		}
		if !ok {
			return fmt.Errorf("table %s.%s does not exist", schema, name)
		}
		ct, err := durable.ColumnTypes(t.Schema())
		if err != nil {
			return err
		}
		pkOrds := t.PrimaryKeySchema().PkOrdinals
		pk := make([]*types.Type, len(pkOrds))
		for i, o := range pkOrds {
			pk[i] = ct[o]
		}
		deleted := make([]sql.Row, r.Uvarint())
		for i := range deleted {
			deleted[i] = r.Row(pk)
		}
		put := make([]sql.Row, r.Uvarint())
		for i := range put {
			put[i] = r.Row(ct)
		}
		if r.Err() != nil {
			break
		}
		if err := txn.ApplyRows(ctx, schema, name, all, deleted, put); err != nil {
			return err
		}
	}
	if r.Err() != nil {
		return r.Err()
	}
	if !r.Done() {
		return errors.New("record has trailing bytes")
	}
	return nil
}

// all returns every sequence's value, by OID.
func (v *sequenceValues) all() []bootstrap.SequenceValue {
	v.mu.Lock()
	defer v.mu.Unlock()
	out := make([]bootstrap.SequenceValue, 0, len(v.m))
	for oid, x := range v.m {
		out = append(out, bootstrap.SequenceValue{OID: oid, Last: x.last, Called: x.called})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].OID < out[j].OID })
	if v.dirty != nil {
		clear(v.dirty)
	}
	return out
}

// changed records that sequence oid moved. Called with v.mu held.
func (v *sequenceValues) changed(oid uint32) {
	if v.dirty != nil {
		v.dirty[oid] = true
	}
}

// takeDirty appends to out the values of the sequences that moved since
// the last call, and forgets them.
func (v *sequenceValues) takeDirty(out []bootstrap.SequenceValue) []bootstrap.SequenceValue {
	v.mu.Lock()
	defer v.mu.Unlock()
	if len(v.dirty) == 0 {
		return out
	}
	for oid := range v.dirty {
		x := v.m[oid]
		out = append(out, bootstrap.SequenceValue{OID: oid, Last: x.last, Called: x.called})
	}
	clear(v.dirty)
	return out
}

// markDirty puts back what takeDirty returned when the record was not
// written.
func (v *sequenceValues) markDirty(seqs []bootstrap.SequenceValue) {
	v.mu.Lock()
	defer v.mu.Unlock()
	for _, s := range seqs {
		v.changed(s.OID)
	}
}

// Close ends an engine opened with a data directory: a final checkpoint,
// then the directory is released. Commits after Close fail. An in-memory
// engine has nothing to close.
func (e *Engine) Close() error {
	e.stopAutoanalyze()
	e.loading.Wait()
	if e.durable == nil {
		return nil
	}
	return e.durable.close()
}

// Checkpoint writes a checkpoint now (an in-memory engine: nothing).
func (e *Engine) Checkpoint(ctx context.Context) error {
	if e.durable == nil {
		return nil
	}
	return e.durable.Checkpoint(ctx)
}

// Restore makes from's committed state (an earlier Snapshot of e,
// typically) e's, sequences included, as one commit: in a data directory
// it is written as a checkpoint. Cached plans and catalogs are dropped,
// as after DDL.
func (e *Engine) Restore(ctx context.Context, from *Engine) error {
	vals := from.seqs.clone()
	e.seqs.mu.Lock()
	old := e.seqs.m
	e.seqs.m = vals.m
	e.seqs.mu.Unlock()
	if err := e.store.Restore(ctx, from.store); err != nil {
		e.seqs.mu.Lock()
		e.seqs.m = old
		e.seqs.mu.Unlock()
		return mapError(err)
	}
	e.ddlVersion.Add(1)
	// from's sessions' temporary schemas came along: e's next sessions'
	// PIDs must not name one of them (Snapshot)
	for n := from.connIDs.Load(); e.connIDs.Load() < n; {
		e.connIDs.CompareAndSwap(e.connIDs.Load(), n)
	}
	return nil
}
