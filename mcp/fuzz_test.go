package mcp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/tinybase/tinybase/mcp"
)

// FuzzStdio writes an arbitrary line to the stdio server after
// initialisation, then a ping: whatever the line was, the ping must be
// answered (the server neither crashed nor hung).
func FuzzStdio(f *testing.F) {
	for _, seed := range []string{
		`garbage`, `{}`, `[]`, `null`, `{"jsonrpc":"2.0"}`, `{"jsonrpc":"2.0","id":{},"method":"x"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"execute_sql","arguments":{"query":"select 1/0"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"list_tables","arguments":{"schemas":[1,2]}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"test_rls","arguments":{"role":"anon","claims":[],"query":"select 1"}}}`,
		`{"jsonrpc":"2.0","id":5,"result":{}}`, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}`,
	} {
		f.Add(seed)
	}
	_, _, tools := newTools(f, nil)
	srv, err := mcp.NewServer(tools, mcp.ServerOptions{})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line string) {
		line = strings.ReplaceAll(line, "\n", " ")
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go srv.Run(ctx, mcp.StdioTransport(inR, outW))
		go func() {
			inW.Write([]byte(`{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"f","version":"1"}}}` + "\n"))
			inW.Write([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}` + "\n"))
			inW.Write([]byte(line + "\n"))
			inW.Write([]byte(`{"jsonrpc":"2.0","id":"ping-after","method":"ping"}` + "\n"))
		}()
		found := make(chan bool, 1)
		go func() {
			sc := bufio.NewScanner(outR)
			sc.Buffer(nil, 1<<24)
			for sc.Scan() {
				var m struct{ ID any }
				if json.Unmarshal(sc.Bytes(), &m) == nil && m.ID == "ping-after" {
					found <- true
					return
				}
			}
			found <- false
		}()
		select {
		case ok := <-found:
			if !ok {
				t.Fatalf("the server ended after %q", line)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("no answer to a ping after %q", line)
		}
		inW.Close()
		outR.Close()
	})
}
