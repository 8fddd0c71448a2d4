package session

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/gmsadapter"
	"github.com/tinybase/tinybase/engine/internal/hypo"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/routines"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// SessionOptions says who connects.
type SessionOptions struct {
	User     string
	Database string
	// Role and Claims open the session as PostgREST runs a request: SET
	// ROLE Role, and request.jwt.claims = Claims (a JSON object) with
	// request.jwt.claim.<key> for each top-level claim (role_session.go).
	Role   string
	Claims string
	// ClientAddr and ServerAddr are the TCP connection's ends, which
	// inet_client_addr and friends report; zero (as for a Unix socket or
	// an embedded session) makes them NULL.
	ClientAddr, ServerAddr netip.AddrPort
}

// txnState is the session's transaction block state, as ReadyForQuery
// reports it.
type txnState uint8

const (
	txnIdle   txnState = iota // no explicit transaction
	txnActive                 // inside BEGIN
	txnFailed                 // inside BEGIN, after an error (25P02 until ROLLBACK)
)

// Session is one connection's state: settings and transaction.
type Session struct {
	colMemo columnsMemo // the last statement's columns (rows.go)
	// shortText is the last statement text found without a word long
	// enough to hold an identifier to truncate (identifier_notice.go): a
	// prepared statement's every execution scanned it again
	shortText string
	// clientAddr and serverAddr are the connection's ends (SessionOptions).
	clientAddr, serverAddr netip.AddrPort
	// clientQuery is the text the client sent that is running, which
	// current_query() reports; pinned while a multi-statement message's
	// statements run (SetClientQuery).
	clientQuery       string
	clientQueryPinned bool
	// messageStart is when the pinned message started: its statements
	// share one statement_timestamp() (PostgreSQL sets it per message).
	messageStart time.Time
	// triggersBlock is set while a statement outside a transaction block
	// runs in the one its event triggers share (runWithEventTriggers).
	triggersBlock bool
	// advisoryHeld and advisoryXact say the session may hold advisory
	// locks (at any level, at transaction level), so ending a transaction
	// or the session need not scan the lock table otherwise.
	advisoryHeld, advisoryXact bool
	// advisoryXactLog lists the transaction's transaction-level advisory
	// lock calls in order, so ROLLBACK TO releases those after the
	// savepoint (advisory_locks.go).
	advisoryXactLog []advisoryTaken
	// tablesLocked says LOCK TABLE recorded locks for the lock views.
	tablesLocked bool
	// ruleNesting counts RuleProgram runs in progress (rules.go).
	ruleNesting int
	// deferred holds an error raised where GMS has no error result (window
	// functions, gmsadapter.DeferredError).
	deferred gmsadapter.DeferredError
	// modes is the transaction's SET CONSTRAINTS state and its waiting
	// constraint checks (deferred_constraints.go).
	modes constraintModes
	// event is the event whose trigger function is running
	// (event_triggers.go)
	event *eventState
	// sqlPrepared holds the statements of SQL-level PREPARE (sql_prepare.go).
	sqlPrepared map[string]*Prepared
	stmtEpoch   uint64 // counts DEALLOCATE ALL / DISCARD ALL (StatementsEpoch)
	// cursors are the open cursors of DECLARE (cursor.go).
	cursors map[string]*cursor
	// portalSeq numbers the cursors PL/pgSQL opens without a name;
	// cursorSeq counts every cursor opened (ROLLBACK TO closes the newer).
	portalSeq int
	cursorSeq uint64
	// triggerDepth counts trigger functions running (pg_trigger_depth).
	triggerDepth int
	// catalogNotices are the notices of a statement's catalog commands,
	// applied before it runs.
	catalogNotices []Notice
	// cascaded describes the objects the running DROP ... CASCADE removes
	// besides those it names (drop_cascade.go).
	cascaded []string
	// hypo holds the hypopg extension's hypothetical and hidden indexes
	// (explain_hypothetical.go).
	hypo hypo.Set
	// gms is the session as go-mysql-server sees it (gms_session.go).
	gms *gmsSession
	// tempNS is the session's temporary schema once a CREATE TEMP has
	// made it (temp_schema.go), searched ahead of search_path.
	tempNS string
	// onCommit holds the ON COMMIT actions of its temporary tables.
	onCommit   []tempOnCommit
	eng        *Engine
	user       string
	txn        *storage.Txn
	state      txnState
	savepoints []savepoint
	// act is what pg_stat_activity shows of the session (activity.go).
	act      activity
	settings map[string]string
	local    map[string]string // SET LOCAL values, dropped at transaction end
	cache    stmtCache
	plans    planState // plan_cache.go
	// bodyPlanned is the entry of the routine statement RunBody is
	// running, for its ExecGMS (routine_plans.go).
	bodyPlanned *cachedStmt

	searchPathMemo searchPathMemo // SearchPath's last answer
	keyMemo        cacheKeyMemo   // query's last statement cache key
	paramKey       paramKeyMemo   // cachedParametric's last parametric key (plan_param.go)
	fkChecksOff    bool           // planning a replica-mode write (replicaWrites)
	// memory is the GMS memory manager of the session's statements (the
	// caches a join or sort registers while it runs), kept while they
	// leave it empty: a new context made one, two allocations, for every
	// statement.
	memory *sql.MemoryManager
	// txnDDL is set once the current transaction ran DDL: its end
	// invalidates every session's cache, and until then the session's
	// caches are keyed by ddlSeq instead of the engine's DDL version
	// (cacheVersion).
	txnDDL bool
	// txnComments is set once the current transaction ran COMMENT ON: its
	// end moves the engine's DDL version for schema caches outside the
	// engine, not the statement caches' (ddlDone).
	txnComments bool
	// ddlSeq is the cache version of the transaction's own catalog state,
	// ddlCat the catalog it was taken for.
	ddlSeq uint64
	ddlCat *catalog.Catalog
	// exclusions are the exclusion constraints compiled for writes
	// (exclusion.go).
	exclusions exclusionChecks
	// placeholders are the custom variables this session has set.
	placeholders map[string]bool
	// clientSettings are the values the client sent in its startup
	// packet (lower-cased name -> stored value): the session's reset
	// values for them, pg_settings source client (SetClientSetting).
	clientSettings map[string]string
	// curStmt and curSQL are the running statement, for error positions.
	curStmt *pg.Node
	curSQL  string
	// notices raised by the running statement.
	notices []Notice
	// txnSettings are the settings at BEGIN, restored by ROLLBACK.
	txnSettings map[string]string
	// implicit is the kind of implicit block the transaction is, while
	// it is one (implicit_block.go); pipelineRuns counts the statements a
	// pipeline's block has run.
	implicit     implicitKind
	pipelineRuns int
	// lo is the transaction's open large object descriptors
	// (largeobject.go).
	lo       loState
	env      types.Env
	seqState sessionSequences // currval / lastval
	// describeSeqs, while a Describe runs a statement, are its private
	// sequence values (prepare.go), so describing uses up none.
	describeSeqs map[uint32]seqValue
	routines     routines.State      // routine calls and PL/pgSQL state (engine/internal/routines)
	rt           routineState        // trigger firing inside routine calls (routines_host.go)
	rls          rlsState            // row security of the running statement (rls_rewrite.go)
	cat          catalogReads        // the system catalog state of the running statement (pgcatalog_hook.go)
	catExprs     pgcatalog.ExprCache // stored expressions' parse trees, for every catalog State of the session
	notes        sessionNotify       // queued NOTIFYs and LISTENs (notify.go)
	// signed is the output projections of the plan being built
	// (gmsadapter/exec_project.go).
	signed gmsadapter.SignedOutput
}

