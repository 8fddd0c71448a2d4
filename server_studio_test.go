package tinybase

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
)

func TestStudioConfig(t *testing.T) {
	for _, tc := range []struct {
		name, toml string
		env        map[string]string
		on         bool
		port       int
		bad        bool
	}{
		{"template", ConfigTemplate("demo"), nil, true, 54323, false},
		{"no key", "[api]\nport = 1\n", nil, true, 54323, false},
		{"disabled", "[studio]\nenabled = false\nport = 6000\n", nil, false, 6000, false},
		{"env port", "[studio]\nport = 6000\n", map[string]string{"TINYBASE_STUDIO_PORT": "0"}, true, 0, false},
		{"bad env", "", map[string]string{"TINYBASE_STUDIO_PORT": "x"}, false, 0, true},
		{"out of range", "[studio]\nport = 70000\n", nil, false, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg, err := LoadConfig(writeConfig(t, tc.toml), func(k string) string { return tc.env[k] })
			if tc.bad {
				if err == nil {
					t.Fatal("accepted")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Studio != tc.on || cfg.StudioPort != tc.port {
				t.Errorf("studio %v on %d, want %v on %d", cfg.Studio, cfg.StudioPort, tc.on, tc.port)
			}
		})
	}
	if c := DefaultConfig(""); c.Studio || c.StudioPort != 54323 {
		t.Errorf("DefaultConfig: studio %v on %d", c.Studio, c.StudioPort)
	}
}

// TestServeStudio: Serve runs the dashboard on its own listener, bound to
// the API host, over the same engine; Shutdown stops it.
func TestServeStudio(t *testing.T) {
	ctx := context.Background()
	cfg := DefaultConfig(t.TempDir())
	cfg.APIPort, cfg.DBPort, cfg.StudioPort, cfg.InboxPort, cfg.Studio = 0, 0, 0, 0, true
	p, err := Open(ctx, Options{Dir: cfg.Dir, Config: &cfg})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	srv, err := p.Serve(ctx)
	if err != nil {
		t.Fatal(err)
	}
	u := srv.StudioURL()
	if u == "" || u == srv.APIURL() {
		t.Fatalf("studio URL %q (API %s)", u, srv.APIURL())
	}
	resp, err := http.Get(u + "/api/meta")
	if err != nil {
		t.Fatal(err)
	}
	var meta map[string]any
	json.NewDecoder(resp.Body).Decode(&meta)
	resp.Body.Close()
	if resp.StatusCode != 200 || meta["api"] != true || meta["migrations"] != true {
		t.Errorf("meta: %d %v", resp.StatusCode, meta)
	}
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(u + "/api/meta"); err == nil {
		t.Error("the dashboard still answers after Shutdown")
	}
	p.Config.Studio = false
	srv, err = p.Serve(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(ctx)
	if srv.StudioURL() != "" {
		t.Error("a disabled dashboard is served")
	}
}
