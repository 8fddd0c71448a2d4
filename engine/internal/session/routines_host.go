package session

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/cache"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/dml"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/engine/internal/plpgsql"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/routines"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// The session's side of routines (engine/internal/routines): the Host it
// implements, the session state it keeps for trigger firing, and
// forwarders for code of the session that defines or calls routines.

var _ routines.Host = (*Session)(nil)

// PreparedSQL implements routines.Host: the statement PREPARE kept as name.
func (s *Session) PreparedSQL(name string) (string, bool) {
	p, ok := s.sqlPrepared[name]
	if !ok {
		return "", false
	}
	return p.SQL, true
}

// routineState is the trigger-firing state of routine calls in progress
// (the calls themselves are routines.State).
type routineState struct {
	// after holds the queued AFTER trigger firings per statement level:
	// the session's statement, then each statement running inside a
	// routine (trigger_fire.go).
	after [][]afterEvent
	// transition holds the transition tables of the running AFTER
	// triggers, innermost last (trigger_transition.go).
	transition []transitionRel
	// rawChecks makes storage hand out check constraints as stored
	// (routine_deps.go reads their text).
	rawChecks bool
}

// routineCache is an engine's cache of prepared routine pieces.
type routineCache struct {
	when cache.Shared[*catalog.Trigger, *routineStmt] // WHEN conditions (cache_host.go)
}

// routineStmt is a prepared statement run with routine parameters
// (trigger WHEN conditions).
type routineStmt = routines.Stmt

func prepareRoutineStmt(sqlText string, params *routine.Params) (*routineStmt, error) {
	return routines.Prepare(sqlText, params)
}

// plpgsqlHandler is LANGUAGE plpgsql's handler.
type plpgsqlHandler = routines.PLHandler

// builtinLanguages are the handlers every engine has.
func builtinLanguages() map[string]routine.Handler {
	m := routines.BuiltinLanguages()
	m["c"] = extensions.Handler{} // extensions' Go implementations (extension_host.go)
	return m
}

// RegisterLanguage installs the handler of a procedural language on this
// engine (engine/internal/plpgsql registers "plpgsql").
func (e *Engine) RegisterLanguage(name string, h routine.Handler) {
	if e.languages == nil {
		e.languages = map[string]routine.Handler{}
	}
	e.languages[name] = h
}

var _ translate.RoutineRunner = (*Session)(nil)

// CallRoutine runs a user function called in an expression.
func (s *Session) CallRoutine(ctx *sql.Context, fn *catalog.Function, args []any) (any, error) {
	return routines.CallScalar(ctx, s, fn, args)
}

// CurrentRoutine implements translate.RoutineRunner.
func (s *Session) CurrentRoutine(oid uint32) (*catalog.Function, bool) {
	return s.catalog().FunctionByOID(oid)
}

var _ translate.RowSetRunner = (*Session)(nil)

// CallRoutineRows runs a user function in FROM and returns its rows, each
// as wide as its result columns.
func (s *Session) CallRoutineRows(ctx *sql.Context, fn *catalog.Function, args []any) ([][]any, error) {
	return routines.CallRows(ctx, s, fn, args)
}

// callRoutine runs a routine (a trigger function when tg is set).
func (s *Session) callRoutine(ctx *sql.Context, fn *catalog.Function, args []any, tg *routine.TriggerData) (routine.Result, error) {
	return routines.Call(ctx, s, fn, args, tg)
}

// routineCaller is routines.Caller for trigger firing: the session and the
// firing statement's context.
type routineCaller struct {
	s    *Session
	gctx *sql.Context
}

var _ routines.HostedCaller = (*routineCaller)(nil)

func (c *routineCaller) caller() *routines.Caller { return routines.NewCaller(c.s, c.gctx) }

