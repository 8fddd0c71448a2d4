package pgwire

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/netip"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5/pgproto3"
	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// maxMessageLen is PostgreSQL's limit on one message (1 GiB).
const maxMessageLen = 1 << 30

// conn is one client connection.
type conn struct {
	srv    *Server
	nc     net.Conn
	wc     *watchedConn
	be     *pgproto3.Backend
	bw     *bufio.Writer // the output buffer be writes into (flush)
	pid    uint32
	secret uint32
	sess   *engine.Session
	codec  engine.Codec

	mu       sync.Mutex
	cancelFn context.CancelFunc // the running statement's, under mu
	busy     bool               // a message is being processed, under mu
	closed   bool               // Shutdown closed the connection, under mu

	stmts      map[string]*engine.Prepared
	stmtEpoch  uint64 // the session's StatementsEpoch when stmts was last cleared
	portals    map[string]*portal
	fastpath   map[uint32]*fastpathFunc // functions Function Call named (fastpath.go)
	unnamed    portal                   // the unnamed portal's storage, reused by each Bind to it
	bindArgs   []any                    // Bind's parameter values before BindParams, reused
	skipToSync bool
	// reported holds the ParameterStatus values the client has, by
	// reportedParams' index: compared after every statement, where a map
	// by name was thirteen lookups more
	reported [len(reportedParams)]reportedValue

	pending  int    // bytes sent since pgproto3's buffer was last emptied (sent)
	curQuery string // the Query message being answered
	lastSQL  string // the statement of the last extended-protocol message, for logs

	notes notifier // NOTIFY delivery (notify.go)

	// stmtTag and stmtErr are the last statement's outcome, for
	// Config.OnStatement (statementlog.go).
	stmtTag string
	stmtErr error
	// terminated: Terminate ended the connection (57P01 is owed).
	terminated bool

	// dr and done are the DataRow and CommandComplete every statement
	// sends, their buffers kept from one statement to the next: pgproto3
	// encodes a message when it is sent, so none is held afterwards
	// (rowBuffer, sendTag).
	dr   pgproto3.DataRow
	done pgproto3.CommandComplete
}

// maxKeptRow is the most bytes of row buffers a connection keeps between
// statements: one statement's wide values are not held for the
// connection's life.
const maxKeptRow = 64 << 10

// rowBuffer returns the connection's DataRow for a statement's rows.
func (c *conn) rowBuffer() *pgproto3.DataRow {
	n := cap(c.dr.Values) * 24
	for _, v := range c.dr.Values[:cap(c.dr.Values)] {
		n += cap(v)
	}
	if n > maxKeptRow {
		c.dr.Values = nil
	}
	return &c.dr
}

// sendTag sends CommandComplete with tag.
func (c *conn) sendTag(tag string) {
	c.done.CommandTag = append(c.done.CommandTag[:0], tag...)
	c.be.Send(&c.done)
}

// reportedParams are the settings PostgreSQL reports with ParameterStatus
// at startup and whenever they change.
var reportedParams = [...]string{
	"application_name", "client_encoding", "DateStyle", "default_transaction_read_only",
	"in_hot_standby", "integer_datetimes", "IntervalStyle", "is_superuser",
	"server_encoding", "server_version", "session_authorization",
	"standard_conforming_strings", "TimeZone",
}

var fixedParams = map[string]string{"in_hot_standby": "off"}

// reportedKeys are reportedParams in lower case, the session's names for
// them: Session.Setting lowers a name with capitals, which for DateStyle,
// IntervalStyle and TimeZone were three allocations of every statement.
var reportedKeys = func() []string {
	out := make([]string, len(reportedParams))
	for i, name := range reportedParams {
		out[i] = strings.ToLower(name)
	}
	return out
}()

func (c *conn) serve() {
	defer c.srv.dropConn(c)
	defer c.nc.Close()
	c.wc = &watchedConn{Conn: c.nc}
	c.bw = bufio.NewWriterSize(c.nc, outBufferSize)
	c.be = pgproto3.NewBackend(c.wc, c.bw)
	c.be.SetMaxBodyLen(c.srv.cfg.MaxMessageBytes)
	if err := c.startup(); err != nil {
		if pe, ok := pgerror.As(err); ok {
			c.be.Send(errorResponse(pe, 0))
			_ = c.flush()
		}
		return
	}
	defer c.closeSession()
	if err := c.loop(); err != nil {
		if pe, ok := pgerror.As(err); ok {
			c.be.Send(errorResponse(pe, 0))
			_ = c.flush()
		} else if !errors.Is(err, io.EOF) && !errors.Is(err, net.ErrClosed) && !errors.Is(err, io.ErrUnexpectedEOF) {
			c.srv.log.Debug("pgwire: connection ended", "pid", c.pid, "err", err)
		}
	}
}

