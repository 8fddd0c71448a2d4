package conformance

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Postgres is a real PostgreSQL server as a Target: the recorder of golden
// files and the live oracle. Every Open creates a database from template0
// and drops it again when the session closes.
type Postgres struct {
	url   string
	admin *pgx.Conn // CREATE/DROP DATABASE and format_type lookups
	mu    sync.Mutex
	types map[typeKey]string
	seq   atomic.Int64
	// bootstrap applies the Supabase bootstrap (OpenBootstrapped).
	bootstrap Bootstrapper
	// extVersions, when set, is the default version each extension must
	// have here to count as present (SetExtensionVersions).
	extVersions map[string]string
}

type typeKey struct {
	oid uint32
	mod int32
}

var _ Target = (*Postgres)(nil)

// sessionParams pin the settings the goldens depend on, whatever the
// server's configuration (they match .ci/pg.sh and tinybase's defaults).
var sessionParams = map[string]string{
	"TimeZone":      "UTC",
	"DateStyle":     "ISO, MDY",
	"IntervalStyle": "postgres",
}

// ConnectPostgres connects to the server at url (a postgres:// URL of a
// superuser, or one allowed to create databases); bootstrap is how
// OpenBootstrapped applies the Supabase bootstrap.
func ConnectPostgres(ctx context.Context, url string, bootstrap Bootstrapper) (*Postgres, error) {
	admin, err := pgx.Connect(ctx, url)
	if err != nil {
		return nil, fmt.Errorf("conformance: connect to postgres: %w", err)
	}
	var version int
	if err := admin.QueryRow(ctx, "SELECT current_setting('server_version_num')::int").Scan(&version); err != nil {
		admin.Close(ctx)
		return nil, fmt.Errorf("conformance: postgres version: %w", err)
	}
	if version/10000 != 15 {
		admin.Close(ctx)
		return nil, fmt.Errorf("conformance: goldens are recorded from PostgreSQL 15, server is %d", version)
	}
	return &Postgres{url: url, admin: admin, types: map[typeKey]string{}, bootstrap: bootstrap}, nil
}

// Close closes the administrative connection.
func (p *Postgres) Close() error {
	return p.admin.Close(context.Background())
}

// Open creates a fresh database and connects a session to it.
func (p *Postgres) Open(ctx context.Context) (Session, error) {
	name := fmt.Sprintf("tinybase_conformance_%d_%d", os.Getpid(), p.seq.Add(1))
	if err := p.adminExec(ctx, "CREATE DATABASE "+name+" TEMPLATE template0 ENCODING 'UTF8'"); err != nil {
		return nil, err
	}
	cfg, err := pgconn.ParseConfig(p.url)
	if err != nil {
		return nil, err
	}
	cfg.Database = name
	for k, v := range sessionParams {
		cfg.RuntimeParams[k] = v
	}
	s := &pgSession{p: p, db: name}
	cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) {
		s.notices = append(s.notices, n.Severity+": "+n.Message)
		s.noticeCodes = append(s.noticeCodes, n.Code)
	}
	s.conn, err = pgconn.ConnectConfig(ctx, cfg)
	if err != nil {
		p.adminExec(ctx, "DROP DATABASE "+name)
		return nil, fmt.Errorf("conformance: connect to %s: %w", name, err)
	}
	return s, nil
}

func (p *Postgres) adminExec(ctx context.Context, sql string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, err := p.admin.Exec(ctx, sql); err != nil {
		return fmt.Errorf("conformance: %s: %w", sql, err)
	}
	return nil
}

// SetExtensionVersions names the default version each extension must
// have on the server for a file requiring it to run there. A server with
// another version of an extension (built beside it for other work)
// answers for that version, not for the one the goldens were recorded
// from and tinybase stands in for, so it counts as lacking it.
func (p *Postgres) SetExtensionVersions(v map[string]string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.extVersions = v
}

// MissingExtensions returns those of names the server cannot create
// (absent from pg_available_extensions), or creates at another default
// version than SetExtensionVersions asks for, with that version.
func (p *Postgres) MissingExtensions(ctx context.Context, names []string) ([]string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var missing []string
	for _, n := range names {
		var version *string
		err := p.admin.QueryRow(ctx, "SELECT default_version FROM pg_available_extensions WHERE name = $1", n).Scan(&version)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			missing = append(missing, n)
		case err != nil:
			return nil, fmt.Errorf("conformance: pg_available_extensions: %w", err)
		default:
			if want, ok := p.extVersions[n]; ok && (version == nil || *version != want) {
				have := "none"
				if version != nil {
					have = *version
				}
				missing = append(missing, fmt.Sprintf("%s %s (it has %s)", n, want, have))
			}
		}
	}
	return missing, nil
}