func (c *routineCaller) CallerHost() (routines.Host, *sql.Context) { return c.s, c.gctx }
func (c *routineCaller) Prepare(ctx context.Context, text string, p *routine.Params) (routine.Statement, error) {
	return c.caller().Prepare(ctx, text, p)
}
func (c *routineCaller) Query(ctx context.Context, text string, p *routine.Params, args []any) (*routine.Rows, error) {
	return c.caller().Query(ctx, text, p, args)
}
func (c *routineCaller) Notice(n routine.Notice)            { c.caller().Notice(n) }
func (c *routineCaller) Savepoint() routine.Savepoint       { return c.caller().Savepoint() }
func (c *routineCaller) RollbackTo(sp routine.Savepoint)    { c.caller().RollbackTo(sp) }
func (c *routineCaller) Release(sp routine.Savepoint)       { c.caller().Release(sp) }
func (c *routineCaller) Err(ctx context.Context) error      { return c.caller().Err(ctx) }
func (c *routineCaller) Catalog() *catalog.Catalog          { return c.s.catalog() }
func (c *routineCaller) Setting(name string) (string, bool) { return c.s.Setting(name) }
func (c *routineCaller) Env() *types.Env                    { return &c.s.env }
func (c *routineCaller) Cast(v any, from, to *types.Type) (any, error) {
	return c.caller().Cast(v, from, to)
}

// resolveRoutineRef finds the routines a DROP / ALTER / GRANT names.
func (s *Session) resolveRoutineRef(cat *catalog.Catalog, ref translate.RoutineRef, word string, ifExists bool) ([]*catalog.Function, error) {
	return routines.ResolveRef(s, cat, ref, word, ifExists)
}

// commentedRoutine finds the user routine COMMENT ON FUNCTION names.
func (s *Session) commentedRoutine(cat *catalog.Catalog, q catalog.QName, ref *translate.RoutineRef) (*catalog.Function, bool) {
	return routines.Commented(s, cat, q, ref)
}

var (
	_ translate.RowTypeLookup    = (*Session)(nil)
	_ translate.ColumnTypeLookup = (*Session)(nil)
)

// RowType implements translate.RowTypeLookup: a table's or a view's row
// type (every relation has one; docs: Composite Types).
func (s *Session) RowType(schema, name string) (*types.Type, bool) {
	t, ok := s.findTable(schema, name)
	if !ok {
		v, _ := s.findView(s.catalog(), catalog.QName{Schema: schema, Name: name})
		if v == nil {
			return nil, false
		}
		fields := make([]types.Field, len(v.Columns))
		for i, c := range v.Columns {
			fields[i] = types.Field{Name: c, Type: v.Types[i]}
		}
		return types.RowType(v.Schema, v.Name, fields), true
	}
	fields := make([]types.Field, len(t.Schema()))
	for i, c := range t.Schema() {
		fields[i] = types.Field{Name: c.Name, Type: expr.FromGMSType(c.Type)}
	}
	return types.RowType(t.SchemaName(), t.Name(), fields), true
}

// ColumnType implements translate.ColumnTypeLookup (table.column%TYPE).
func (s *Session) ColumnType(schema, table, column string) (*types.Type, bool, bool) {
	t, ok := s.findTable(schema, table)
	if !ok {
		return nil, false, false
	}
	for _, c := range t.Schema() {
		if c.Name == column {
			return expr.FromGMSType(c.Type), true, true
		}
	}
	return nil, false, true
}

// runCall runs CALL as one atomic statement: a procedure with output
// parameters returns one row of them (docs: SQL Commands, CALL).
func (s *Session) runCall(ctx context.Context, res translate.Result, c *translate.CallProc) (*Rows, error) {
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	if err := txn.Lock(ctx); err != nil {
		s.failed()
		return nil, lockError(err)
	}
	mark := txn.Savepoint()
	gctx := sql.NewContext(ctx, sql.WithSession(s.gms), sql.WithQuery(s.curSQL))
	out, err := s.runStep(gctx, c.Stmt)
	if err != nil {
		txn.RollbackTo(mark)
		s.failed()
		return nil, s.statementError(err, res.Tag)
	}
	r := &Rows{s: s, gctx: gctx, kind: "CALL", mark: mark, tag: "CALL"}
	if outs := routines.OutputArgs(c.Fn); len(outs) > 0 && len(out.rows) == 1 {
		vals := routines.OutputValues(outs, out.rows[0][0])
		r.setColumns(callSchema(c))
		r.static = append(r.static, sql.Row(vals))
	} else {
		r.finish(nil)
	}
	if r.err != nil {
		return nil, r.err
	}
	return r, nil
}

// callSchema is the row a CALL returns: the procedure's output
// parameters, or none.
func callSchema(c *translate.CallProc) sql.Schema {
	outs := routines.OutputArgs(c.Fn)
	sch := make(sql.Schema, len(outs))
	for i, a := range outs {
		sch[i] = &sql.Column{Name: a.Name, Type: a.Type, Nullable: true}
	}
	return sch
}