func (c *conn) closeSession() {
	for name, p := range c.portals {
		p.close()
		delete(c.portals, name)
	}
	if c.sess != nil {
		c.sess.OnNotification(nil)
		c.stopNotifications()
		c.sess.Close()
	}
}

// setBusy marks the connection busy (processing a message) or idle; an
// idle connection of a shutting-down server is closed.
func (c *conn) setBusy(b bool) bool {
	c.mu.Lock()
	c.busy = b
	if b {
		c.notes.idle = false
	}
	closed, wake := c.closed, !b && c.notes.idle && c.notes.started.Load()
	c.mu.Unlock()
	if wake {
		// a notification that arrived between markIdle and now found the
		// connection still busy and was left queued (notify.go)
		c.notifyWake()
	}
	return closed
}

func (c *conn) closeIfIdle() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	if !c.busy {
		c.nc.Close()
	}
}

func (c *conn) cancelQuery() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cancelFn != nil {
		c.cancelFn()
	}
}

// statementContext returns the context a statement runs under; a
// CancelRequest cancels it.
func (c *conn) statementContext() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	done := c.cancellable(cancel)
	stop := c.wc.watch(cancel)
	return ctx, func() {
		stop()
		done()
	}
}

// unwatchedContext is statementContext without the disconnect watcher,
// for a statement that reads the connection itself.
func (c *conn) unwatchedContext() (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	return ctx, c.cancellable(cancel)
}

// cancellable lets a CancelRequest reach cancel until the returned done
// is called (which also cancels).
func (c *conn) cancellable(cancel context.CancelFunc) (done func()) {
	c.mu.Lock()
	c.cancelFn = cancel
	c.mu.Unlock()
	return func() {
		c.mu.Lock()
		c.cancelFn = nil
		c.mu.Unlock()
		cancel()
	}
}

func (c *conn) startup() error {
	for {
		msg, err := c.be.ReceiveStartupMessage()
		if err != nil {
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
				return err
			}
			if strings.Contains(err.Error(), "unknown startup message code") {
				return fatal(pgerror.FeatureNotSupported, "unsupported frontend protocol: server supports 3.0 to 3.0")
			}
			return protocolErrorf("invalid startup packet layout")
		}
		switch m := msg.(type) {
		case *pgproto3.SSLRequest, *pgproto3.GSSEncRequest:
			if _, err := c.nc.Write([]byte{'N'}); err != nil {
				return err
			}
		case *pgproto3.CancelRequest:
			c.srv.cancel(m.ProcessID, m.SecretKey)
			return io.EOF
		case *pgproto3.StartupMessage:
			return c.login(m)
		default:
			return protocolErrorf("unexpected startup message %T", msg)
		}
	}
}

func (c *conn) login(m *pgproto3.StartupMessage) error {
	if m.ProtocolVersion>>16 != 3 {
		return fatal(pgerror.FeatureNotSupported, "unsupported frontend protocol %d.%d: server supports 3.0 to 3.0", m.ProtocolVersion>>16, m.ProtocolVersion&0xffff)
	}
	params := map[string]string{}
	var unknown []string
	for k, v := range m.Parameters {
		if strings.HasPrefix(k, "_pq_.") {
			unknown = append(unknown, k) // protocol options: none supported
			continue
		}
		params[k] = v
	}
	if m.ProtocolVersion&0xffff != 0 || len(unknown) > 0 {
		// A newer minor version (3.2) is negotiated down, as PostgreSQL 15 does.
		c.be.Send(&pgproto3.NegotiateProtocolVersion{NewestMinorProtocol: 0, UnrecognizedOptions: unknown})
	}
	user := params["user"]
	if user == "" {
		return fatal(pgerror.InvalidAuthorizationSpecification, "no PostgreSQL user name specified in startup packet")
	}
	db := params["database"]
	if db == "" {
		db = user
	}
	if params["replication"] != "" && params["replication"] != "false" && params["replication"] != "off" {
		return fatal(pgerror.FeatureNotSupported, "replication connections are not supported")
	}
	secret, ok := c.srv.cfg.Credentials.LookupPassword(user)
	if !ok {
		return fatal(pgerror.InvalidAuthorizationSpecification, "role %q does not exist", user)
	}
	// The engine session is built while the client works out its
	// password proof (SCRAM's PBKDF2 runs on the client), so the exchange's
	// round trips hide its cost; it is closed unused when login fails.
	opened := c.openSession(user, db)
	if err := c.authenticate(user, secret); err != nil {
		opened.discard()
		if errors.Is(err, errAuthFailed) {
			return fatal(pgerror.InvalidPassword, "password authentication failed for user %q", user)
		}
		return err
	}
	if lc, ok := c.srv.cfg.Credentials.(LoginChecker); ok && !lc.CanLogin(user) {
		opened.discard()
		return fatal(pgerror.InvalidAuthorizationSpecification, "role %q is not permitted to log in", user)
	}
	sess, err := opened.wait()
	if err != nil {
		pe := toPgError(err)
		pe.Severity = "FATAL"
		return pe
	}
	c.sess = sess
	c.srv.adoptPID(c, uint32(sess.PID()))
	sess.OnSignal(c.signal)
	c.watchNotifications() // notify.go
	c.stmts = map[string]*engine.Prepared{}
	c.portals = map[string]*portal{}
	if err := c.applyStartupParams(params); err != nil {
		return err
	}
	c.be.Send(&pgproto3.AuthenticationOk{})
	c.reportParams(true)
	c.be.Send(&pgproto3.BackendKeyData{ProcessID: c.pid, SecretKey: binary.BigEndian.AppendUint32(nil, c.secret)})
	c.sess.Idle()
	c.be.Send(&pgproto3.ReadyForQuery{TxStatus: 'I'})
	return c.flush()
}

