package tinybase_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/tinybase/tinybase"
)

// startOnDataDir serves the project in dir from the data directory data
// on free ports, as `tinybase start` would.
func startOnDataDir(t *testing.T, dir, data string) (*tinybase.Project, *tinybase.Server) {
	t.Helper()
	ctx := context.Background()
	cfg, err := tinybase.LoadConfig(dir, func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	cfg.APIPort, cfg.DBPort, cfg.StudioPort, cfg.InboxPort = 0, 0, 0, 0
	p, err := tinybase.Open(ctx, tinybase.Options{Dir: dir, Config: &cfg, DataDir: data})
	if err != nil {
		t.Fatal(err)
	}
	srv, err := p.Serve(ctx)
	if err != nil {
		p.Close()
		t.Fatal(err)
	}
	return p, srv
}

// serviceCall sends a request to srv's API with the service_role key: a
// text/plain body to /storage/v1, JSON elsewhere.
func serviceCall(t *testing.T, srv *tinybase.Server, method, path, body string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(method, srv.APIURL()+path, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+srv.Keys().ServiceRole)
	req.Header.Set("apikey", srv.Keys().ServiceRole)
	req.Header.Set("Content-Type", "application/json")
	if strings.HasPrefix(path, "/storage/") {
		req.Header.Set("Content-Type", "text/plain")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}