// typeName returns format_type(oid, typmod), cached.
func (p *Postgres) typeName(ctx context.Context, oid uint32, mod int32) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	key := typeKey{oid, mod}
	if name, ok := p.types[key]; ok {
		return name, nil
	}
	var name string
	if err := p.admin.QueryRow(ctx, "SELECT format_type($1::oid, $2::int)", oid, mod).Scan(&name); err != nil {
		return "", fmt.Errorf("conformance: format_type(%d, %d): %w", oid, mod, err)
	}
	p.types[key] = name
	return name, nil
}

// pgSession is one connection to one fresh database.
type pgSession struct {
	p           *Postgres
	db          string
	conn        *pgconn.PgConn
	notices     []string
	noticeCodes []string
}

// Exec runs sql with the simple query protocol, so values arrive exactly as
// PostgreSQL's output functions print them.
func (s *pgSession) Exec(ctx context.Context, sql string) (*Result, error) {
	s.notices, s.noticeCodes = nil, nil
	results, err := readAll(s.conn.Exec(ctx, sql))
	res := &Result{Notices: s.notices, NoticeCodes: s.noticeCodes}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		res.Error = &Error{Code: pgErr.Code, Message: pgErr.Message, Position: int(pgErr.Position), Where: pgErr.Where,
			Detail: pgErr.Detail, Hint: pgErr.Hint, InternalQuery: pgErr.InternalQuery, InternalPosition: int(pgErr.InternalPosition)}
		return res, nil
	}
	if err != nil {
		return nil, err
	}
	if len(results) != 1 {
		return nil, fmt.Errorf("statement produced %d results, want 1", len(results))
	}
	r := results[0]
	res.Tag = r.CommandTag.String()
	for _, fd := range r.FieldDescriptions {
		name, err := s.typeName(ctx, fd.DataTypeOID, fd.TypeModifier)
		if err != nil {
			return nil, err
		}
		res.Columns = append(res.Columns, Column{Name: fd.Name, Type: name})
	}
	for _, row := range r.Rows {
		vals := make([]*string, len(row))
		for i, v := range row {
			if v != nil {
				s := string(v)
				vals[i] = &s
			}
		}
		res.Rows = append(res.Rows, vals)
	}
	return res, nil
}

// firstNormalObjectID is PostgreSQL's FirstNormalObjectId: OIDs below it
// belong to built-in objects, the same in every database.
const firstNormalObjectID = 16384

// typeName resolves built-in types through the shared cache and types a
// case file created (enums, domains, their arrays) in the session itself:
// only there do they exist, and only there does format_type qualify them
// according to the session's search_path.
func (s *pgSession) typeName(ctx context.Context, oid uint32, mod int32) (string, error) {
	if oid < firstNormalObjectID {
		return s.p.typeName(ctx, oid, mod)
	}
	// The statement that returned the column has just succeeded, so the
	// session can run one more query.
	rr := s.conn.ExecParams(ctx, "SELECT format_type($1::oid, $2::int)",
		[][]byte{fmt.Appendf(nil, "%d", oid), fmt.Appendf(nil, "%d", mod)}, nil, nil, nil).Read()
	if rr.Err != nil || len(rr.Rows) != 1 {
		return "", fmt.Errorf("conformance: format_type(%d, %d) in session: %v", oid, mod, rr.Err)
	}
	return string(rr.Rows[0][0]), nil
}

// Close disconnects and drops the session's database.
func (s *pgSession) Close() error {
	ctx := context.Background()
	s.conn.Close(ctx)
	return s.p.adminExec(ctx, "DROP DATABASE IF EXISTS "+s.db+" WITH (FORCE)")
}

// readAll is pgconn's MultiResultReader.ReadAll, except that it keeps the
// column descriptions of results without rows (ReadAll copies them only
// when a row arrives), so zero-row goldens still record their columns.
func readAll(mrr *pgconn.MultiResultReader) ([]*pgconn.Result, error) {
	var out []*pgconn.Result
	for mrr.NextResult() {
		r, _ := readResult(mrr.ResultReader()) // wire.go; the error stays in r.Err
		out = append(out, r)
	}
	if err := mrr.Close(); err != nil {
		return out, err
	}
	for _, r := range out {
		if r.Err != nil {
			return out, r.Err
		}
	}
	return out, nil
}