// pendingSession is an engine session being opened for a connection.
type pendingSession struct {
	sess *engine.Session
	err  error
	done chan struct{} // nil when the session was opened synchronously
}

// openSession starts opening the engine session for user and db: in the
// background when the configured authentication waits on the client,
// inline for trust (nothing to overlap with).
func (c *conn) openSession(user, db string) *pendingSession {
	p := &pendingSession{}
	open := func() {
		p.sess, p.err = c.srv.eng.Connect(engine.SessionOptions{User: user, Database: db,
			ClientAddr: tcpAddrPort(c.nc.RemoteAddr()), ServerAddr: tcpAddrPort(c.nc.LocalAddr())})
	}
	if c.srv.cfg.Auth == AuthTrust {
		open()
		return p
	}
	p.done = make(chan struct{})
	go func() {
		defer close(p.done)
		open()
	}()
	return p
}

// wait returns the opened session or the error opening it.
func (p *pendingSession) wait() (*engine.Session, error) {
	if p.done != nil {
		<-p.done
	}
	return p.sess, p.err
}

// discard waits for the session and closes it unused.
func (p *pendingSession) discard() {
	if s, err := p.wait(); err == nil {
		s.Close()
	}
}

// applyStartupParams applies the run-time parameters a client sends in
// its startup packet (and in "options" as -c name=value).
func (c *conn) applyStartupParams(params map[string]string) error {
	set := map[string]string{}
	for k, v := range params {
		switch k {
		case "user", "database", "replication":
		case "options":
			for _, o := range parseOptions(v) {
				if name, val, ok := strings.Cut(o, "="); ok {
					set[strings.ReplaceAll(name, "-", "_")] = val
				}
			}
		default:
			set[k] = v
		}
	}
	for k, v := range set {
		lk := strings.ToLower(k)
		if lk == "client_encoding" {
			up := strings.ToUpper(strings.ReplaceAll(v, "-", ""))
			if up != "UTF8" && up != "UNICODE" && up != "AUTO" && up != "SQL_ASCII" {
				return fatal(pgerror.InvalidParameterValue, "invalid value for parameter \"client_encoding\": \"%s\"", v)
			}
			// stored by its canonical name (auto: the server's locale's, UTF8)
			v = "UTF8"
			if up == "SQL_ASCII" {
				v = "SQL_ASCII"
			}
		}
		// applied as set_config(name, value, false) applies a value,
		// the string as given (PostgreSQL's startup packet options are
		// not SQL), without running a statement
		if err := c.sess.SetClientSetting(k, v); err != nil {
			pe := toPgError(err)
			pe.Severity = "FATAL"
			pe.Position = 0
			return pe
		}
	}
	return nil
}

// parseOptions splits a startup "options" string into -c settings.
func parseOptions(s string) []string {
	var out []string
	var cur strings.Builder
	var words []string
	esc := false
	for _, r := range s {
		switch {
		case esc:
			cur.WriteRune(r)
			esc = false
		case r == '\\':
			esc = true
		case r == ' ' || r == '\t':
			if cur.Len() > 0 {
				words = append(words, cur.String())
				cur.Reset()
			}
		default:
			cur.WriteRune(r)
		}
	}
	if cur.Len() > 0 {
		words = append(words, cur.String())
	}
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "-c" && i+1 < len(words):
			out = append(out, words[i+1])
			i++
		case strings.HasPrefix(w, "-c"):
			out = append(out, w[2:])
		case strings.HasPrefix(w, "--"):
			out = append(out, w[2:])
		}
	}
	return out
}

