package tinybase

import (
	"errors"
	"fmt"
	"net"
	"strconv"
)

// Listeners are a server's API and database ports bound ahead of Open
// (Listen). `tinybase start` binds them before it opens the database, so
// a client that connects while the data directory opens (or the
// migrations run) waits in the listen queue and is answered once Serve
// runs, instead of being refused and retrying: the start is ready for it
// when the database is, not at the client's next poll. systemd's socket
// activation does the same for the servers it starts.
type Listeners struct {
	// API is the HTTP API's port; DB the Postgres port, nil when the
	// project is served over PostgreSQL (Options.DBURL), which has no
	// Postgres port of its own.
	API, DB net.Listener
}

// Listen binds cfg's API port and, when db is set, its database port on
// cfg.Host (0 picks a free port), with the errors Serve would give.
func Listen(cfg Config, db bool) (*Listeners, error) {
	api, err := net.Listen("tcp", net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.APIPort)))
	if err != nil {
		return nil, fmt.Errorf("API port: %w", err)
	}
	l := &Listeners{API: api}
	if db {
		if l.DB, err = net.Listen("tcp", net.JoinHostPort(cfg.Host, strconv.Itoa(cfg.DBPort))); err != nil {
			api.Close()
			return nil, fmt.Errorf("database port: %w", err)
		}
	}
	return l, nil
}

// Close closes the listeners, for a start that fails before ServeOn took
// them over.
func (l *Listeners) Close() error {
	if l == nil {
		return nil
	}
	var errs []error
	for _, ln := range []net.Listener{l.API, l.DB} {
		if ln != nil {
			errs = append(errs, ln.Close())
		}
	}
	return errors.Join(errs...)
}
