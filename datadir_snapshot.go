package tinybase

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"syscall"
	"time"
)

// Named snapshots of a data directory: `tinybase db snapshot NAME` keeps a
// copy of the database files under the data directory's snapshots/
// folder, and `db restore NAME` puts them back, so a developer can return
// to a known state after trying a destructive migration. Here both work
// on a stopped data directory, as `db reset` does: the files of a
// directory no process holds are a consistent database (recovery replays
// the log), so copying them is the whole snapshot; a running server takes
// and restores them itself (server_snapshot.go). Snapshots survive `db
// reset`.

// snapshotsDir is the folder of a data directory holding its snapshots.
const snapshotsDir = "snapshots"

var snapshotName = regexp.MustCompile(`^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$`)

// SnapshotInfo describes one named snapshot of a data directory.
type SnapshotInfo struct {
	Name  string    `json:"name"`
	Taken time.Time `json:"taken"`
	Bytes int64     `json:"bytes"`
}

// lockDataDir takes the data directory's lock as the engine does, failing
// when a running tinybase holds it; unlock releases it.
func lockDataDir(dir string) (unlock func(), err error) {
	lf, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("data directory %s is not writable: %w", dir, err)
	}
	if err := syscall.Flock(int(lf.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		lf.Close()
		return nil, fmt.Errorf("data directory %s is in use by another process: stop that tinybase first", dir)
	}
	return func() {
		_ = syscall.Flock(int(lf.Fd()), syscall.LOCK_UN)
		lf.Close()
	}, nil
}

// storageObjectsDir is the folder of a data directory holding Storage's
// object bytes (server_storage.go); a snapshot copies it with the rest.
const storageObjectsDir = "storage"

// databaseFiles lists the files of dir that make up its database: all but
// the lock, the .gitignore and the snapshots folder, and the Storage
// objects folder.
func databaseFiles(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range ents {
		switch n := e.Name(); {
		case n == "lock", n == ".gitignore", n == snapshotsDir, n[0] == '.':
		case e.IsDir() && n == storageObjectsDir:
			out = append(out, n)
		case e.IsDir():
			return nil, fmt.Errorf("data directory %s holds an unexpected folder %s", dir, n)
		default:
			out = append(out, n)
		}
	}
	return out, nil
}

func checkSnapshotName(name string) error {
	if !snapshotName.MatchString(name) {
		return fmt.Errorf("invalid snapshot name %q: use letters, digits, '_', '-' and '.', starting with a letter, digit or '_'", name)
	}
	return nil
}

// SnapshotDataDir copies the database in dir to the snapshot name. It
// fails when a running tinybase holds dir, when dir holds no database, or
// when the snapshot exists.
func SnapshotDataDir(dir, name string) (SnapshotInfo, error) {
	if err := checkSnapshotName(name); err != nil {
		return SnapshotInfo{}, err
	}
	ok, err := hasDatabase(dir)
	if err != nil {
		return SnapshotInfo{}, err
	}
	if !ok {
		return SnapshotInfo{}, fmt.Errorf("data directory %s holds no database yet: run tinybase start or tinybase db reset first", dir)
	}
	unlock, err := lockDataDir(dir)
	if err != nil {
		return SnapshotInfo{}, err
	}
	defer unlock()
	dst := filepath.Join(dir, snapshotsDir, name)
	if _, err := os.Stat(dst); err == nil {
		return SnapshotInfo{}, fmt.Errorf("snapshot %q exists: restore it, or delete it with tinybase db snapshot --delete %s", name, name)
	}
	files, err := databaseFiles(dir)
	if err != nil {
		return SnapshotInfo{}, err
	}
	// copied to a temporary folder renamed at the end: a snapshot that
	// exists is whole
	tmp := filepath.Join(dir, snapshotsDir, ".new-"+name)
	if err := os.RemoveAll(tmp); err != nil {
		return SnapshotInfo{}, err
	}
	if err := copyFiles(dir, tmp, files); err != nil {
		os.RemoveAll(tmp)
		return SnapshotInfo{}, fmt.Errorf("snapshot %q: %w", name, err)
	}
	if err := os.Rename(tmp, dst); err != nil {
		os.RemoveAll(tmp)
		return SnapshotInfo{}, fmt.Errorf("snapshot %q: %w", name, err)
	}
	return snapshotInfo(dst)
}