type savepoint struct {
	name     string
	mark     storage.Mark
	settings map[string]string
	notifies int    // queued NOTIFYs when it was set (notify.go)
	cursors  uint64 // cursors opened before it (cursor.go)
	advisory int    // transaction-level advisory lock calls before it
}

// Connect opens a session.
func (e *Engine) Connect(opts SessionOptions) (*Session, error) {
	if opts.User == "" {
		opts.User = "postgres"
	}
	if opts.Database != "" && opts.Database != dbName {
		return nil, pgerror.New(pgerror.InvalidCatalogName, "database %q does not exist", opts.Database)
	}
	s := &Session{eng: e, user: opts.User, settings: defaultSettings(), local: map[string]string{}, placeholders: map[string]bool{},
		clientAddr: opts.ClientAddr, serverAddr: opts.ServerAddr}
	s.cache.lru.SetLimits(stmtCacheLimits)
	s.plans.templates.SetLimits(templateLimits)
	s.plans.casts.SetLimits(castLimits)
	s.gms = &gmsSession{BaseSession: sql.NewBaseSessionWithClientServer("", sql.Client{User: opts.User, Address: "local"}, e.connIDs.Add(1)), s: s}
	s.gms.SetCurrentDatabase(dbName)
	// GMS's merge join assumes its own NULL ordering (first); tinybase's
	// indexes order NULLs last as PostgreSQL does, so merge joins over them
	// would pair rows wrongly. Hash and lookup joins are unaffected.
	// (A context over this session: NewEmptyContext would build a second
	// BaseSession, whose variable maps cost as much as this one's.)
	if err := s.gms.BaseSession.SetSessionVariable(sql.NewContext(context.Background(), sql.WithSession(s.gms.BaseSession)), sql.DisableMergeJoin, int8(1)); err != nil {
		return nil, err
	}
	s.env = types.Env{Loc: time.UTC, Relations: sessionRelations{s}, Notice: s.Notice, Casts: sessionCasts{s}} // user_casts.go
	if err := s.applyRequest(opts.Role, opts.Claims); err != nil {
		return nil, err
	}
	e.advisory.register(s) // lock_waits.go
	e.dbStats.sessions.Add(1)
	return s, nil
}

