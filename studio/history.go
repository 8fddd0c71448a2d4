package studio

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// historySize is how many SQL editor runs are kept.
const historySize = 100

// HistoryEntry is one run of the SQL editor.
type HistoryEntry struct {
	SQL string    `json:"sql"`
	At  time.Time `json:"at"`
	OK  bool      `json:"ok"`
}

// history is the SQL editor's past runs, newest last: in
// <data dir>/studio/sql_history.json when there is a data directory, in
// memory otherwise.
type history struct {
	mu      sync.Mutex
	path    string
	entries []HistoryEntry
}

func newHistory(dataDir string) *history {
	h := &history{}
	if dataDir != "" {
		h.path = filepath.Join(dataDir, "studio", "sql_history.json")
		if b, err := os.ReadFile(h.path); err == nil {
			_ = json.Unmarshal(b, &h.entries) // an unreadable history starts afresh
		}
	}
	return h
}

func (h *history) add(e HistoryEntry) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if n := len(h.entries); n > 0 && h.entries[n-1].SQL == e.SQL {
		h.entries[n-1] = e
	} else {
		h.entries = append(h.entries, e)
	}
	if len(h.entries) > historySize {
		h.entries = h.entries[len(h.entries)-historySize:]
	}
	if h.path != "" {
		_ = h.save() // the run itself succeeded; a full disk only loses history
	}
}

// save writes the file through a temporary one and a rename.
func (h *history) save() error {
	if err := mkdirAll(filepath.Dir(h.path)); err != nil {
		return err
	}
	b, err := json.Marshal(h.entries)
	if err != nil {
		return err
	}
	tmp := h.path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, h.path)
}

func (h *history) list() []HistoryEntry {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]HistoryEntry, len(h.entries))
	for i, e := range h.entries {
		out[len(out)-1-i] = e // newest first
	}
	return out
}

// GET /api/sql/history
func (s *Server) getHistory(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string]any{"history": s.hist.list()})
}

func mkdirAll(dir string) error { return os.MkdirAll(dir, 0o755) }
