package durable

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/tinybase/tinybase/internal/pgerror"
)

// Format is the data directory layout version this build reads and writes.
const Format = 1

const (
	lockName   = "lock"
	formatName = "format"
	formatText = "tinybase data directory format "
	ckptMagic  = "TBCKPT\x00\x00"
	walMagic   = "TBWAL\x00\x00\x00"
	headerLen  = 8 + 4 + 8 + 4 // magic, format, generation, CRC
	recordHead = 8             // length, CRC
	// preallocate is how far a log is extended with zeros ahead of its
	// records: an fdatasync then only flushes data, as the file's size
	// and block map do not change (PostgreSQL zero-fills its WAL segments
	// for the same reason). Recovery reads zeros as the end of the log.
	// A new log starts with minPreallocate (startLog) and grows by as
	// much as it holds up to preallocate: the first commit after a start
	// (a clean stop leaves an empty log) wrote and fsynced 4 MiB of zeros
	// before it could return, ~10 ms of a restart's critical path on this
	// machine's disk.
	preallocate    = 4 << 20
	minPreallocate = 64 << 10
	// maxRecord bounds a record's length so a damaged length field is
	// reported as damage, not as an allocation of gigabytes.
	maxRecord = 1 << 30
	// maxGather bounds how long an fsync waits for the records of
	// commits on their way (walFile.gather).
	maxGather = 2 * time.Millisecond
)

var crcTable = crc32.MakeTable(crc32.Castagnoli)

// Options are test hooks; the zero value uses the operating system.
type Options struct {
	// Write replaces f.WriteAt for log records (fault injection).
	Write func(f *os.File, b []byte, off int64) (int, error)
	// Sync replaces f.Sync for logs and checkpoints (fault injection).
	Sync func(f *os.File) error
}

// Dir is an open, locked data directory.
type Dir struct {
	path string
	opts Options
	lock *os.File

	ckptMu sync.Mutex // one checkpoint at a time
	gen    uint64     // generation of the newest durable checkpoint (0: none)

	walMu sync.Mutex // guards wal (replaced by rotation)
	wal   *walFile
	// failed is set when an fsync failed: every later append fails.
	failed atomic.Pointer[error]

	// unmap releases the checkpoint ReadCheckpoint mapped
	// (ReleaseCheckpoint); nil when none is.
	unmapMu sync.Mutex
	unmap   func() error
}

// Open opens (creating it if missing) and locks the data directory at
// path. A directory another process holds, a newer or unknown format, or
// one that cannot be written is an error that says so.
func Open(path string, opts Options) (*Dir, error) {
	if err := os.MkdirAll(path, 0o755); err != nil {
		return nil, fmt.Errorf("data directory %s cannot be created: %w", path, err)
	}
	lf, err := os.OpenFile(filepath.Join(path, lockName), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("data directory %s is not writable: %w", path, err)
	}
	if err := syscall.Flock(int(lf.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		pid, _ := io.ReadAll(io.LimitReader(lf, 32))
		lf.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			who := "another process"
			if p := strings.TrimSpace(string(pid)); p != "" {
				who = "another process (pid " + p + ")"
			}
			return nil, fmt.Errorf("data directory %s is in use by %s: stop that tinybase first, or use another --data-dir", path, who)
		}
		return nil, fmt.Errorf("data directory %s cannot be locked: %w", path, err)
	}
	_ = lf.Truncate(0)
	_, _ = lf.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	d := &Dir{path: path, opts: opts, lock: lf}
	if err := d.checkFormat(); err != nil {
		d.unlock()
		return nil, err
	}
	return d, nil
}

func (d *Dir) unlock() {
	if d.lock != nil {
		_ = syscall.Flock(int(d.lock.Fd()), syscall.LOCK_UN)
		d.lock.Close()
		d.lock = nil
	}
}

// Path is the directory's path.
func (d *Dir) Path() string { return d.path }