// reportParams sends ParameterStatus for every reported setting whose value
// the client does not have yet (all of them when all is set).
func (c *conn) reportParams(all bool) {
	for i, name := range reportedParams {
		v, ok := fixedParams[name]
		if !ok {
			v, _ = c.sess.Setting(reportedKeys[i])
		}
		if name == "client_encoding" {
			v = "UTF8"
		}
		if r := &c.reported[i]; r.sent && r.value == v && !all {
			continue
		}
		c.reported[i] = reportedValue{value: v, sent: true}
		c.be.Send(&pgproto3.ParameterStatus{Name: name, Value: v})
	}
}

// reportedValue is a reported setting's value as the client last saw it;
// sent is false until the first ParameterStatus.
type reportedValue struct {
	value string
	sent  bool
}

// loop reads and answers messages until Terminate or a connection error.
func (c *conn) loop() error {
	for {
		if c.setBusy(false) {
			return c.terminatedError()
		}
		msg, err := c.be.Receive()
		if c.setBusy(true) {
			return c.terminatedError()
		}
		if err != nil {
			var pe *pgproto3.ExceededMaxBodyLenErr
			if errors.As(err, &pe) || strings.HasPrefix(err.Error(), "invalid message length") {
				// PostgreSQL logs "invalid message length" (COMMERROR)
				// and closes the connection without answering.
				c.srv.log.Debug("pgwire: invalid message length", "pid", c.pid, "err", err)
				return io.EOF
			}
			if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, net.ErrClosed) {
				return err
			}
			var ne net.Error
			if errors.As(err, &ne) {
				return err
			}
			return protocolErrorf("invalid frontend message: %v", err)
		}
		switch m := msg.(type) {
		case *pgproto3.Query:
			if err := c.simpleQuery(m.String); err != nil {
				return err
			}
		case *pgproto3.Parse, *pgproto3.Bind, *pgproto3.Describe, *pgproto3.Execute, *pgproto3.Close:
			if c.skipToSync {
				continue
			}
			if _, ok := msg.(*pgproto3.Close); !ok {
				// the messages until Sync are one transaction (extended.go)
				c.sess.BeginPipeline()
			}
			if err := c.extended(msg); err != nil {
				if pe, ok := pgerror.As(err); ok && pe.Severity != "FATAL" {
					c.srv.log.Debug("pgwire: extended query failed", "pid", c.pid, "message", fmt.Sprintf("%T", msg), "sql", c.lastSQL, "code", pe.Code, "error", pe.Message)
					c.sendStmtError(pe, 0)
					c.sess.FailTransaction()
					c.skipToSync = true
					continue
				}
				return err
			}
		case *pgproto3.Sync:
			c.skipToSync = false
			c.endOfExtendedBatch()
			if err := c.readyForQuery(); err != nil {
				return err
			}
		case *pgproto3.Flush:
			if err := c.flush(); err != nil {
				return err
			}
		case *pgproto3.Terminate:
			return nil
		case *pgproto3.CopyData, *pgproto3.CopyDone, *pgproto3.CopyFail:
			// Outside COPY these are ignored, as PostgreSQL does.
		case *pgproto3.FunctionCall:
			if err := c.functionCall(m); err != nil { // fastpath.go
				return err
			}
		default:
			return protocolErrorf("unexpected message type %T", msg)
		}
		if e := c.sess.StatementsEpoch(); e != c.stmtEpoch {
			// DEALLOCATE ALL / DISCARD ALL ran: PostgreSQL's named
			// statements share one namespace, so the protocol's go too
			c.stmtEpoch = e
			clear(c.stmts)
		}
	}
}

// flush writes everything sent so far to the client.
func (c *conn) flush() error {
	c.pending = 0
	if err := c.be.Flush(); err != nil {
		return err
	}
	return c.bw.Flush()
}

// outBufferSize is the connection's output buffer: a result larger than
// this streams to the client in writes of this size.
const outBufferSize = 16 << 10

// maxEncoded is how many bytes of messages sent stay in pgproto3's
// encoding buffer before they move to the connection's output buffer:
// pgproto3 replaces an encoding buffer that grew past 1 KiB with a new
// one at every flush, which for a page of twenty rows was more garbage
// than the statement's execution made.
const maxEncoded = 512

