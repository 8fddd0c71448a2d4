package tinybase

import (
	"context"
	"fmt"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/tinybase/tinybase/logs"
	"github.com/tinybase/tinybase/postgrest"
	"github.com/tinybase/tinybase/storageapi"
)

// mountStorage mounts Supabase Storage at /storage/v1 (prefix stripped):
// object bytes under <data dir>/storage, or in memory for a project
// without a data directory; the project's JWT secret and [storage]
// file_size_limit.
func mountStorage(e *echo.Echo, p *Project, ex postgrest.Executor, log logs.StatementFunc) error {
	var blobs storageapi.Blobs = storageapi.NewMemBlobs()
	if p.DataDir != "" {
		d, err := storageapi.NewDirBlobs(filepath.Join(p.DataDir, "storage"))
		if err != nil {
			return fmt.Errorf("storage: %w", err)
		}
		blobs = d
	}
	cfg := storageapi.Config{
		Engine:                p.Engine,
		JWTSecret:             p.Config.JWTSecret,
		Blobs:                 blobs,
		FileSizeLimit:         p.Config.StorageFileSizeLimit,
		NoImageTransformation: !p.Config.StorageImageTransformation,
		OnStatement:           log,
	}
	if p.pool != nil {
		cfg.Engine, cfg.Executor = nil, ex
	}
	srv, err := storageapi.New(context.Background(), cfg)
	if err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	h := echo.WrapHandler(http.StripPrefix("/storage/v1", srv))
	e.Any("/storage/v1", h)
	e.Any("/storage/v1/*", h)
	return nil
}

// parseByteSize reads a config.toml size such as "50MiB", "5MB" or
// "1048576": units in binary (KB = KiB), as the Supabase CLI reads them.
func parseByteSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := 0
	for i < len(t) && (t[i] >= '0' && t[i] <= '9' || t[i] == '.') {
		i++
	}
	v, err := strconv.ParseFloat(t[:i], 64)
	if err != nil || v < 0 {
		return 0, fmt.Errorf("%q is not a size such as 50MiB", s)
	}
	mult := map[string]float64{"": 1, "b": 1, "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20,
		"g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30}
	m, ok := mult[strings.ToLower(strings.TrimSpace(t[i:]))]
	if !ok {
		return 0, fmt.Errorf("%q is not a size such as 50MiB", s)
	}
	return int64(v * m), nil
}
