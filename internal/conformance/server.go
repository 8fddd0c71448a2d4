package conformance

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// URLEnv names the environment variable holding the PostgreSQL URL used to
// record goldens and as the live oracle.
const URLEnv = "TINYBASE_PG_URL"

// PostgresURL returns $TINYBASE_PG_URL or, when it is unset, starts the
// private server of <repo>/.ci/pg.sh and returns its URL.
func PostgresURL(ctx context.Context, repoRoot string) (string, error) {
	if u := os.Getenv(URLEnv); u != "" {
		return u, nil
	}
	script := filepath.Join(repoRoot, ".ci", "pg.sh")
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, "bash", script, "start")
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("conformance: %s start: %w: %s", script, err, strings.TrimSpace(stderr.String()))
	}
	return strings.TrimSpace(stdout.String()), nil
}

// RepoRoot finds the module root (the directory holding go.mod) at or
// above dir.
func RepoRoot(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("conformance: no go.mod above %s", dir)
		}
		dir = parent
	}
}
