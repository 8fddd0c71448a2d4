package mcp_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/tinybase/tinybase/mcp"
)

// TestHTTP: the streamable HTTP handler serves the tools to an MCP client
// and refuses cross-origin browser requests and foreign Host headers.
func TestHTTP(t *testing.T) {
	_, _, tools := newTools(t, nil)
	srv, err := mcp.NewServer(tools, mcp.ServerOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(mcp.Handler(srv))
	defer ts.Close()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "http", Version: "1"}, nil).Connect(context.Background(), &sdk.StreamableClientTransport{Endpoint: ts.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if rows := sqlRows(t, cs, "select count(*) as n from todos"); rows[0]["n"] != float64(3) {
		t.Fatalf("rows %v", rows)
	}
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`
	for _, c := range []struct {
		name    string
		headers map[string]string
		status  int
	}{
		{"cross-site page", map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site"}, http.StatusForbidden},
		{"cross-origin without fetch metadata", map[string]string{"Origin": "https://evil.example"}, http.StatusForbidden},
		{"rebound host", map[string]string{"Host": "evil.example"}, http.StatusForbidden},
		{"non-browser client", nil, http.StatusOK},
	} {
		req, _ := http.NewRequest("POST", ts.URL, strings.NewReader(init))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for k, v := range c.headers {
			if k == "Host" {
				req.Host = v
			} else {
				req.Header.Set(k, v)
			}
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.status {
			t.Errorf("%s: status %d, want %d", c.name, resp.StatusCode, c.status)
		}
	}
}
