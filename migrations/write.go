package migrations

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"time"
)

// namePattern is what tinybase accepts as a migration name: letters,
// digits, underscores and hyphens (no spaces, slashes or dots), so the
// file name is portable and unambiguous.
var namePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$`)

// ValidName reports whether name may be used in a migration file name.
func ValidName(name string) error {
	if !namePattern.MatchString(name) {
		return fmt.Errorf("invalid migration name %q: use letters, digits, '_' and '-' (at most 100, no spaces, slashes or dots)", name)
	}
	return nil
}

// versionLayout is the Supabase CLI's version format (UTC).
const versionLayout = "20060102150405"

// NextVersion is now's UTC timestamp, or one second past the last prior
// version when that is not earlier (two migrations in one second, or a
// clock behind the history), so the new file always sorts last.
func NextVersion(now time.Time, priors []File) string {
	v := now.UTC().Format(versionLayout)
	if len(priors) == 0 {
		return v
	}
	last := priors[len(priors)-1].Version
	if len(last) == len(v) && last >= v {
		if t, err := time.Parse(versionLayout, last); err == nil {
			return t.Add(time.Second).Format(versionLayout)
		}
	}
	return v
}

// WriteAtomic writes data to path through a temporary file in the same
// directory, then links it into place, so a reader (or an interruption)
// never sees half a file. It refuses to replace an existing file, also
// when two writers race for one name (the link fails for the second);
// where hard links are unavailable it falls back to a rename.
func WriteAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("%s already exists", path)
	}
	tmp, err := os.CreateTemp(dir, ".tinybase-migration-*.tmp")
	if err != nil {
		return err
	}
	name := tmp.Name()
	defer os.Remove(name) // the temporary name; the linked file stays
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(name, 0o644); err != nil {
		return err
	}
	if err := os.Link(name, path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%s already exists", path)
		}
		return os.Rename(name, path)
	}
	return nil
}

// ReplaceAtomic writes data over the file at path through a temporary
// file renamed into place, so a reader never sees half of either version
// (squash rewrites a migration this way).
func ReplaceAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tinybase-migration-*.tmp")
	if err != nil {
		return err
	}
	name := tmp.Name()
	defer os.Remove(name) // left only when the rename failed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(name, 0o644); err != nil {
		return err
	}
	return os.Rename(name, path)
}