// Close ends the session, rolling back an open transaction.
func (s *Session) Close() {
	if s.txn != nil {
		s.txn.Rollback()
		s.txn = nil
	}
	s.notifyEnd(false)
	s.unlistenAll()
	s.dropTempSchema()           // temp_schema.go
	s.advisoryClose()            // advisory_locks.go
	s.eng.advisory.unregister(s) // lock_waits.go
}

// PID is the session's backend process ID (pg_backend_pid(), the sender
// of its notifications): GMS's connection ID, kept on its session.
func (s *Session) PID() int32 { return int32(s.gms.ID()) }

// StorageTxn implements storage.Session.
func (s *Session) StorageTxn() *storage.Txn {
	if s.txn == nil {
		s.txn = s.newTxn()
	}
	return s.txn
}

// SearchPath implements storage.Session: the schemas for unqualified names.
func (s *Session) SearchPath() []string {
	raw, _ := s.Setting("search_path")
	// parsed once per value (and role, for $user): a statement asks
	// several times. Full capacity, so a caller's append copies.
	if m := &s.searchPathMemo; m.ok && m.raw == raw && m.temp == s.tempNS && (!m.user || m.role == s.CurrentUser()) {
		return m.path
	}
	out := s.parseSearchPath(raw)
	// the session's temporary schema, once made, is searched first
	// unless the path names pg_temp where it wants it
	if s.tempNS != "" && !slices.Contains(out, s.tempNS) {
		out = append([]string{s.tempNS}, out...)
	}
	s.searchPathMemo = searchPathMemo{ok: true, raw: raw, temp: s.tempNS, user: strings.IndexByte(raw, '$') >= 0, role: s.CurrentUser(), path: out[:len(out):len(out)],
		key: strings.Join(out, "\x00")}
	return s.searchPathMemo.path
}

// searchPathKey is SearchPath's schemas joined by NULs, made once per
// value: the catalog state's key (pgcatalog_hook.go), checked at every
// catalog function call.
func (s *Session) searchPathKey() string {
	s.SearchPath()
	return s.searchPathMemo.key
}

// searchPathMemo is the last search_path value SearchPath parsed.
type searchPathMemo struct {
	ok, user        bool // user: the value may name $user
	raw, role, temp string
	path            []string
	key             string // path joined by NULs
}

