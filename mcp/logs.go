package mcp

import (
	"context"
	"fmt"
	"time"

	"github.com/tinybase/tinybase/logs"
)

// LogsResult is get_logs' answer: the entries of the last 24 hours that
// the running instance still holds (each service keeps its last
// logs.DefaultRingSize), oldest first.
type LogsResult struct {
	Service string       `json:"service"`
	Result  []logs.Entry `json:"result"`
}

// logServices maps Supabase MCP's get_logs services to the services
// tinybase logs: "api" is every HTTP request, as the API gateway sees
// them.
var logServices = map[string][]string{
	"api":      {logs.REST, logs.Auth, logs.Storage, logs.Realtime, logs.API},
	"postgres": {logs.Postgres},
	"auth":     {logs.Auth},
	"storage":  {logs.Storage},
	"realtime": {logs.Realtime},
}

// GetLogs is get_logs(service).
func (t *Tools) GetLogs(ctx context.Context, service string) (*LogsResult, error) {
	services, ok := logServices[service]
	switch {
	case service == "edge-function" || service == "branch-action":
		return nil, fmt.Errorf("tinybase does not run %s: there are no %s logs", service, service)
	case !ok:
		return nil, fmt.Errorf("unknown service %q: want api, postgres, auth, storage or realtime", service)
	case t.cfg.Logs == nil:
		return nil, fmt.Errorf("no tinybase start runs for this project: logs are kept by the running instance")
	}
	entries, err := t.cfg.Logs(ctx, services)
	if err != nil {
		return nil, err
	}
	since := time.Now().Add(-24 * time.Hour)
	out := &LogsResult{Service: service, Result: []logs.Entry{}}
	for _, e := range entries {
		if !e.Time.Before(since) {
			out.Result = append(out.Result, e)
		}
	}
	return out, nil
}