// runDoStatement is DO as a top-level statement.
func (s *Session) runDoStatement(ctx context.Context, _ translate.Result, c *translate.Do) (*Rows, error) {
	tag, _, err := s.runDo(ctx, c)
	return s.endCommand(tag, nil, err)
}

// runDo runs DO in the statement's transaction.
func (s *Session) runDo(ctx context.Context, c *translate.Do) (string, *Rows, error) {
	if err := routines.Do(ctx, s, c); err != nil {
		return "", nil, err
	}
	return s.commandDone("DO")
}

// inPL runs a PL/pgSQL call (routines.InPL).
func (s *Session) inPL(ctx context.Context, run func(ctx context.Context) error) error {
	return routines.InPL(ctx, s, run)
}

// RunNested implements routines.Host.
// A statement that brings its plan slot runs from the plan kept there
// (routine_plans.go).
func (s *Session) RunNested(ctx context.Context, text string, node *pg.Node, res translate.Result, slot *routines.PlanSlot) (*plpgsql.Result, error) {
	if e := s.bodyEntry(slot, res); e != nil {
		s.plans.entry = e // execute's runStatement takes it
	}
	return s.runNested(ctx, text, node, res)
}

// runNested runs a statement inside a PL/pgSQL call: in the caller's
// transaction, materialising its rows, keeping the caller's notices.
func (s *Session) runNested(ctx context.Context, text string, node *pg.Node, res translate.Result) (*plpgsql.Result, error) {
	if c, ok := res.Cmd.(translate.CursorCommand); ok {
		return s.cursorNested(ctx, res.Tag, c) // cursor.go
	}
	defer s.nestAfterTriggers()() // trigger_fire.go
	saved := s.notices
	stmt, sqlText := s.curStmt, s.curSQL
	defer func() { s.curStmt, s.curSQL = stmt, sqlText }()
	var rows *Rows
	var err error
	if s.eventTriggered(res.Tag) {
		// DDL a routine runs fires event triggers too (event_triggers.go)
		rows, err = s.withEventTriggers(node, res.Tag, func() (*Rows, error) { return s.runTranslated(ctx, text, node, res) })
	} else {
		rows, err = s.runTranslated(ctx, text, node, res)
	}
	if err != nil {
		// what the statement raised before failing stays raised (a
		// handler may catch the error; the notices were sent already)
		if s.state == txnFailed {
			s.state = txnActive
		}
		return nil, routines.PLError(err)
	}
	out := &plpgsql.Result{Types: rows.colTypes, Returns: res.Tag == "SELECT" || res.Returning}
	if c, ok := res.Cmd.(*translate.CallProc); ok {
		out.CallArgs = callOutputArgs(c.Fn, node)
	}
	for _, c := range rows.cols {
		out.Names = append(out.Names, c.Name)
	}
	for rows.Next() {
		out.Rows = append(out.Rows, append([]any(nil), rows.Values()...))
	}
	s.notices = append(saved, rows.Notices()...)
	if err := rows.Err(); err != nil {
		if s.state == txnFailed {
			s.state = txnActive
		}
		return nil, routines.PLError(err)
	}
	out.Affected = tagCount(rows.Tag())
	if out.Returns {
		out.Affected = int64(len(out.Rows))
	}
	return out, nil
}

func tagCount(tag string) int64 {
	i := strings.LastIndexByte(tag, ' ')
	if i < 0 {
		return 0
	}
	n, _ := strconv.ParseInt(tag[i+1:], 10, 64)
	return n
}

// RoutineState implements routines.Host.
func (s *Session) RoutineState() *routines.State { return &s.routines }

// GMSSession implements routines.Host.
func (s *Session) GMSSession() sql.Session { return s.gms }

// SetLocalSetting implements routines.Host.
func (s *Session) SetLocalSetting(name, value string, set bool) (string, bool) {
	old, had := s.local[name]
	if set {
		s.local[name] = value
	} else {
		delete(s.local, name)
	}
	return old, had
}

// LookupSchemas implements routines.Host.
func (s *Session) LookupSchemas(schema string) []string { return s.lookupSchemas(schema) }

