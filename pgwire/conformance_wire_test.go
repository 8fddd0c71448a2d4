package pgwire

import (
	"context"
	"flag"
	"fmt"
	"net"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/conformance"
)

var (
	wireModesFlag = flag.String("wire-modes", "all", "conformance over the wire: comma-separated modes (simple, extended_text, extended_binary) or all")
	wireCaseFlag  = flag.String("wire-case", "", "conformance over the wire: run only cases whose id matches this regexp")
)

// TestConformanceWire runs the conformance corpus (testdata/conformance)
// through this server and pgx, in each protocol mode, against the goldens
// the in-process run (engine/conformance_test.go) uses: every case that
// passes in-process must pass over the wire too, so a value, NULL, tag,
// column type or SQLSTATE the protocol layer loses shows up here. Cases in
// known_failures.txt may fail.
func TestConformanceWire(t *testing.T) {
	ctx := context.Background()
	root := filepath.Join("..", "testdata", "conformance")
	files, err := conformance.LoadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	known, err := conformance.ReadKnown(filepath.Join(root, "known_failures.txt"))
	if err != nil {
		t.Fatal(err)
	}
	// Cases that pass in-process but not over the extended protocol, for
	// an engine reason named in the file.
	knownWire, err := conformance.ReadKnown(filepath.Join("testdata", "known_wire_failures.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for id, r := range knownWire {
		known[id] = r
	}
	var sel *regexp.Regexp
	if *wireCaseFlag != "" {
		if sel, err = regexp.Compile(*wireCaseFlag); err != nil {
			t.Fatalf("-wire-case: %v", err)
		}
	}
	for _, mode := range wireModes(t) {
		t.Run(mode.String(), func(t *testing.T) {
			target := &conformance.Wire{Mode: mode, Connect: serveFreshEngine}
			var outcomes []conformance.Outcome
			for _, f := range files {
				if !fileSelected(f, sel) {
					continue
				}
				want, err := conformance.ReadGolden(f.GoldenPath())
				if err != nil {
					t.Fatal(err)
				}
				got, err := conformance.RunFile(ctx, target, f, conformance.StatementTimeout)
				if err != nil {
					t.Fatal(err)
				}
				results, err := conformance.CompareFile(f, got, want, sel)
				if err != nil {
					t.Fatal(err)
				}
				for _, o := range results {
					outcomes = append(outcomes, o)
					if _, listed := known[o.ID]; !o.Pass() && !listed {
						t.Errorf("%s: %s", o.ID, o.Reason)
						if testing.Verbose() {
							t.Log("\n" + o.Diff())
						}
					}
				}
			}
			total, _, _ := conformance.Summarize(outcomes)
			t.Logf("conformance over the wire (%s): %d cases, %d passing, %d failing", mode, total.Cases, total.Passing, total.Failing)
		})
	}
}

// wireModes are the modes -wire-modes names; -short runs the simple
// protocol only (all three take about a minute).
func wireModes(t *testing.T) []conformance.WireMode {
	if testing.Short() && *wireModesFlag == "all" {
		return conformance.WireModes[:1]
	}
	if *wireModesFlag == "all" {
		return conformance.WireModes
	}
	var out []conformance.WireMode
	for _, name := range strings.Split(*wireModesFlag, ",") {
		found := false
		for _, m := range conformance.WireModes {
			if m.String() == strings.TrimSpace(name) {
				out = append(out, m)
				found = true
			}
		}
		if !found {
			t.Fatalf("-wire-modes: unknown mode %q", name)
		}
	}
	return out
}

func fileSelected(f *conformance.File, sel *regexp.Regexp) bool {
	if sel == nil {
		return true
	}
	for i := range f.Statements {
		if sel.MatchString(f.ID(i + 1).String()) {
			return true
		}
	}
	return false
}

// serveFreshEngine serves a new engine (with or without the Supabase
// bootstrap, as the in-process run opens it) on an ephemeral port.
func serveFreshEngine(ctx context.Context, bootstrap bool) (string, func(), error) {
	eng, err := engine.Open(engine.Options{NoBootstrap: !bootstrap})
	if err != nil {
		return "", nil, err
	}
	srv, err := New(eng, Config{Auth: AuthTrust})
	if err != nil {
		return "", nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(l) }()
	release := func() {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		<-done
	}
	return fmt.Sprintf("postgres://postgres@%s/postgres?sslmode=disable", l.Addr()), release, nil
}