func (d *Dir) checkFormat() error {
	p := filepath.Join(d.path, formatName)
	b, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		if len(d.files("checkpoint.")) > 0 || len(d.files("wal.")) > 0 {
			return fmt.Errorf("data directory %s has data files but no %s file: it was not written by tinybase, or is damaged; move it away to start over", d.path, formatName)
		}
		if err := writeFileSync(p, []byte(formatText+strconv.Itoa(Format)+"\n"), d.sync); err != nil {
			return fmt.Errorf("data directory %s is not writable: %w", d.path, err)
		}
		return d.syncDir()
	}
	if err != nil {
		return fmt.Errorf("reading %s: %w", p, err)
	}
	s := strings.TrimSpace(string(b))
	if !strings.HasPrefix(s, formatText) {
		return fmt.Errorf("%s is not a tinybase data directory format file; move the directory away to start over", p)
	}
	v, err := strconv.Atoi(strings.TrimPrefix(s, formatText))
	if err != nil {
		return fmt.Errorf("%s names an unknown format %q; move the directory away to start over", p, strings.TrimPrefix(s, formatText))
	}
	if v > Format {
		return fmt.Errorf("data directory %s has format %d, newer than this tinybase reads (%d): upgrade tinybase, or move the directory away to start over (tinybase db reset)", d.path, v, Format)
	}
	if v != Format {
		return fmt.Errorf("data directory %s has format %d, which this tinybase does not read (%d): move it away to start over (tinybase db reset)", d.path, v, Format)
	}
	return nil
}

func (d *Dir) sync(f *os.File) error {
	if d.opts.Sync != nil {
		return d.opts.Sync(f)
	}
	return f.Sync()
}

// syncData makes a log's written records durable: fdatasync, since its
// size does not change between fsyncs (preallocate).
func (d *Dir) syncData(f *os.File) error {
	if d.opts.Sync != nil {
		return d.opts.Sync(f)
	}
	for {
		err := syscall.Fdatasync(int(f.Fd()))
		if err != syscall.EINTR {
			if err != nil {
				return &os.PathError{Op: "fdatasync", Path: f.Name(), Err: err}
			}
			return nil
		}
	}
}

func (d *Dir) syncDir() error {
	f, err := os.Open(d.path)
	if err != nil {
		return err
	}
	defer f.Close()
	return d.sync(f)
}