func (s *Session) parseSearchPath(raw string) []string {
	var out []string
	for _, p := range strings.Split(raw, ",") {
		p = strings.TrimSpace(p)
		if strings.HasPrefix(p, `"`) && strings.HasSuffix(p, `"`) && len(p) > 1 {
			p = p[1 : len(p)-1]
		} else {
			p = strings.ToLower(p)
		}
		if p == "$user" {
			p = s.CurrentUser()
		}
		if p == "pg_temp" {
			p = s.tempNS // nothing until the session makes its temporary schema
		}
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// TypesEnv implements expr.Env.
func (s *Session) TypesEnv() *types.Env { return &s.env }

// statementDeadline is ctx with the statement_timeout deadline when one
// is set: every statement honours it as it honours cancellation (57014).
// A statement a routine runs inherits its caller's earlier deadline.
// stop releases the timer.
func (s *Session) statementDeadline(ctx context.Context) (context.Context, context.CancelFunc) {
	d := s.StatementTimeout() // routines_host.go
	if d <= 0 {
		return ctx, nil
	}
	return context.WithTimeoutCause(ctx, d, errStatementTimeout)
}

// errStatementTimeout is the cause of a statement_timeout deadline.
var errStatementTimeout = errors.New("session: statement timeout")

// Query runs exactly one statement and streams its result.
func (s *Session) Query(ctx context.Context, sqlText string, args ...any) (rows *Rows, err error) {
	s.noteClientQuery(sqlText)
	s.startStatement()
	start := time.Now()
	rows, err = s.query(ctx, sqlText, nil, args)
	s.trackStatement(sqlText, start, rows, err) // stmtstats.go
	s.endActivityWith(rows, err)                // activity.go
	return rows, err
}

// SetClientQuery pins the text current_query() reports to a whole
// multi-statement message (PostgreSQL's debug_query_string) while its
// statements run one by one; "" unpins it.
func (s *Session) SetClientQuery(text string) {
	s.clientQuery, s.clientQueryPinned = text, text != ""
	s.messageStart = time.Time{}
	switch {
	case text == "":
	case s.implicit == implicitQuery:
		s.messageStart = s.env.Now // the block this message began
	default:
		s.messageStart = time.Now().UTC().Truncate(time.Microsecond)
	}
}

// startStatement sets statement_timestamp() for a statement the client
// sent: its message's start, so each Execute of a pipeline has its own
// while the statements of one Query message share one.
func (s *Session) startStatement() {
	s.env.StmtNow = s.messageStart
	if s.env.StmtNow.IsZero() {
		s.env.StmtNow = time.Now().UTC().Truncate(time.Microsecond)
	}
	s.activityStart() // activity.go
}

// noteClientQuery records a statement the client sent as current_query()'s
// text, unless a whole message's text is pinned.
func (s *Session) noteClientQuery(text string) {
	if !s.clientQueryPinned {
		s.clientQuery = text
	}
}

// query runs one statement through the pipeline: a statement cache hit
// runs its translation; otherwise the statement is parsed — unless parsed
// is not nil: then it is sqlText's statement, parsed once already (a
// Prepared's), and runs without sqlText being parsed again — secured,
// translated and run. sqlText stays the statement's identity for the
// caches and for error positions.
func (s *Session) query(ctx context.Context, sqlText string, parsed *pg.Node, args []any) (rows *Rows, err error) {
	ctx, stop := s.statementDeadline(ctx)
	if stop != nil {
		// runs after recoverStatement: the rows, when they stream, stop
		// the timer once read
		defer func() {
			if err != nil || rows == nil || rows.done {
				stop()
				return
			}
			rows.stops = append(rows.stops, stop)
		}()
	}
	defer s.recoverStatement(sqlText, &rows, &err)
	version := s.cacheVersion()
	searchPath, _ := s.Setting("search_path")
	indexScan, _ := s.Setting("enable_indexscan")
	cacheKey := s.keyMemo.key(sqlText, s.CurrentUser(), searchPath, indexScan == "off", s.replicaRole())
	s.plans.entry = nil
	if len(args) == 0 {
		c, ok := s.cache.get(cacheKey, version)
		if !ok {
			var vals []any
			if c, vals, ok = s.plans.literal(sqlText, cacheKey[len(sqlText):], version, s.cache.gen); ok { // plan_param.go
				ctx = withParams(ctx, c.slots, vals)
			}
		}
		if ok {
			s.plans.entry = c
			return s.runTranslated(ctx, sqlText, c.node, c.res)
		}
	} else if c, vals, ok := s.cachedParametric(cacheKey, version, args); ok { // plan_param.go
		s.plans.entry = c
		return s.runTranslated(withParams(ctx, c.slots, vals), sqlText, c.node, c.res)
	}
	var stmt *pg.Node
	if parsed != nil {
		// translation may rewrite the tree in place, and a cache entry keeps it
		stmt = pgtree.Clone(parsed)
	} else {
		var nstmts int
		stmt, nstmts, err = s.eng.parseOne(sqlText, len(args) > 0) // plancache.go
		if err != nil {
			s.failed()
			return nil, pgtree.SyntaxError(err)
		}
		if nstmts == 0 {
			return &Rows{tag: "", done: true}, nil
		}
		if nstmts > 1 {
			return nil, pgerror.New(pgerror.SyntaxError, "cannot insert multiple commands into a prepared statement")
		}
	}
	return s.queryParsed(ctx, sqlText, stmt, args, cacheKey, version)
}

// panicked logs a recovered panic with its Go stack, once, and returns the
// XX000 error the client sees (which never carries the stack).
func (e *Engine) panicked(doing, sqlText string, p any) error {
	e.logger.Error("engine: panic while "+doing, "statement", sqlText, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
	return pgerror.Internal(p)
}

// recoverStatement turns a panic of a running statement into an internal
// error (deferred by the statement's entry points).
func (s *Session) recoverStatement(sqlText string, rows **Rows, err *error) {
	if p := recover(); p != nil {
		*err = s.eng.panicked("running statement", sqlText, p)
		*rows = nil
		if s.txn != nil {
			s.failed()
		}
	}
}

// queryStatement runs a statement its caller built or took from a larger
// one (COPY's query), bypassing the statement caches: sqlText is the text
// its locations point into, for error positions, not a cache key.
func (s *Session) queryStatement(ctx context.Context, sqlText string, stmt *pg.Node) (rows *Rows, err error) {
	defer s.recoverStatement(sqlText, &rows, &err)
	s.plans.entry = nil
	return s.queryParsed(ctx, sqlText, stmt, nil, "", s.cacheVersion())
}

// queryParsed secures, translates and runs a parsed statement, keeping
// its translation in the statement cache under cacheKey when it can be
// reused (never when cacheKey is empty).
func (s *Session) queryParsed(ctx context.Context, sqlText string, stmt *pg.Node, args []any, cacheKey string, version uint64) (*Rows, error) {
	if s.state == txnFailed {
		if ts := stmt.GetTransactionStmt(); ts == nil || !endsFailedBlock(ts.Kind) {
			return nil, errAborted()
		}
	}
	if s.env.Now.IsZero() || s.state == txnIdle {
		s.env.Now = time.Now().UTC().Truncate(time.Microsecond)
	}
	// InlinedView: a secured view's WITH queries materialize as its own
	// do when the translator expands it (translate.viewQuery)
	tr := &translate.Translator{Env: &s.env, Params: args, Tables: s, Catalog: s.translatorCatalog(),
		InlinedView: func(sel *pg.SelectStmt) bool { return s.rls.views[sel] }}
	var pp *paramPrep
	// with rules, a rewritten statement's steps carry its constants as
	// text (translate.RuleProgram), so they are not made parameters
	if cacheKey != "" && len(s.catalog().AllRules()) == 0 {
		pp = s.parametric(stmt, sqlText, args, cacheKey, version) // plan_param.go
	}
	if pp != nil && pp.hit != nil {
		s.plans.entry = pp.hit
		return s.runTranslated(withParams(ctx, pp.slots, pp.vals), sqlText, pp.hit.node, pp.hit.res)
	}
	if pp != nil {
		tr.Params, tr.BoundParams = pp.args, boundParams(pp.slots, pp.typs)
		ctx = withParams(ctx, pp.slots, pp.vals)
	}
	if err := s.prepareTemp(sqlText, stmt); err != nil { // temp_schema.go
		s.failed()
		return nil, err
	}
	secured, err := s.secureStatement(stmt) // rls_rewrite.go
	if err != nil {
		s.failed()
		return nil, err
	}
	res, err := tr.Statement(secured)
	if err == nil {
		s.notices, s.cascaded = nil, nil
		err = s.applyCatalog(res.Catalog) // a failure below aborts these with the statement
		// the notices of those (DROP ... IF EXISTS skipping one) are the
		// statement's: runTranslated starts from them; what they cascaded
		// to is reported with the rest of the statement's cascade
		if s.catalogNotices, s.notices = s.notices, nil; err != nil {
			s.catalogNotices, s.cascaded = nil, nil
		}
	}
	if err != nil {
		s.failed()
		return nil, err
	}
	if pp != nil {
		s.keepParametric(pp, stmt, res, version) // plan_param.go
	} else if cacheKey != "" && len(args) == 0 && cacheable(res) {
		c := &cachedStmt{node: stmt, res: res}
		s.cache.put(cacheKey, version, c)
		s.plans.entry = c
	} else if cacheKey != "" && len(args) == 0 && res.Tag == "INSERT" && res.Stmt != nil && res.Cmd == nil {
		// an INSERT of constants (one with strings, say, which are not
		// made parameters) is cached as a parametric one is: with its
		// plan, once runStatement keeps one
		s.plans.entry = &cachedStmt{node: stmt, res: res, pendingKey: cacheKey, pendingVersion: version}
	} else if cacheKey != "" && len(args) == 0 && explainCacheable(res) {
		// cached once explainCommand has a plan to keep with it (explain.go)
		s.plans.entry = &cachedStmt{node: stmt, res: res, pendingKey: cacheKey, pendingVersion: version}
	}
	return s.runWithEventTriggers(ctx, sqlText, stmt, res) // event_triggers.go
}

func errAborted() error {
	return pgerror.New(pgerror.InFailedSQLTransaction, "current transaction is aborted, commands ignored until end of transaction block")
}

func (s *Session) runTranslated(ctx context.Context, sqlText string, stmt *pg.Node, res translate.Result) (*Rows, error) {
	if s.state == txnFailed {
		if ts := stmt.GetTransactionStmt(); ts == nil || !endsFailedBlock(ts.Kind) {
			return nil, errAborted()
		}
	}
	if what := concurrentlyWhat(stmt); what != "" && s.state != txnIdle && !s.triggersBlock {
		// PreventInTransactionBlock: building or dropping an index
		// concurrently commits between its phases
		return nil, pgerror.New(pgerror.ActiveSQLTransaction, "%s cannot run inside a transaction block", what)
	}
	if s.env.Now.IsZero() || s.state == txnIdle {
		s.env.Now = time.Now().UTC().Truncate(time.Microsecond)
	}
	s.curStmt, s.curSQL = stmt, sqlText
	if _, ok := res.Cmd.(*translate.Comment); ok {
		s.txnComments = true
	} else if isDDL(res) {
		// before the change, and again after it: what the statement ran
		// meanwhile (a routine, an event trigger) may have been cached
		// under the catalog it changed
		s.txnCatalogChanged()
		defer func() {
			if s.txnDDL { // an implicit transaction has ended already
				s.txnCatalogChanged()
			}
		}()
	}
	s.notices, s.catalogNotices = s.catalogNotices, nil
	s.identifierNotices(sqlText) // identifier_notice.go
	if res.Cmd != nil {
		return s.runCommand(ctx, res) // commands.go
	}
	if res.Tag != "SELECT" && s.settings["transaction_read_only"] == "on" && s.state != txnIdle {
		s.failed()
		return nil, pgerror.New(pgerror.ReadOnlySQLTransaction, "cannot execute %s in a read-only transaction", res.Tag)
	}
	return s.execute(ctx, sqlText, res)
}

func endsFailedBlock(k pg.TransactionStmtKind) bool {
	switch k {
	case pg.TransactionStmtKind_TRANS_STMT_ROLLBACK, pg.TransactionStmtKind_TRANS_STMT_ROLLBACK_TO, pg.TransactionStmtKind_TRANS_STMT_COMMIT,
		pg.TransactionStmtKind_TRANS_STMT_PREPARE:
		return true
	}
	return false
}

// failed records a statement error: inside a block the block is aborted;
// outside one the implicit transaction is rolled back.
func (s *Session) failed() {
	s.cascaded = nil
	if s.state == txnActive {
		s.state = txnFailed
		if len(s.savepoints) == 0 {
			// the aborted transaction's advisory locks go now, as
			// PostgreSQL's abort releases them before ROLLBACK: the other
			// side of a deadlock proceeds
			s.advisoryXactEnd()
		}
		return
	}
	if s.state == txnIdle {
		_ = s.endStorageTxn(false) // a rollback cannot fail
	}
}

// cacheVersion is the version the session's caches (statements, plans,
// routine statements and PL/pgSQL plans) are keyed by. It is the engine's
// DDL version while the transaction ran no DDL. Once it did, it is a
// version of the transaction's own catalog state: drawn from an engine
// counter no other transaction, and no DDL version, ever uses again, and
// moved by every DDL statement, every catalog change however made but a
// comment's, and every rollback that undoes one (the catalog's shape
// differs from the one the version was taken for), so an entry made after
// DDL is reused until the next catalog change in the same transaction,
// and never after it ends.
func (s *Session) cacheVersion() uint64 {
	if !s.txnDDL {
		return s.eng.ddlVersion.Load()
	}
	if !s.catalog().SameShape(s.ddlCat) {
		s.txnCatalogChanged()
	}
	return s.ddlSeq
}

// txnCatalogChanged records a change (or its undoing) of the
// transaction's catalog: the session's caches move to a new version.
func (s *Session) txnCatalogChanged() {
	s.txnDDL = true
	s.ddlSeq = 1<<63 | s.eng.txnCacheVersions.Add(1) // never an engine DDL version
	s.ddlCat = s.catalog()
	s.cache.clear()
}

// ddlDone ends a transaction's DDL bookkeeping: other sessions' cached
// translations may reference what it changed.
func (s *Session) ddlDone() {
	if s.txnDDL {
		s.txnDDL = false
		s.eng.ddlVersion.Add(1)
	} else if s.txnComments {
		s.eng.commentVersion.Add(1)
	}
	s.txnComments = false
}

// execute runs a GMS statement. Outside a transaction block it is its own
// transaction; inside one a savepoint makes it atomic.
func (s *Session) execute(ctx context.Context, sqlText string, res translate.Result) (*Rows, error) {
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	if res.Tag != "SELECT" {
		if s.state == txnIdle && !res.Returning {
			// Its tag or error is sent after the commit: it need not
			// wait for the commit it builds on to be durable (storage's
			// ReportAtEnd; its own commit waits for both).
			txn.ReportAtEnd()
		}
		// A writer takes the single-writer lock before reading anything, so
		// it reads the latest committed state and no update is lost.
		if err := txn.Lock(ctx); err != nil {
			s.failed()
			return nil, lockError(err)
		}
	}
	mark := txn.Savepoint()
	if strings.HasPrefix(res.Tag, "ALTER") {
		// Rows ALTER TABLE rewrites (a new column's default) are not
		// changes Realtime reports (changes.go).
		txn.CaptureOff(true)
		defer txn.CaptureOff(false)
	}
	if s.memory == nil || s.memory.NumCaches() > 0 {
		// a statement still streaming (another portal) uses it, or one
		// left a cache behind: a new one, as every statement had
		s.memory = sql.NewMemoryManager(sql.ProcessMemory)
	}
	gctx := sql.NewContext(ctx, sql.WithSession(s.gms), sql.WithQuery(sqlText), sql.WithMemoryManager(s.memory))
	err := s.prepareUnlessPlanned(gctx, res) // plan_cache.go
	var schema sql.Schema
	var iter sql.RowIter
	if err == nil {
		schema, iter, err = s.runStatement(gctx, sqlText, res) // plan_cache.go
	}
	if err != nil {
		txn.RollbackTo(mark)
		s.failed()
		return nil, s.statementError(err, res.Tag)
	}
	r := &Rows{s: s, gctx: gctx, iter: iter, kind: res.Tag, mark: mark, returning: res.Returning}
	if res.Tag == "SELECT" || res.Returning {
		r.setColumns(schema)
	} else {
		// DML and DDL: drain now so the tag and errors are known
		r.drainOK()
		if r.err != nil {
			return nil, r.err
		}
	}
	return r, nil
}

// finish ends a statement: rollback to its mark on error, commit an
// implicit transaction on success.
func (s *Session) finish(mark storage.Mark, err error) error {
	err = s.fireAfterTriggers(err) // trigger_fire.go
	if err == nil {
		err = s.checkConstraints(false) // deferred_constraints.go: those checked at statement end
	}
	if err != nil {
		if s.txn != nil {
			s.txn.RollbackTo(mark)
		}
		s.failed()
		return err
	}
	if s.state == txnIdle {
		s.endImplicit()
	}
	return s.commitImplicit()
}

// endImplicit drops SET LOCAL values when an implicit (single-statement)
// transaction ends.
func (s *Session) endImplicit() {
	s.definePlaceholders()
	s.endDeferrable() // settings.go
	if len(s.local) > 0 {
		s.local = map[string]string{}
		if loc, err := loadZone(s.settings["timezone"]); err == nil {
			s.env.Loc = loc
		}
		s.syncEnvStyles() // settings.go
	}
}

// SchemasOnPath implements expr.Env: the search_path schemas that exist.
func (s *Session) SchemasOnPath() []string {
	var out []string
	txn := s.StorageTxn()
	for _, p := range s.SearchPath() {
		if p == "pg_catalog" || txn.HasSchema(p) {
			out = append(out, p)
		}
	}
	return out
}

// lockError reports a writer that gave up waiting for the writer lock.
func lockError(err error) error {
	if errors.Is(err, context.Canceled) {
		return pgerror.New(pgerror.QueryCanceled, "canceling statement due to user request")
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return pgerror.New(pgerror.LockNotAvailable, "canceling statement due to lock timeout")
	}
	return mapError(err)
}

// Notice queues a NOTICE / WARNING for the running statement (expr.Env).
func (s *Session) Notice(severity, code, message string) {
	if !s.clientWants(severity) {
		return
	}
	s.notices = append(s.notices, Notice{Severity: severity, Code: code, Message: message})
}

// FailedNotices takes the notices a statement raised before it failed:
// PostgreSQL has sent them by then, so a client sees them before the error.
func (s *Session) FailedNotices() []Notice {
	n := s.notices
	s.notices, s.cascaded = nil, nil
	return n
}

func (s *Session) takeNotices() []Notice {
	s.cascadeNotice() // drop_cascade.go
	n := s.notices
	s.notices = nil
	return n
}

// concurrentlyWhat names a CONCURRENTLY index statement, which may not
// run in a transaction block ("" for any other statement).
func concurrentlyWhat(stmt *pg.Node) string {
	if is := stmt.GetIndexStmt(); is != nil && is.Concurrent {
		return "CREATE INDEX CONCURRENTLY"
	}
	if ds := stmt.GetDropStmt(); ds != nil && ds.Concurrent {
		return "DROP INDEX CONCURRENTLY"
	}
	return ""
}

// cacheKeyMemo is the last statement cache key query built: a prepared
// statement run again (pgbench -M prepared, a pool's statement) has the
// same text, role and search_path, and building the key each time cost
// an allocation and a copy of the text per statement.
type cacheKeyMemo struct {
	text, user, path     string
	noIndexScan, replica bool
	k                    string
}

// key returns the cache key of a statement's text for a role and
// search_path (translations differ by role, row security; plans by
// search_path), enable_indexscan off (gmsadapter's access paths) and
// session_replication_role replica (plans without foreign key checks).
func (m *cacheKeyMemo) key(text, user, path string, noIndexScan, replica bool) string {
	if m.k != "" && m.text == text && m.user == user && m.path == path && m.noIndexScan == noIndexScan && m.replica == replica {
		return m.k
	}
	k := text + "\x00" + user + "\x00" + path
	if noIndexScan {
		k += "\x00noindexscan"
	}
	if replica {
		k += "\x00replica"
	}
	*m = cacheKeyMemo{text: text, user: user, path: path, noIndexScan: noIndexScan, replica: replica, k: k}
	return k
}
