package session

import (
	"context"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/dml"
	"github.com/tinybase/tinybase/engine/internal/plpgsql"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// This file connects the session to package dml (DML programs and
// triggers): the forwarders the rest of the session calls, and dmlHost,
// the session as dml.Host. dmlHost is a separate type so its methods stay
// off *Session, where other packages' hosts put theirs.

var _ dml.Hosted = (*Session)(nil)
var _ dml.Host = dmlHost{}
var _ storage.EphemeralTables = (*Session)(nil)

// afterEvent and transitionRel are the trigger state routineState keeps
// (routine_call.go).
type (
	afterEvent    = dml.AfterEvent
	transitionRel = dml.TransitionRel
)

// DMLHost implements dml.Hosted: trigger nodes reach the session by it.
func (s *Session) DMLHost() dml.Host { return dmlHost{s} }

// EphemeralTable implements storage.EphemeralTables: the transition
// tables of the running AFTER triggers.
func (s *Session) EphemeralTable(name string) (sql.Table, bool) {
	return dml.EphemeralTable(dmlHost{s}, name)
}

// stepResult is a dml.Result as routine calls and CALL read it.
type stepResult struct {
	schema   sql.Schema
	types    []*types.Type
	rows     []sql.Row
	affected int64
	ok       bool
}

func stepOf(r dml.Result) stepResult {
	return stepResult{schema: r.Schema, types: r.Types, rows: r.Rows, affected: r.Affected, ok: r.OK}
}

// count is the number a command tag reports for the step.
func (r stepResult) count() int64 {
	return dml.Result{Rows: r.rows, Affected: r.affected, OK: r.ok}.Count()
}

// runStep plans and runs one vitess statement to completion (dml.Step).
func (s *Session) runStep(gctx *sql.Context, stmt sqlparser.Statement) (stepResult, error) {
	r, err := dml.Step(dmlHost{s}, gctx, stmt)
	return stepOf(r), err
}

// runResult runs a translated statement, plain or a program (dml.RunResult).
func (s *Session) runResult(gctx *sql.Context, res translate.Result) (stepResult, error) {
	r, err := dml.RunResult(dmlHost{s}, gctx, res)
	return stepOf(r), err
}

// prepareDML adds assignment casts before GMS plans a write (dml.Prepare).
func (s *Session) prepareDML(gctx *sql.Context, stmt sqlparser.Statement) error {
	return dml.Prepare(dmlHost{s}, gctx, stmt)
}

// fireAfterTriggers runs the statement level's queued AFTER triggers.
func (s *Session) fireAfterTriggers(err error) error {
	return dml.FireAfterTriggers(dmlHost{s}, err)
}

// nestAfterTriggers opens a statement level for a statement in a routine.
func (s *Session) nestAfterTriggers() func() { return dml.NestAfterTriggers(dmlHost{s}) }

// fireTruncateTriggers runs TRUNCATE statement triggers of a timing.
func (s *Session) fireTruncateTriggers(ctx *sql.Context, tables []*storage.Table, timing string) error {
	return dml.FireTruncateTriggers(dmlHost{s}, ctx, tables, timing)
}

// triggerBuilder is the engine's exec builder: before GMS builds the
// iterators of an analyzed plan, writes on tables with triggers get their
// trigger node (dml.BuildWrites).
type triggerBuilder struct{ inner sql.NodeExecBuilder }

func installTriggerBuilder(a *analyzer.Analyzer) {
	a.ExecBuilder = triggerBuilder{inner: a.ExecBuilder}
}

func (b triggerBuilder) Build(ctx *sql.Context, n sql.Node, r sql.Row) (sql.RowIter, error) {
	return dml.BuildWrites(ctx, b.inner, n, r)
}

// runDML runs a DML program as one atomic statement.
func (s *Session) runDML(ctx context.Context, res translate.Result, d *translate.DML) (*Rows, error) {
	txn := s.StorageTxn()
	if s.state == txnIdle {
		txn.Refresh()
	}
	if res.Tag != "SELECT" || len(d.CTEs) > 0 {
		if err := txn.Lock(ctx); err != nil {
			s.failed()
			return nil, lockError(err)
		}
	}
	mark := txn.Savepoint()
	gctx := sql.NewContext(ctx, sql.WithSession(s.gms), sql.WithQuery(s.curSQL))
	out, err := dml.Run(dmlHost{s}, gctx, d)
	if err != nil {
		txn.RollbackTo(mark)
		s.failed()
		return nil, s.statementError(err, res.Tag)
	}
	r := &Rows{s: s, gctx: gctx, kind: res.Tag, mark: mark, tag: dml.Tag(res.Tag, out)}
	if res.Tag == "SELECT" || res.Returning {
		r.setColumns(out.Schema)
		for _, row := range out.Rows {
			r.static = append(r.static, row)
		}
		if len(r.static) == 0 {
			r.finish(nil)
		}
	} else {
		r.finish(nil)
	}
	if r.err != nil {
		return nil, r.err
	}
	return r, nil
}

// runInsteadOf runs a write on a view through its INSTEAD OF triggers.
func (s *Session) runInsteadOf(ctx context.Context, _ translate.Result, c *translate.InsteadOf) (*Rows, error) {
	tag, ret, err := dml.InsteadOf(dmlHost{s}, ctx, c)
	if err == nil {
		tag, _, err = s.commandDone(tag)
	}
	done, err := s.endCommand(tag, nil, err)
	if err != nil || ret == nil {
		return done, err
	}
	// RETURNING: the rows were computed inside the statement; the result
	// only hands them out
	r := &Rows{kind: c.View.Name, tag: tag, notices: done.notices}
	sch := make(sql.Schema, len(ret.Names))
	for i, name := range ret.Names {
		sch[i] = &sql.Column{Name: name, Type: ret.Types[i], Nullable: true}
	}
	r.setColumns(sch)
	r.static = ret.Rows
	return r, nil
}

// dmlHost is the session as dml.Host.
type dmlHost struct{ s *Session }

func (h dmlHost) StorageTxn() *storage.Txn              { return h.s.StorageTxn() }
func (h dmlHost) TypesEnv() *types.Env                  { return &h.s.env }
func (h dmlHost) SearchPath() []string                  { return h.s.SearchPath() }
func (h dmlHost) Notice(severity, code, message string) { h.s.Notice(severity, code, message) }
func (h dmlHost) GMSContext(ctx context.Context) *sql.Context {
	return sql.NewContext(ctx, sql.WithSession(h.s.gms))
}

func (h dmlHost) StorageTable(gctx *sql.Context, schema, name string) (*storage.Table, bool, error) {
	return h.s.eng.provider.DB().Table(gctx, schema, name)
}

func (h dmlHost) ExecGMS(gctx *sql.Context, stmt sqlparser.Statement) (sql.Schema, sql.RowIter, error) {
	return h.s.execBody(gctx, stmt) // routine_plans.go
}

func (h dmlHost) BindSchema(gctx *sql.Context, stmt sqlparser.Statement) (sql.Schema, error) {
	// Binding is enough to learn the width; running the probe would
	// build iterators GMS cannot close unread (an aggregate's).
	g := h.s.eng.gms
	bound, _, err := planbuilder.New(gctx, g.Analyzer.Catalog, g.EventScheduler, g.Parser).BindOnly(stmt, "", nil)
	if err != nil {
		return nil, err
	}
	return bound.Schema(), nil
}

func (h dmlHost) ResolveOver(sch sql.Schema, e sqlparser.Expr) (sql.Expression, error) {
	return resolveOver(sch, e)
}

func (h dmlHost) ReplicaRole() bool { return h.s.replicaRole() }

func (h dmlHost) Superuser() bool {
	r, ok := h.s.catalog().Role(h.s.CurrentUser())
	return ok && r.Super
}

func (h dmlHost) InReadOnlyTxn() bool {
	return h.s.settings["transaction_read_only"] == "on" && h.s.state != txnIdle
}

func (h dmlHost) LockForWrite(ctx context.Context) error {
	if err := h.s.StorageTxn().Lock(ctx); err != nil {
		return lockError(err)
	}
	return nil
}

func (h dmlHost) Catalog() *catalog.Catalog     { return h.s.catalog() }
func (h dmlHost) SetCatalog(c *catalog.Catalog) { h.s.setCatalog(c) }
func (h dmlHost) FindTable(schema, name string) (*storage.Table, bool) {
	return h.s.findTable(schema, name)
}
func (h dmlHost) FindView(q catalog.QName) *catalog.View {
	v, _ := h.s.findView(h.s.catalog(), q)
	return v
}
func (h dmlHost) LookupSchemas(schema string) []string { return h.s.lookupSchemas(schema) }

func (h dmlHost) CallTriggerFunction(ctx *sql.Context, fn *catalog.Function, td *routine.TriggerData) (routine.Result, error) {
	h.s.triggerDepth++ // pg_trigger_depth
	defer func() { h.s.triggerDepth-- }()
	return h.s.callRoutine(ctx, fn, nil, td)
}

// QueryWhen prepares a WHEN condition once per trigger value (the
// engine's routine cache) and runs it.
func (h dmlHost) QueryWhen(ctx *sql.Context, tg *catalog.Trigger, build func() (string, *routine.Params, error), args []any) (*routine.Rows, error) {
	st, ok := h.s.eng.routineCache.when.Get(tg)
	if !ok {
		text, params, err := build()
		if err != nil {
			return nil, err
		}
		if st, err = prepareRoutineStmt(text, params); err != nil {
			return nil, err
		}
		h.s.eng.keepWhen(tg, st) // cache_host.go
	}
	return st.Query(ctx, &routineCaller{s: h.s, gctx: ctx}, args)
}

func (h dmlHost) InPL(ctx context.Context, run func(ctx context.Context) error) error {
	return h.s.inPL(ctx, run)
}

func (h dmlHost) QueryNested(ctx context.Context, node *pg.Node, params []any, bound func(n int) (sql.Expression, bool)) (*plpgsql.Result, error) {
	s := h.s
	tr := &translate.Translator{Env: &s.env, Tables: s, Catalog: s.translatorCatalog(), Params: params, BoundParams: bound}
	res, err := tr.Statement(node)
	if err != nil {
		return nil, err
	}
	return s.runNested(ctx, s.curSQL, node, res)
}

func (h dmlHost) AfterQueue() *[][]dml.AfterEvent        { return &h.s.rt.after }
func (h dmlHost) DeferTrigger(e dml.AfterEvent) bool     { return h.s.deferTrigger(e) }
func (h dmlHost) TransitionTables() *[]dml.TransitionRel { return &h.s.rt.transition }

func (h dmlHost) TranslatorCatalog() translate.Catalog { return h.s.translatorCatalog() }

func (h dmlHost) PartitionKeyColumns(gctx *sql.Context, q catalog.QName) (string, bool) {
	st, err := h.s.catalogState(gctx)
	if err != nil {
		return "", false
	}
	return st.PartitionKeyColumns(q, true)
}