// FindTable implements routines.Host.
func (s *Session) FindTable(schema, name string) (*storage.Table, bool) {
	return s.findTable(schema, name)
}

// SQLText implements routines.Host.
func (s *Session) SQLText() string { return s.curSQL }

// AddNotice implements routines.Host.
func (s *Session) AddNotice(n routine.Notice) {
	if !s.clientWants(n.Severity) {
		return
	}
	s.notices = append(s.notices, Notice{Severity: n.Severity, Code: n.Code, Message: n.Message, Detail: n.Detail, Hint: n.Hint})
}

// Language implements routines.Host.
func (s *Session) Language(name string) (routine.Handler, bool) {
	h, ok := s.eng.languages[name]
	return h, ok
}

// CatalogVersion implements routines.Host.
// It is the session's cache version (cacheVersion), which moves with the
// transaction's own DDL too.
func (s *Session) CatalogVersion() uint64 { return s.cacheVersion() }

// PlanGeneration implements routines.Host.
func (s *Session) PlanGeneration() uint64 { return s.cache.gen }

// CurrentTranslator implements routines.Host.
func (s *Session) CurrentTranslator() *translate.Translator {
	return &translate.Translator{Env: &s.env, Tables: s, Catalog: &sessionCatalog{s: s, cat: s.catalog(), path: s.SearchPath()},
		InlinedView: func(sel *pg.SelectStmt) bool { return s.rls.views[sel] }}
}

// ReusableTranslation implements routines.Host.
func (s *Session) ReusableTranslation(res translate.Result) bool { return cacheable(res) }

// SecureStatement implements routines.Host.
func (s *Session) SecureStatement(n *pg.Node) (*pg.Node, error) {
	// a routine's statement tree is shared by every session running it:
	// the session's temporary schema goes into a copy (temp_schema.go)
	if needsTemp(n) {
		n = pgtree.Clone(n)
		if err := s.prepareTemp("pg_temp", n); err != nil {
			return nil, err
		}
	}
	return s.secureStatement(n)
}

// RunAs implements routines.Host.
func (s *Session) RunAs(fn *catalog.Function, body routines.Body) error {
	return s.runAsDefiner(fn, body.Run) // acl_functions.go
}

// RunBody implements routines.Host. A statement that brings its plan slot
// runs from the plan kept there (routine_plans.go).
func (s *Session) RunBody(ctx context.Context, gctx *sql.Context, res translate.Result, slot *routines.PlanSlot) (*routine.Rows, error) {
	if c, ok := res.Cmd.(translate.CursorCommand); ok {
		return s.cursorInBody(ctx, res.Tag, c) // cursor.go
	}
	if res.Tag != "SELECT" {
		if err := s.StorageTxn().Lock(ctx); err != nil {
			return nil, lockError(err)
		}
	}
	closeLevel := s.nestAfterTriggers()
	if e := s.bodyEntry(slot, res); e != nil {
		s.bodyPlanned = e // taken by execBody, the statement's ExecGMS
		defer func() { s.bodyPlanned = nil }()
	}
	out, err := s.runResult(gctx, res)
	err = s.fireAfterTriggers(err)
	closeLevel()
	if err != nil {
		return nil, mapError(err)
	}
	rows := &routine.Rows{Affected: out.count()}
	for i, col := range out.schema {
		rows.Columns = append(rows.Columns, routine.Column{Name: col.Name, Type: out.types[i]})
	}
	for _, r := range out.rows {
		rows.Rows = append(rows.Rows, []any(r))
	}
	return rows, nil
}

// AnalyzeBody implements routines.Host.
func (s *Session) AnalyzeBody(gctx *sql.Context, sqlText string, res translate.Result) (sql.Schema, error) {
	if d, ok := res.Cmd.(*translate.DML); ok && res.Stmt == nil {
		if d.Stmt != nil {
			return s.analyzeQueryProgram(gctx, sqlText, res, d)
		}
		// steps (DELETE ... USING, UPDATE ... FROM, ON CONFLICT): their
		// RETURNING columns; nil when they cannot be bound alone
		sch, _, err := dml.ReturningSchema(dmlHost{s}, gctx, d)
		if err != nil {
			return nil, mapError(err)
		}
		return sch, nil
	}
	if err := s.prepareDML(gctx, res.Stmt); err != nil {
		return nil, mapError(err)
	}
	// planned, not started: building the iterators would already run the
	// functions of a FROM clause, with the parameters' placeholder NULLs
	schema, err := s.planSchema(gctx, sqlText, res.Stmt)
	if err != nil {
		if _, ok := pgerror.As(err); ok {
			return nil, err
		}
		return nil, mapError(err)
	}
	return schema, nil
}