// RestoreDataDir replaces the database in dir with the snapshot name,
// which is kept (a snapshot can be restored again). It fails when a
// running tinybase holds dir or the snapshot does not exist.
func RestoreDataDir(dir, name string) error {
	if err := checkSnapshotName(name); err != nil {
		return err
	}
	src := filepath.Join(dir, snapshotsDir, name)
	if st, err := os.Stat(src); err != nil || !st.IsDir() {
		return fmt.Errorf("no snapshot %q in %s (tinybase db snapshot --list shows them)", name, dir)
	}
	unlock, err := lockDataDir(dir)
	if err != nil {
		return err
	}
	defer unlock()
	files, err := databaseFiles(src)
	if err != nil {
		return err
	}
	// The snapshot is copied beside the database first, so a failure
	// while copying leaves the database as it was; only renames follow.
	tmp := filepath.Join(dir, snapshotsDir, ".restore-"+name)
	if err := os.RemoveAll(tmp); err != nil {
		return err
	}
	if err := copyFiles(src, tmp, files); err != nil {
		os.RemoveAll(tmp)
		return fmt.Errorf("restoring snapshot %q: %w", name, err)
	}
	defer os.RemoveAll(tmp)
	old, err := databaseFiles(dir)
	if err != nil {
		return err
	}
	for _, f := range old {
		if err := os.RemoveAll(filepath.Join(dir, f)); err != nil {
			return fmt.Errorf("restoring snapshot %q: %w", name, err)
		}
	}
	for _, f := range files {
		if err := os.Rename(filepath.Join(tmp, f), filepath.Join(dir, f)); err != nil {
			return fmt.Errorf("restoring snapshot %q: %w", name, err)
		}
	}
	return syncDir(dir)
}

// DeleteSnapshot removes the snapshot name of dir.
func DeleteSnapshot(dir, name string) error {
	if err := checkSnapshotName(name); err != nil {
		return err
	}
	p := filepath.Join(dir, snapshotsDir, name)
	if _, err := os.Stat(p); err != nil {
		return fmt.Errorf("no snapshot %q in %s", name, dir)
	}
	return os.RemoveAll(p)
}

// Snapshots lists the snapshots of dir, oldest first.
func Snapshots(dir string) ([]SnapshotInfo, error) {
	ents, err := os.ReadDir(filepath.Join(dir, snapshotsDir))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []SnapshotInfo
	for _, e := range ents {
		if !e.IsDir() || e.Name()[0] == '.' {
			continue
		}
		info, err := snapshotInfo(filepath.Join(dir, snapshotsDir, e.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, info)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Taken.Before(out[j].Taken) })
	return out, nil
}

func snapshotInfo(p string) (SnapshotInfo, error) {
	st, err := os.Stat(p)
	if err != nil {
		return SnapshotInfo{}, err
	}
	info := SnapshotInfo{Name: filepath.Base(p), Taken: st.ModTime()}
	ents, err := os.ReadDir(p)
	if err != nil {
		return SnapshotInfo{}, err
	}
	for _, e := range ents {
		if fi, err := e.Info(); err == nil {
			info.Bytes += fi.Size()
		}
	}
	return info, nil
}

// copyFiles copies the named files of src into the new folder dst, each
// synced, then the folder.
func copyFiles(src, dst string, files []string) error {
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return err
	}
	for _, f := range files {
		s := filepath.Join(src, f)
		st, err := os.Stat(s)
		if err != nil {
			return err
		}
		if st.IsDir() {
			sub, err := os.ReadDir(s)
			if err != nil {
				return err
			}
			names := make([]string, len(sub))
			for i, e := range sub {
				names[i] = e.Name()
			}
			err = copyFiles(s, filepath.Join(dst, f), names)
		} else {
			err = copyFile(s, filepath.Join(dst, f))
		}
		if err != nil {
			return err
		}
	}
	return syncDir(dst)
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