// sent notes n bytes of a row or COPY message sent, moving them out of
// pgproto3's encoding buffer before it grows past maxEncoded; the output
// buffer writes to the client as it fills, so a large result streams
// instead of accumulating.
func (c *conn) sent(n int) error {
	c.pending += n
	if c.pending >= maxEncoded {
		c.pending = 0
		return c.be.Flush() // into c.bw, no write unless it is full
	}
	return nil
}

// sendNotices forwards a statement's notices.
func (c *conn) sendNotices(ns []engine.Notice) {
	for _, n := range ns {
		c.be.Send(noticeResponse(n))
	}
}

// afterStatement reports changed parameters after any statement, as
// PostgreSQL reports a GUC_REPORT setting whichever statement changed it:
// SET, RESET, the end of a transaction, or set_config in a query or a
// function.
func (c *conn) afterStatement(string) {
	c.reportParams(false)
}

// rowDescription describes cols with the given per-column formats.
func rowDescription(cols []engine.Column, formats []int16) *pgproto3.RowDescription {
	rd := &pgproto3.RowDescription{Fields: make([]pgproto3.FieldDescription, len(cols))}
	for i, col := range cols {
		rd.Fields[i] = pgproto3.FieldDescription{
			Name:         []byte(col.Name),
			DataTypeOID:  col.TypeOID,
			DataTypeSize: typeSize(col.TypeOID),
			TypeModifier: col.TypeMod,
			Format:       formatFor(formats, i),
		}
	}
	return rd
}

func formatFor(formats []int16, i int) int16 {
	switch len(formats) {
	case 0:
		return 0
	case 1:
		return formats[0]
	}
	if i < len(formats) {
		return formats[i]
	}
	return 0
}

func typeSize(oid uint32) int16 {
	switch oid {
	case oidBool, oidChar:
		return 1
	case oidInt2:
		return 2
	case oidInt4, oidOid, oidFloat4, oidDate:
		return 4
	case oidInt8, oidFloat8, oidTimestamp, oidTimestamptz:
		return 8
	case oidUUID:
		return 16
	case oidName:
		return 64
	}
	return -1
}

// sendRow sends the current row of rows in the given formats.
func (c *conn) sendRow(rows *engine.Rows, cols []engine.Column, formats []int16, dr *pgproto3.DataRow) error {
	size, err := c.encodeRow(rows, cols, formats, dr)
	if err != nil {
		return err
	}
	c.be.Send(dr)
	return c.sent(size)
}

// encodeRow encodes the current row into dr in formats and returns its
// encoded size.
func (c *conn) encodeRow(rows *engine.Rows, cols []engine.Column, formats []int16, dr *pgproto3.DataRow) (int, error) {
	vals := rows.Values()
	if cap(dr.Values) < len(vals) {
		dr.Values = make([][]byte, len(vals))
	}
	dr.Values = dr.Values[:len(vals)]
	size := 0
	for i := range vals {
		if vals[i] != nil && formatFor(formats, i) == 1 {
			// binary integers, timestamps, ...: no text form to build
			if b, ok := c.codec.AppendSendValue(dr.Values[i][:0], cols[i].TypeOID, vals[i]); ok {
				dr.Values[i] = b
				size += len(b) + 4
				continue
			}
		}
		if vals[i] == nil {
			dr.Values[i] = nil
			continue
		}
		// A non-NULL value must stay a non-nil slice even when empty:
		// pgproto3 encodes a nil value as NULL (length -1), and appending
		// nothing to a nil slot yields nil.
		buf := dr.Values[i][:0]
		if buf == nil {
			buf = []byte{}
		}
		if formatFor(formats, i) != 1 {
			// the text form appended in place, no string built per value
			dr.Values[i], _ = rows.AppendTextAt(buf, i)
			size += len(dr.Values[i]) + 4
			continue
		}
		text, _ := rows.TextAt(i)
		b, err := c.codec.AppendSend(buf, cols[i].TypeOID, vals[i], text)
		if err != nil {
			return 0, err
		}
		if b == nil {
			b = []byte{}
		}
		dr.Values[i] = b
		size += len(b) + 4
	}
	return size, nil
}

// tcpAddrPort is a TCP connection end's address and port; zero for any
// other kind of connection (a Unix socket), for which PostgreSQL's
// inet_client_addr and friends answer NULL.
func tcpAddrPort(a net.Addr) netip.AddrPort {
	if t, ok := a.(*net.TCPAddr); ok {
		return t.AddrPort()
	}
	return netip.AddrPort{}
}