// analyzeQueryProgram plans a query with data-modifying WITH items
// without running any: an item without RETURNING, or one GMS plans,
// becomes an empty result of its columns, then the main query is
// planned. With an item that runs only as a program (UPDATE ... FROM
// RETURNING), the columns are unknown: nil, no error.
func (s *Session) analyzeQueryProgram(gctx *sql.Context, sqlText string, res translate.Result, d *translate.DML) (sql.Schema, error) {
	for _, c := range d.CTEs {
		if !c.Stmt.Returning {
			if err := dml.PlannedCTE(c, nil); err != nil {
				return nil, err
			}
			continue
		}
		if c.Stmt.Cmd != nil || c.Stmt.Stmt == nil || len(c.Stmt.Catalog) > 0 {
			return nil, nil
		}
		if err := s.prepareDML(gctx, c.Stmt.Stmt); err != nil {
			return nil, mapError(err)
		}
		schema, err := s.planSchema(gctx, sqlText, c.Stmt.Stmt)
		if err != nil {
			return nil, mapError(err)
		}
		if err := dml.PlannedCTE(c, schema); err != nil {
			return nil, err
		}
	}
	return s.AnalyzeBody(gctx, sqlText, translate.Result{Stmt: d.Stmt, Tag: res.Tag})
}

// closeUnstarted closes an iterator that was never read; some GMS
// iterators (grouping) panic on Close before their first row.
func closeUnstarted(ctx *sql.Context, iter sql.RowIter) {
	defer func() { _ = recover() }()
	_ = iter.Close(ctx)
}

// ApplyCatalog implements routines.Host.
func (s *Session) ApplyCatalog(cmds []translate.CatalogCommand) error { return s.applyCatalog(cmds) }

// MapError implements routines.Host.
func (s *Session) MapError(err error) error { return mapError(err) }

// TxnIdle implements routines.Host: outside a transaction block a
// procedure may COMMIT and ROLLBACK, in a pipeline's implicit
// transaction too (it is not a block: implicit_block.go).
func (s *Session) TxnIdle() bool { return !s.inBlock() }

// SetTxnActive implements routines.Host. A pipeline's transaction is
// active already and stays so after the call: what a procedure runs after
// its COMMIT belongs to the pipeline's next transaction, which Sync ends.
func (s *Session) SetTxnActive(active bool) {
	if s.implicit == implicitPipeline {
		return
	}
	if active {
		s.StorageTxn().Refresh()
		s.state = txnActive
		return
	}
	s.state = txnIdle
}

// EndTransaction implements routines.Host.
func (s *Session) EndTransaction(commit bool) error {
	return s.endStorageTxn(commit)
}

// StatementTimeout implements routines.Host.
func (s *Session) StatementTimeout() time.Duration {
	v, _ := s.Setting("statement_timeout")
	ms, _, ok := parseGUCInt(v, "ms")
	if !ok || ms <= 0 {
		return 0
	}
	return time.Duration(ms) * time.Millisecond
}

// RoutineUsedByTables implements routines.Host (routine_deps.go).
func (s *Session) RoutineUsedByTables(f *catalog.Function) (string, error) {
	return s.routineUsedByTables(f)
}

// callOutputArgs maps each output parameter of the procedure a CALL ran
// to the index of the argument passed for it (positional arguments fill
// parameters in order, output ones included; a named one its parameter),
// -1 when none was; nil when the procedure has no output parameters.
func callOutputArgs(fn *catalog.Function, node *pg.Node) []int {
	if fn == nil || node.GetCallStmt() == nil {
		return nil
	}
	args := node.GetCallStmt().GetFunccall().GetArgs()
	var out []int
	for k, a := range fn.Args {
		if !a.Mode.IsOutput() {
			continue
		}
		idx := -1
		for i, arg := range args {
			if na := arg.GetNamedArgExpr(); na != nil {
				if na.Name == a.Name {
					idx = i
				}
			} else if i == k {
				idx = i
			}
		}
		out = append(out, idx)
	}
	return out
}
