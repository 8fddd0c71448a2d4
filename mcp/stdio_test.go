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

// TestStdioMalformed: lines that are not JSON-RPC messages get a JSON-RPC
// error and the session goes on (the SDK alone would end it).
func TestStdioMalformed(t *testing.T) {
	_, _, tools := newTools(t, nil)
	srv, err := mcp.NewServer(tools, mcp.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, mcp.StdioTransport(inR, outW)) }()
	out := bufio.NewReader(outR)
	send := func(line string) { inW.Write([]byte(line + "\n")) }
	recv := func() map[string]any {
		t.Helper()
		line, err := out.ReadString('\n')
		if err != nil {
			t.Fatalf("no reply: %v", err)
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("reply is not JSON: %q", line)
		}
		return m
	}
	errCode := func(m map[string]any) float64 {
		e, _ := m["error"].(map[string]any)
		c, _ := e["code"].(float64)
		return c
	}

	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	if m := recv(); m["id"] != float64(1) || m["result"] == nil {
		t.Fatalf("initialize: %v", m)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for _, c := range []struct {
		line string
		code float64
		id   any
	}{
		{`this is not json`, -32700, nil},
		{`{"jsonrpc":"2.0","id":2,"method":`, -32700, nil},
		{`[{"jsonrpc":"2.0","id":3,"method":"tools/list"}]`, -32600, nil},
		{`{"id":4,"method":"tools/list"}`, -32600, float64(4)},
		{`42`, -32600, nil},
		{`{"jsonrpc":"2.0","id":5,"method":"no/such/method"}`, -32601, float64(5)},
		{`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"execute_sql","arguments":"select 1"}}`, 0, float64(6)},
		{`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":42}}`, -32602, float64(7)},
		{`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":"x"}`, -32602, float64(8)},
	} {
		send(c.line)
		m := recv()
		if c.code != 0 && (errCode(m) != c.code || m["id"] != c.id) {
			t.Errorf("%s: got %v, want code %v id %v", c.line, m, c.code, c.id)
		}
		if c.code == 0 && m["id"] != c.id {
			t.Errorf("%s: got %v", c.line, m)
		}
	}
	send(`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"execute_sql","arguments":{"query":"select 1 as one"}}}`)
	m := recv()
	if res, _ := json.Marshal(m["result"]); m["id"] != float64(9) || !strings.Contains(string(res), `[{\"one\":1}]`) {
		t.Fatalf("after malformed input: %v", m)
	}
	inW.Close()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("server did not end at EOF")
	}
}
