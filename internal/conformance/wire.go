package conformance

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/jackc/pgx/v5/pgconn"
)

// WireMode is how a Wire target sends each statement, as pgx can.
type WireMode int

const (
	// WireSimple sends a Query message: text results (pgx's
	// QueryExecModeSimpleProtocol).
	WireSimple WireMode = iota
	// WireExtendedText sends Parse, Bind, Describe, Execute and Sync in one
	// batch with text results (pgx's QueryExecModeExec).
	WireExtendedText
	// WireExtendedBinary prepares the statement first (Parse, Describe,
	// Sync), then binds it asking binary results for every column whose
	// type this package can turn back into PostgreSQL's text output
	// (wire_binary.go), as pgx asks binary for the types it knows.
	WireExtendedBinary
)

// WireModes lists every mode, in order.
var WireModes = []WireMode{WireSimple, WireExtendedText, WireExtendedBinary}

func (m WireMode) String() string {
	switch m {
	case WireSimple:
		return "simple"
	case WireExtendedText:
		return "extended_text"
	case WireExtendedBinary:
		return "extended_binary"
	}
	return fmt.Sprintf("WireMode(%d)", int(m))
}

// Wire is a server speaking the PostgreSQL protocol as a Target, reached
// through pgx's pgconn: it checks what a client observes over the wire
// (values, NULL against empty, command tags, column types, SQLSTATEs and
// notices) against the same goldens as an in-process run.
type Wire struct {
	Mode WireMode
	// Connect returns the URL of a fresh database, with the Supabase
	// bootstrap applied when bootstrap is set, and a function releasing it
	// once the session has closed.
	Connect func(ctx context.Context, bootstrap bool) (url string, release func(), err error)

	mu    sync.Mutex
	types map[typeKey]string // format_type of built-in types
}

var _ BootstrapTarget = (*Wire)(nil)

// Open connects a session to a fresh database.
func (w *Wire) Open(ctx context.Context) (Session, error) { return w.open(ctx, false) }

// OpenBootstrapped connects a session to a fresh database with the
// Supabase bootstrap.
func (w *Wire) OpenBootstrapped(ctx context.Context) (Session, error) { return w.open(ctx, true) }

func (w *Wire) open(ctx context.Context, bootstrap bool) (Session, error) {
	url, release, err := w.Connect(ctx, bootstrap)
	if err != nil {
		return nil, err
	}
	cfg, err := pgconn.ParseConfig(url)
	if err != nil {
		release()
		return nil, err
	}
	for k, v := range sessionParams {
		cfg.RuntimeParams[k] = v
	}
	s := &wireSession{w: w, release: release}
	cfg.OnNotice = func(_ *pgconn.PgConn, n *pgconn.Notice) {
		s.notices = append(s.notices, n.Severity+": "+n.Message)
		s.noticeCodes = append(s.noticeCodes, n.Code)
	}
	s.conn, err = pgconn.ConnectConfig(ctx, cfg)
	if err != nil {
		release()
		return nil, fmt.Errorf("conformance: connect to %s: %w", url, err)
	}
	return s, nil
}

// wireSession is one connection to one fresh database.
type wireSession struct {
	w           *Wire
	conn        *pgconn.PgConn
	release     func()
	notices     []string
	noticeCodes []string
}

