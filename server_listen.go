package tinybase

import (
	"errors"
	"fmt"
	"net"
	"strconv"
	"sync"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/pgwire"
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

	// verifier is the SCRAM verifier of the default password
	// (pgwire.DefaultPassword), derived by Listen in the background: the
	// first login then skips its PBKDF2 (~2 ms of CPU on the path to the
	// first answered query), which runs beside the database's open.
	verifier chan string
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
		l.verifier = make(chan string, 1)
		go func() { l.verifier <- pgwire.SCRAMVerifier(pgwire.DefaultPassword) }()
	}
	return l, nil
}

// credentials are eng's login credentials for the wire server: with the
// default password's verifier in hand (Listen), a login role without a
// password of its own gets that verifier in place of the plaintext.
func (l *Listeners) credentials(eng *engine.Engine) pgwire.Credentials {
	c := pgwire.EngineCredentials(eng)
	if l.verifier == nil {
		return c
	}
	return &derivedCredentials{Credentials: c, verifier: l.verifier}
}

// derivedCredentials hands out the default password's verifier once it
// is derived (a login waits for it rather than deriving its own).
type derivedCredentials struct {
	pgwire.Credentials
	verifier chan string
	once     sync.Once
	v        string
}

func (d *derivedCredentials) LookupPassword(user string) (string, bool) {
	secret, ok := d.Credentials.LookupPassword(user)
	if !ok || secret != pgwire.DefaultPassword {
		return secret, ok
	}
	d.once.Do(func() { d.v = <-d.verifier })
	return d.v, true
}

// CanLogin forwards to the engine's credentials (pgwire.LoginChecker).
func (d *derivedCredentials) CanLogin(user string) bool {
	lc, ok := d.Credentials.(pgwire.LoginChecker)
	return !ok || lc.CanLogin(user)
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
