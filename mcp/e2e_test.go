//go:build e2e

package mcp_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tinybase/tinybase/internal/npmtest"
)

// npmDir installs the official TypeScript MCP SDK into a temporary
// directory outside the repository, once.
func npmDir(t *testing.T) string {
	return npmtest.Install(t, "tinybase-e2e-mcp-sdk", "@modelcontextprotocol/sdk", "@modelcontextprotocol/sdk@1")
}

// TestTypeScriptClient runs testdata/e2e/mcp.mjs with
// @modelcontextprotocol/sdk from npm: every tool over stdio against the
// built binary, then over streamable HTTP against a served project.
func TestTypeScriptClient(t *testing.T) {
	if _, err := exec.LookPath("node"); err != nil {
		t.Fatal("node is required for the MCP e2e test")
	}
	if _, err := exec.LookPath("npm"); err != nil {
		t.Fatal("npm is required for the MCP e2e test")
	}
	modules := npmDir(t)
	bin := filepath.Join(t.TempDir(), "tinybase")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/tinybase").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	init := "create table public.todos (id bigint generated always as identity primary key, title text not null);\ninsert into public.todos (title) values ('one');"
	stdioDir, _ := newProject(t, map[string]string{"20240101000000_init.sql": init})
	_, p := newProject(t, map[string]string{"20240101000000_init.sql": init})
	p.Config.APIPort, p.Config.DBPort, p.Config.InboxPort = 0, 0, 0
	srv, err := p.Serve(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())

	script, _ := filepath.Abs(filepath.Join("testdata", "e2e", "mcp.mjs"))
	copied := filepath.Join(modules, "mcp.mjs") // resolved from node_modules beside it
	data, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(copied, data, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", copied)
	cmd.Env = append(os.Environ(), "TINYBASE_BIN="+bin, "PROJECT_DIR="+stdioDir, "MCP_URL="+srv.APIURL()+"/mcp")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.HasSuffix(strings.TrimSpace(string(out)), "ok") {
		t.Fatalf("mcp.mjs: %v\n%s", err, out)
	}
}
