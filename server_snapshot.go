package tinybase

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/logs"
)

// Named snapshots of a running server's database, in the same folder and
// format as a stopped data directory's (datadir_snapshot.go), so `db
// snapshot` and `db restore` work whether tinybase runs or not and either
// kind of snapshot restores either way.
//
// Taking one does not stop writers: the engine's copy-on-write snapshot
// is O(1), and a second engine writes that state into the snapshot's
// folder while the server goes on. Restoring builds the snapshot's
// database aside first, then replaces the running one as `db reset`
// does (Postgres connections end with 57P01; ports and keys stay).

// errMemorySnapshots is why an in-memory instance has no named snapshots.
var errMemorySnapshots = errors.New("this instance keeps its database in memory (--memory): it has no data directory to keep snapshots in; the MCP tools snapshot and restore keep in-memory ones")

// TakeSnapshot keeps the running database's committed state as the
// snapshot name of its data directory.
func (s *Server) TakeSnapshot(ctx context.Context, name string) (SnapshotInfo, error) {
	dir := s.project.DataDir
	if dir == "" {
		return SnapshotInfo{}, errMemorySnapshots
	}
	if err := checkSnapshotName(name); err != nil {
		return SnapshotInfo{}, err
	}
	s.resetMu.Lock()
	defer s.resetMu.Unlock()
	dst := filepath.Join(dir, snapshotsDir, name)
	if _, err := os.Stat(dst); err == nil {
		return SnapshotInfo{}, fmt.Errorf("snapshot %q exists: restore it, or delete it with tinybase db snapshot --delete %s", name, name)
	}
	tmp := filepath.Join(dir, snapshotsDir, ".new-"+name)
	if err := os.RemoveAll(tmp); err != nil {
		return SnapshotInfo{}, err
	}
	fail := func(err error) (SnapshotInfo, error) {
		os.RemoveAll(tmp)
		return SnapshotInfo{}, fmt.Errorf("snapshot %q: %w", name, err)
	}
	// Storage's bytes are copied before and after the database is: a
	// blob is stored before the row naming it commits and removed after
	// the row's delete commits, so every blob a row of the snapshot names
	// is in one of the two passes (short of an upload and its delete
	// both falling between them).
	blobs := filepath.Join(dir, storageObjectsDir)
	if err := copyBlobs(blobs, filepath.Join(tmp, storageObjectsDir)); err != nil {
		return fail(err)
	}
	snap := s.project.Engine.Snapshot()
	if err := writeDatabase(ctx, tmp, snap); err != nil {
		return fail(err)
	}
	if err := copyBlobs(blobs, filepath.Join(tmp, storageObjectsDir)); err != nil {
		return fail(err)
	}
	if err := os.Remove(filepath.Join(tmp, "lock")); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fail(err)
	}
	if err := os.Rename(tmp, dst); err != nil {
		return fail(err)
	}
	s.Logs.Add(logs.Entry{Service: logs.Postgres, SQL: "-- tinybase db snapshot " + name, Rows: -1})
	return snapshotInfo(dst)
}

// RestoreSnapshot replaces the running database with the snapshot name of
// its data directory (which is kept).
func (s *Server) RestoreSnapshot(ctx context.Context, name string) error {
	dir := s.project.DataDir
	if dir == "" {
		return errMemorySnapshots
	}
	if err := checkSnapshotName(name); err != nil {
		return err
	}
	src := filepath.Join(dir, snapshotsDir, name)
	if st, err := os.Stat(src); err != nil || !st.IsDir() {
		return fmt.Errorf("no snapshot %q in %s (tinybase db snapshot --list shows them)", name, dir)
	}
	s.resetMu.Lock()
	defer s.resetMu.Unlock()
	files, err := databaseFiles(src)
	if err != nil {
		return err
	}
	var dbFiles []string
	for _, f := range files {
		if f != storageObjectsDir {
			dbFiles = append(dbFiles, f)
		}
	}
	// Opened from a copy: opening recovers and checkpoints in place, and
	// the snapshot must stay as it was taken.
	tmp := filepath.Join(dir, snapshotsDir, ".restore-"+name)
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := copyFiles(src, tmp, dbFiles); err != nil {
		return fmt.Errorf("restoring snapshot %q: %w", name, err)
	}
	from, err := engine.Open(engine.Options{DataDir: tmp})
	if err != nil {
		return fmt.Errorf("restoring snapshot %q: %w", name, err)
	}
	defer from.Close()
	// Blobs first: once the rows are back, every blob they name must be.
	if err := copyBlobs(filepath.Join(src, storageObjectsDir), filepath.Join(dir, storageObjectsDir)); err != nil {
		return fmt.Errorf("restoring snapshot %q: %w", name, err)
	}
	if t, ok := s.wire.(interface{ TerminateAll() }); ok && s.wire != nil {
		t.TerminateAll()
	}
	if err := s.project.Engine.Restore(ctx, from.Snapshot()); err != nil {
		return fmt.Errorf("restoring snapshot %q: %w", name, err)
	}
	s.Logs.Add(logs.Entry{Service: logs.Postgres, SQL: "-- tinybase db restore " + name, Rows: -1})
	return nil
}

// writeDatabase writes snap's committed state as a data directory at dir.
func writeDatabase(ctx context.Context, dir string, snap *engine.Engine) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	eng, err := engine.Open(engine.Options{DataDir: dir})
	if err != nil {
		return err
	}
	if err := eng.Restore(ctx, snap); err != nil {
		eng.Close()
		return err
	}
	return eng.Close()
}

// copyBlobs copies the Storage blobs of src (<xx>/<hash> files) missing
// from dst. Blobs are immutable once stored, so a name present in dst
// holds the same bytes; uploads in flight (tmp/) are skipped, and a blob
// removed while copying is simply not copied.
func copyBlobs(src, dst string) error {
	subs, err := os.ReadDir(src)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, sub := range subs {
		if !sub.IsDir() || sub.Name() == "tmp" {
			continue
		}
		names, err := os.ReadDir(filepath.Join(src, sub.Name()))
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Join(dst, sub.Name()), 0o755); err != nil {
			return err
		}
		for _, n := range names {
			err := copyFile(filepath.Join(src, sub.Name(), n.Name()), filepath.Join(dst, sub.Name(), n.Name()))
			if err != nil && !errors.Is(err, fs.ErrExist) && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
		if err := syncDir(filepath.Join(dst, sub.Name())); err != nil {
			return err
		}
	}
	return nil
}
