package tinybase

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/tinybase/tinybase/logs"
	"github.com/tinybase/tinybase/migrations"
)

// Instance is the record a running `tinybase start` keeps of itself, so
// that status, stop, db reset, logs and migration up find it without
// flags (the Supabase CLI finds its containers by project). It lives in
// the project's data directory (.instance.json), or in supabase/.temp
// for an in-memory database or a data directory elsewhere, readable by
// its owner only: Token authorises the control endpoints.
type Instance struct {
	PID     int    `json:"pid"`
	Dir     string `json:"dir"`
	DataDir string `json:"data_dir"` // "" in memory
	APIURL  string `json:"api_url"`
	DBURL   string `json:"db_url"`
	APIPort int    `json:"api_port"`
	DBPort  int    `json:"db_port"`
	// StudioURL is the dashboard's URL ("" when it is not served).
	StudioURL string `json:"studio_url,omitempty"`
	Token     string `json:"token"`
	// JWTSecret is the secret the instance signs and checks tokens
	// with, from which status mints the keys.
	JWTSecret string    `json:"jwt_secret"`
	Started   time.Time `json:"started"`
	// Path is where the record was read from (not stored).
	Path string `json:"-"`
}

// InstancePath is where the running instance of the project in dir with
// the data directory dataDir ("" in memory) keeps its record.
func InstancePath(dir, dataDir string) string {
	if dataDir != "" && sameDir(dataDir, DefaultDataDir(dir)) {
		return filepath.Join(dataDir, ".instance.json")
	}
	return filepath.Join(dir, "supabase", ".temp", "tinybase-instance.json")
}

func sameDir(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}

// WriteInstance writes in's record at path (atomically, mode 0600).
func WriteInstance(path string, in Instance) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	b, err := json.MarshalIndent(in, "", "  ")
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// RemoveInstance removes the record at path if it is still pid's (a later
// start may have replaced it).
func RemoveInstance(path string, pid int) error {
	in, err := readInstance(path)
	if err != nil || in == nil || in.PID != pid {
		return err
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

func readInstance(path string) (*Instance, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var in Instance
	if err := json.Unmarshal(b, &in); err != nil || in.PID <= 0 {
		// A half-written or foreign file is no instance; treat as stale.
		return &Instance{Path: path}, nil
	}
	in.Path = path
	return &in, nil
}

// FindInstance returns the running instance of the project in dir (nil
// when none runs). Records whose process is gone — left by a crash or a
// kill -9 — are removed and returned as stale.
func FindInstance(dir string) (live *Instance, stale []Instance, err error) {
	for _, path := range []string{InstancePath(dir, DefaultDataDir(dir)), InstancePath(dir, "")} {
		in, err := readInstance(path)
		if err != nil {
			return nil, stale, err
		}
		if in == nil {
			continue
		}
		if in.PID > 0 && processAlive(in.PID) {
			if live == nil {
				live = in
			}
			continue
		}
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, stale, err
		}
		stale = append(stale, *in)
	}
	return live, stale, nil
}

// processAlive reports whether a process with that pid exists (EPERM: it
// does, owned by someone else).
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// controlPrefix is where a running server answers its own CLI, on the API
// port, from loopback only (server_control.go).
const controlPrefix = "/_tinybase/v1"

// Ping asks the instance for its pid; it fails when nothing answers at
// APIURL or something other than this instance does (another program
// on the port, or a later tinybase after the pid was reused).
func (in *Instance) Ping(ctx context.Context) error {
	var got struct {
		PID int `json:"pid"`
	}
	if err := in.call(ctx, http.MethodGet, "/instance", nil, &got); err != nil {
		return err
	}
	if got.PID != in.PID {
		return fmt.Errorf("%s is served by another process (pid %d, not %d)", in.APIURL, got.PID, in.PID)
	}
	return nil
}

// ResetOptions say what a reset rebuilds: the migrations up to and
// including Version ("" all), then the seed unless NoSeed.
type ResetOptions struct {
	NoSeed  bool   `json:"no_seed"`
	Version string `json:"version"`
}

// ResetResult is what a reset applied.
type ResetResult struct {
	Migrations []string `json:"migrations"`
	Seeded     bool     `json:"seeded"`
}

// Reset asks the running instance to reset its database (Server.Reset).
func (in *Instance) Reset(ctx context.Context, opts ResetOptions) (*ResetResult, error) {
	body, _ := json.Marshal(opts)
	var res ResetResult
	if err := in.call(ctx, http.MethodPost, "/reset", body, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// TakeSnapshot asks the running instance to keep its database as the
// named snapshot (Server.TakeSnapshot).
func (in *Instance) TakeSnapshot(ctx context.Context, name string) (SnapshotInfo, error) {
	body, _ := json.Marshal(snapshotRequest{Name: name})
	var info SnapshotInfo
	err := in.call(ctx, http.MethodPost, "/snapshot", body, &info)
	return info, err
}

// RestoreSnapshot asks the running instance to replace its database with
// the named snapshot (Server.RestoreSnapshot).
func (in *Instance) RestoreSnapshot(ctx context.Context, name string) error {
	body, _ := json.Marshal(snapshotRequest{Name: name})
	var out map[string]string
	return in.call(ctx, http.MethodPost, "/restore", body, &out)
}

// Logs reads the instance's log entries of services (all when empty)
// after seq, oldest first; with follow it keeps calling fn with new
// entries until ctx ends. fn returning false stops.
func (in *Instance) Logs(ctx context.Context, services []string, seq uint64, follow bool, fn func(logs.Entry) bool) error {
	q := url.Values{}
	if len(services) > 0 {
		q.Set("service", strings.Join(services, ","))
	}
	q.Set("since", fmt.Sprint(seq))
	if follow {
		q.Set("follow", "1")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, in.APIURL+controlPrefix+"/logs?"+q.Encode(), nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+in.Token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return controlError(resp)
	}
	dec := json.NewDecoder(resp.Body)
	for {
		var e logs.Entry
		if err := dec.Decode(&e); err != nil {
			if errors.Is(err, io.EOF) || ctx.Err() != nil {
				return nil
			}
			return err
		}
		if !fn(e) {
			return nil
		}
	}
}

func (in *Instance) call(ctx context.Context, method, path string, body []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, method, in.APIURL+controlPrefix+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+in.Token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return controlError(resp)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// controlError is a control endpoint's error response: {"message": ...}
// with the SQLSTATE-carrying detail when a migration failed.
func controlError(resp *http.Response) error {
	var e struct {
		Message string `json:"message"`
	}
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if json.Unmarshal(b, &e) != nil || e.Message == "" {
		return fmt.Errorf("%s answered %s", resp.Request.URL.Host, resp.Status)
	}
	return errors.New(e.Message)
}

// filesUpTo returns files up to and including version ("" all of them).
func filesUpTo(files []migrations.File, version string) ([]migrations.File, error) {
	if version == "" {
		return files, nil
	}
	for i, f := range files {
		if f.Version == version {
			return files[:i+1], nil
		}
	}
	return nil, fmt.Errorf("no migration with version %s in supabase/migrations", version)
}
