package pgtree_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// protobufUse matches the calls that make protobuf-go build its
// reflection tables for pg_query's message types: decoding, encoding,
// cloning, comparing or reflecting on a parse tree through protobuf.
var protobufUse = regexp.MustCompile(`\bpg\.(Parse|Deparse|Scan)\(|\bproto\.(Clone|Equal|Marshal|Unmarshal|Merge|Size)\(|\.ProtoReflect\(\)|"google.golang.org/protobuf/reflect/protoreflect"`)

// TestNoProtobufReflection keeps parse trees off protobuf reflection in
// tinybase's non-test code: the first such use in a process costs it
// milliseconds (see the package comment). Use pgtree instead.
func TestNoProtobufReflection(t *testing.T) {
	root := "../.."
	checked := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case "testdata", "node_modules", ".git", "pgtree":
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		checked++
		for i, line := range strings.Split(string(src), "\n") {
			if protobufUse.MatchString(line) {
				t.Errorf("%s:%d: %s", path, i+1, strings.TrimSpace(line))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 200 {
		t.Fatalf("checked only %d files under %s", checked, root)
	}
}
