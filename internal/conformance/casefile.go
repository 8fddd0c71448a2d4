package conformance

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// File is one case file: a script of statements run on one fresh session.
type File struct {
	// Name is the path relative to the conformance root with forward
	// slashes, e.g. "types/integers.sql"; it prefixes case ids.
	Name string
	// Path is the file's location on disk.
	Path       string
	Statements []Statement
	// Context is set by the directive "-- conformance: context": errors
	// keep their CONTEXT lines (Error.Where), which are then recorded and
	// compared; other files drop them.
	Context bool
	// Requires lists the extensions named by "-- conformance: requires
	// <name>" directives: the file runs on an oracle only where they are
	// available (pgvector, say, is not part of PostgreSQL itself).
	Requires []string
}

// Statement is one case of a file.
type Statement struct {
	SQL string
	// Ordered reports a top-level ORDER BY (see IsOrdered).
	Ordered bool
}

// Area is the first path element of the file's name.
func (f *File) Area() string {
	area, _, _ := strings.Cut(f.Name, "/")
	return area
}

// GoldenPath is where the file's expectations live: beside it, with the
// extension .golden.
func (f *File) GoldenPath() string {
	return strings.TrimSuffix(f.Path, ".sql") + ".golden"
}

// ID is the id of the file's n-th statement (1-based).
func (f *File) ID(n int) CaseID { return CaseID{File: f.Name, N: n} }

// LoadDir reads every *.sql file under root, sorted by name.
func LoadDir(root string) ([]*File, error) {
	var files []*File
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || !strings.HasSuffix(p, ".sql") {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		f, err := LoadFile(p, filepath.ToSlash(rel))
		if err != nil {
			return err
		}
		files = append(files, f)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Name < files[j].Name })
	return files, nil
}

// LoadFile reads and splits one case file; name is its id prefix.
func LoadFile(p, name string) (*File, error) {
	text, err := os.ReadFile(p)
	if err != nil {
		return nil, err
	}
	stmts, err := ParseScript(string(text))
	if err != nil {
		return nil, fmt.Errorf("conformance: %s: %w", name, err)
	}
	return &File{
		Name: name, Path: p, Statements: stmts,
		Context:  hasDirective(string(text), "context"),
		Requires: directiveArgs(string(text), "requires"),
	}, nil
}

// ParseScript splits a script into statements and classifies each. A
// script whose leading comments hold the directive line
// "-- conformance: ordered" compares every result in order, with or
// without ORDER BY: its cases test the order PostgreSQL returns rows in.
func ParseScript(text string) ([]Statement, error) {
	sqls, err := Split(text)
	if err != nil {
		return nil, err
	}
	all := hasDirective(text, "ordered")
	stmts := make([]Statement, len(sqls))
	for i, s := range sqls {
		stmts[i] = Statement{SQL: s, Ordered: all || IsOrdered(s)}
	}
	return stmts, nil
}

// hasDirective reports whether the comment lines opening a script (before
// its first statement) include "-- conformance: <name>".
func hasDirective(text, name string) bool {
	found := false
	eachDirective(text, func(val string) {
		found = found || val == name
	})
	return found
}

// directiveArgs returns the arguments of every "-- conformance: <name>
// <arg>" line opening a script, in order.
func directiveArgs(text, name string) []string {
	var args []string
	eachDirective(text, func(val string) {
		if rest, ok := strings.CutPrefix(val, name+" "); ok {
			args = append(args, strings.TrimSpace(rest))
		}
	})
	return args
}

// eachDirective calls fn with the value of each "-- conformance: <value>"
// line among the comment lines before a script's first statement.
func eachDirective(text string, fn func(val string)) {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		rest, ok := strings.CutPrefix(line, "--")
		if !ok {
			return
		}
		if key, val, ok := strings.Cut(rest, ":"); ok && strings.TrimSpace(key) == "conformance" {
			fn(strings.TrimSpace(val))
		}
	}
}

// CaseID names one statement of one case file: "<area>/<name>.sql#<n>".
type CaseID struct {
	File string
	N    int
}

func (id CaseID) String() string { return id.File + "#" + strconv.Itoa(id.N) }

// ParseCaseID parses "<file>#<n>".
func ParseCaseID(s string) (CaseID, error) {
	file, num, ok := strings.Cut(s, "#")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 1 || file == "" || path.Ext(file) != ".sql" {
		return CaseID{}, fmt.Errorf("conformance: bad case id %q (want <area>/<name>.sql#<n>)", s)
	}
	return CaseID{File: file, N: n}, nil
}

// Less orders ids by file, then numerically by statement.
func (id CaseID) Less(o CaseID) bool {
	if id.File != o.File {
		return id.File < o.File
	}
	return id.N < o.N
}