func (s *wireSession) Exec(ctx context.Context, sql string) (*Result, error) {
	s.notices, s.noticeCodes = nil, nil
	var r *pgconn.Result
	var err error
	switch s.w.Mode {
	case WireSimple:
		var results []*pgconn.Result
		results, err = readAll(s.conn.Exec(ctx, sql))
		if err == nil && len(results) != 1 {
			return nil, fmt.Errorf("statement produced %d results, want 1", len(results))
		}
		if err == nil {
			r = results[0]
		}
	case WireExtendedText:
		r, err = readResult(s.conn.ExecParams(ctx, sql, nil, nil, nil, nil))
	case WireExtendedBinary:
		r, err = s.execBinary(ctx, sql)
	}
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
	res.Tag = r.CommandTag.String()
	for _, fd := range r.FieldDescriptions {
		name, err := s.typeName(ctx, fd.DataTypeOID, fd.TypeModifier)
		if err != nil {
			return nil, err
		}
		res.Columns = append(res.Columns, Column{Name: fd.Name, Type: name})
	}
	for _, row := range r.Rows {
		if len(row) != len(r.FieldDescriptions) {
			return nil, fmt.Errorf("row of %d values under %d described columns", len(row), len(r.FieldDescriptions))
		}
		vals := make([]*string, len(row))
		for i, v := range row {
			if v == nil {
				continue
			}
			text := string(v)
			if fd := r.FieldDescriptions[i]; fd.Format == 1 {
				if text, err = binaryToText(fd.DataTypeOID, v); err != nil {
					return nil, fmt.Errorf("column %q: %w", fd.Name, err)
				}
			}
			vals[i] = &text
		}
		res.Rows = append(res.Rows, vals)
	}
	return res, nil
}

// execBinary prepares sql as the unnamed statement and runs it asking
// binary results for the columns binaryToText can read.
func (s *wireSession) execBinary(ctx context.Context, sql string) (*pgconn.Result, error) {
	desc, err := s.conn.Prepare(ctx, "", sql, nil)
	if err != nil {
		return nil, err
	}
	if len(desc.ParamOIDs) > 0 {
		return nil, fmt.Errorf("statement has %d parameters", len(desc.ParamOIDs))
	}
	formats := make([]int16, len(desc.Fields))
	for i, fd := range desc.Fields {
		if s.binaryReadable(fd.DataTypeOID) {
			formats[i] = 1
		}
	}
	return readResult(s.conn.ExecPrepared(ctx, "", nil, nil, formats))
}

// binaryReadable reports whether a binary value of type oid can be turned
// into the text PostgreSQL prints for it under the session's settings:
// date and time output depends on DateStyle and TimeZone, which the
// server reports with ParameterStatus.
func (s *wireSession) binaryReadable(oid uint32) bool {
	kind, ok := binaryKinds[oid]
	if !ok {
		return false
	}
	if kind.dated {
		return s.conn.ParameterStatus("DateStyle") == "ISO, MDY" && s.conn.ParameterStatus("TimeZone") == "UTC"
	}
	return true
}

// readResult reads one result, keeping its columns even without rows.
func readResult(rr *pgconn.ResultReader) (*pgconn.Result, error) {
	r := &pgconn.Result{}
	for rr.NextRow() {
		vals := rr.Values()
		row := make([][]byte, len(vals))
		for i, v := range vals {
			if v != nil {
				row[i] = append([]byte{}, v...)
			}
		}
		r.Rows = append(r.Rows, row)
	}
	r.FieldDescriptions = append([]pgconn.FieldDescription(nil), rr.FieldDescriptions()...)
	r.CommandTag, r.Err = rr.Close()
	return r, r.Err
}

// typeName is format_type(oid, typmod), asked of the server itself: built-in
// types once per target, types the case file created in the session.
func (s *wireSession) typeName(ctx context.Context, oid uint32, mod int32) (string, error) {
	key := typeKey{oid, mod}
	if oid < firstNormalObjectID {
		s.w.mu.Lock()
		name, ok := s.w.types[key]
		s.w.mu.Unlock()
		if ok {
			return name, nil
		}
	}
	rr := s.conn.ExecParams(ctx, "SELECT format_type($1::oid, $2::int)",
		[][]byte{fmt.Appendf(nil, "%d", oid), fmt.Appendf(nil, "%d", mod)}, nil, nil, nil).Read()
	if rr.Err != nil || len(rr.Rows) != 1 {
		return "", fmt.Errorf("conformance: format_type(%d, %d) in session: %v", oid, mod, rr.Err)
	}
	name := string(rr.Rows[0][0])
	if oid < firstNormalObjectID {
		s.w.mu.Lock()
		if s.w.types == nil {
			s.w.types = map[typeKey]string{}
		}
		s.w.types[key] = name
		s.w.mu.Unlock()
	}
	return name, nil
}

func (s *wireSession) Close() error {
	err := s.conn.Close(context.Background())
	s.release()
	return err
}