func writeFileSync(p string, b []byte, sync func(*os.File) error) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	if err := sync(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// files returns the generations of the files named prefix<gen>, sorted.
func (d *Dir) files(prefix string) []uint64 {
	ents, _ := os.ReadDir(d.path)
	var out []uint64
	for _, e := range ents {
		n := e.Name()
		if !strings.HasPrefix(n, prefix) || len(n) != len(prefix)+16 {
			continue
		}
		g, err := strconv.ParseUint(n[len(prefix):], 16, 64)
		if err == nil {
			out = append(out, g)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func (d *Dir) name(prefix string, gen uint64) string {
	return filepath.Join(d.path, fmt.Sprintf("%s%016x", prefix, gen))
}

func header(magic string, gen uint64) []byte {
	b := make([]byte, 0, headerLen)
	b = append(b, magic...)
	b = binary.LittleEndian.AppendUint32(b, Format)
	b = binary.LittleEndian.AppendUint64(b, gen)
	return binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, crcTable))
}

// checkHeader validates a file's header and returns its generation.
func checkHeader(file string, b []byte, magic string) (uint64, error) {
	if len(b) < headerLen || string(b[:8]) != magic {
		return 0, corrupt(file, "its header is missing or damaged")
	}
	if crc32.Checksum(b[:headerLen-4], crcTable) != binary.LittleEndian.Uint32(b[headerLen-4:]) {
		return 0, corrupt(file, "its header checksum does not match")
	}
	if v := binary.LittleEndian.Uint32(b[8:]); v != Format {
		return 0, fmt.Errorf("%s has format %d; this tinybase reads format %d: upgrade tinybase, or move the data directory away to start over", file, v, Format)
	}
	return binary.LittleEndian.Uint64(b[12:]), nil
}

// CorruptError reports a damaged data file.
type CorruptError struct {
	File, Problem string
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("data file %s is damaged (%s); tinybase will not serve changed data: restore the data directory from a backup, or move it away and rebuild it from the migrations (tinybase db reset)", e.File, e.Problem)
}

func corrupt(file, problem string) error { return &CorruptError{File: file, Problem: problem} }

// Fresh reports whether the directory holds no database yet.
func (d *Dir) Fresh() bool {
	return len(d.files("checkpoint.")) == 0 && len(d.files("wal.")) == 0
}

// ReadCheckpoint returns the newest checkpoint's sections (nil when there
// is none) and remembers its generation for Replay. The sections are the
// file mapped read-only, not a copy (reading a restart's 4 MB checkpoint
// of 100,000 rows into fresh memory took 2-20 ms, most of the directory's
// open; mapped and checksummed it takes under 1 ms): call
// ReleaseCheckpoint once nothing reads them; Close does too.
func (d *Dir) ReadCheckpoint() (_ [][]byte, err error) {
	gens := d.files("checkpoint.")
	if len(gens) == 0 {
		return nil, nil
	}
	gen := gens[len(gens)-1]
	file := d.name("checkpoint.", gen)
	b, unmap, err := mapFile(file)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	defer func() {
		if err != nil {
			unmap()
		}
	}()
	g, err := checkHeader(file, b, ckptMagic)
	if err != nil {
		return nil, err
	}
	if g != gen {
		return nil, corrupt(file, fmt.Sprintf("its header says generation %d", g))
	}
	if len(b) < headerLen+4 || crc32.Checksum(b[:len(b)-4], crcTable) != binary.LittleEndian.Uint32(b[len(b)-4:]) {
		return nil, corrupt(file, "its checksum does not match")
	}
	r := NewReader(b[headerLen : len(b)-4])
	n := r.Uvarint()
	var out [][]byte
	for i := uint64(0); i < n && r.Err() == nil; i++ {
		out = append(out, r.Bytes())
	}
	if r.Err() != nil || !r.Done() {
		return nil, corrupt(file, "its sections do not add up")
	}
	d.gen = gen
	d.unmapMu.Lock()
	prev := d.unmap
	d.unmap = unmap
	d.unmapMu.Unlock()
	if prev != nil {
		prev()
	}
	return out, nil
}

// ReleaseCheckpoint ends the sections ReadCheckpoint returned: reading
// them after it faults.
func (d *Dir) ReleaseCheckpoint() error {
	d.unmapMu.Lock()
	unmap := d.unmap
	d.unmap = nil
	d.unmapMu.Unlock()
	if unmap == nil {
		return nil
	}
	return unmap()
}

// mapFile maps file read-only; unmap releases it. An empty file is an
// empty slice (mmap refuses a zero length).
func mapFile(file string) (b []byte, unmap func() error, err error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close() // the mapping outlives the descriptor
	st, err := f.Stat()
	if err != nil {
		return nil, nil, err
	}
	if st.Size() == 0 {
		return []byte{}, func() error { return nil }, nil
	}
	if int64(int(st.Size())) != st.Size() {
		return nil, nil, fmt.Errorf("%d bytes do not fit in memory", st.Size())
	}
	b, err = syscall.Mmap(int(f.Fd()), 0, int(st.Size()), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return nil, nil, err
	}
	var once sync.Once
	var uerr error
	return b, func() error {
		once.Do(func() { uerr = syscall.Munmap(b) })
		return uerr
	}, nil
}

// Replay calls fn with the payload of every logged commit after the
// checkpoint ReadCheckpoint read, in order, then opens the last log for
// appending (creating one when there is none). A torn last record is
// discarded and the log truncated before it.
func (d *Dir) Replay(fn func(payload []byte) error) error {
	var gens []uint64
	for _, g := range d.files("wal.") {
		if g >= d.gen {
			gens = append(gens, g)
		}
	}
	if len(gens) == 0 {
		return d.startLog(d.gen)
	}
	for i, g := range gens {
		last := i == len(gens)-1
		file := d.name("wal.", g)
		b, err := os.ReadFile(file)
		if err != nil {
			return fmt.Errorf("reading %s: %w", file, err)
		}
		if len(b) < headerLen && last {
			// Created but its header never reached the disk: empty.
			if err := os.Remove(file); err != nil {
				return err
			}
			return d.startLog(g)
		}
		hg, err := checkHeader(file, b, walMagic)
		if err != nil {
			return err
		}
		if hg != g {
			return corrupt(file, fmt.Sprintf("its header says generation %d", hg))
		}
		off := headerLen
		for off < len(b) {
			rest := b[off:]
			n, end := 0, 0
			if len(rest) >= recordHead {
				n = int(binary.LittleEndian.Uint32(rest))
				end = recordHead + n
			}
			if len(rest) < recordHead || n == 0 || n > maxRecord || end > len(rest) {
				// Cut short (or never written: zeros): the tail of a crash.
				if !last && !allZero(rest) {
					return corrupt(file, fmt.Sprintf("its record at offset %d is incomplete but later logs exist", off))
				}
				break
			}
			payload := rest[recordHead:end]
			if crc32.Checksum(payload, crcTable) != binary.LittleEndian.Uint32(rest[4:]) {
				if !last || !allZero(rest[end:]) {
					return corrupt(file, fmt.Sprintf("the checksum of its record at offset %d does not match", off))
				}
				break // the final record, torn
			}
			if err := fn(payload); err != nil {
				return fmt.Errorf("replaying %s at offset %d: %w", file, off, err)
			}
			off += end
		}
		if last {
			if off < len(b) {
				if err := os.Truncate(file, int64(off)); err != nil {
					return fmt.Errorf("truncating the torn tail of %s: %w", file, err)
				}
			}
			return d.openLog(g, int64(off))
		}
	}
	return nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// walFile is the log being appended to.
type walFile struct {
	d    *Dir
	f    *os.File
	name string
	gen  uint64

	mu      sync.Mutex
	written int64 // bytes written
	synced  int64 // bytes known durable
	alloc   int64 // bytes preallocated (zeros past written)
	syncing bool
	err     error
	// fsyncs are numbered (syncGen: the running or last one; target:
	// what it covers). A waiter sleeps on turn[n%2] until fsync n, the
	// first to cover its record, ends: the one running, or the next. So
	// an fsync's end wakes only the commits it made durable, and one
	// waiter of the next to lead it (the others would wake only to sleep
	// again: 8 writers spent ~1.4 wake-ups per commit so).
	turn     [2]*sync.Cond
	sleepers [2]int // waiters on turn[i]
	syncGen  uint64
	target   int64
	// lastSync is how long the last fsync took (gather's limit).
	lastSync time.Duration
	// records counts the records appended, syncedRecords those the last
	// fsync covered; committers is how many records that fsync covered
	// or saw appended while it ran: how many commit concurrently. gather
	// counts records, not waiters: the committers an fsync covered were
	// still waiters until they ran again, and counted so they let the
	// next fsync start for one record (8 writers alternated fsyncs of
	// one commit and of seven), and a writer waiting for the commit it
	// builds on is a waiter that appends nothing meanwhile.
	records, syncedRecords int64
	committers             int
	// gathering is set while an fsync waits for committers (gather);
	// arrived has a value once as many records wait as it waits for.
	gathering bool
	arrived   chan struct{}
}

// startLog creates the log of generation gen, zero-filled ahead by
// minPreallocate in the write and fsync that make its header durable: a
// clean stop's final checkpoint starts the log the next start appends to,
// so that start's first commit does not extend and fsync it first.
func (d *Dir) startLog(gen uint64) error {
	file := d.name("wal.", gen)
	b := make([]byte, headerLen+minPreallocate)
	copy(b, header(walMagic, gen))
	if err := writeFileSync(file, b, d.sync); err != nil {
		return d.writeError(file, err)
	}
	if err := d.syncDir(); err != nil {
		return d.writeError(d.path, err)
	}
	return d.openLog(gen, headerLen)
}

func (d *Dir) openLog(gen uint64, size int64) error {
	file := d.name("wal.", gen)
	f, err := os.OpenFile(file, os.O_WRONLY, 0)
	if err != nil {
		return fmt.Errorf("opening %s: %w", file, err)
	}
	alloc := size
	if st, err := f.Stat(); err == nil && st.Size() > alloc {
		alloc = st.Size()
	}
	w := &walFile{d: d, f: f, name: file, gen: gen, written: size, synced: size, alloc: alloc, arrived: make(chan struct{}, 1)}
	w.turn[0], w.turn[1] = sync.NewCond(&w.mu), sync.NewCond(&w.mu)
	d.walMu.Lock()
	d.wal = w
	d.walMu.Unlock()
	return nil
}

// writeError turns a failed write or fsync into the error a client sees:
// 53100 when the disk is full (PostgreSQL's wording), 58030 otherwise.
func (d *Dir) writeError(file string, err error) error {
	rel, rerr := filepath.Rel(d.path, file)
	if rerr != nil {
		rel = file
	}
	if errors.Is(err, syscall.ENOSPC) {
		e := pgerror.New(pgerror.DiskFull, "could not write to file %q: No space left on device", rel)
		e.Hint = "Check free disk space."
		return e
	}
	var errno syscall.Errno
	msg := err.Error()
	if errors.As(err, &errno) {
		msg = capitalize(errno.Error())
	}
	return pgerror.New(pgerror.IOError, "could not write to file %q: %s", rel, msg)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// RecordHeader is how many bytes AppendFramed's frame reserves in front
// of the payload.
const RecordHeader = recordHead

// Append writes one record. Calls must be serialized (the engine holds
// its writer lock) so records are in commit order. wait returns once the
// record is durable.
func (d *Dir) Append(payload []byte) (wait func() error, err error) {
	frame := make([]byte, recordHead, recordHead+len(payload))
	return d.AppendFramed(append(frame, payload...))
}

// AppendFramed is Append of frame[RecordHeader:], whose first
// RecordHeader bytes it overwrites with the record's length and checksum:
// a caller that encodes its payload behind that room saves the copy (and
// the allocation) Append makes of every commit's record.
func (d *Dir) AppendFramed(frame []byte) (wait func() error, err error) {
	if len(frame) < recordHead {
		return nil, errors.New("durable: a record frame has no room for its header")
	}
	if p := d.failed.Load(); p != nil {
		return nil, *p
	}
	d.walMu.Lock()
	w := d.wal
	d.walMu.Unlock()
	if w == nil {
		return nil, errors.New("durable: the log is not open")
	}
	payload := frame[recordHead:]
	binary.LittleEndian.PutUint32(frame, uint32(len(payload)))
	binary.LittleEndian.PutUint32(frame[4:], crc32.Checksum(payload, crcTable))
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.written+int64(len(frame)) > w.alloc {
		if err := w.extend(int64(len(frame))); err != nil {
			return nil, err
		}
	}
	var n int
	if d.opts.Write != nil {
		n, err = d.opts.Write(w.f, frame, w.written)
	} else {
		n, err = w.f.WriteAt(frame, w.written)
	}
	if err != nil {
		if n > 0 {
			// Take the partial record back so the next one follows the
			// last complete record.
			if _, zerr := w.f.WriteAt(make([]byte, n), w.written); zerr != nil {
				e := d.writeError(w.name, zerr)
				d.failed.Store(&e)
			}
		}
		return nil, d.writeError(w.name, err)
	}
	w.written += int64(n)
	w.records++
	if w.gathering && w.unsynced() >= w.committers {
		select { // wake the gathering fsync: all it waits for are here
		case w.arrived <- struct{}{}:
		default:
		}
	}
	off := w.written
	return func() error { return w.waitSynced(off, true) }, nil
}

// extend preallocates at least need more bytes of zeros past the
// records, as many as the log holds already (minPreallocate at least,
// preallocate at most), and makes the new size durable.
// Called with w.mu held.
func (w *walFile) extend(need int64) error {
	n := max(need, min(preallocate, max(minPreallocate, w.alloc)))
	zeros := make([]byte, 64<<10)
	for off := w.alloc; off < w.written+n; {
		k := min(int64(len(zeros)), w.written+n-off)
		var err error
		if w.d.opts.Write != nil {
			_, err = w.d.opts.Write(w.f, zeros[:k], off)
		} else {
			_, err = w.f.WriteAt(zeros[:k], off)
		}
		if err != nil {
			// Keep the file as it was: the records end at w.written.
			_ = w.f.Truncate(max(w.alloc, w.written))
			return w.d.writeError(w.name, err)
		}
		off += k
	}
	if err := w.d.sync(w.f); err != nil {
		e := w.d.writeError(w.name, err)
		w.d.failed.Store(&e)
		return e
	}
	w.alloc = w.written + n
	return nil
}

// waitSynced returns once the log is durable up to off: it fsyncs itself
// when no fsync is running, else waits for the running one and, if that
// did not cover off, the next (group commit). With gather, the fsyncing
// waiter first lets the commits on their way append (gather).
func (w *walFile) waitSynced(off int64, gather bool) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.synced >= off {
		// Durable already (a writer checking the commit it builds on):
		// not a committer gather should count.
		return nil
	}
	for w.synced < off {
		if w.err != nil {
			return w.err
		}
		if w.syncing {
			// the running fsync covers off, or (still gathering, or
			// started before this record) the next one will
			n := w.syncGen
			if off > w.target {
				n++
			}
			w.sleepers[n%2]++
			w.turn[n%2].Wait()
			continue
		}
		w.syncing = true
		if gather {
			w.gather()
		}
		w.syncGen++
		n := w.syncGen
		target, records := w.written, w.records
		w.target = target
		w.mu.Unlock()
		start := time.Now()
		err := w.d.syncData(w.f)
		took := time.Since(start)
		w.mu.Lock()
		w.syncing = false
		w.lastSync = took
		w.committers = int(w.records - w.syncedRecords)
		if err != nil {
			w.err = w.d.writeError(w.name, err)
			w.d.failed.Store(&w.err)
			w.wake(0)
			w.wake(1)
			continue
		}
		if target > w.synced {
			w.synced, w.syncedRecords = target, records
		}
		w.wake(int(n % 2))
		if i := (n + 1) % 2; w.sleepers[i] > 0 {
			// they wait for a record this fsync did not cover: one
			// of them leads the next fsync
			w.sleepers[i]--
			w.turn[i].Signal()
		}
	}
	return nil
}

// wake wakes every waiter on turn[i]. Called with w.mu held.
func (w *walFile) wake(i int) {
	if w.sleepers[i] > 0 {
		w.sleepers[i] = 0
		w.turn[i].Broadcast()
	}
}

// gather delays an fsync until as many records wait for it as the last
// one covered or saw appended (committers), so that it covers the records
// of the committers that one woke too. Writers are serialized by the engine's writer lock: without
// it, the first waker of an fsync would start the next one for its own
// record alone while the others still run, and fsyncs would alternate
// between one commit and the rest. It waits at most as long as the last
// fsync took (waiting longer gains nothing over a second fsync; Go's
// timers below a millisecond may fire up to a millisecond late on an idle
// runtime): a committer that does not come costs that once, as the next
// gather's count of committers leaves it out. Only the last record wakes
// it, not each one. Called with w.mu held.
func (w *walFile) gather() {
	if w.unsynced() >= w.committers {
		return
	}
	limit := min(w.lastSync, maxGather)
	if limit <= 0 {
		return
	}
	select { // a signal from before this fsync was elected
	case <-w.arrived:
	default:
	}
	w.gathering = true
	defer func() { w.gathering = false }()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	for w.unsynced() < w.committers {
		w.mu.Unlock()
		select {
		case <-w.arrived:
		case <-timer.C:
			w.mu.Lock()
			return
		}
		w.mu.Lock()
	}
}

// unsynced is how many records no fsync has covered. Called with w.mu held.
func (w *walFile) unsynced() int { return int(w.records - w.syncedRecords) }

// LogSize is the size of the log being appended to.
func (d *Dir) LogSize() int64 {
	d.walMu.Lock()
	w := d.wal
	d.walMu.Unlock()
	if w == nil {
		return 0
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.written
}

// Rotate starts the next generation's log, after making the current one
// durable, and returns the new generation. Call it with appends stopped
// (the engine's writer lock held): the state at this point is what the
// checkpoint of that generation must hold.
func (d *Dir) Rotate() (uint64, error) {
	d.walMu.Lock()
	w := d.wal
	d.walMu.Unlock()
	gen := d.gen + 1
	if w != nil {
		if err := w.waitSynced(w.written, false); err != nil {
			return 0, err
		}
		if w.gen >= gen {
			gen = w.gen + 1
		}
	}
	if err := d.startLog(gen); err != nil {
		return 0, err
	}
	if w != nil {
		w.f.Close()
	}
	return gen, nil
}

// WriteCheckpoint writes the checkpoint of generation gen (from Rotate):
// sections, durably, then removes the files it supersedes. Until it
// returns, recovery uses the previous checkpoint and the logs.
func (d *Dir) WriteCheckpoint(gen uint64, sections [][]byte) error {
	d.ckptMu.Lock()
	defer d.ckptMu.Unlock()
	if gen <= d.gen {
		return nil // a newer checkpoint is already durable
	}
	file := d.name("checkpoint.", gen)
	tmp := file + ".tmp"
	size := headerLen + binary.MaxVarintLen64 + 4
	for _, s := range sections {
		size += binary.MaxVarintLen64 + len(s)
	}
	b := make([]byte, 0, size)
	b = append(b, header(ckptMagic, gen)...)
	b = binary.AppendUvarint(b, uint64(len(sections)))
	for _, s := range sections {
		b = appendBytes(b, s)
	}
	b = binary.LittleEndian.AppendUint32(b, crc32.Checksum(b, crcTable))
	if err := writeFileSync(tmp, b, d.sync); err != nil {
		os.Remove(tmp)
		return d.writeError(tmp, err)
	}
	if err := os.Rename(tmp, file); err != nil {
		os.Remove(tmp)
		return d.writeError(file, err)
	}
	if err := d.syncDir(); err != nil {
		return d.writeError(d.path, err)
	}
	d.gen = gen
	for _, g := range d.files("checkpoint.") {
		if g < gen {
			os.Remove(d.name("checkpoint.", g))
		}
	}
	for _, g := range d.files("wal.") {
		if g < gen {
			os.Remove(d.name("wal.", g))
		}
	}
	return nil
}

// Close makes the log durable and releases the directory.
func (d *Dir) Close() error {
	d.ReleaseCheckpoint()
	d.walMu.Lock()
	w := d.wal
	d.wal = nil
	d.walMu.Unlock()
	var err error
	if w != nil {
		if d.failed.Load() == nil {
			err = w.waitSynced(w.written, false)
		}
		w.f.Close()
	}
	d.unlock()
	return err
}
