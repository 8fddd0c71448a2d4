package mcp

import (
	"context"
	"fmt"
	"regexp"
	"sort"

	"github.com/tinybase/tinybase/engine"
)

var snapshotName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,100}$`)

// SnapshotResult is the snapshot tool's answer: the name taken and every
// snapshot kept.
type SnapshotResult struct {
	Name      string   `json:"name"`
	Snapshots []string `json:"snapshots"`
}

// RestoreResult is the restore tool's answer.
type RestoreResult struct {
	Restored string `json:"restored"`
}

// Snapshot keeps the database's committed state under name (replacing a
// snapshot of that name), for Restore to go back to: an agent snapshots
// before trying data changes or a migration, then restores. Snapshots
// share unchanged tables with the database, so taking one costs
// O(tables); they last as long as the server.
func (t *Tools) Snapshot(_ context.Context, name string) (*SnapshotResult, error) {
	if !snapshotName.MatchString(name) {
		return nil, errorf(fmt.Sprintf("invalid snapshot name %q: use letters, digits, '_' and '-' (at most 100)", name))
	}
	t.snapMu.Lock()
	defer t.snapMu.Unlock()
	if t.snaps == nil {
		t.snaps = map[string]*engine.Engine{}
	}
	t.snaps[name] = t.cfg.Engine.Snapshot()
	names := make([]string, 0, len(t.snaps))
	for n := range t.snaps {
		names = append(names, n)
	}
	sort.Strings(names)
	return &SnapshotResult{Name: name, Snapshots: names}, nil
}

// Restore makes the snapshot name the database's committed state again
// (it stays kept, to restore again). Running transactions are waited
// for. The migration history goes back with it, so a migration applied
// since the snapshot shows as not applied.
func (t *Tools) Restore(ctx context.Context, name string) (*RestoreResult, error) {
	if t.cfg.ReadOnly {
		return nil, errorf("cannot restore a snapshot in read-only mode")
	}
	t.snapMu.Lock()
	snap, ok := t.snaps[name]
	t.snapMu.Unlock()
	if !ok {
		return nil, errorf("no snapshot named " + name + ": take one with the snapshot tool")
	}
	if err := t.cfg.Engine.Restore(ctx, snap.Snapshot()); err != nil {
		return nil, errorf(err.Error())
	}
	return &RestoreResult{Restored: name}, nil
}
