package migrations

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
)

// File is one migration file.
type File struct {
	Version string // the digits before the first underscore
	Name    string // the part between the underscore and ".sql"
	Path    string // path on disk ("" for a candidate read from stdin)
	SQL     string
}

// Base is the file's name as it appears in supabase/migrations.
func (f File) Base() string { return f.Version + "_" + f.Name + ".sql" }

// filePattern is the Supabase CLI's migration file pattern
// (pkg/migration/file.go): any number of digits, an underscore, a name.
var filePattern = regexp.MustCompile(`^([0-9]+)_(.*)\.sql$`)

// legacyInitCutoff: the Supabase CLI skips a first file named
// <ts>_init.sql older than this (pkg/migration/list.go, shouldSkip).
const legacyInitCutoff = "20211209000000"

// MigrationsDir is the folder of migrations inside a project directory.
func MigrationsDir(projectDir string) string {
	return filepath.Join(projectDir, "supabase", "migrations")
}

// SeedPath is the default seed file of a project directory.
func SeedPath(projectDir string) string {
	return filepath.Join(projectDir, "supabase", "seed.sql")
}

// DirError reports a migrations folder that cannot be read.
type DirError struct {
	Path string
	Err  error
}

func (e *DirError) Error() string {
	return fmt.Sprintf("cannot read migrations folder %s: %v", e.Path, unwrapPathError(e.Err))
}
func (e *DirError) Unwrap() error { return e.Err }

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// DuplicateVersionError reports two migration files with one version.
type DuplicateVersionError struct {
	Version string
	Files   []string
}

func (e *DuplicateVersionError) Error() string {
	return fmt.Sprintf("duplicate migration version %s: %s and %s", e.Version, e.Files[0], e.Files[1])
}

// Discovery is what Discover found.
type Discovery struct {
	Files []File
	// Warnings name files skipped because they do not follow the pattern,
	// as the Supabase CLI skips them.
	Warnings []string
}

// Discover lists dir's migration files in version order and reads them.
// A missing dir is an empty history when missingOK is set, a *DirError
// otherwise.
func Discover(dir string, missingOK bool) (*Discovery, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		if missingOK && errors.Is(err, fs.ErrNotExist) {
			return &Discovery{}, nil
		}
		return nil, &DirError{Path: dir, Err: err}
	}
	d := &Discovery{}
	byVersion := map[string]string{}
	for _, ent := range entries {
		name := ent.Name()
		if ent.IsDir() {
			continue
		}
		m := filePattern.FindStringSubmatch(name)
		if m == nil {
			d.Warnings = append(d.Warnings, fmt.Sprintf("skipping migration %s... (file name must match pattern \"<timestamp>_name.sql\")", name))
			continue
		}
		if prev, ok := byVersion[m[1]]; ok {
			return nil, &DuplicateVersionError{Version: m[1], Files: []string{prev, name}}
		}
		byVersion[m[1]] = name
		d.Files = append(d.Files, File{Version: m[1], Name: m[2], Path: filepath.Join(dir, name)})
	}
	sort.Slice(d.Files, func(i, j int) bool { return d.Files[i].Base() < d.Files[j].Base() })
	if len(d.Files) > 0 && d.Files[0].Name == "init" && len(d.Files[0].Version) == len(legacyInitCutoff) && d.Files[0].Version < legacyInitCutoff {
		d.Warnings = append(d.Warnings, fmt.Sprintf("skipping legacy migration %s (as the Supabase CLI does)", d.Files[0].Base()))
		d.Files = d.Files[1:]
	}
	for i := range d.Files {
		b, err := os.ReadFile(d.Files[i].Path)
		if err != nil {
			return nil, &DirError{Path: d.Files[i].Path, Err: err}
		}
		d.Files[i].SQL = string(b)
	}
	return d, nil
}
